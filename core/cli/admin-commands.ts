import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isAddress, type Address, type Lamports } from '@solana/kit';
import type { KeyStore } from '../api/store/key-store.js';
import { SqliteKeyStore } from '../api/store/sqlite-key-store.js';
import { PgKeyStore } from '../api/store/pg-key-store.js';
import { DeskError } from '../errors.js';
import { formatDecimalUnits, parseDecimalUnits, SOL_DECIMALS, ZEC_DECIMALS, type TokenUnits, type ZecUnits } from '../math/units.js';
import { readLock } from '../sandbox/data-lock.js';
import { NATIVE_MINT_DECIMALS } from '../sandbox/genesis/keys.js';
import { Sandbox } from '../sandbox/sandbox.js';
import { readStockAdminWords } from '../sandbox/stock-admin.js';
import { RunJournal } from '../runs/store/run-journal.js';
import { runReport } from '../runs/run-report.js';
import { WalletSettings } from '../signer/wallet-settings.js';
import { dataDirOf, hostedIndexUrl, type CommandValues } from './command-values.js';
import { marketChoice } from './progress-lines.js';

/**
 * The admin's hand on the local services: the journal of the service's runs, API key tiers, and the
 * sandbox's faucet and stock issuers (play money and play issuers, for trying the desk).
 */

/** Writes the answer: one JSON object on stdout with --json, else the person's text. */
function answer(values: CommandValues, json: Record<string, unknown>, text: string): void {
  process.stdout.write(values['json'] ? `${JSON.stringify({ ok: true, ...json })}\n` : text.endsWith('\n') ? text : `${text}\n`);
}

const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** `launchdesk runs`: the journal of the service's runs in the data dir. */
export function showRuns(values: CommandValues): void {
  const dataDir = dataDirOf(values);
  const path = join(dataDir, 'runs.sqlite');
  if (!existsSync(path)) return answer(values, { command: 'runs', dataDir, jobs: [] }, `no runs yet in ${dataDir}: \`launchdesk serve\` (or \`start\`) sends them once coins trade`);
  const journal = RunJournal.open(path);
  try {
    const jobs = journal.jobs();
    answer(values, { command: 'runs', dataDir, jobs: jobs.map((job) => ({ ...job, dueAt: isoOf(job.dueAt), lastRanAt: isoOf(job.lastRanAt) })) }, runReport(jobs, Date.now()));
  } finally {
    journal.close();
  }
}

/**
 * `launchdesk keys raise|lower <prefix>`: the admin's hand on a key's tier (spec: raised limits are set by hand),
 * in the local server's keys.sqlite, or with `--index postgres://…` in the hosted /v1's database, where every
 * replica reads it on its next request.
 */
export async function adminKeys(action: 'raise' | 'lower', positionals: readonly string[], values: CommandValues): Promise<void> {
  const prefix = positionals[0]!;
  const hosted = hostedIndexUrl(values);
  const store: KeyStore = hosted ? await PgKeyStore.open(hosted) : SqliteKeyStore.open(join(dataDirOf(values), 'keys.sqlite'));
  try {
    const matches = (await store.byPrefix(prefix)).filter((k) => k.revokedAt === null);
    if (matches.length !== 1) throw new DeskError('not_found', matches.length === 0 ? `no live key starts with ${prefix}` : `${matches.length} live keys start with ${prefix}: give more of it`);
    const tier = action === 'raise' ? 'raised' : 'standard';
    await store.setTier(matches[0]!.id, tier);
    answer(values, { command: `keys ${action}`, id: matches[0]!.id, prefix: matches[0]!.prefix, wallet: matches[0]!.wallet, tier }, `key ${matches[0]!.id} (${prefix}…) of ${matches[0]!.wallet} is now ${tier}`);
  } finally {
    await store.close();
  }
}


/** `airdrop <wallet>`: an address, or the label of one of the wallets in DIR (the ones the desk and `launchdesk wallet` hold). */
async function airdropTarget(text: string | undefined, dataDir: string): Promise<Address> {
  if (text && isAddress(text)) return text;
  if (text && existsSync(join(dataDir, 'wallets.json'))) {
    const settings = await WalletSettings.open(dataDir);
    const named = settings.data.wallets.find((w) => w.label.toLowerCase() === text.toLowerCase());
    if (named) return named.address;
  }
  throw new DeskError('invalid_param', `airdrop needs a wallet address, got ${JSON.stringify(text ?? '')}`);
}

