import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RpcChain } from '../chain/rpc-chain.js';
import { webSocketUrlOf } from '../chain/websocket-url.js';
import { readProfile, type NetworkProfile } from '../config/profile.js';
import { createApiServer, listenLocal } from '../api/server.js';
import { SqliteKeyStore } from '../api/store/sqlite-key-store.js';
import { startIndex } from '../index/index-service.js';
import { startHostedIndex } from '../index/hosted-index.js';
import { hostNameProblem } from '../api/host-policy.js';
import { PgKeyStore } from '../api/store/pg-key-store.js';
import { PgRateLimiter } from '../api/store/pg-rate-limiter.js';
import { PgBuildLedger } from '../relay/store/pg-build-ledger.js';
import { Relay } from '../relay/relay.js';
import { PgIndexReads } from '../index/store/postgres/pg-index-reads.js';
import { openPostgres } from '../storage/postgres/pg-connection.js';
import { startLocalServices, type LocalServices } from '../local-services.js';
import { DeskError, isDeskError } from '../errors.js';
import { connectSandbox, type SandboxConnection } from '../sandbox/connect.js';
import { runAuthorityOf } from '../runs/run-authority.js';
import { ServiceRuns } from '../runs/service-runs.js';
import { dataDirOf, hostedIndexUrl, portOf, textOf, type CommandValues } from './command-values.js';
import { marketChoice, progressPrinter } from './progress-lines.js';
import { MIN_KEEP_TRANSACTIONS } from '../sandbox/cluster.js';
import { DEFAULT_API_PORT } from './trade-usage.js';

/**
 * The commands that run the local services until Ctrl-C: the desk (`start`), the headless server
 * (`serve`, over the sandbox or another cluster), the sandbox alone, and the indexer alone.
 */

const DEFAULT_RPC_PORT = 8899;

/** `--activity N`: how many simulated traders (0 to 100). */
function activityOf(value: string | undefined): number {
  if (value === undefined) return 0;
  if (!/^[0-9]{1,3}$/.test(value) || Number(value) > 100) throw new DeskError('invalid_param', `--activity must be a number of traders from 0 to 100, got "${value.slice(0, 20)}"`);
  return Number(value);
}

/** `--keep-transactions`: a count of full records kept (at least the cluster's minimum), or `all`. */
function keepOf(value: string | undefined): { keepTransactions?: number | null } {
  if (value === undefined) return {};
  if (value === 'all') return { keepTransactions: null };
  if (!/^[0-9]{1,10}$/.test(value) || Number(value) < MIN_KEEP_TRANSACTIONS) {
    throw new DeskError('invalid_param', `--keep-transactions must be "all" or a number from ${MIN_KEEP_TRANSACTIONS}, got "${value.slice(0, 20)}"`);
  }
  return { keepTransactions: Number(value) };
}

/** With --json, progress and notes go to stderr: stdout carries the one ready line. */
const notesOut = (values: CommandValues): NodeJS.WriteStream => (values['json'] ? process.stderr : process.stdout);

/** The ready lines, or with --json one JSON line of the same facts. */
function ready(values: CommandValues, json: Record<string, unknown>, lines: readonly string[]): void {
  process.stdout.write(values['json'] ? `${JSON.stringify({ ok: true, ready: true, ...json })}\n` : `${lines.join('\n')}\n`);
}

