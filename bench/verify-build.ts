import {
  getCompiledTransactionMessageDecoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  signTransaction,
  verifySignature,
  type Address,
  type KeyPairSigner,
  type SignatureBytes,
  type Transaction,
} from '@solana/kit';
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Chain } from '../core/chain/chain.js';
import { SandboxChain } from '../core/chain/sandbox-chain.js';
import { clientWorld, pinsOfProfile, RpcChain, V1Client, verifyBuild, type BuildAsk, type BuildJson, type BuildVerdict, type ParamsJson, type Pins, type TradeBuildRequest } from '../core/client/index.js';
import type { World } from '../core/engine/world.js';
import { startRpcFacade, type RpcFacade } from '../core/sandbox/rpc/server.js';
import { startApi, type ApiFixture } from '../test/api/api-fixture.js';
import { fundedWallet } from '../test/helpers/launchpad.js';
import { plantListedCoin } from '../test/helpers/vault.js';
import { fmtMs, intFromEnv, median, printLatencyTable, printTable, type LatencyRow } from './lib/report.js';
import { sampleTogether, stage } from './lib/staged-samples.js';

/**
 * What launchdesk/client's verifyBuild (core/client/verify-build.ts) costs a bot per build, beside what a
 * bot does without it, measured in the same run against the real /v1 server (test/api/api-fixture.ts
 * `startApi`: a fresh in-memory sandbox, index and server on 127.0.0.1):
 *
 * - ours: verifyBuild({ kind: 'trade', body }, build, { chain, params, pins }) of an untouched 1 ZEC buy
 *   by a wallet without a coin account, (1) on the fixture's listed ZEC-paired coin's curve and (2) on a
 *   native-paired coin (its route, multi_hop_swap), each read
 *   - over JSON-RPC: RpcChain to the sandbox's own facade (startRpcFacade) on 127.0.0.1, as a bot reads
 *     its RPC (the sockets and JSON, not a real network's latency), and
 *   - in process: SandboxChain on the same cluster (no sockets: the check's own work and the reads'),
 *   first as a bot calling it alone (the world read afresh: the ZEC mint, then the five config accounts),
 *   then with `world` given, as the flows pass it (read moments before for the build);
 * - the peer: what a bot does without our library: kit's getTransactionDecoder + getCompiledTransactionMessageDecoder
 *   on the same transaction, signed (signTransaction), and every signature checked with getPublicKeyFromAddress +
 *   verifySignature (WebCrypto Ed25519). No chain read, no comparison with the request.
 *
 * Then one pass through a counting Chain wrapper says where verifyBuild's time goes: its round trips per
 * build by what they read (world, lookup table, blockhash, the market and rules), how many are waited
 * for in sequence, and what share of the wall time a read is in flight.
 *
 * Before timing: every verdict is ok with no difference, through both chains; the same build is refused
 * when the request asks for 1 base unit more (so the timed check compares, not just decodes); the peer
 * passes the signed copy and refuses it with one signature bit flipped, and reads the same fee payer and
 * blockhash as the verdict. Each round opens its own fixture (new addresses: derivation costs depend on
 * them). BENCH_N (default 2000) scales the samples, BENCH_ROUNDS (default 3) the rounds they are split into.
 */

export const title = "launchdesk/client verifyBuild per build (over JSON-RPC and in process) vs kit's decode + verifySignature";

const ZEC = 100_000_000n;
const MAX_N = 20_000;
const MAX_ROUNDS = 10;
/** Samples per venue over all rounds: BENCH_N divided by this (each sample runs all five operations). */
const SAMPLE_DIVISOR = 10;
/** verifyBuild calls per venue and chain through the counting wrapper, in round 1. */
const PROFILE_RUNS = 30;

const VENUES = ['curve buy (ZEC pair)', 'route buy (native pair)'] as const;
type Venue = (typeof VENUES)[number];
const OPS = ['rpc', 'rpc+world', 'local', 'local+world', 'peer'] as const;
type Op = (typeof OPS)[number];

// ---------------------------------------------------------------------------------------------------
// The fixture: the real server, the RPC facade, a trader, a native-paired coin, two builds
// ---------------------------------------------------------------------------------------------------

interface Case {
  readonly venue: Venue;
  readonly ask: BuildAsk;
  readonly build: BuildJson;
  /** The build's transaction signed by the trader (the peer's input). */
  readonly signed: Uint8Array;
}