export async function airdrop(positionals: readonly string[], values: CommandValues): Promise<void> {
  const dataDir = dataDirOf(values);
  const wallet = await airdropTarget(positionals[0], dataDir);
  const amountOf = (flag: string, decimals: number): bigint | null => {
    const text = values[flag];
    if (typeof text !== 'string') return null;
    try {
      const amount = parseDecimalUnits(text, decimals);
      if (amount === 0n) throw new RangeError('must be more than zero');
      return amount;
    } catch (error) {
      throw new DeskError('invalid_param', `--${flag} ${JSON.stringify(text)}: ${(error as Error).message}`);
    }
  };
  const amounts = { sol: amountOf('sol', SOL_DECIMALS), zec: amountOf('zec', ZEC_DECIMALS), native: amountOf('native', NATIVE_MINT_DECIMALS) };
  if (amounts.sol === null && amounts.zec === null && amounts.native === null) amounts.sol = 10n * 10n ** 9n;
  const running = readLock(dataDir);
  const lines: string[] = [];
  const signatures: Record<string, string> = {};
  if (running?.rpcUrl) {
    // The sandbox is served by another process: ask it over JSON-RPC.
    const call = async (method: string, params: unknown[]): Promise<string> => {
      const response = await fetch(running.rpcUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // JSON-RPC numbers are doubles: an amount past 2^53 cannot travel exactly, so it is refused here, never rounded.
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }, (_k, v: unknown) => {
          if (typeof v !== 'bigint') return v;
          if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new DeskError('invalid_param', `${v} base units is more than a running sandbox's JSON-RPC carries exactly (at most ${Number.MAX_SAFE_INTEGER}); stop it and airdrop again, or ask for less`);
          return Number(v);
        }),
      });
      const body = (await response.json()) as { result?: string; error?: { message: string } };
      if (body.error) throw new DeskError('refused', `${method}: ${body.error.message}`);
      return body.result!;
    };
    if (amounts.sol !== null) signatures['sol'] = await call('requestAirdrop', [wallet, amounts.sol]);
    if (amounts.zec !== null) signatures['zec'] = await call('requestTokenAirdrop', [wallet, amounts.zec, { token: 'zec' }]);
    if (amounts.native !== null) signatures['native'] = await call('requestTokenAirdrop', [wallet, amounts.native, { token: 'native' }]);
  } else {
    const sandbox = await Sandbox.open({ dataDir, slotMs: 0, market: marketChoice(false) });
    try {
      if (amounts.sol !== null) signatures['sol'] = await sandbox.faucet.sol(wallet as Address, amounts.sol as Lamports);
      if (amounts.zec !== null) signatures['zec'] = await sandbox.faucet.zec(wallet as Address, amounts.zec as ZecUnits);
      if (amounts.native !== null) signatures['native'] = await sandbox.faucet.native(wallet as Address, amounts.native as TokenUnits);
    } finally {
      sandbox.close();
    }
  }
  const summary = [
    amounts.sol !== null ? `${formatDecimalUnits(amounts.sol, SOL_DECIMALS)} SOL` : null,
    amounts.zec !== null ? `${formatDecimalUnits(amounts.zec, ZEC_DECIMALS)} ZEC` : null,
    amounts.native !== null ? `${formatDecimalUnits(amounts.native, NATIVE_MINT_DECIMALS)} native` : null,
  ].filter(Boolean);
  const names = { sol: 'SOL     ', zec: 'ZEC     ', native: 'native  ' } as const;
  for (const [token, signature] of Object.entries(signatures)) lines.push(`${names[token as keyof typeof names]}${signature}`);
  const json = {
    command: 'airdrop',
    wallet,
    ...(amounts.sol !== null ? { sol: formatDecimalUnits(amounts.sol, SOL_DECIMALS), solLamports: amounts.sol.toString() } : {}),
    ...(amounts.zec !== null ? { zec: formatDecimalUnits(amounts.zec, ZEC_DECIMALS), zecBaseUnits: amounts.zec.toString() } : {}),
    ...(amounts.native !== null ? { native: formatDecimalUnits(amounts.native, NATIVE_MINT_DECIMALS), nativeBaseUnits: amounts.native.toString() } : {}),
    signatures,
  };
  answer(values, json, `airdropped ${summary.join(', ')} to ${wallet}\n${lines.map((l) => `  ${l}`).join('\n')}`);
}

/** `launchdesk stock <key> <action> [value]`: through the running sandbox's JSON-RPC, or opening it here. */
export async function adminStock(positionals: readonly string[], values: CommandValues): Promise<void> {
  const [key, action, value] = positionals as [string, string, string | undefined];
  const flags = { ...(typeof values['to'] === 'string' ? { to: values['to'] } : {}), ...(typeof values['in'] === 'string' ? { inSeconds: values['in'] } : {}) };
  const command = readStockAdminWords(action, value, flags);
  const dataDir = dataDirOf(values);
  const running = readLock(dataDir);
  let line: string;
  if (running?.rpcUrl) {
    const response = await fetch(running.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sandboxStockAdmin', params: [key, command] }),
    });
    const body = (await response.json()) as { result?: string; error?: { message: string } };
    if (body.error) throw new DeskError('refused', body.error.message);
    line = body.result!;
  } else {
    const sandbox = await Sandbox.open({ dataDir, slotMs: 0, market: marketChoice(false) });
    try {
      line = await sandbox.stockAdmin(key, command);
    } finally {
      sandbox.close();
    }
  }
  answer(values, { command: 'stock', key, action, result: line }, line);
}
