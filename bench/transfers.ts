import { recordSummary, TARGETS } from './lib/summary.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FailedTransactionMetadata, LiteSVM } from 'litesvm';
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signBytes,
  signTransactionMessageWithSigners,
  type Address,
  type Blockhash,
  type KeyPairSigner,
  type ReadonlyUint8Array,
  type Transaction,
  type TransactionMessageBytes,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { SandboxChain } from '../core/chain/sandbox-chain.js';
import { startRpcFacade, type RpcFacade } from '../core/sandbox/rpc/server.js';
import { Sandbox } from '../core/sandbox/sandbox.js';
import { intFromEnv, median } from './lib/report.js';

/**
 * SOL transfers per second through raw LiteSVM (the peer baseline), the in-process `Chain` of the
 * sandbox and its JSON-RPC facade over loopback HTTP, the sandbox both in memory and with a data dir
 * (the ledger file written per transaction). Signing with kit runs at about a thousand transactions a
 * second, below every path measured, so all transactions are signed before the clock starts and only
 * the sending is timed.
 *
 * BENCH_N (default 2000) transfers are timed per path and round, BENCH_ROUNDS (default 3) rounds.
 */

export const title = 'SOL transfers per second: raw LiteSVM vs sandbox Chain vs RPC facade';

const MAX_N = 20_000;
const MAX_ROUNDS = 10;
/** Above the rent-exempt minimum of an empty account (890 880), so the first transfer may create the recipient. */
const BASE_AMOUNT = 1_000_000n;
/** One signature, no priority fee: what LiteSVM and the sandbox both charge. */
const FEE_PER_TX = 5_000n;
const SIGN_BATCH = 256;
const HTTP_TIMEOUT_MS = 10_000;

interface Settings {
  /** Timed transfers per path. */
  readonly n: number;
  /** Untimed transfers sent first through the same path (JIT, first-use costs). */
  readonly warmup: number;
  /** Every path is measured this many times; the table shows the median. */
  readonly rounds: number;
}

function settings(): Settings {
  const n = intFromEnv('BENCH_N', 2000, MAX_N);
  return { n, warmup: Math.min(200, Math.max(10, Math.floor(n / 10))), rounds: intFromEnv('BENCH_ROUNDS', 3, MAX_ROUNDS) };
}

/** A set of pre-signed transfers from one sender to one fresh recipient, and what they must add up to. */
interface Transfers {
  readonly sender: KeyPairSigner;
  readonly recipient: Address;
  readonly transactions: Transaction[];
  readonly signatures: string[];
  /** Lamports the recipient must hold once all landed. */
  readonly total: bigint;
  /** Lamports the sender must be funded with. */
  readonly funding: bigint;
}

/** Lamports the sender is funded with for `count` transfers: amounts, fees and a margin it keeps. */
export function fundingFor(count: number): bigint {
  const c = BigInt(count);
  return c * BASE_AMOUNT + (c * (c - 1n)) / 2n + c * FEE_PER_TX + 1_000_000_000n;
}

export async function newParties(): Promise<{ sender: KeyPairSigner; recipient: Address }> {
  const [sender, recipient] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
  return { sender, recipient: recipient.address };
}

/**
 * Distinct transfers (the amount differs by one lamport each, so every signature differs). Kit compiles
 * the message once; each transfer is that message with its amount written in, signed with the sender's
 * key. Compiling is what makes kit slow here (about a thousand a second); the first transfer is checked
 * byte for byte against kit's own `signTransactionMessageWithSigners` (Ed25519 is deterministic).
 */
