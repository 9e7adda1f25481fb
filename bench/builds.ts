import { getPublicKeyFromAddress, getTransactionDecoder, getTransactionEncoder, lamports, signTransaction, verifySignature, type Address, type KeyPairSigner, type SignatureBytes, type Transaction } from '@solana/kit';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import type { Chain } from '../core/chain/chain.js';
import { SandboxChain } from '../core/chain/sandbox-chain.js';
import { LISTING_RULES } from '../core/config/listing-rules.js';
import type { Build } from '../core/engine/build.js';
import { buildTrade, quoteRequest, tradeInstructions, type TradeRequest } from '../core/engine/trade.js';
import { compileUnsigned, MEASURE_COMPUTE_UNITS, type UnsignedTransaction } from '../core/engine/transaction.js';
import { readWorld } from '../core/engine/world.js';
import { migrateV2Instruction } from '../core/programs/launchpad/instructions/migrate-v2.js';
import { Relay } from '../core/relay/relay.js';
import type { LedgerBuild } from '../core/relay/store/build-ledger.js';
import { SqliteBuildLedger } from '../core/relay/store/sqlite-build-ledger.js';
import type { NativeSvm } from '../core/sandbox/native-svm.js';
import { Sandbox } from '../core/sandbox/sandbox.js';
import { resolveTransaction, type ResolvedTransaction } from '../core/verify/message.js';
import { COMPUTE_BUDGET_PROGRAM, differenceFromBuilt, signatureProblem, type WalletAdditionRules } from '../core/verify/signed-build.js';
import { buyOutCurve, fundedWallet, plantCoin, programsOf, send } from '../test/helpers/launchpad.js';
import { web3 } from '../test/helpers/pump-sdk.js';
import { plantListedCoin } from '../test/helpers/vault.js';
import { pumpSdkCurveBuy, pumpSwapSdkPoolBuy, web3V0Compiler } from './lib/pump-sdk-buys.js';
import { between, sampleTogether, stage, type Staged } from './lib/staged-samples.js';
import { fmtInt, fmtMs, intFromEnv, median, percentile, printLatencyTable, printTable, type LatencyRow } from './lib/report.js';
import { recordSummary, TARGETS } from './lib/summary.js';

/**
 * How long a trade build takes, and how long the relay takes to check one signed transaction, in a
 * fresh in-memory sandbox (`Sandbox.open({ dataDir: null, slotMs: 0 })`) through the `Chain` the engine
 * uses (SandboxChain: in process, no sockets), each beside the nearest peer measured in the same run.
 *
 * 1. Trade builds, a 3 ZEC buy by a wallet without a coin account, on a planted ZEC-paired coin's curve,
 *    on a migrated coin's pool, and on a native-paired coin (a route). Ours, in two scopes:
 *    (a) without simulation: readWorld + quoteRequest + tradeInstructions + getLatestBlockhash +
 *        compileUnsigned (v0, the cluster's lookup table, compute limit 1.4M as the first simulation uses);
 *    (b) with simulation: readWorld + buildTrade, as POST /v1/trade/build does (one simulation, at the
 *        1.4M limit, measures the compute units; the final transaction's answer is derived from it, see
 *        core/engine/simulate.ts), beside one raw LiteSVM simulateVersionedTransaction of the build's own
 *        final transaction (signatures unchecked, as the build simulates), alternating. (Builds used to
 *        simulate twice: to measure, then the final transaction again; test/engine/simulate-once.test.ts
 *        checks the one simulation answers exactly what the second did.)
 *    The peer is the official SDK's own buy path, fed the same sandbox accounts its online half would
 *    fetch over RPC (converted to web3.js AccountInfo, decoded by the SDK's decoders):
 *    - curve: @pump-fun/pump-sdk 2.0.0: decodeGlobal + decodeFeeConfig (fetchGlobal/fetchFeeConfig),
 *      the curve, the user's coin account and the quote mint (fetchBuyState), decodeBondingCurve,
 *      getBuyTokenAmountFromSolAmount for the 3 ZEC, buyV2Instructions (ATA create + buy_v2, 1% slippage);
 *    - pool: @pump-fun/pump-swap-sdk 1.20.0: swapSolanaState gathered offline (test/helpers/pump-sdk.ts)
 *      and PUMP_AMM_SDK.buyQuoteInput (its quote and its instructions); both in bench/lib/pump-sdk-buys.ts;
 *    - then, as a second peer row, the same instructions compiled by web3.js into a v0 transaction with
 *      the same compute budget and lookup table (TransactionMessage.compileToV0Message, serialize).
 *    The SDKs never simulate: (b)'s peer is the raw simulation. The route has no peer (pump has no route instruction).
 * 2. The relay's check of one signed transaction (Relay.check: resolve the built and the signed
 *    transaction, compare, verify every Ed25519 signature), nothing sent; beside verification alone:
 *    kit's decoder + verifySignature (the WebCrypto Ed25519 Relay.check uses), and web3.js's
 *    VersionedTransaction.deserialize + @noble/curves ed25519.verify (the copy web3.js signs with).
 *
 * Every timing is one operation awaited alone; ours and the peer alternate, after an untimed warm-up. Before
 * each sample a faucet transfer lands (untimed), as trades land between a trader's builds in a live market:
 * the chain's state mark moves, so a build reads its world and the coin's market afresh (core/engine/world.ts,
 * market.ts keep them only while the state stands still). A last row per venue times (b) with nothing landing
 * between builds, as a bot's builds within one slot run.
 * Tables show the median and p95 in ms over every sample, and the spread of the ratio between rounds:
 * each round opens its own sandbox with new coins and a new trader, because both sides derive a dozen or
 * more addresses per build and a derivation's cost (its bump search) depends on the addresses, which
 * genesis draws anew. Every build and peer is checked before it is timed (see checkBuilds, checkRound).
 * BENCH_N (default 2000) scales the sample counts, BENCH_ROUNDS (default 3) the rounds they are split into.
 */

