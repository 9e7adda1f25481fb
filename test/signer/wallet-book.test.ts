import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDeskError } from '../../core/errors.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { newSecretText } from '../../core/signer/secret-key-text.js';
import { EXPORT_CONFIRMATION, WalletBook } from '../../core/signer/wallet-book.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { tempDir } from '../helpers/sandbox.js';

/** Every encoding a secret key could be written in: base58, hex, base64, the keypair file's JSON, the seed alone. */
function encodingsOf(secret: string): string[] {
  const bytes = Uint8Array.from(getBase58Encoder().encode(secret));
  const seed = bytes.subarray(0, 32);
  return [secret, Buffer.from(bytes).toString('hex'), Buffer.from(bytes).toString('base64'), JSON.stringify([...bytes]), Buffer.from(seed).toString('hex'), Buffer.from(seed).toString('base64'), getBase58Decoder().decode(seed)];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

async function refusal(work: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await work;
  } catch (error) {
    if (isDeskError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('it did not refuse');
}

describe('wallets in the OS keychain (real GNOME Keyring on a private session bus)', () => {
  let session: KeychainSession;
  const dir = tempDir('launchdesk-wallets-');
  const keychain = new OsKeychain(`launchdesk-test-${process.pid}`);
  let book: WalletBook;
  const secrets: string[] = [];

  beforeAll(async () => {
    session = await startKeychainSession();
    book = await WalletBook.open(dir, keychain);
  });
  afterAll(() => session.stop());

  it('creates a wallet whose key is in the keychain and not in the settings file; the first wallet is active', async () => {
    const entry = await book.create('Trading');
    expect(entry.label).toBe('Trading');
    expect(book.list().active).toBe(entry.address);
    const secret = await book.export(entry.address, EXPORT_CONFIRMATION);
    secrets.push(secret);
    expect((await keychain.read(entry.address)) === secret).toBe(true);
    expect((await book.signer(entry.address)).address).toBe(entry.address);
    const settings = JSON.parse(readFileSync(join(dir, 'wallets.json'), 'utf8'));
    expect(settings.wallets.map((w: { address: string }) => w.address)).toEqual([entry.address]);
  });

  it('imports a base58 secret and a Solana CLI keypair file, each to its own address', async () => {
    const fromBase58 = await newSecretText();
    const fromFile = await newSecretText();
    secrets.push(fromBase58, fromFile);
    const a = await book.import('Imported', fromBase58);
    const b = await book.import('From file', JSON.stringify([...getBase58Encoder().encode(fromFile)]));
    expect(a.origin).toBe('imported');
    expect((await book.signer(a.address)).address).toBe(a.address);
    expect((await book.signer(b.address)).address).toBe(b.address);
    expect(Buffer.from(getBase58Encoder().encode(fromBase58)).subarray(32)).toEqual(Buffer.from(getBase58Encoder().encode(a.address)));
    expect((await refusal(book.import('Again', fromBase58))).message).toBe(`secret: wallet ${a.address} is already in this desk`);
  });

  it('refuses a bad secret in words that never repeat it, and keeps nothing', async () => {
    const before = book.list();
    expect(await refusal(book.import('Bad', 'not-a-key!'))).toEqual({ code: 'invalid_param', message: 'secret: paste a base58 secret key (letters and digits without 0, O, I and l) or the JSON array of a keypair file' });
    expect((await refusal(book.import('Bad', book.list().wallets[0]!.address))).message).toBe('secret: a secret key is 64 bytes; this base58 text holds 32 (a public address, not a secret key)');
    expect((await refusal(book.import('Bad', '[1,2,3]'))).message).toBe('secret: a keypair file is a JSON array of 64 numbers from 0 to 255');
    const damaged = Uint8Array.from(getBase58Encoder().encode(await newSecretText()));
    damaged[40] = damaged[40]! ^ 1;
    expect((await refusal(book.import('Bad', getBase58Decoder().decode(damaged)))).message).toBe('secret: its last 32 bytes are not the public key of its first 32: the key is damaged or not a Solana key');
    expect(book.list()).toEqual(before);
  });

  it('checks labels: given, short, unique', async () => {
    expect((await refusal(book.create('  '))).message).toBe('label: give the wallet a name');
    expect((await refusal(book.create('x'.repeat(41)))).message).toBe('label: at most 40 characters');
    expect((await refusal(book.create('trading'))).message).toMatch(/^label: "trading" already names wallet /);
  });

  it('renames, switches the active wallet, and survives a reopen', async () => {
    const [first, second] = book.list().wallets;
    await book.rename(second!.address, 'Bot');
    await book.setActive(second!.address);
    const reopened = await WalletBook.open(dir, keychain);
    expect(reopened.list().active).toBe(second!.address);
    expect(reopened.list().wallets.map((w) => w.label)).toEqual(['Trading', 'Bot', 'From file']);
    expect(first!.label).toBe('Trading');
    expect((await refusal(book.rename('11111111111111111111111111111111', 'x'))).code).toBe('not_found');
  });

  it('exports only after the confirmation that says what it means', async () => {
    const w = book.list().wallets[0]!;
    expect((await refusal(book.export(w.address, 'yes'))).message).toBe(`confirmation: type "${EXPORT_CONFIRMATION}" to show the secret key`);
  });

  it('removes only after the label is typed, from the list and the keychain', async () => {
    const w = book.list().wallets.find((x) => x.label === 'From file')!;
    expect((await refusal(book.remove(w.address, 'from file?'))).message).toContain(`type the wallet's label "From file" to remove it`);
    expect(book.list().wallets).toContainEqual(w);
    await book.remove(w.address, 'From file');
    expect(book.list().wallets.map((x) => x.label)).toEqual(['Trading', 'Bot']);
    expect(await keychain.read(w.address)).toBeNull();
  });

  it('a keychain entry deleted outside the desk is said plainly, and the list is kept', async () => {
    const w = book.list().wallets[0]!;
    const secret = (await keychain.read(w.address))!;
    await keychain.remove(w.address);
    const problem = await refusal(book.signer(w.address));
    expect(problem.code).toBe('unavailable');
    expect(problem.message).toBe(`the OS keychain holds no key for wallet "Trading" (${w.address}): it is locked, was reset, or the entry was deleted outside the desk. Unlock the keychain, or import the wallet's secret key again`);
    expect(book.list().wallets).toContainEqual(w);
    await keychain.write(w.address, secret);
  });

  it('no secret is in any file of the data dir, in any encoding', () => {
    const files = filesUnder(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file).toString('latin1');
      for (const secret of secrets) for (const encoded of encodingsOf(secret)) expect(text.includes(encoded), `${file} holds a secret`).toBe(false);
    }
  });
  it('a keychain that stops answering answers unavailable in plain words and changes nothing', async () => {
    const before = book.list();
    session.stop(); // the session bus and its keyring go away, as when the keychain service dies
    const problem = await refusal(book.create('No keychain'));
    expect(problem.code).toBe('unavailable');
    // In words, with what to do on this system, never the library's own text.
    expect(problem.message).toMatch(/^the OS keychain could not store the key: it is locked, missing or refused the request; nothing was changed\. To fix it, .+/);
    expect(problem.message).not.toMatch(/platform storage/i);
    expect((await refusal(book.signer(before.wallets[0]!.address))).message).toMatch(/^the OS keychain could not be read/);
    expect(book.list()).toEqual(before);
    expect((await WalletBook.open(dir, keychain)).list()).toEqual(before);
  });
});