export async function signTransfers(
  sender: KeyPairSigner,
  recipient: Address,
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint },
  count: number,
): Promise<Transfers> {
  const messageFor = (amount: bigint) =>
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(sender, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: sender, destination: recipient, amount }), m),
    );
  const template = compileTransaction(messageFor(BASE_AMOUNT)).messageBytes;
  const amountAt = amountOffset(template, compileTransaction(messageFor(BASE_AMOUNT + 1n)).messageBytes);

  const transactions: Transaction[] = [];
  for (let from = 0; from < count; from += SIGN_BATCH) {
    const batch: Promise<Transaction>[] = [];
    for (let i = from; i < Math.min(count, from + SIGN_BATCH); i++) {
      const messageBytes = new Uint8Array(template);
      new DataView(messageBytes.buffer).setBigUint64(amountAt, BASE_AMOUNT + BigInt(i), true);
      batch.push(
        signBytes(sender.keyPair.privateKey, messageBytes).then((signature) => ({
          messageBytes: messageBytes as unknown as TransactionMessageBytes,
          signatures: { [sender.address]: signature },
        })),
      );
    }
    transactions.push(...(await Promise.all(batch)));
  }

  const reference = await signTransactionMessageWithSigners(messageFor(BASE_AMOUNT));
  if (getBase64EncodedWireTransaction(reference) !== getBase64EncodedWireTransaction(transactions[0]!)) {
    throw new Error('the pre-signed transfer differs from the one kit signs itself');
  }
  const c = BigInt(count);
  return {
    sender,
    recipient,
    transactions,
    signatures: transactions.map((tx) => getSignatureFromTransaction(tx)),
    total: c * BASE_AMOUNT + (c * (c - 1n)) / 2n,
    funding: fundingFor(count),
  };
}

/** Where the u64 amount sits in a compiled message: the one place two messages differing only by it differ. */
function amountOffset(a: ReadonlyUint8Array, b: ReadonlyUint8Array): number {
  const view = (bytes: ReadonlyUint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = a.findIndex((byte, i) => byte !== b[i]);
  if (
    a.length !== b.length ||
    at < 0 ||
    at + 8 > a.length ||
    view(a).getBigUint64(at, true) !== BASE_AMOUNT ||
    view(b).getBigUint64(at, true) !== BASE_AMOUNT + 1n ||
    a.some((byte, i) => (i < at || i >= at + 8) && byte !== b[i])
  ) {
    throw new Error('cannot find the transfer amount in the compiled message');
  }
  return at;
}

/** Throws unless every transfer landed: the recipient holds exactly the sum, the sender paid exactly the sum and the fees. */
function checkLanded(label: string, transfers: Transfers, balanceOf: (address: Address) => bigint): void {
  const count = BigInt(transfers.transactions.length);
  const received = balanceOf(transfers.recipient);
  const left = balanceOf(transfers.sender.address);
  const expectedLeft = transfers.funding - transfers.total - count * FEE_PER_TX;
  if (received !== transfers.total || left !== expectedLeft) {
    throw new Error(
      `${label}: not every transfer landed: recipient holds ${received} lamports (expected ${transfers.total}), ` +
        `sender holds ${left} (expected ${expectedLeft})`,
    );
  }
}

/** Sends the warm-up part untimed, then times the rest; returns milliseconds. */
async function timed(transfers: Transfers, warmup: number, sendRange: (from: number, to: number) => Promise<void>): Promise<number> {
  await sendRange(0, warmup);
  // Let whatever the set-up left queued (timers, sockets) run before the clock starts.
  await new Promise((resolve) => setImmediate(resolve));
  const start = performance.now();
  await sendRange(warmup, transfers.transactions.length);
  return performance.now() - start;
}

async function rawLiteSvm(s: Settings): Promise<number> {
  const svm = new LiteSVM();
  const { sender, recipient } = await newParties();
  const count = s.warmup + s.n;
  const airdrop = svm.airdrop(sender.address, lamports(fundingFor(count)));
  if (airdrop === null || airdrop instanceof FailedTransactionMetadata) throw new Error(`raw LiteSVM: airdrop failed: ${String(airdrop)}`);
  const transfers = await signTransfers(sender, recipient, { blockhash: svm.latestBlockhash(), lastValidBlockHeight: 0n }, count);
  const ms = await timed(transfers, s.warmup, async (from, to) => {
    for (let i = from; i < to; i++) {
      const result = svm.sendTransaction(transfers.transactions[i]!);
      if (result instanceof FailedTransactionMetadata) throw new Error(`raw LiteSVM: transfer ${i} failed: ${result.toString()}`);
    }
  });
  checkLanded('raw LiteSVM', transfers, (address) => svm.getBalance(address) ?? 0n);
  return ms;
}

/**
 * The RPC rows' client: one `sendTransaction` request at a time over a keep-alive `node:http` agent,
 * each answer checked. Not `fetch`: its per-request cost (and an `AbortSignal.timeout` per request, whose
 * timer fires 10 s later even for an answered request) was most of what these rows measured, the
 * client's work rather than the server's. A bot sending at rate uses a keep-alive client like this one.
 */
export async function sendOverHttp(url: string, transfers: Transfers, warmup: number, label: string): Promise<number> {
  const bodies = transfers.transactions.map((tx, i) =>
    Buffer.from(JSON.stringify({ jsonrpc: '2.0', id: i, method: 'sendTransaction', params: [getBase64EncodedWireTransaction(tx), { encoding: 'base64', skipPreflight: true }] })),
  );
  const target = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const post = (body: Buffer) =>
    new Promise<string>((resolve, reject) => {
      const request = httpRequest(
        { agent, hostname: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'content-length': body.length } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks).toString('utf8')));
          response.on('error', reject);
        },
      );
      request.setTimeout(HTTP_TIMEOUT_MS, () => request.destroy(new Error(`${label}: no answer within ${HTTP_TIMEOUT_MS} ms`)));
      request.on('error', reject);
      request.end(body);
    });
  try {
    return await timed(transfers, warmup, async (from, to) => {
      for (let i = from; i < to; i++) {
        const reply = JSON.parse(await post(bodies[i]!)) as { result?: unknown; error?: unknown };
        if (reply.result !== transfers.signatures[i]) throw new Error(`${label}: transfer ${i} answered ${JSON.stringify(reply.error ?? reply.result)}`);
      }
    });
  } finally {
    agent.destroy();
  }
}