export const title = 'trade build latency (without and with simulation) vs the pump SDKs; relay check per signed transaction';

const ZEC = 100_000_000n;
const SPEND = 3n * ZEC;
const MAX_N = 20_000;
const MAX_ROUNDS = 10;
/** Samples per measurement over all rounds: BENCH_N divided by these. */
const PLAIN_BUILD_DIVISOR = 6;
const SIMULATED_BUILD_DIVISOR = 20;
const CHECK_DIVISOR = 4;

const require = createRequire(import.meta.url);
/** The Ed25519 web3.js itself signs and verifies with: its own dependency, resolved from where it sits. */
const { ed25519 } = createRequire(require.resolve('@solana/web3.js'))('@noble/curves/ed25519') as {
  ed25519: { verify(signature: Uint8Array, message: Uint8Array, publicKey: Uint8Array): boolean };
};

// ---------------------------------------------------------------------------------------------------
// The sandbox: three coins and a trader
// ---------------------------------------------------------------------------------------------------

interface Setup {
  readonly sandbox: Sandbox;
  readonly chain: Chain;
  readonly trader: KeyPairSigner;
  readonly curveCoin: Address;
  readonly poolCoin: Address;
  readonly nativeCoin: Address;
  /** A wallet the faucet pays a little before each sample: a transaction landing between builds. */
  readonly bystander: Address;
}