interface Setup {
  readonly f: ApiFixture;
  readonly facade: RpcFacade;
  readonly rpc: RpcChain;
  readonly local: SandboxChain;
  readonly params: ParamsJson;
  readonly pins: Pins;
  readonly trader: KeyPairSigner;
  readonly cases: readonly Case[];
}

async function open(): Promise<Setup> {
  const f = await startApi();
  const facade = await startRpcFacade(f.sandbox, { port: 0 });
  const rpc = new RpcChain(facade.rpcUrl);
  // The fixture's server keeps time on its own clock: each call moves it past the rate-limit windows.
  const api = new V1Client({ baseUrl: f.base, fetch: (input, init) => ((f.clock += 61_000), fetch(input, init)) });
  const trader = await fundedWallet(f.sandbox, 100n * ZEC);
  const native = (await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' }, null, 'native')).mint;
  await f.indexed();
  const params = await api.params();
  const cases: Case[] = [];
  for (const [venue, mint] of [[VENUES[0], f.mint], [VENUES[1], native]] as const) {
    const body: TradeBuildRequest = { wallet: trader.address, mint, side: 'buy', amount: String(ZEC) };
    const build = await api.tradeBuild(body);
    const unsigned = getTransactionDecoder().decode(new Uint8Array(Buffer.from(build.transactions[0]!.transaction, 'base64'))) as Transaction;
    const signed = new Uint8Array(getTransactionEncoder().encode(await signTransaction([trader.keyPair], unsigned)));
    cases.push({ venue, ask: { kind: 'trade', body }, build, signed });
  }
  return { f, facade, rpc, local: new SandboxChain(f.sandbox.cluster), params, pins: pinsOfProfile(f.sandbox.profile), trader, cases };
}

async function close(s: Setup): Promise<void> {
  await s.rpc.close();
  await s.facade.close();
  await s.f.close();
}

// ---------------------------------------------------------------------------------------------------
// The peer: kit alone
// ---------------------------------------------------------------------------------------------------

const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();

/** Decodes the transaction and its message, and verifies every signature: the fee payer and blockhash when all verify, else null. */
async function kitPeer(wire: Uint8Array): Promise<{ feePayer: Address; blockhash: string } | null> {
  const tx = transactionDecoder.decode(wire);
  const message = messageDecoder.decode(tx.messageBytes);
  for (const [address, signature] of Object.entries(tx.signatures)) {
    if (!signature || !(await verifySignature(await getPublicKeyFromAddress(address as Address), signature as SignatureBytes, tx.messageBytes))) return null;
  }
  return { feePayer: message.staticAccounts[0]!, blockhash: message.lifetimeToken };
}

// ---------------------------------------------------------------------------------------------------
// Checks before timing
// ---------------------------------------------------------------------------------------------------

const verifyOn = (s: Setup, chain: Chain, c: Case, world?: World): Promise<BuildVerdict> =>
  verifyBuild(c.ask, c.build, { chain, params: s.params, pins: s.pins, ...(world ? { world } : {}) });

async function checkCase(s: Setup, c: Case, worlds: { rpc: World; local: World }): Promise<string> {
  const verdicts = [await verifyOn(s, s.rpc, c), await verifyOn(s, s.rpc, c, worlds.rpc), await verifyOn(s, s.local, c), await verifyOn(s, s.local, c, worlds.local)];
  for (const [i, verdict] of verdicts.entries()) {
    if (!verdict.ok || verdict.differences.length > 0) throw new Error(`${c.venue}: verdict ${OPS[i]} is not ok: ${verdict.differences.join('; ')}`);
  }
  const tx = verdicts[0]!.transactions[0]!;
  if (tx.feePayer !== s.trader.address) throw new Error(`${c.venue}: the verdict's fee payer is ${tx.feePayer}, not the trader`);
  if (verdicts.some((v) => JSON.stringify(v.transactions[0]!.instructions, (_k, v: unknown) => (v instanceof Uint8Array ? [...v] : v)) !== JSON.stringify(tx.instructions, (_k, v: unknown) => (v instanceof Uint8Array ? [...v] : v)))) {
    throw new Error(`${c.venue}: the chains resolve the transaction differently`);
  }
  // A request for one base unit more: the same build must be refused, through either chain.
  const body = c.ask.body as TradeBuildRequest;
  const other: Case = { ...c, ask: { kind: 'trade', body: { ...body, amount: String(BigInt(body.amount) + 1n) } } };
  for (const chain of [s.rpc, s.local]) {
    const refused = await verifyOn(s, chain, other);
    if (refused.ok) throw new Error(`${c.venue}: verifyBuild (${chain.kind}) passed the build for another amount`);
  }
  const peer = await kitPeer(c.signed);
  if (!peer || peer.feePayer !== s.trader.address || peer.blockhash !== tx.blockhash) throw new Error(`${c.venue}: the kit peer does not read the signed copy as the verdict does`);
  const tampered = Uint8Array.from(c.signed);
  tampered[1]! ^= 1; // the first signature's first byte
  if ((await kitPeer(tampered)) !== null) throw new Error(`${c.venue}: the kit peer passed a flipped signature bit`);
  return `${c.venue}: ${c.signed.length} bytes, ${tx.instructions.length} instructions`;
}

// ---------------------------------------------------------------------------------------------------
// The counting Chain wrapper
// ---------------------------------------------------------------------------------------------------

const CATEGORIES = ['world', 'lookup table', 'blockhash', 'market + rules'] as const;
type Category = (typeof CATEGORIES)[number];

/**
 * Wraps a Chain and records every call: its category (by what it reads), its duration, and the wall
 * time with at least one call in flight; `waits` counts the times a call starts with none in flight
 * (round trips waited for one after another: the length of the critical path in round trips).
 */
class ChainProbe {
  readonly calls: { category: Category; method: string; ms: number }[] = [];
  busyMs = 0;
  waits = 0;
  private inFlight = 0;
  private busySince = 0;

  constructor(
    private readonly worldAddresses: ReadonlySet<string>,
    private readonly lookupTable: string | null,
  ) {}

  reset(): void {
    this.calls.length = 0;
    this.busyMs = 0;
    this.waits = 0;
  }

  private categoryOf(method: string, args: readonly unknown[]): Category {
    if (method === 'getBlockHeight' || method === 'isBlockhashValid' || method === 'getLatestBlockhash') return 'blockhash';
    const first = args[0];
    const addresses = (Array.isArray(first) ? first : [first]) as string[];
    if (this.lookupTable !== null && addresses.includes(this.lookupTable)) return 'lookup table';
    if (addresses.every((a) => this.worldAddresses.has(a))) return 'world';
    return 'market + rules';
  }

  wrap(chain: Chain): Chain {
    return new Proxy(chain, {
      get: (target, key, receiver) => {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function' || typeof key !== 'string') return value;
        return (...args: unknown[]) => {
          const start = performance.now();
          if (this.inFlight++ === 0) {
            this.busySince = start;
            this.waits++;
          }
          const done = () => {
            const end = performance.now();
            this.calls.push({ category: this.categoryOf(key, args), method: key, ms: end - start });
            if (--this.inFlight === 0) this.busyMs += end - this.busySince;
          };
          let result: unknown;
          try {
            result = (value as (...a: unknown[]) => unknown).apply(target, args);
          } catch (error) {
            done();
            throw error;
          }
          if (!(result instanceof Promise)) {
            done();
            return result;
          }
          return result.finally(done);
        };
      },
    });
  }
}

/** Where the time goes per verifyBuild through one chain: per-call figures are medians over the runs. */
interface Profile {
  readonly totalMs: number[];
  readonly busyMs: number[];
  readonly waits: number[];
  readonly byCategory: Map<Category, { calls: number[]; ms: number[] }>;
  readonly methods: Map<string, number>;
}

async function profileOf(s: Setup, c: Case, chain: Chain, runs: number): Promise<Profile> {
  // The world's accounts are the ones clientWorld reads (the lookup table sits in readLookupTable's cache
  // of frozen tables from the server's first build: the server runs in this process).
  const seen = new Set<string>();
  await clientWorld(
    s.params,
    new Proxy(chain, {
      get: (target, key, receiver) => {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          const first = args[0];
          for (const a of Array.isArray(first) ? first : [first]) if (typeof a === 'string') seen.add(a);
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    }),
  );
  const probe = new ChainProbe(seen, s.params.lookupTable ?? null);
  const wrapped = probe.wrap(chain);
  const out: Profile = { totalMs: [], busyMs: [], waits: [], byCategory: new Map(CATEGORIES.map((k) => [k, { calls: [], ms: [] }])), methods: new Map() };
  for (let i = 0; i < runs + 5; i++) {
    probe.reset();
    const start = performance.now();
    const verdict = await verifyBuild(c.ask, c.build, { chain: wrapped, params: s.params, pins: s.pins });
    const total = performance.now() - start;
    if (!verdict.ok) throw new Error(`${c.venue}: the verdict through the counting wrapper is not ok: ${verdict.differences.join('; ')}`);
    if (i < 5) continue; // warm-up
    out.totalMs.push(total);
    out.busyMs.push(probe.busyMs);
    out.waits.push(probe.waits);
    for (const category of CATEGORIES) {
      const calls = probe.calls.filter((call) => call.category === category);
      out.byCategory.get(category)!.calls.push(calls.length);
      out.byCategory.get(category)!.ms.push(calls.reduce((sum, call) => sum + call.ms, 0));
    }
    if (i === 5) for (const call of probe.calls) out.methods.set(`${call.method} (${call.category})`, (out.methods.get(`${call.method} (${call.category})`) ?? 0) + 1);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Timing
// ---------------------------------------------------------------------------------------------------

class RoundSamples {
  private readonly byName = new Map<string, number[][]>();
  add(name: string, samples: readonly number[]): void {
    (this.byName.get(name) ?? this.byName.set(name, []).get(name)!).push([...samples]);
  }
  get(name: string): number[][] {
    const rounds = this.byName.get(name);
    if (!rounds) throw new Error(`no samples named ${name}`);
    return rounds;
  }
}

async function timeRound(s: Setup, count: number, into: RoundSamples): Promise<void> {
  // The world as the flows hold it: read through the same chain moments before.
  const worlds = { rpc: await clientWorld(s.params, s.rpc), local: await clientWorld(s.params, s.local) };
  for (const c of s.cases) {
    const ok = async (verdict: Promise<BuildVerdict>) => {
      if (!(await verdict).ok) throw new Error(`${c.venue}: a timed verdict was not ok`);
    };
    const runs: Record<Op, () => Promise<unknown>> = {
      rpc: () => ok(verifyOn(s, s.rpc, c)),
      'rpc+world': () => ok(verifyOn(s, s.rpc, c, worlds.rpc)),
      local: () => ok(verifyOn(s, s.local, c)),
      'local+world': () => ok(verifyOn(s, s.local, c, worlds.local)),
      peer: async () => {
        if ((await kitPeer(c.signed)) === null) throw new Error(`${c.venue}: the peer refused the signed copy`);
      },
    };
    const samples = await sampleTogether(OPS.map((op) => runs[op]), count);
    OPS.forEach((op, i) => into.add(`${c.venue}/${op}`, stage(samples[i]!, 'total')));
  }
}

function printProfiles(profiles: readonly { venue: Venue; chain: string; p: Profile }[]): void {
  console.log(`\nWhere verifyBuild's time goes (round 1, ${PROFILE_RUNS} calls each through a counting Chain wrapper, world not given; medians per call)`);
  const m = (values: readonly number[]) => median(values);
  printTable(
    ['venue / chain', 'total ms', 'round trips', 'in sequence', 'read in flight ms', 'share', ...CATEGORIES.map((k) => `${k} (calls, ms)`)],
    profiles.map(({ venue, chain, p }) => {
      const trips = CATEGORIES.reduce((sum, k) => sum + m(p.byCategory.get(k)!.calls), 0);
      return [
        `${venue} / ${chain}`,
        fmtMs(m(p.totalMs)),
        String(trips),
        String(m(p.waits)),
        fmtMs(m(p.busyMs)),
        `${Math.round((100 * m(p.busyMs)) / m(p.totalMs))}%`,
        ...CATEGORIES.map((k) => `${m(p.byCategory.get(k)!.calls)}, ${fmtMs(m(p.byCategory.get(k)!.ms))}`),
      ];
    }),
  );
  const methods = new Map<string, string[]>();
  for (const { venue, p } of profiles.filter((x) => x.chain === 'JSON-RPC')) methods.set(venue, [...p.methods].map(([name, n]) => `${n}x ${name}`));
  for (const [venue, list] of methods) console.log(`  ${venue}: ${list.join(', ')}`);
}

export async function run(): Promise<void> {
  const n = intFromEnv('BENCH_N', 2000, MAX_N);
  const rounds = intFromEnv('BENCH_ROUNDS', 3, MAX_ROUNDS);
  const count = Math.max(30, Math.floor(n / SAMPLE_DIVISOR / rounds));
  console.log(`(${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)} at the start)`);
  const samples = new RoundSamples();
  let checked: string[] = [];
  const profiles: { venue: Venue; chain: string; p: Profile }[] = [];
  const start = performance.now();
  for (let round = 0; round < rounds; round++) {
    const opened = performance.now();
    const s = await open();
    const setupMs = performance.now() - opened;
    try {
      const worlds = { rpc: await clientWorld(s.params, s.rpc), local: await clientWorld(s.params, s.local) };
      const notes: string[] = [];
      for (const c of s.cases) notes.push(await checkCase(s, c, worlds));
      if (round === 0) checked = notes;
      await timeRound(s, count, samples);
      if (round === 0) {
        for (const c of s.cases) {
          profiles.push({ venue: c.venue, chain: 'JSON-RPC', p: await profileOf(s, c, s.rpc, PROFILE_RUNS) });
          profiles.push({ venue: c.venue, chain: 'in process', p: await profileOf(s, c, s.local, PROFILE_RUNS) });
        }
      }
    } finally {
      await close(s);
    }
    console.log(`(round ${round + 1} of ${rounds} done at ${((performance.now() - start) / 1000).toFixed(1)} s; its fixture took ${(setupMs / 1000).toFixed(1)} s)`);
  }

  console.log(`\nverifyBuild of one untouched 1 ZEC buy vs kit decode + verifySignature of the same transaction signed (${rounds} rounds, each a fresh fixture; ${count} samples a round)`);
  const rows: (LatencyRow | string)[] = [];
  for (const venue of VENUES) {
    const peer = samples.get(`${venue}/peer`);
    rows.push(
      venue,
      { label: '  over JSON-RPC (RpcChain -> facade)', ours: samples.get(`${venue}/rpc`), peer },
      { label: '  over JSON-RPC, world given', ours: samples.get(`${venue}/rpc+world`), peer },
      { label: '  in process (SandboxChain)', ours: samples.get(`${venue}/local`), peer },
      { label: '  in process, world given', ours: samples.get(`${venue}/local+world`), peer },
    );
  }
  printLatencyTable(rows, 'kit', 99);
  printProfiles(profiles);
  const ms = (venue: Venue, op: Op) => median(samples.get(`${venue}/${op}`).flat());
  const profileOfRow = (venue: Venue, chain: string) => profiles.find((x) => x.venue === venue && x.chain === chain)!.p;
  const sequence = (venue: Venue) => median(profileOfRow(venue, 'JSON-RPC').waits);
  const localShare = VENUES.map((venue) => `${Math.round((100 * median(profileOfRow(venue, 'in process').busyMs)) / median(profileOfRow(venue, 'in process').totalMs))}%`).join(' / ');
  console.log(
    '\nverifyBuild decodes the transaction (kit decoders, as the peer does), then reads the chain, each read awaited before the ' +
      'next but for one pair: the world (the ZEC mint, then the five config accounts in one getMultipleAccounts; the frozen ' +
      "lookup table's contents come from readLookupTable's per-process cache); the block height beside the build's lookup table " +
      '(is it frozen, the one named), then isBlockhashValid; then the market for its own quote (curve: the curve account; route: ' +
      "the curve, then the hop-1 pool and its vaults). Given the world (as the flows pass it), the first two go: " +
      `${fmtMs(ms(VENUES[0], 'rpc') - ms(VENUES[0], 'rpc+world'))} ms (curve) and ${fmtMs(ms(VENUES[1], 'rpc') - ms(VENUES[1], 'rpc+world'))} ms (route) ` +
      'less over JSON-RPC. The JSON-RPC rows are loopback HTTP to the sandbox facade: on a real RPC each of the ' +
      `${sequence(VENUES[0])} (curve) / ${sequence(VENUES[1])} (route) round trips in sequence adds its latency. The rest is ` +
      `CPU in this process (the in-process rows, where a read is in flight ${localShare} of the wall time): a one-off CPU profile of that loop, not ` +
      "part of this bench, put most of it in address work, kit's base58 conversions (@solana/codecs-strings) and the PDA/ATA " +
      "derivations of the accounts it accepts (@solana/addresses: SHA-256 and the off-curve check), then the resolve and the " +
      'instruction-by-instruction shape check. The peer reads nothing and compares nothing with the request: it is only the ' +
      'wire decode and the Ed25519 check (getPublicKeyFromAddress + verifySignature) a bot makes anyway; verifyBuild verifies ' +
      "no signature (a build is answered unsigned). 'in sequence': round trips waited for one after another; 'read in flight': " +
      'wall time with at least one read pending; per-category ms add up each call (overlapping ones twice).',
  );
  console.log(`Checked before timing (round 1): ${checked.join('; ')}; every verdict ok through both chains (with and without world), the same build refused for 1 base unit more, the peer passes the signed copy, refuses a flipped signature bit and reads the verdict's fee payer and blockhash.`);
}

if (process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url) await run();
