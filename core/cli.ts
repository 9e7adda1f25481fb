#!/usr/bin/env node
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isAddress, type Address, type Lamports } from '@solana/kit';
import { RpcChain } from './chain/rpc-chain.js';
import { webSocketUrlOf } from './chain/websocket-url.js';
import { commandUsage, readCommandLine } from './command-line.js';
import { defaultSandboxDir } from './config/paths.js';
import { readProfile, type NetworkProfile } from './config/profile.js';
import { createApiServer, listenLocal } from './api/server.js';
import { KeyStore } from './api/store/key-store.js';
import { startIndex } from './index/index-service.js';
import { startLocalServices, type LocalServices } from './local-services.js';
import type { IngestProgress } from './index/ingest/ingestor.js';
import { DeskError, isDeskError } from './errors.js';
import { formatDecimalUnits, parseDecimalUnits, SOL_DECIMALS, ZEC_DECIMALS, type TokenUnits, type ZecUnits } from './math/units.js';
import { connectSandbox, type SandboxConnection } from './sandbox/connect.js';
import { readLock } from './sandbox/data-lock.js';
import { NATIVE_MINT_DECIMALS } from './sandbox/genesis/keys.js';
import { Sandbox } from './sandbox/sandbox.js';
import { readStockAdminWords } from './sandbox/stock-admin.js';
import { RunJournal } from './runs/store/run-journal.js';
import { runReport } from './runs/run-report.js';
import { runAuthorityOf } from './runs/run-authority.js';
import { ServiceRuns } from './runs/service-runs.js';
import type { MarketChoice } from './sandbox/genesis/steps.js';

const DEFAULT_RPC_PORT = 8899;
/** The local /v1 server's default port. */
const DEFAULT_API_PORT = 7439;

function portOf(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65534) throw new DeskError('invalid_param', `${flag} must be an integer from 0 to 65534, got "${value}"`);
  return port;
}

/**
 * The CLI's market for a new sandbox: seeded unless `--empty`, with a progress line while it plants and
 * trades (a few seconds, once per data directory).
 */
function marketChoice(empty: boolean | undefined, out: NodeJS.WriteStream = process.stdout): MarketChoice {
  if (empty) return { state: 'empty' };
  let lastDecile = -1;
  return {
    state: 'seeded',
    onProgress: (done, total) => {
      const text = `seeding the market: ${done}/${total} transactions`;
      if (out.isTTY) out.write(`\r\x1b[K${text}${done === total ? '\n' : ''}`);
      else {
        const decile = Math.floor((done * 10) / total);
        if (decile !== lastDecile) out.write(`${text}\n`);
        lastDecile = decile;
      }
    },
  };
}

/** `--activity N`: how many simulated traders (0 to 100). */
function activityOf(value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^[0-9]{1,3}$/.test(value) || Number(value) > 100) throw new DeskError('invalid_param', `--activity must be a number of traders from 0 to 100, got "${value.slice(0, 20)}"`);
  return Number(value);
}

async function runSandbox(
  values: { data?: string | undefined; 'rpc-port'?: string | undefined; port?: string | undefined; empty?: boolean | undefined; activity?: string | undefined; 'no-runs'?: boolean | undefined },
  label: string,
  withApi: boolean,
): Promise<void> {
  const dataDir = resolve(values.data ?? defaultSandboxDir());
  let services: LocalServices;
  try {
    services = await startLocalServices({
      dataDir,
      rpcPort: portOf(values['rpc-port'], DEFAULT_RPC_PORT, '--rpc-port'),
      apiPort: withApi ? portOf(values.port, DEFAULT_API_PORT, '--port') : null,
      onProgress: progressPrinter(process.stdout),
      market: marketChoice(values.empty),
      activity: activityOf(values.activity),
      ...(values['no-runs'] ? { runs: 'off' as const } : {}),
      onRunFailure: (line) => process.stderr.write(`${line}\n`),
    });
  } catch (error) {
    throw isDeskError(error) ? error : new DeskError('unavailable', (error as Error).message);
  }
  const { sandbox, facade, apiUrl, deskUrl, activity } = services;
  const stop = async (): Promise<void> => {
    await services.close();
    process.exit(0);
  };
  // Before the "ready" lines: whoever reads them may signal at once.
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  const { zec, native } = sandbox.profile.mints;
  process.stdout.write(
    [
      `${label} ready`,
      `  data       ${dataDir}`,
      ...(apiUrl ? [`  desk       ${deskUrl}`, `  API        ${apiUrl}/v1   (reference: ${apiUrl}/v1/docs)`] : []),
      `  RPC URL    ${facade.rpcUrl}`,
      `  WebSocket  ${facade.wsUrl}`,
      `  profile    ${join(dataDir, 'profile.json')}`,
      `  ZEC mint   ${zec.address}`,
      `  native     ${native.address}`,
      `  slot       ${sandbox.cluster.slot}, ${sandbox.cluster.transactionCount} transactions`,
      ...(apiUrl ? [`  runs       ${services.runs?.state.on ? 'on: fee splits, claims, holder rewards and migrations (`launchdesk runs` shows them)' : 'off (--no-runs)'}`] : []),
      ...(values.activity && Number(values.activity) > 0
        ? [activity ? `  activity   ${values.activity} simulated traders on the seeded market` : '  activity   none: this sandbox has no seeded market to trade (it was made --empty)']
        : []),
      '',
    ].join('\n'),
  );
}