async function open(): Promise<Setup> {
  const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
  const chain = new SandboxChain(sandbox.cluster);
  const curveCoin = (await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' })).mint;
  const nativeCoin = (await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' }, null, 'native')).mint;

  // A coin bought to completion and migrated into its canonical pool (as test/programs/migration does).
  const whale = await fundedWallet(sandbox, 2_000n * ZEC);
  const planted = await plantCoin(sandbox, whale);
  if (planted.err !== null) throw new Error(`planting the pool coin failed: ${JSON.stringify(planted.err)}`);
  const bought = await buyOutCurve(sandbox, whale, planted.coin);
  if (bought.err !== null) throw new Error(`buying out the curve failed: ${JSON.stringify(bought.err)}`);
  const { programs, mints, accounts } = sandbox.profile;
  const migrated = await send(sandbox, whale, [
    await migrateV2Instruction({
      launchpad: programsOf(sandbox).launchpad,
      amm: programs['amm']!,
      mint: planted.coin.mint,
      quoteMint: mints.zec.address,
      quoteTokenProgram: mints.zec.tokenProgram,
      user: whale.address,
      withdrawAuthority: accounts['launchpadAuthority']!,
    }),
  ]);
  if (migrated.err !== null) throw new Error(`migrating the pool coin failed: ${JSON.stringify(migrated.err)}\n${migrated.logs.join('\n')}`);
  sandbox.cluster.advanceSlots(1);
  const bystander = (await fundedWallet(sandbox, ZEC)).address;
  return { sandbox, chain, trader: await fundedWallet(sandbox, 10_000n * ZEC), curveCoin, poolCoin: planted.coin.mint, nativeCoin, bystander };
}

// ---------------------------------------------------------------------------------------------------
// Part 1: trade builds
// ---------------------------------------------------------------------------------------------------

const buyOf = (s: Setup, mint: Address): TradeRequest => ({ wallet: s.trader.address, mint, side: 'buy', amount: SPEND, slippageBps: null });

/** Ours without simulation: the build's own steps up to the unsigned v0 transaction. */
function oursPlain(s: Setup, request: TradeRequest): Staged {
  return async (lap) => {
    const world = await readWorld(s.chain, s.sandbox.profile);
    lap('world');
    const { market, quote } = await quoteRequest(s.chain, world, request);
    lap('quote');
    const instructions = await tradeInstructions(world, market, request.wallet, quote, false);
    lap('instructions');
    const lifetime = await s.chain.getLatestBlockhash('confirmed');
    return compileUnsigned(world, { feePayer: request.wallet, instructions, lifetime, computeUnitLimit: MEASURE_COMPUTE_UNITS });
  };
}

/**
 * One raw LiteSVM simulation of a transaction (the sandbox's own SVM, signatures unchecked as the build
 * simulates): what a build with simulation is set beside.
 */
function rawSimulate(s: Setup, wire: Uint8Array): Staged {
  const native = (s.sandbox.cluster as unknown as { native: NativeSvm }).native;
  return async () => {
    native.setSigverify(false);
    try {
      const result = native.simulateVersionedTransaction(wire);
      if (typeof result.err === 'function') throw new Error('the raw simulation of the build failed');
      return result;
    } finally {
      native.setSigverify(true);
    }
  };
}

/** Ours with simulation: what POST /v1/trade/build runs. */
function oursSimulated(s: Setup, request: TradeRequest): Staged {
  return async () => buildTrade(s.chain, request, await readWorld(s.chain, s.sandbox.profile));
}

const hexOf = (value: unknown) => JSON.stringify(value, (_key, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v));

/**
 * Before timing: our plain compile is the simulated build's transaction but for the compute limit; the
 * peer's transaction opens the same coin account first and simulates successfully in the sandbox (the
 * peer builds a trade that works, not a cheaper broken one). Answers what was checked, in words.
 */
async function checkBuilds(s: Setup, venue: string, ours: Staged, simulated: Build, peer: Staged | null): Promise<string> {
  const world = await readWorld(s.chain, s.sandbox.profile);
  const tables = new Map<Address, readonly Address[]>(world.lookupTable ? [[world.lookupTable.address, world.lookupTable.addresses]] : []);
  const plain = (await ours(() => {})) as UnsignedTransaction;
  const mine = resolveTransaction(plain.wire, tables);
  const anyPriority: WalletAdditionRules = { maxPriorityLamports: 10n ** 15n, assertionPrograms: [] };
  const difference = differenceFromBuilt(resolveTransaction(simulated.transactions[0]!.wire, tables), mine, anyPriority);
  if (difference !== null) throw new Error(`${venue}: the plain compile differs from the simulated build: ${difference}`);
  if (peer === null) return `${venue}: ours ${plain.wire.length} bytes`;
  const wire = (await peer(() => {})) as Uint8Array;
  const theirs = resolveTransaction(wire, tables);
  const opening = (tx: ResolvedTransaction) => hexOf(tx.instructions.find((ix) => ix.program !== COMPUTE_BUDGET_PROGRAM));
  if (opening(mine) !== opening(theirs)) throw new Error(`${venue}: the SDK's first instruction is not our coin-account opening`);
  const simulation = await s.chain.simulate(wire, { sigVerify: false });
  if (simulation.err !== null) throw new Error(`${venue}: the SDK's transaction fails in the sandbox: ${JSON.stringify(simulation.err)}\n${simulation.logs.join('\n')}`);
  return `${venue}: ours ${plain.wire.length} bytes, SDK ${wire.length} bytes and simulates in the sandbox (${fmtInt(Number(simulation.unitsConsumed))} CU)`;
}

/** Every measurement's samples, one array per round, by name. */
class RoundSamples {
  private readonly byName = new Map<string, number[][]>();

  add(name: string, samples: readonly number[]): void {
    const rounds = this.byName.get(name) ?? this.byName.set(name, []).get(name)!;
    rounds.push([...samples]);
  }

  get(name: string): number[][] {
    const rounds = this.byName.get(name);
    if (!rounds) throw new Error(`no samples named ${name}`);
    return rounds;
  }

  /** The median of every sample of every round. */
  median(name: string): number {
    return median(this.get(name).flat());
  }
}

interface Counts {
  readonly plain: number;
  readonly simulated: number;
  readonly check: number;
}

const VENUES = ['curve buy (ZEC pair)', 'pool buy (migrated coin)', 'route buy (native pair)'] as const;
const PEERS = ['vs pump-sdk', 'vs pump-swap-sdk', '(no peer)'] as const;

/** One round of part 1 in its own sandbox; answers the curve buy's build (for part 2) and what was checked. */
async function buildRound(s: Setup, counts: Counts, into: RoundSamples): Promise<{ curveBuild: Build; checked: string[] }> {
  const world = await readWorld(s.chain, s.sandbox.profile);
  const pool = (await quoteRequest(s.chain, world, buyOf(s, s.poolCoin))).market.pool;
  if (!pool) throw new Error('the migrated coin has no pool');
  const compile = web3V0Compiler(s.sandbox);
  const venues = [
    { request: buyOf(s, s.curveCoin), peer: pumpSdkCurveBuy(s.sandbox, s.trader.address, s.curveCoin, SPEND, compile) },
    { request: buyOf(s, s.poolCoin), peer: pumpSwapSdkPoolBuy(s.sandbox, s.trader.address, pool.address, SPEND, compile) },
    { request: buyOf(s, s.nativeCoin), peer: null },
  ];
  const checked: string[] = [];
  const moveState = async () => {
    await s.sandbox.faucet.sol(s.bystander, lamports(1_000n));
  };
  let curveBuild: Build | null = null;
  const finalWires: Uint8Array[] = [];
  for (const [i, v] of venues.entries()) {
    const simulated = await buildTrade(s.chain, v.request, world);
    curveBuild ??= simulated;
    finalWires.push(simulated.transactions[0]!.wire);
    checked.push(await checkBuilds(s, VENUES[i]!, oursPlain(s, v.request), simulated, v.peer));
  }
  for (const [i, v] of venues.entries()) {
    const name = VENUES[i]!;
    // Plain builds and the peer alternate; the simulated builds are fewer, alternating with a raw simulation.
    // A transaction lands before every sample, as trades land between a trader's builds in a live market: the
    // state has moved, so nothing a build read before (the world, the coin's market) is answered again.
    const [plain, peer] = await sampleTogether(v.peer ? [oursPlain(s, v.request), v.peer] : [oursPlain(s, v.request)], counts.plain, moveState);
    const [simulated, raw] = await sampleTogether([oursSimulated(s, v.request), rawSimulate(s, finalWires[i]!)], counts.simulated, moveState);
    // And with nothing landing between builds (a bot's builds within one slot): what the build read last is answered again.
    const [still] = await sampleTogether([oursSimulated(s, v.request)], Math.max(50, Math.floor(counts.simulated / 2)));
    into.add(`${name}/ours/simulatedStill`, stage(still!, 'total'));
    into.add(`${name}/raw/simulate`, stage(raw!, 'total'));
    into.add(`${name}/ours/instructions`, stage(plain!, 'instructions'));
    into.add(`${name}/ours/total`, stage(plain!, 'total'));
    into.add(`${name}/ours/simulated`, stage(simulated!, 'total'));
    if (peer) {
      into.add(`${name}/peer/instructions`, stage(peer, 'instructions'));
      into.add(`${name}/peer/total`, stage(peer, 'total'));
    }
    into.add(`${name}/stage/readWorld`, between(plain!, null, 'world'));
    into.add(`${name}/stage/quoteRequest`, between(plain!, 'world', 'quote'));
    into.add(`${name}/stage/tradeInstructions`, between(plain!, 'quote', 'instructions'));
    into.add(`${name}/stage/compile`, between(plain!, 'instructions', 'total'));
  }
  return { curveBuild: curveBuild!, checked };
}

function printBuilds(counts: Counts, rounds: number, samples: RoundSamples, checked: readonly string[]): void {
  const rows: (LatencyRow | string)[] = [];
  for (const [i, name] of VENUES.entries()) {
    const peer = (what: string) => (i < 2 ? samples.get(`${name}/peer/${what}`) : null);
    rows.push(
      `${name} ${PEERS[i]!}`,
      { label: '  read + quote + instructions', ours: samples.get(`${name}/ours/instructions`), peer: peer('instructions') },
      { label: '  (a) ... + blockhash + v0 compile', ours: samples.get(`${name}/ours/total`), peer: peer('total') },
      { label: '  (b) readWorld + buildTrade vs 1 raw simulate', ours: samples.get(`${name}/ours/simulated`), peer: samples.get(`${name}/raw/simulate`) },
      { label: '  (b), nothing landed since the last build', ours: samples.get(`${name}/ours/simulatedStill`), peer: null },
    );
  }
  console.log(
    `\n1. Trade build latency, a ${SPEND / ZEC} ZEC buy by a wallet without a coin account (${rounds} rounds, each a fresh sandbox, ` +
      `coins and wallet; ${fmtInt(counts.plain)} samples a round without simulation, ${fmtInt(counts.simulated)} with)`,
  );
  printLatencyTable(rows, 'SDK');
  const medianOf = (key: string) => median(samples.get(key).flat());
  const timeRow = (ours: string, peer: string) => ({ ours: `${fmtMs(medianOf(ours))} ms`, peer: `${fmtMs(medianOf(peer))} ms`, ratio: medianOf(ours) / medianOf(peer) });
  recordSummary(TARGETS.curveBuild, timeRow(`${VENUES[0]}/ours/instructions`, `${VENUES[0]}/peer/instructions`));
  recordSummary(TARGETS.poolBuild, timeRow(`${VENUES[1]}/ours/instructions`, `${VENUES[1]}/peer/instructions`));
  // The venue furthest from its raw simulate stands for all.
  const simulated = VENUES.map((name) => timeRow(`${name}/ours/simulated`, `${name}/raw/simulate`)).reduce((a, b) => (b.ratio > a.ratio ? b : a));
  recordSummary(TARGETS.buildSimulated, simulated);
  console.log('\nWhere our time goes (median of each stage over all rounds, ms; simulation = median (b) - median (a))');
  printTable(
    ['venue', 'readWorld', 'quoteRequest', 'tradeInstructions', 'blockhash + compileUnsigned', 'simulation'],
    VENUES.map((name) => [
      name,
      ...['readWorld', 'quoteRequest', 'tradeInstructions', 'compile'].map((part) => fmtMs(samples.median(`${name}/stage/${part}`))),
      fmtMs(samples.median(`${name}/ours/simulated`) - samples.median(`${name}/ours/total`)),
    ]),
  );
  console.log(
    'Peers, fed the sandbox accounts their online halves fetch over RPC (as web3.js AccountInfo), no network: curve, @pump-fun/pump-sdk ' +
      '2.0.0: decodeGlobal + decodeFeeConfig (fetchGlobal, fetchFeeConfig), the curve, coin account and quote mint as fetchBuyState ' +
      'reads them + decodeBondingCurve, getBuyTokenAmountFromSolAmount (mintSupply: Global token total supply), buyV2Instructions ' +
      '(ATA create + buy_v2, max cost spend + 1%); pool, @pump-fun/pump-swap-sdk 1.20.0: swapSolanaState gathered offline ' +
      '(GlobalConfig, FeeConfig, pool, vaults, mint decoded; test/helpers/pump-sdk.ts) + PUMP_AMM_SDK.buyQuoteInput (quote and ' +
      'instructions). The SDKs stop at instructions: no v0 compile, no simulation. The "(a)" peer rows add web3.js ' +
      'TransactionMessage.compileToV0Message + VersionedTransaction.serialize (same compute budget, same lookup table, decoded once up ' +
      'front as ours is cached). (b) is set beside no SDK but one raw LiteSVM simulateVersionedTransaction of the build\'s own final transaction (sigverify off), alternating with the builds: what a build with simulation cannot go below. Their buys are exact-out with a max cost (buy_v2, AMM buy), ours exact-in ' +
      '(buy_exact_quote_in_v2, AMM buy_exact_quote_in, multi_hop_swap). Neither side signs or sends. Both derive a dozen or more ' +
      'addresses per build (PDAs, token accounts); the bump searches depend on the addresses, which are new every round (genesis ' +
      'included), hence the rounds.',
  );
  console.log(`Checked before timing (round 1): ${checked.join('; ')}; each plain compile equals its simulated build but for the compute limit.`);
}

// ---------------------------------------------------------------------------------------------------
// Part 2: the relay's check of a signed transaction
// ---------------------------------------------------------------------------------------------------

const CHECK_PARTS = ['Relay.check', 'kit', 'web3.js', 'resolve', 'compare', 'signatures'] as const;

async function checkRound(s: Setup, build: Build, count: number, into: RoundSamples): Promise<number> {
  const ledger = SqliteBuildLedger.open(':memory:');
  try {
    const relay = new Relay(s.chain, ledger, s.sandbox.profile);
    ledger.record(build);
    const recorded: LedgerBuild = ledger.get(build.id)!;
    const built = recorded.transactions[0]!;
    const unsigned = getTransactionDecoder().decode(built.wire) as Transaction;
    const signed = new Uint8Array(getTransactionEncoder().encode(await signTransaction([s.trader.keyPair], unsigned)));
    const tampered = Uint8Array.from(signed);
    tampered[1]! ^= 1; // the first signature's first byte

    const kitVerify = async (wire: Uint8Array) => {
      const tx = getTransactionDecoder().decode(wire);
      for (const [address, signature] of Object.entries(tx.signatures)) {
        if (!signature || !(await verifySignature(await getPublicKeyFromAddress(address as Address), signature as SignatureBytes, tx.messageBytes))) return false;
      }
      return true;
    };
    const web3Verify = async (wire: Uint8Array) => {
      const tx = web3.VersionedTransaction.deserialize(wire);
      const message = tx.message.serialize();
      const keys = tx.message.staticAccountKeys;
      return tx.signatures.every((signature, i) => ed25519.verify(signature, message, keys[i]!.toBytes()));
    };
    const tables = new Map([[built.lookupTables[0]!, (await readWorld(s.chain, s.sandbox.profile)).lookupTable!.addresses]]);
    const rules: WalletAdditionRules = { maxPriorityLamports: LISTING_RULES.maxPriorityLamports, assertionPrograms: s.sandbox.profile.balanceAssertionPrograms ?? [] };

    // Before timing: every verifier passes the signed transaction and fails the tampered one.
    await relay.check(recorded, 0, signed);
    if (!(await relay.check(recorded, 0, tampered).then(() => false, () => true))) throw new Error('Relay.check passed a tampered signature');
    if (!(await kitVerify(signed)) || (await kitVerify(tampered))) throw new Error('the kit peer does not verify as it should');
    if (!(await web3Verify(signed)) || (await web3Verify(tampered))) throw new Error('the web3.js peer does not verify as it should');

    const samples = await sampleTogether(
      [
        async () => relay.check(recorded, 0, signed),
        async () => kitVerify(signed),
        async () => web3Verify(signed),
        async () => [resolveTransaction(built.wire, tables), resolveTransaction(signed, tables)],
        async () => differenceFromBuilt(resolveTransaction(built.wire, tables), resolveTransaction(signed, tables), rules),
        async () => signatureProblem(resolveTransaction(signed, tables)),
      ],
      count,
    );
    CHECK_PARTS.forEach((name, i) => into.add(`check/${name}`, stage(samples[i]!, 'total')));
    return signed.length;
  } finally {
    ledger.close();
  }
}

function printChecks(count: number, rounds: number, sizes: readonly number[], samples: RoundSamples): void {
  console.log(
    `\n2. Relay check of one signed transaction (the curve buy: ${[...new Set(sizes)].join(' / ')} bytes, 1 signer, lookup table; ` +
      `${rounds} rounds of ${fmtInt(count)} samples)`,
  );
  const check = samples.get('check/Relay.check');
  printLatencyTable(
    [
      { label: 'Relay.check vs kit: decode + verifySignature', ours: check, peer: samples.get('check/kit') },
      { label: 'Relay.check vs web3.js: deserialize + noble ed25519.verify', ours: check, peer: samples.get('check/web3.js') },
    ],
    'peer',
  );
  const kit = samples.get('check/kit').flat();
  recordSummary(TARGETS.relayCheck, { ours: `${fmtMs(median(check.flat()))} ms`, peer: `${fmtMs(median(kit))} ms`, ratio: median(check.flat()) / median(kit) });
  console.log('\nParts of Relay.check, each timed alone (ms, all rounds)');
  const part = (label: string, name: string) => {
    const values = samples.get(`check/${name}`).flat();
    return [label, fmtMs(median(values)), fmtMs(percentile(values, 95))];
  };
  printTable(
    ['part', 'median ms', 'p95'],
    [
      part('resolveTransaction x2 (built + signed)', 'resolve'),
      part('resolveTransaction x2 + differenceFromBuilt', 'compare'),
      part('resolveTransaction + signatureProblem', 'signatures'),
    ],
  );
  console.log(
    'Relay.check: the lookup table from memory (frozen, read once), the built and the signed transaction decoded and resolved ' +
      '(kit decoders), compared instruction by instruction, then every signature verified (kit: address -> CryptoKey import, ' +
      'WebCrypto Ed25519). The peers only verify: kit decodes and verifies each signature the same way; web3.js deserializes, ' +
      're-serializes the message and verifies with @noble/curves (pure JS). Neither compares anything with a build, so the ratio is ' +
      "what the relay's comparison adds on top of bare verification. Checked before timing: all three pass the signed transaction " +
      'and refuse it with one signature bit flipped.',
  );
}

export async function run(): Promise<void> {
  const n = intFromEnv('BENCH_N', 2000, MAX_N);
  const rounds = intFromEnv('BENCH_ROUNDS', 3, MAX_ROUNDS);
  const counts: Counts = {
    plain: Math.max(20, Math.floor(n / PLAIN_BUILD_DIVISOR / rounds)),
    simulated: Math.max(10, Math.floor(n / SIMULATED_BUILD_DIVISOR / rounds)),
    check: Math.max(50, Math.floor(n / CHECK_DIVISOR / rounds)),
  };
  // Other work on the machine widens the p95s first: say how busy it was.
  console.log(`(${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(1)} at the start)`);
  const samples = new RoundSamples();
  let checked: string[] = [];
  const sizes: number[] = [];
  const start = performance.now();
  for (let round = 0; round < rounds; round++) {
    const s = await open();
    try {
      const { curveBuild, checked: notes } = await buildRound(s, counts, samples);
      if (round === 0) checked = notes;
      sizes.push(await checkRound(s, curveBuild, counts.check, samples));
    } finally {
      s.sandbox.close();
    }
    console.log(`(round ${round + 1} of ${rounds} done at ${((performance.now() - start) / 1000).toFixed(1)} s)`);
  }
  printBuilds(counts, rounds, samples, checked);
  printChecks(counts.check, rounds, sizes, samples);
}

if (process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url) await run();
