import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DeskError } from '../errors.js';
import { OsKeychain } from '../signer/keychain.js';
import { WalletBook } from '../signer/wallet-book.js';
import type { WalletEntry } from '../signer/wallet-settings.js';
import { dataDirOf, textOf, type CommandValues } from './command-values.js';
import { askLine, canAsk, requireAnswerable } from './confirm-prompt.js';
import { Declined } from './exit-codes.js';

/**
 * `launchdesk wallet …`: the desk's own WalletBook on the same data directory and the same OS keychain
 * entries, so a wallet made here is the desk's and the other way round. Secrets never reach argv, stdout
 * or an error message.
 */

/** The desk's wallet book in DIR (made on first use, as the desk makes it). */
export async function openWalletBook(values: CommandValues): Promise<WalletBook> {
  const dataDir = dataDirOf(values);
  mkdirSync(dataDir, { recursive: true });
  return WalletBook.open(dataDir, new OsKeychain());
}

/** A wallet by its address or label (labels are unique without regard to case, as the book keeps them). */
export function findWallet(book: WalletBook, name: string, values: CommandValues): WalletEntry {
  const { wallets } = book.list();
  const found = wallets.find((w) => w.address === name) ?? wallets.find((w) => w.label.toLowerCase() === name.trim().toLowerCase());
  if (!found) {
    const known = wallets.length === 0 ? 'there are none yet: `launchdesk wallet new LABEL` makes one' : `\`launchdesk wallet list\` shows the ${wallets.length}`;
    throw new DeskError('not_found', `no wallet ${JSON.stringify(name.slice(0, 60))} in ${dataDirOf(values)}: ${known}`);
  }
  return found;
}

const entryJson = (entry: WalletEntry, active: string | null) => ({ label: entry.label, address: entry.address, origin: entry.origin, addedAt: entry.addedAt, default: entry.address === active });

function answer(values: CommandValues, json: unknown, line: string): void {
  process.stdout.write(values['json'] ? `${JSON.stringify(json)}\n` : `${line}\n`);
}

export async function walletNew(positionals: readonly string[], values: CommandValues): Promise<void> {
  const book = await openWalletBook(values);
  const entry = await book.create(positionals[0]!);
  const { active } = book.list();
  answer(values, entryJson(entry, active), `wallet "${entry.label}" ${entry.address}${entry.address === active ? ' (default)' : ''}: its key is in the OS keychain`);
}

/** The secret key's text: from --key-file, else stdin (typed without echo on a terminal, or piped). */
async function secretText(values: CommandValues): Promise<string> {
  const file = textOf(values, 'key-file');
  if (file !== undefined) {
    try {
      return readFileSync(resolve(file), 'utf8');
    } catch (error) {
      throw new DeskError('invalid_param', `--key-file: cannot read ${resolve(file)} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  if (canAsk()) return askLine('secret key (base58, or a keypair file\'s JSON array; not shown): ', { secret: true });
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  chunks.forEach((c) => c.fill(0));
  if (text.trim() === '') throw new DeskError('invalid_param', 'secret: nothing came on stdin: pipe the secret key in, or give --key-file FILE');
  return text;
}

export async function walletImport(positionals: readonly string[], values: CommandValues): Promise<void> {
  const book = await openWalletBook(values);
  const entry = await book.import(positionals[0]!, await secretText(values));
  const { active } = book.list();
  answer(values, entryJson(entry, active), `wallet "${entry.label}" ${entry.address} imported${entry.address === active ? ' (default)' : ''}: its key is in the OS keychain`);
}

export async function walletList(values: CommandValues): Promise<void> {
  const book = await openWalletBook(values);
  const { wallets, active } = book.list();
  if (values['json']) return answer(values, { wallets: wallets.map((w) => entryJson(w, active)), default: active }, '');
  if (wallets.length === 0) return answer(values, null, `no wallets in ${dataDirOf(values)} yet: \`launchdesk wallet new LABEL\` makes one`);
  const width = Math.max(...wallets.map((w) => [...w.label].length));
  answer(values, null, wallets.map((w) => `${w.address === active ? '*' : ' '} ${w.label.padEnd(width)}  ${w.address}  ${w.origin} ${w.addedAt.slice(0, 10)}`).join('\n'));
}

export async function walletRemove(positionals: readonly string[], values: CommandValues): Promise<void> {
  const yes = values['yes'] === true;
  requireAnswerable(yes, 'wallet remove');
  const book = await openWalletBook(values);
  const entry = findWallet(book, positionals[0]!, values);
  // The book asks for the label typed: --yes types it for a script that named the wallet already.
  const confirmation = yes ? entry.label : await askLine(`Its key will be deleted from the OS keychain; only a backup brings it back.\nType the wallet's label "${entry.label}" to remove it: `);
  if (confirmation.trim() !== entry.label) throw new Declined(`you typed another label than "${entry.label}": nothing was removed`);
  const { active } = await book.remove(entry.address, confirmation);
  answer(values, { removed: entry.address, label: entry.label, default: active }, `wallet "${entry.label}" ${entry.address} removed, its key deleted from the OS keychain${active ? `; the default is now ${active}` : ''}`);
}

export async function walletUse(positionals: readonly string[], values: CommandValues): Promise<void> {
  const book = await openWalletBook(values);
  const entry = findWallet(book, positionals[0]!, values);
  await book.setActive(entry.address);
  answer(values, entryJson(entry, entry.address), `trading commands now sign with wallet "${entry.label}" ${entry.address}`);
}