/** `launchdesk runs`: the journal of the service's runs in the data dir. */
function showRuns(values: { data?: string | undefined }): void {
  const dataDir = resolve(values.data ?? defaultSandboxDir());
  const path = join(dataDir, 'runs.sqlite');
  if (!existsSync(path)) {
    process.stdout.write(`no runs yet in ${dataDir}: \`launchdesk serve\` (or \`start\`) sends them once coins trade\n`);
    return;
  }
  const journal = RunJournal.open(path);
  try {
    process.stdout.write(runReport(journal.jobs(), Date.now()));
  } finally {
    journal.close();
  }
}

/** `launchdesk keys raise|lower <prefix>`: the local admin's hand on a key's tier (spec: raised limits are set by hand). */
function adminKeys(positionals: readonly string[], values: { data?: string | undefined }): void {
  const [action, prefix] = positionals;
  if ((action !== 'raise' && action !== 'lower') || !prefix) throw new DeskError('usage', `keys: raise or lower comes first, got "${action ?? ''}"\n\n${commandUsage('keys')}`);
  const store = KeyStore.open(join(resolve(values.data ?? defaultSandboxDir()), 'keys.sqlite'));
  try {
    const matches = store.byPrefix(prefix).filter((k) => k.revokedAt === null);
    if (matches.length !== 1) throw new DeskError('not_found', matches.length === 0 ? `no live key starts with ${prefix}` : `${matches.length} live keys start with ${prefix}: give more of it`);
    const tier = action === 'raise' ? 'raised' : 'standard';
    store.setTier(matches[0]!.id, tier);
    process.stdout.write(`key ${matches[0]!.id} (${prefix}…) of ${matches[0]!.wallet} is now ${tier}\n`);
  } finally {
    store.close();
  }
}

/** A progress line: rewritten in place on a terminal, one line per step of 10% elsewhere (logs, pipes). */
function progressPrinter(out: NodeJS.WriteStream): (progress: IngestProgress) => void {
  let lastDecile = -1;
  return (p) => {
    if (p.phase === 'reconnecting') {
      out.write(`${out.isTTY ? '\r\x1b[K' : ''}reconnecting: ${p.reason ?? 'the subscription dropped'}\n`);
      return;
    }
    if (p.phase !== 'backfill' || p.total === 0) return;
    const text = `backfill ${p.done}/${p.total} transactions (${Math.floor((p.done * 100) / p.total)}%)`;
    if (out.isTTY) out.write(`\r\x1b[K${text}${p.done === p.total ? '\n' : ''}`);
    else {
      const decile = Math.floor((p.done * 10) / p.total);
      if (decile !== lastDecile) out.write(`${text}\n`);
      lastDecile = decile;
    }
  };
}