/**
 * The floor under the RPC rows: the same client sending the same requests to a bare `node:http` server
 * that reads and parses each body and answers the signature from a table. No sandbox, nothing lands:
 * what the HTTP round trip alone costs, so the RPC rows can be read against it.
 */
async function httpFloor(s: Settings): Promise<number> {
  const { sender, recipient } = await newParties();
  const transfers = await signTransfers(sender, recipient, { blockhash: new LiteSVM().latestBlockhash(), lastValidBlockHeight: 0n }, s.warmup + s.n);
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { id } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { id: number };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jsonrpc: '2.0', result: transfers.signatures[id], id }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await sendOverHttp(`http://127.0.0.1:${port}`, transfers, s.warmup, 'node:http floor');
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

type SandboxRoute = 'chain-skip' | 'chain-preflight' | 'rpc';

/** One route through a fresh sandbox (genesis, funding and signing are not timed); returns milliseconds. */
async function throughSandbox(s: Settings, route: SandboxRoute, persistent: boolean, tableLabel: string): Promise<number> {
  const label = tableLabel.replace(/ {2,}/g, ' ');
  const dataDir = persistent ? mkdtempSync(join(tmpdir(), 'launchdesk-bench-')) : null;
  let sandbox: Sandbox | null = null;
  let facade: RpcFacade | null = null;
  try {
    sandbox = await Sandbox.open({ dataDir });
    const cluster = sandbox.cluster;
    const { sender, recipient } = await newParties();
    const count = s.warmup + s.n;
    await sandbox.faucet.sol(sender.address, lamports(fundingFor(count)));
    const transfers = await signTransfers(sender, recipient, cluster.latestBlockhash(), count);
    const landedBefore = cluster.transactionCount;

    let ms: number;
    if (route === 'rpc') {
      facade = await startRpcFacade(sandbox, { port: 0 });
      ms = await sendOverHttp(facade.rpcUrl, transfers, s.warmup, label);
    } else {
      const chain = new SandboxChain(cluster);
      const skipPreflight = route === 'chain-skip';
      const encoder = getTransactionEncoder();
      const wires = transfers.transactions.map((tx) => new Uint8Array(encoder.encode(tx)));
      ms = await timed(transfers, s.warmup, async (from, to) => {
        for (let i = from; i < to; i++) {
          const signature = await chain.send(wires[i]!, { skipPreflight });
          if (signature !== transfers.signatures[i]) throw new Error(`${label}: transfer ${i} returned ${signature}`);
        }
      });
    }

    checkLanded(label, transfers, (address) => cluster.getAccount(address)?.lamports ?? 0n);
    const recorded = cluster.transactionCount - landedBefore;
    if (recorded !== count) throw new Error(`${label}: the ledger recorded ${recorded} transactions, expected ${count}`);
    return ms;
  } finally {
    await facade?.close();
    sandbox?.close();
    if (dataDir !== null) rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Path {
  readonly label: string;
  readonly measure: (s: Settings) => Promise<number>;
}

function sandboxPath(route: SandboxRoute, persistent: boolean, what: string): Path {
  const label = `${persistent ? 'sandbox, data dir' : 'sandbox, memory'}`.padEnd(19) + what;
  return { label, measure: (s) => throughSandbox(s, route, persistent, label) };
}

const PATHS: readonly Path[] = [
  { label: 'raw LiteSVM'.padEnd(19) + 'svm.sendTransaction', measure: rawLiteSvm },
  ...[false, true].flatMap((persistent) => [
    sandboxPath('chain-skip', persistent, 'Chain.send, skipPreflight'),
    sandboxPath('chain-preflight', persistent, 'Chain.send, preflight'),
    sandboxPath('rpc', persistent, 'RPC over HTTP, skipPreflight'),
  ]),
  { label: 'node:http floor'.padEnd(19) + 'same requests, bare server', measure: httpFloor },
];

export async function run(): Promise<void> {
  const s = settings();
  // Each round goes through every path in turn, so that a slow moment of the machine does not hit one path only.
  const rates: number[][] = PATHS.map(() => []);
  for (let round = 0; round < s.rounds; round++) {
    for (const [i, path] of PATHS.entries()) rates[i]!.push((s.n * 1000) / (await path.measure(s)));
  }
  const medians = rates.map(median);
  const raw = medians[0]!;
  const width = Math.max(...PATHS.map((p) => p.label.length));
  const header = `${'path'.padEnd(width)}  ${'tx/s'.padStart(7)}  ${'min-max'.padStart(13)}  vs raw`;
  console.log(header);
  console.log('-'.repeat(header.length + 5));
  for (const [i, path] of PATHS.entries()) {
    const spread = `${Math.round(Math.min(...rates[i]!))}-${Math.round(Math.max(...rates[i]!))}`;
    const ratio = `${(medians[i]! / raw).toFixed(2)}x raw`;
    console.log(`${path.label.padEnd(width)}  ${Math.round(medians[i]!).toString().padStart(7)}  ${spread.padStart(13)}  ${ratio}`);
  }
  const rowOf = (label: string) => PATHS.findIndex((p) => p.label.startsWith('sandbox, memory') && p.label.endsWith(label));
  const figure = (i: number) => `${Math.round(medians[i]!)} tx/s`;
  for (const [target, label] of [[TARGETS.chainSend, 'Chain.send, preflight'], [TARGETS.rpcSend, 'RPC over HTTP, skipPreflight']] as const) {
    const i = rowOf(label);
    recordSummary(target, { ours: figure(i), peer: figure(0), ratio: medians[i]! / raw });
  }
  const floor = medians[PATHS.length - 1]!;
  const rpc = medians[rowOf('RPC over HTTP, skipPreflight')]!;
  console.log(
    `HTTP floor: the same client and requests against a bare node:http server (no sandbox) reach ${Math.round(floor)} tx/s, ` +
      `${(floor / raw).toFixed(2)}x raw; the in-memory RPC row is ${Math.round((100 * rpc) / floor)}% of that floor.`,
  );
  console.log(
    `Measured: time to send ${s.n} distinct pre-signed 1-signature SOL transfers, one at a time and each awaited (RPC: one HTTP request in flight), ` +
      `signing excluded; median of ${s.rounds} rounds on fresh SVMs after ${s.warmup} untimed warm-up sends; all landed (exact final balances checked).`,
  );
}

if (process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url) await run();