async function runSandbox(values: CommandValues, command: 'start' | 'serve' | 'sandbox', label: string, withApi: boolean): Promise<void> {
  const dataDir = dataDirOf(values);
  let services: LocalServices;
  try {
    services = await startLocalServices({
      dataDir,
      rpcPort: portOf(textOf(values, 'rpc-port'), DEFAULT_RPC_PORT, '--rpc-port'),
      apiPort: withApi ? portOf(textOf(values, 'port'), DEFAULT_API_PORT, '--port') : null,
      onProgress: progressPrinter(notesOut(values)),
      market: marketChoice(values['empty'] === true),
      activity: activityOf(textOf(values, 'activity')),
      ...keepOf(textOf(values, 'keep-transactions')),
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
  const activityAsked = Number(textOf(values, 'activity') ?? 0);
  const json = {
    command,
    dataDir,
    ...(apiUrl ? { deskUrl, apiUrl: `${apiUrl}/v1` } : {}),
    rpcUrl: facade.rpcUrl,
    wsUrl: facade.wsUrl,
    profile: join(dataDir, 'profile.json'),
    zecMint: zec.address,
    nativeMint: native.address,
    slot: String(sandbox.cluster.slot),
    transactions: String(sandbox.cluster.transactionCount),
    ...(apiUrl ? { runs: services.runs?.state.on ? 'on' : 'off' } : {}),
    ...(activityAsked > 0 ? { activity: activity ? activityAsked : 0 } : {}),
  };
  ready(
    values,
    json,
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
      ...(textOf(values, 'activity') !== undefined && Number(textOf(values, 'activity')) > 0
        ? [activity ? `  activity   ${textOf(values, 'activity')} simulated traders on the seeded market` : '  activity   none: this sandbox has no seeded market to trade (it was made --empty)']
        : []),
    ],
  );
}

/** `--rpc URL --profile FILE`: another cluster, described by its network profile; null when neither is given. */
export function rpcConnection(values: CommandValues): (SandboxConnection & { readonly profilePath: string }) | null {
  if ((textOf(values, 'rpc') === undefined) !== (textOf(values, 'profile') === undefined)) throw new DeskError('invalid_param', '--rpc URL and --profile FILE go together: a cluster needs its network profile');
  const rpc = textOf(values, 'rpc');
  const profilePath = textOf(values, 'profile');
  if (rpc === undefined || profilePath === undefined) return null;
  let url: URL;
  try {
    url = new URL(rpc);
  } catch {
    throw new DeskError('invalid_param', `--rpc must be an http(s) URL, got ${JSON.stringify(rpc)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DeskError('invalid_param', `--rpc must be an http(s) URL, got ${JSON.stringify(rpc)}`);
  const named = readProfile(resolve(profilePath));
  // The cluster as this process reaches it (what /v1/params tells clients): the URL it was started with,
  // and the profile's WebSocket, else the one Solana clients derive from that URL.
  const cluster = { kind: 'rpc', rpcUrl: rpc, wsUrl: named.cluster.wsUrl ?? webSocketUrlOf(rpc) } as const;
  const profile: NetworkProfile = { ...named, cluster };
  const chain = new RpcChain(cluster.rpcUrl, cluster.wsUrl);
  return { chain, profile, where: cluster.rpcUrl, profilePath: resolve(profilePath), close: () => chain.close() };
}

/** `serve --rpc URL --profile FILE`: the indexer and /v1 over another cluster (no sandbox). */

async function runRemoteServe(values: CommandValues, connection: SandboxConnection & { readonly profilePath: string }): Promise<void> {
  const dataDir = dataDirOf(values);
  mkdirSync(dataDir, { recursive: true });
  const { authority, offReason } = values['no-runs'] ? { authority: null, offReason: "the service's runs were switched off for this start (--no-runs)" } : await runAuthorityOf(connection.profile, connection.profilePath);
  const index = await startIndex({ chain: connection.chain, profile: connection.profile, indexPath: join(dataDir, 'index.sqlite'), onProgress: progressPrinter(notesOut(values)) });
  const keys = SqliteKeyStore.open(join(dataDir, 'keys.sqlite'));
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
  const { url } = await listenLocal(app, portOf(textOf(values, 'port'), DEFAULT_API_PORT, '--port'));
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
  ready(
    values,
    { command: 'serve', dataDir, deskUrl: `${url}/`, apiUrl: `${url}/v1`, cluster: connection.where, runs: runs.state.on ? 'on' : 'off', ...(runs.state.on ? { runAuthority: runs.state.authority } : { runsOffReason: runs.state.reason }) },
    [`launchdesk (headless) ready`, `  data       ${dataDir}`, `  desk       ${url}/`, `  API        ${url}/v1   (reference: ${url}/v1/docs)`, `  cluster    ${connection.where}`, `  runs       ${runs.state.on ? `on, sent by ${runs.state.authority}` : `off: ${runs.state.reason}`}`],
  );
}

export async function runIndex(values: CommandValues): Promise<void> {
  const dataDir = dataDirOf(values);
  const hosted = hostedIndexUrl(values);
  const remote = rpcConnection(values);
  mkdirSync(dataDir, { recursive: true });
  const connection = remote ?? (await connectSandbox(dataDir, marketChoice(false)));
  if (hosted !== null) return runHostedIndex(values, dataDir, hosted, connection);
  const indexPath = join(dataDir, 'index.sqlite');
  notesOut(values).write(`indexing ${connection.where} into ${indexPath}\n`);
  const started = Date.now();
  const service = await startIndex({ chain: connection.chain, profile: connection.profile, indexPath, onProgress: progressPrinter(notesOut(values)) });
  // Stop handlers before the line that says it is following: whoever reads that line may signal at once.
  const stop = async (): Promise<void> => {
    service.stop();
    await connection.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  const { transactions, last } = await service.store.checkpoint();
  ready(
    values,
    { command: 'index', dataDir, cluster: connection.where, indexPath, caughtUpMs: Date.now() - started, transactions: String(transactions), lastSlot: last ? String(last.slot) : null },
    [`caught up in ${Date.now() - started} ms: ${transactions} transactions${last ? ` (last slot ${last.slot})` : ''}; following live (Ctrl-C stops)`],
  );
}

/** `index --index postgres://…`: the hosted index's writer, or its standby until the writer stops. */
async function runHostedIndex(values: CommandValues, dataDir: string, url: string, connection: SandboxConnection): Promise<void> {
  const notes = notesOut(values);
  const where = new URL(url);
  const database = `${where.hostname}:${where.port || 5432}${where.pathname}`;
  notes.write(`indexing ${connection.where} into the hosted index at ${database} (working file in ${dataDir})\n`);
  const started = Date.now();
  const service = await startHostedIndex({
    chain: connection.chain,
    profile: connection.profile,
    postgresUrl: url,
    workDir: dataDir,
    onProgress: progressPrinter(notes),
    onState: (state, detail) => notes.write(`${state}: ${detail}\n`),
    // Another writer took over while this one's session was cut: it has said why; a supervisor starts it again as a standby.
    onLost: () => process.exit(1),
  });
  const stop = async (): Promise<void> => {
    await service.stop();
    await connection.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  await service.shipped();
  const { transactions, last } = await service.store.checkpoint();
  ready(
    values,
    { command: 'index', dataDir, cluster: connection.where, index: database, caughtUpMs: Date.now() - started, transactions: String(transactions), lastSlot: last ? String(last.slot) : null },
    [`the hosted index's writer, caught up in ${Date.now() - started} ms: ${transactions} transactions${last ? ` (last slot ${last.slot})` : ''}; following live (Ctrl-C stops)`],
  );
}

/** `--listen ADDR:PORT` (default 127.0.0.1:7440): where a hosted replica listens, behind its proxy. */
function listenOf(values: CommandValues): { readonly host: string; readonly port: number } {
  const text = textOf(values, 'listen') ?? '127.0.0.1:7440';
  const match = /^(\[[0-9a-fA-F:]+\]|[A-Za-z0-9.-]+):([0-9]{1,5})$/.exec(text);
  if (!match) throw new DeskError('invalid_param', `--listen takes ADDRESS:PORT (like 0.0.0.0:8080), got ${JSON.stringify(text.slice(0, 60))}`);
  return { host: match[1]!.replace(/^\[|\]$/g, ''), port: portOf(match[2], 7440, '--listen\'s port') };
}

/** A comma-separated list flag (`--host a,b`), trimmed, empty entries dropped. */
const listOf = (values: CommandValues, flag: string): string[] => (textOf(values, flag) ?? '').split(',').map((s) => s.trim()).filter((s) => s.length > 0);

/**
 * `launchdesk api --index postgres://… --host NAME`: one replica of the hosted /v1 (docs/hosting.md). It reads
 * the index the writer (`launchdesk index --index …`) keeps in PostgreSQL and shares the builds, the API keys
 * and their use, and the rate limits there with every other replica. No desk, keychain or faucet.
 */
export async function runHostedApi(values: CommandValues): Promise<void> {
  const url = hostedIndexUrl(values);
  if (url === null) throw new DeskError('invalid_param', 'api needs --index postgres://user@host:port/database: the hosted index the writer keeps (launchdesk index --index …)');
  const hosts = listOf(values, 'host');
  if (hosts.length === 0) throw new DeskError('invalid_param', 'api needs --host NAME (comma-separated for several): the names clients reach this service by; it answers no other');
  for (const host of hosts) {
    const problem = hostNameProblem(host);
    if (problem !== null) throw new DeskError('invalid_param', `--host: ${problem}`);
  }
  const trustedProxies = listOf(values, 'trusted-proxy');
  const listen = listenOf(values);
  const remote = rpcConnection(values);
  const dataDir = dataDirOf(values);
  const connection = remote ?? (await connectSandbox(dataDir, marketChoice(false)));
  const notes = notesOut(values);
  const pg = openPostgres(url);
  const reads = await PgIndexReads.open(url);
  const keys = await PgKeyStore.open(pg);
  const ledger = await PgBuildLedger.open(pg);
  const limiter = await PgRateLimiter.open(pg);
  const relay = new Relay(connection.chain, ledger, connection.profile);
  const app = await createApiServer({ store: reads, chain: connection.chain, profile: connection.profile, keys, relay, limiter, hosted: { hosts, trustedProxies }, runs: null });
  await app.listen({ host: listen.host, port: listen.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : listen.port;
  const stop = async (): Promise<void> => {
    await app.close();
    await reads.close();
    await limiter.close();
    await pg.end({ timeout: 5 });
    await connection.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  const where = new URL(url);
  notes.write(`reading the hosted index at ${where.hostname}:${where.port || 5432}${where.pathname}; chain ${connection.where}\n`);
  ready(
    values,
    { command: 'api', listen: `${listen.host}:${port}`, port, hosts, trustedProxies, cluster: connection.where },
    [`launchdesk /v1 replica listening on ${listen.host}:${port} for ${hosts.join(', ')}${trustedProxies.length > 0 ? ` (trusting X-Forwarded-For from ${trustedProxies.join(', ')})` : ''}; Ctrl-C stops it`],
  );
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


/** `launchdesk start`: the desk window, or the headless server where Electron could not be installed. */
export async function runStart(values: CommandValues, rest: readonly string[]): Promise<void> {
  const electron = electronBinary();
  if (electron) {
    const main = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'electron', 'main.js');
    const child = spawn(electron, [main, ...rest], { stdio: 'inherit' });
    child.on('exit', (code) => process.exit(code ?? 0));
    return;
  }
  notesOut(values).write('Electron is not installed on this machine; running the headless server instead.\n');
  return runSandbox(values, 'start', 'launchdesk (headless)', true);
}

/** `launchdesk serve`: over the sandbox in DIR, or over the cluster `--rpc --profile` name. */
export async function runServe(values: CommandValues): Promise<void> {
  const remote = rpcConnection(values);
  return remote ? runRemoteServe(values, remote) : runSandbox(values, 'serve', 'launchdesk (headless)', true);
}

export const runSandboxAlone = (values: CommandValues): Promise<void> => runSandbox(values, 'sandbox', 'sandbox', false);