/** `--rpc URL --profile FILE`: another cluster, described by its network profile; null when neither is given. */
function rpcConnection(values: { rpc?: string | undefined; profile?: string | undefined }): (SandboxConnection & { readonly profilePath: string }) | null {
  if ((values.rpc === undefined) !== (values.profile === undefined)) throw new DeskError('invalid_param', '--rpc URL and --profile FILE go together: a cluster needs its network profile');
  if (values.rpc === undefined) return null;
  let url: URL;
  try {
    url = new URL(values.rpc);
  } catch {
    throw new DeskError('invalid_param', `--rpc must be an http(s) URL, got ${JSON.stringify(values.rpc)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DeskError('invalid_param', `--rpc must be an http(s) URL, got ${JSON.stringify(values.rpc)}`);
  const named = readProfile(resolve(values.profile!));
  // The cluster as this process reaches it (what /v1/params tells clients): the URL it was started with,
  // and the profile's WebSocket, else the one Solana clients derive from that URL.
  const cluster = { kind: 'rpc', rpcUrl: values.rpc, wsUrl: named.cluster.wsUrl ?? webSocketUrlOf(values.rpc) } as const;
  const profile: NetworkProfile = { ...named, cluster };
  const chain = new RpcChain(cluster.rpcUrl, cluster.wsUrl);
  return { chain, profile, where: cluster.rpcUrl, profilePath: resolve(values.profile!), close: () => chain.close() };
}

/** `serve --rpc URL --profile FILE`: the indexer and /v1 over another cluster (no sandbox). */
async function runRemoteServe(values: { data?: string | undefined; port?: string | undefined; 'no-runs'?: boolean | undefined }, connection: SandboxConnection & { readonly profilePath: string }): Promise<void> {
  const dataDir = resolve(values.data ?? defaultSandboxDir());
  mkdirSync(dataDir, { recursive: true });
  const { authority, offReason } = values['no-runs'] ? { authority: null, offReason: "the service's runs were switched off for this start (--no-runs)" } : await runAuthorityOf(connection.profile, connection.profilePath);
  const index = await startIndex({ chain: connection.chain, profile: connection.profile, indexPath: join(dataDir, 'index.sqlite'), onProgress: progressPrinter(process.stdout) });
  const keys = KeyStore.open(join(dataDir, 'keys.sqlite'));
  const runs = ServiceRuns.start({
    chain: connection.chain,
    store: index.store,
    profile: connection.profile,
    journalPath: join(dataDir, 'runs.sqlite'),
    authority,
    offReason,
    onFailure: (job, reason) => {
      if (job.failures === 0) process.stderr.write(`run ${job.kind} of ${job.mint} failed (retried by itself): ${reason}\n`);
    },
  });
  const app = await createApiServer({ store: index.store, chain: connection.chain, profile: connection.profile, keys, runs });
  const { url } = await listenLocal(app, portOf(values.port, DEFAULT_API_PORT, '--port'));
  const stop = async (): Promise<void> => {
    await runs.stop();
    await app.close();
    keys.close();
    index.stop();
    await connection.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  process.stdout.write([`launchdesk (headless) ready`, `  data       ${dataDir}`, `  desk       ${url}/`, `  API        ${url}/v1   (reference: ${url}/v1/docs)`, `  cluster    ${connection.where}`, `  runs       ${runs.state.on ? `on, sent by ${runs.state.authority}` : `off: ${runs.state.reason}`}`, ''].join('\n'));
}

async function runIndex(values: { data?: string | undefined; rpc?: string | undefined; profile?: string | undefined }): Promise<void> {
  const dataDir = resolve(values.data ?? defaultSandboxDir());
  const remote = rpcConnection(values);
  mkdirSync(dataDir, { recursive: true });
  const connection = remote ?? (await connectSandbox(dataDir, marketChoice(false)));
  const indexPath = join(dataDir, 'index.sqlite');
  process.stdout.write(`indexing ${connection.where} into ${indexPath}\n`);
  const started = Date.now();
  const service = await startIndex({ chain: connection.chain, profile: connection.profile, indexPath, onProgress: progressPrinter(process.stdout) });
  // Stop handlers before the line that says it is following: whoever reads that line may signal at once.
  const stop = async (): Promise<void> => {
    service.stop();
    await connection.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  const { transactions, last } = service.store.checkpoint();
  process.stdout.write(`caught up in ${Date.now() - started} ms: ${transactions} transactions${last ? ` (last slot ${last.slot})` : ''}; following live (Ctrl-C stops)\n`);
}

/** The Electron binary's path, or null where it could not be installed (no download allowed). */
function electronBinary(): string | null {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown;
    return typeof path === 'string' && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

async function airdrop(positionals: readonly string[], values: Readonly<Record<string, string | boolean | undefined>>): Promise<void> {
  const wallet = positionals[0];
  if (!wallet || !isAddress(wallet)) throw new DeskError('invalid_param', `airdrop needs a wallet address, got ${JSON.stringify(wallet ?? '')}`);
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
  const dataDir = resolve(typeof values['data'] === 'string' ? values['data'] : defaultSandboxDir());
  const running = readLock(dataDir);
  const lines: string[] = [];
  if (running?.rpcUrl) {
    // The sandbox is served by another process: ask it over JSON-RPC.
    const call = async (method: string, params: unknown[]): Promise<string> => {
      const response = await fetch(running.rpcUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }, (_k, v: unknown) => (typeof v === 'bigint' ? Number(v) : v)),
      });
      const body = (await response.json()) as { result?: string; error?: { message: string } };
      if (body.error) throw new DeskError('refused', `${method}: ${body.error.message}`);
      return body.result!;
    };
    if (amounts.sol !== null) lines.push(`SOL     ${await call('requestAirdrop', [wallet, amounts.sol])}`);
    if (amounts.zec !== null) lines.push(`ZEC     ${await call('requestTokenAirdrop', [wallet, amounts.zec, { token: 'zec' }])}`);
    if (amounts.native !== null) lines.push(`native  ${await call('requestTokenAirdrop', [wallet, amounts.native, { token: 'native' }])}`);
  } else {
    const sandbox = await Sandbox.open({ dataDir, slotMs: 0, market: marketChoice(false) });
    try {
      if (amounts.sol !== null) lines.push(`SOL     ${await sandbox.faucet.sol(wallet as Address, amounts.sol as Lamports)}`);
      if (amounts.zec !== null) lines.push(`ZEC     ${await sandbox.faucet.zec(wallet as Address, amounts.zec as ZecUnits)}`);
      if (amounts.native !== null) lines.push(`native  ${await sandbox.faucet.native(wallet as Address, amounts.native as TokenUnits)}`);
    } finally {
      sandbox.close();
    }
  }
  const summary = [
    amounts.sol !== null ? `${formatDecimalUnits(amounts.sol, SOL_DECIMALS)} SOL` : null,
    amounts.zec !== null ? `${formatDecimalUnits(amounts.zec, ZEC_DECIMALS)} ZEC` : null,
    amounts.native !== null ? `${formatDecimalUnits(amounts.native, NATIVE_MINT_DECIMALS)} native` : null,
  ].filter(Boolean);
  process.stdout.write(`airdropped ${summary.join(', ')} to ${wallet}\n${lines.map((l) => `  ${l}`).join('\n')}\n`);
}

/** `launchdesk stock <key> <action> [value]`: through the running sandbox's JSON-RPC, or opening it here. */
async function adminStock(positionals: readonly string[], values: Readonly<Record<string, string | boolean | undefined>>): Promise<void> {
  const [key, action, value] = positionals as [string, string, string | undefined];
  const flags = { ...(typeof values['to'] === 'string' ? { to: values['to'] } : {}), ...(typeof values['in'] === 'string' ? { inSeconds: values['in'] } : {}) };
  const command = readStockAdminWords(action, value, flags);
  const dataDir = resolve(typeof values['data'] === 'string' ? values['data'] : defaultSandboxDir());
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
  process.stdout.write(`${line}\n`);
}

export async function main(argv: readonly string[]): Promise<void> {
  const line = readCommandLine(argv);
  if (line.kind === 'help') {
    process.stdout.write(line.text);
    return;
  }
  const { values, positionals } = line;
  switch (line.command) {
    case 'start': {
      const electron = electronBinary();
      if (electron) {
        const main = join(dirname(fileURLToPath(import.meta.url)), '..', 'electron', 'main.js');
        const child = spawn(electron, [main, ...line.rest], { stdio: 'inherit' });
        child.on('exit', (code) => process.exit(code ?? 0));
        return;
      }
      process.stdout.write('Electron is not installed on this machine; running the headless server instead.\n');
      return runSandbox(values, 'launchdesk (headless)', true);
    }
    case 'serve': {
      const remote = rpcConnection(values);
      return remote ? runRemoteServe(values, remote) : runSandbox(values, 'launchdesk (headless)', true);
    }
    case 'sandbox':
      return runSandbox(values, 'sandbox', false);
    case 'airdrop':
      return airdrop(positionals, values);
    case 'index':
      return runIndex(values);
    case 'keys':
      return adminKeys(positionals, values);
    case 'runs':
      return showRuns(values);
    case 'stock':
      return adminStock(positionals, values);
  }
}

const invokedDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`launchdesk: ${isDeskError(error) || error instanceof RangeError ? error.message : String((error as Error).stack ?? error)}\n`);
    // 2 for a command line it does not take, as Unix tools do; 1 for everything that went wrong running it.
    process.exit(isDeskError(error, 'usage') ? 2 : 1);
  });
}
