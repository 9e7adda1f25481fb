import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getAddressDecoder, getAddressEncoder, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token';
import { resourcePath } from '../core/config/resources.js';
import { largestQuoteWithinBudget, poolFeeRates, totalPoolFeeBps, type PoolFeeRates } from '../core/math/pool-fees.js';
import { deposit } from '../core/math/pool-lp.js';
import { buyExactBase, buyExactQuoteIn, poolReserves, sellExactBase, type PoolReserves } from '../core/math/pool.js';
import { quoteUnits } from '../core/math/quote-units.js';
import { tokenUnits } from '../core/math/units.js';
import { aggregatorSwapInstruction, type AggregatorRoute } from '../core/programs/aggregator/swap.js';
import { findEventAuthority } from '../core/programs/anchor/event-authority.js';
import { ammBuyExactQuoteInInstruction } from '../core/programs/amm/instructions/buy-exact-quote-in.js';
import { ammBuyInstruction } from '../core/programs/amm/instructions/buy.js';
import { ammDepositInstruction, type AmmDepositInput } from '../core/programs/amm/instructions/deposit.js';
import { ammSellInstruction } from '../core/programs/amm/instructions/sell.js';
import type { AmmTradeParties } from '../core/programs/amm/instructions/trade-accounts.js';
import { findAmmFeeConfig, findCoinCreatorVaultAta, findCoinCreatorVaultAuthority, findGlobalConfig, findLpTokenAccount, findPool, findPumpPoolAuthority } from '../core/programs/amm/pdas.js';
import { decodePool } from '../core/programs/amm/pool.js';
import { migrateV2Instruction } from '../core/programs/launchpad/instructions/migrate-v2.js';
import { findAssociatedTokenAccount } from '../core/programs/launchpad/pdas.js';
import { AMM_FEES } from '../core/sandbox/genesis/amm.js';
import { CURVE_SHAPE } from '../core/sandbox/genesis/launchpad.js';
import { Sandbox } from '../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../core/sandbox/token-balances.js';
import { benchSettings, fmtInt, median, printRatioTable, printTable, seededAmounts, spread, timeSync, type Settings } from './lib/report.js';
import { recordSummary, slowestRow, TARGETS } from './lib/summary.js';
import { CuProbe, type Measured } from './lib/cu-probe.js';
import { curveOf, fundedWallet, plantCoin, programsOf, send, tokenBalance, buyOutCurve } from '../test/helpers/launchpad.js';
import { nativePoolParties } from '../test/helpers/amm.js';

/**
 * The AMM program (`pump_amm` interface) and its client code, in three parts, each set beside the
 * official @pump-fun/pump-swap-sdk 1.20.0 (the AMM half of @pump-fun/pump-sdk 2.0.0) where it has a
 * counterpart:
 *
 * 1. Compute units our SBF AMM program spends per instruction, in an in-memory sandbox (the program at
 *    the live pump AMM address): buy, buy_exact_quote_in, sell and deposit on the genesis native-coin/ZEC
 *    pool (no coin creator) and on a freshly migrated coin's canonical pool (coin creator fee 2.00%),
 *    create_pool as migrate_v2 runs it by CPI (and migrate_v2 whole), and the aggregator's sol_to_zec and
 *    zec_to_sol (whole, and the AMM trade each runs by CPI) on the WSOL/ZEC pool. Each is sent alone after
 *    one SetComputeUnitLimit(1.4M) instruction; the CU of that instruction (measured on a transaction
 *    holding only it) is taken off the transaction's `computeUnitsConsumed`, and the remainder is checked
 *    against the program's own top-level "consumed" log line; a CPI's CU is the callee's "consumed" line
 *    at depth 2. Every trade is checked to have moved the pool exactly as core/math/pool says. Each
 *    repetition opens a sandbox of its own (fresh genesis keys, so the genesis pools move too), with fresh
 *    wallets and a fresh coin: PDA bump searches inside the programs differ by address.
 * 2. Quotes: core/math/pool against the SDK's buyBaseInput / buyQuoteInput / sellBaseInput on the
 *    migrated pool's state as part 1 left it, the SDK reading the sandbox's own GlobalConfig, Pool and
 *    mint (decoded by the SDK; FeeConfig too for one row), over a fixed set of amounts, answers checked first.
 * 3. Building buy / sell instructions for one trade on that pool: ours (kit, PDAs derived
 *    asynchronously and memoised) against the SDK's offline builders (PUMP_AMM_SDK.buyInstructions /
 *    sellInstructions over the swap state it would fetch, assembled offline from the sandbox's accounts),
 *    checked to be byte for byte the same.
 *
 * BENCH_N (default 2000) scales the operation counts of parts 2 and 3; BENCH_ROUNDS (default 3) rounds
 * (part 1 runs CU_ROUNDS_PER_ROUND sandboxes per round).
 */

export const title = 'AMM compute units in the sandbox; pool quotes and trade instructions vs @pump-fun/pump-swap-sdk';

const MAX_N = 20_000;
const MAX_ROUNDS = 10;
const ZEC = 100_000_000n;
const SOL = 1_000_000_000n;
const NATIVE = 1_000_000n;
const CU_BUDGET = 1_400_000n;
const CU_DEFAULT_PER_INSTRUCTION = 200_000n;
/** Quotes per function and round in part 2: BENCH_N times this (the SDK's side divided by a pair's own divisor). */
const QUOTE_OPS_PER_N = 10;
/** Builds per builder and round in part 3: BENCH_N divided by this. */
const BUILD_OPS_DIVISOR = 20;
/** Part 1 repetitions per round: each a fresh sandbox (~0.2 s to open), native-pool trader, coin migrated and aggregator user. */
const CU_ROUNDS_PER_ROUND = 5;
/** How many distinct amounts the quote loops cycle through. */
const AMOUNT_SET = 1024;
const SDK_VERSION = '1.20.0';

/** The genesis pools have no coin creator: no creator fee. */
const NO_CREATOR_RATES = poolFeeRates({ lpBps: AMM_FEES.lpBps, protocolBps: AMM_FEES.protocolBps, creatorBps: 0n });
/** A migrated coin's pool keeps the coin's creator rate (the sandbox's coins: 2.00%). */
const COIN_CREATOR_BPS = 200n;
const COIN_RATES = poolFeeRates({ lpBps: AMM_FEES.lpBps, protocolBps: AMM_FEES.protocolBps, creatorBps: COIN_CREATOR_BPS });

// ---------------------------------------------------------------------------------------------------
// Part 1: compute units in the sandbox
// ---------------------------------------------------------------------------------------------------

/** A row of part 1's table: its key, what is shown, and whether it is a CPI inside the row above it. */
const CU_SECTIONS = [
  {
    title: 'native coin/ZEC pool (genesis; no coin creator)',
    rows: [
      ['native: buy', 'buy'],
      ['native: buy_exact_quote_in/0', 'buy_exact_quote_in (budget: first guess fits)'],
      ['native: buy_exact_quote_in/1', 'buy_exact_quote_in (budget lowered once)'],
      ['native: sell', 'sell'],
      ['native: deposit', 'deposit'],
    ],
  },
  {
    title: "a migrated coin's canonical pool (coin creator fee 2.00%)",
    rows: [
      ['coin: migrate_v2', 'migrate_v2 (launchpad, the whole instruction)'],
      ['coin: create_pool', 'create_pool inside it (AMM, by CPI)', 'cpi'],
      ['coin: first buy', "buy (the pool's first trade)"],
      ['coin: buy', 'buy'],
      ['coin: buy_exact_quote_in/0', 'buy_exact_quote_in (budget: first guess fits)'],
      ['coin: buy_exact_quote_in/1', 'buy_exact_quote_in (budget lowered once)'],
      ['coin: buy_exact_quote_in/2', 'buy_exact_quote_in (budget lowered twice)'],
      ['coin: sell', 'sell'],
      ['coin: deposit', 'deposit'],
    ],
  },
  {
    title: 'aggregator over the WSOL/ZEC pool (no coin creator)',
    rows: [
      ['agg: first sol_to_zec', "sol_to_zec (the user's first)"],
      ['agg: first sol_to_zec / amm', 'AMM sell inside it (CPI)', 'cpi'],
      ['agg: sol_to_zec', 'sol_to_zec'],
      ['agg: sol_to_zec / amm', 'AMM sell inside it (CPI)', 'cpi'],
      ['agg: zec_to_sol', 'zec_to_sol'],
      ['agg: zec_to_sol / amm', 'AMM buy_exact_quote_in inside it (CPI)', 'cpi'],
    ],
  },
] as const;
type CuRow = (typeof CU_SECTIONS)[number]['rows'][number][0];

function expectReserves(label: string, actual: PoolReserves, expected: PoolReserves): void {
  if (actual.baseReserves !== expected.baseReserves || actual.quoteReserves !== expected.quoteReserves) {
    throw new Error(
      `${label}: the pool moved otherwise than core/math/pool says (base ${actual.baseReserves} vs ${expected.baseReserves}, quote ${actual.quoteReserves} vs ${expected.quoteReserves})`,
    );
  }
}

function expectEqual(label: string, what: string, actual: bigint, expected: bigint): void {
  if (actual !== expected) throw new Error(`${label}: ${what} is ${actual}, core/math/pool says ${expected}`);
}

const tokenAmount = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset).getBigUint64(64, true);

interface PoolUnderTest {
  readonly label: 'native' | 'coin';
  readonly parties: AmmTradeParties;
  readonly rates: PoolFeeRates;
  readonly trader: KeyPairSigner;
}

/** What parts 2 and 3 need of the sandbox: the migrated pool as part 1 left it. */
interface MigratedPoolSnapshot {
  readonly parties: AmmTradeParties;
  readonly reserves: PoolReserves;
  readonly rates: PoolFeeRates;
  readonly globalConfig: Uint8Array;
  readonly feeConfig: Uint8Array;
  readonly pool: Uint8Array;
  readonly baseMint: Uint8Array;
  readonly userBaseAccount: { readonly owner: Address; readonly data: Uint8Array };
  readonly userQuoteAccount: { readonly owner: Address; readonly data: Uint8Array };
}

/**
 * How many times buy_exact_quote_in lowers its first budget guess, spendable * 10000 / (10000 + bps), by one
 * quote unit before the fees fit (0 to 2: one per nonzero fee at most): the program recomputes the fees at
 * every step.
 */
function budgetSteps(spendable: bigint, rates: PoolFeeRates): number {
  const first = (spendable * 10_000n) / (10_000n + totalPoolFeeBps(rates));
  return Number(first - largestQuoteWithinBudget(quoteUnits(spendable), rates));
}

/** The first spendable amount from `from` up whose budget takes exactly `steps` steps. */
function spendWithSteps(from: bigint, steps: number, rates: PoolFeeRates): bigint {
  for (let spend = from; spend < from + 100_000n; spend++) if (budgetSteps(spend, rates) === steps) return spend;
  throw new Error(`no amount from ${from} takes ${steps} budget steps`);
}

class CuRound {
  readonly out = new Map<CuRow, bigint>();
  /** The budget steps of the AMM's buy_exact_quote_in inside zec_to_sol. */
  aggregatorSteps = -1;
  constructor(
    private readonly sandbox: Sandbox,
    private readonly probe: CuProbe,
  ) {}

  private get zec() {
    return this.sandbox.profile.mints.zec;
  }

  private async reservesOf(p: AmmTradeParties): Promise<PoolReserves> {
    return poolReserves({
      baseReserves: await tokenBalance(this.sandbox, p.pool, p.baseMint, p.baseTokenProgram),
      quoteReserves: await tokenBalance(this.sandbox, p.pool, p.quoteMint, p.quoteTokenProgram),
    });
  }

  private quoteOf = (owner: Address) => tokenBalance(this.sandbox, owner, this.zec.address, this.zec.tokenProgram);

  /** buy, buy_exact_quote_in, sell and deposit on one pool, each checked against core/math. */
  async trades(t: PoolUnderTest, amounts: { buy: bigint; spend: bigint; sell: bigint; maxSteps: number }, firstBuyLabel: CuRow | null): Promise<void> {
    const { parties: p, rates, trader } = t;
    const vaultAuthority = await findCoinCreatorVaultAuthority(p.programs.amm, p.coinCreator);
    const vaultAta = await findCoinCreatorVaultAta(p.programs.amm, p.coinCreator, p.quoteMint, p.quoteTokenProgram);
    const buy = async (label: CuRow) => {
      const expected = buyExactBase(await this.reservesOf(p), tokenUnits(amounts.buy), rates);
      const [zecBefore, vaultBefore] = [await this.quoteOf(trader.address), await this.quoteOf(vaultAuthority)];
      const ix = await ammBuyInstruction(p, { baseAmountOut: expected.baseOut, maxQuoteAmountIn: expected.totalCost, trackVolume: false });
      this.out.set(label, (await this.probe.measure(label, trader, ix)).units);
      expectReserves(label, await this.reservesOf(p), expected.next);
      expectEqual(label, "the trader's ZEC spent", zecBefore - (await this.quoteOf(trader.address)), expected.totalCost);
      expectEqual(label, "the coin creator vault's ZEC received", (await this.quoteOf(vaultAuthority)) - vaultBefore, expected.creatorFee);
    };
    if (firstBuyLabel !== null) {
      // A migrated pool's first trade opens the coin creator vault's quote account (at the trader's expense).
      if (this.sandbox.cluster.getAccount(vaultAta) !== null) throw new Error("the coin creator vault's ZEC account exists before the pool's first trade");
      await buy(firstBuyLabel);
      if (this.sandbox.cluster.getAccount(vaultAta) === null) throw new Error("the pool's first trade did not open the coin creator vault's ZEC account");
    }
    await buy(`${t.label}: buy`);
    // Amounts just above `spend` whose budget the program finds at once, or lowers once or twice.
    for (let steps = 0; steps <= amounts.maxSteps; steps++) {
      const label = `${t.label}: buy_exact_quote_in/${steps}` as CuRow;
      const expected = buyExactQuoteIn(await this.reservesOf(p), quoteUnits(spendWithSteps(amounts.spend, steps, rates)), rates);
      const zecBefore = await this.quoteOf(trader.address);
      const ix = await ammBuyExactQuoteInInstruction(p, { spendableQuoteIn: expected.spendable, minBaseAmountOut: expected.baseOut, trackVolume: false });
      this.out.set(label, (await this.probe.measure(label, trader, ix)).units);
      expectReserves(label, await this.reservesOf(p), expected.next);
      expectEqual(label, "the trader's ZEC spent", zecBefore - (await this.quoteOf(trader.address)), expected.totalCost);
    }
    {
      const label: CuRow = `${t.label}: sell`;
      const expected = sellExactBase(await this.reservesOf(p), tokenUnits(amounts.sell), rates);
      const [zecBefore, vaultBefore] = [await this.quoteOf(trader.address), await this.quoteOf(vaultAuthority)];
      const ix = await ammSellInstruction(p, { baseAmountIn: expected.baseIn, minQuoteAmountOut: expected.userReceives });
      this.out.set(label, (await this.probe.measure(label, trader, ix)).units);
      expectReserves(label, await this.reservesOf(p), expected.next);
      expectEqual(label, "the trader's ZEC received", (await this.quoteOf(trader.address)) - zecBefore, expected.userReceives);
      expectEqual(label, "the coin creator vault's ZEC received", (await this.quoteOf(vaultAuthority)) - vaultBefore, expected.creatorFee);
    }
    {
      const label: CuRow = `${t.label}: deposit`;
      const before = decodePool(this.sandbox.cluster.getAccount(p.pool)!.data);
      const lpOut = before.lpSupply / 1000n;
      const expected = deposit(await this.reservesOf(p), before.lpSupply, lpOut);
      const lpAccount = await findLpTokenAccount(trader.address, before.lpMint);
      // The LP account is the depositor's to open, in a transaction of its own so that the deposit does not pay for it.
      const opened = await send(this.sandbox, trader, [
        getCreateAssociatedTokenIdempotentInstruction({ payer: trader, ata: lpAccount, owner: trader.address, mint: before.lpMint, tokenProgram: TOKEN_2022_PROGRAM }),
      ]);
      if (opened.err !== null) throw new Error(`opening an LP account failed: ${JSON.stringify(opened.err)}`);
      const input: AmmDepositInput = {
        amm: p.programs.amm,
        pool: p.pool,
        baseMint: p.baseMint,
        baseTokenProgram: p.baseTokenProgram,
        quoteMint: p.quoteMint,
        quoteTokenProgram: p.quoteTokenProgram,
        user: trader.address,
      };
      const ix = await ammDepositInstruction(input, { lpTokenAmountOut: tokenUnits(lpOut), maxBaseAmountIn: expected.baseIn, maxQuoteAmountIn: expected.quoteIn });
      this.out.set(label, (await this.probe.measure(label, trader, ix)).units);
      expectReserves(label, await this.reservesOf(p), expected.next);
      expectEqual(label, 'the LP tokens minted', tokenAmount(this.sandbox.cluster.getAccount(lpAccount)!.data), lpOut);
      expectEqual(label, 'the LP supply', decodePool(this.sandbox.cluster.getAccount(p.pool)!.data).lpSupply, before.lpSupply + lpOut);
    }
  }

  async nativePool(): Promise<void> {
    const trader = await fundedWallet(this.sandbox, 10_000n * ZEC);
    await this.sandbox.faucet.native(trader.address, tokenUnits(5_000_000n * NATIVE));
    const parties = nativePoolParties(this.sandbox, trader.address);
    await this.trades({ label: 'native', parties, rates: NO_CREATOR_RATES, trader }, { buy: 1_000n * NATIVE, spend: 7n * ZEC + 12_345n, sell: 2_500n * NATIVE, maxSteps: 1 }, null);
  }

  /** A coin planted, bought out, migrated (measured), then traded on its pool; answers that pool as left. */
  async migratedCoin(): Promise<MigratedPoolSnapshot> {
    const { programs, accounts } = this.sandbox.profile;
    const zec = this.zec;
    const whale = await fundedWallet(this.sandbox, 5_000n * ZEC);
    const creator = await fundedWallet(this.sandbox);
    const planted = await plantCoin(this.sandbox, whale, { creator: creator.address, creatorFeeBps: COIN_CREATOR_BPS });
    if (planted.err !== null) throw new Error(`planting a coin failed: ${JSON.stringify(planted.err)}\n${planted.logs.join('\n')}`);
    const coin = planted.coin;
    const bought = await buyOutCurve(this.sandbox, whale, coin);
    if (bought.err !== null || !curveOf(this.sandbox, coin).complete) throw new Error(`buying out the curve failed: ${JSON.stringify(bought.err)}\n${bought.logs.join('\n')}`);
    const realQuote = curveOf(this.sandbox, coin).realQuoteReserves;

    const amm = programs['amm']!;
    const pool = await findPool(amm, 0, await findPumpPoolAuthority(programs['launchpad']!, coin.mint), coin.mint, zec.address);
    const migrate = await migrateV2Instruction({
      launchpad: programsOf(this.sandbox).launchpad,
      amm,
      mint: coin.mint,
      quoteMint: zec.address,
      quoteTokenProgram: zec.tokenProgram,
      user: whale.address,
      withdrawAuthority: accounts['launchpadAuthority']!,
    });
    const migrated = await this.probe.measure('migrate_v2', whale, migrate);
    this.out.set('coin: migrate_v2', migrated.units);
    this.out.set('coin: create_pool', migrated.cpi(amm));
    const parties: AmmTradeParties = {
      programs: { amm, fees: programs['fees']! },
      pool,
      baseMint: coin.mint,
      baseTokenProgram: TOKEN_2022_PROGRAM,
      quoteMint: zec.address,
      quoteTokenProgram: zec.tokenProgram,
      user: whale.address,
      coinCreator: creator.address,
      protocolFeeRecipient: accounts['ammProtocolFeeRecipient']!,
    };
    expectReserves(
      'migrate_v2',
      await this.reservesOf(parties),
      poolReserves({ baseReserves: CURVE_SHAPE.tokenTotalSupply - CURVE_SHAPE.initialRealTokenReserves, quoteReserves: realQuote }),
    );
    const decoded = decodePool(this.sandbox.cluster.getAccount(pool)!.data);
    if (decoded.coinCreator !== creator.address || decoded.creatorFeeBps !== COIN_CREATOR_BPS || decoded.index !== 0) {
      throw new Error('migrate_v2: the pool does not carry the coin creator and its rate');
    }

    await this.trades(
      { label: 'coin', parties, rates: COIN_RATES, trader: whale },
      { buy: 1_000_000n * NATIVE, spend: 3n * ZEC, sell: 2_000_000n * NATIVE, maxSteps: 2 },
      "coin: first buy",
    );

    const account = (address: Address) => {
      const found = this.sandbox.cluster.getAccount(address);
      if (found === null) throw new Error(`account ${address} is missing`);
      return found;
    };
    const userBase = account(await findAssociatedTokenAccount(whale.address, coin.mint, TOKEN_2022_PROGRAM));
    const userQuote = account(await findAssociatedTokenAccount(whale.address, zec.address, zec.tokenProgram));
    return {
      parties,
      reserves: await this.reservesOf(parties),
      rates: COIN_RATES,
      globalConfig: account(await findGlobalConfig(amm)).data,
      feeConfig: account(await findAmmFeeConfig(parties.programs)).data,
      pool: account(pool).data,
      baseMint: account(coin.mint).data,
      userBaseAccount: { owner: userBase.owner, data: userBase.data },
      userQuoteAccount: { owner: userQuote.owner, data: userQuote.data },
    };
  }

  async aggregator(): Promise<void> {
    const { programs, accounts, mints } = this.sandbox.profile;
    const user = await fundedWallet(this.sandbox);
    const route: AggregatorRoute = {
      aggregator: programs['aggregator']!,
      amm: programs['amm']!,
      fees: programs['fees']!,
      pool: accounts['wsolPool']!,
      poolWsolVault: accounts['wsolPoolBaseVault']!,
      poolZecVault: accounts['wsolPoolQuoteVault']!,
      zecMint: mints.zec.address,
      protocolFeeRecipient: accounts['ammProtocolFeeRecipient']!,
    };
    const reserves = async () =>
      poolReserves({
        baseReserves: await tokenBalance(this.sandbox, route.pool, mints.wsol.address, mints.wsol.tokenProgram),
        quoteReserves: await this.quoteOf(route.pool),
      });
    const solOf = () => this.sandbox.cluster.getAccount(user.address)!.lamports;
    const returned = (m: Measured) => {
      const data = this.probe.meta(m.signature).returnData;
      if (data === null || data.data.length !== 8) throw new Error('the aggregator returned no amount');
      return new DataView(data.data.buffer, data.data.byteOffset).getBigUint64(0, true);
    };

    const solToZec = async (label: CuRow, cpiLabel: CuRow, amount: bigint) => {
      const expected = sellExactBase(await reserves(), tokenUnits(amount), NO_CREATOR_RATES);
      const zecBefore = await this.quoteOf(user.address);
      const ix = await aggregatorSwapInstruction(route, { direction: 'sol_to_zec', user: user.address, amountIn: amount, minAmountOut: expected.userReceives });
      const m = await this.probe.measure(label, user, ix);
      this.out.set(label, m.units);
      this.out.set(cpiLabel, m.cpi(route.amm));
      expectReserves(label, await reserves(), expected.next);
      expectEqual(label, 'the ZEC received', (await this.quoteOf(user.address)) - zecBefore, expected.userReceives);
      expectEqual(label, 'the amount returned', returned(m), expected.userReceives);
    };
    const userZec = await findAssociatedTokenAccount(user.address, route.zecMint, mints.zec.tokenProgram);
    if (this.sandbox.cluster.getAccount(userZec) !== null) throw new Error("a fresh user's ZEC account exists");
    await solToZec('agg: first sol_to_zec', 'agg: first sol_to_zec / amm', 2n * SOL);
    await solToZec('agg: sol_to_zec', 'agg: sol_to_zec / amm', 3n * SOL);
    {
      const label: CuRow = 'agg: zec_to_sol';
      const spend = await this.quoteOf(user.address);
      const expected = buyExactQuoteIn(await reserves(), quoteUnits(spend), NO_CREATOR_RATES);
      const solBefore = solOf();
      const ix = await aggregatorSwapInstruction(route, { direction: 'zec_to_sol', user: user.address, amountIn: spend, minAmountOut: expected.baseOut });
      const m = await this.probe.measure(label, user, ix);
      this.out.set(label, m.units);
      this.out.set('agg: zec_to_sol / amm', m.cpi(route.amm));
      this.aggregatorSteps = budgetSteps(spend, NO_CREATOR_RATES);
      expectReserves(label, await reserves(), expected.next);
      expectEqual(label, 'the SOL received (after the fee)', solOf() - solBefore, expected.baseOut - this.probe.meta(m.signature).fee);
      expectEqual(label, 'the ZEC left', await this.quoteOf(user.address), spend - expected.totalCost);
      expectEqual(label, 'the amount returned', returned(m), expected.baseOut);
    }
  }
}

/** The programs the sandbox loads, by the first bytes of their SHA-256: CU figures belong to one build. */
function programBuilds(): string {
  return ['amm', 'launchpad', 'aggregator']
    .map((name) => `${name}.so ${createHash('sha256').update(readFileSync(resourcePath('programs', `${name}.so`))).digest('hex').slice(0, 12)}`)
    .join(', ');
}

/** One repetition of part 1 in a sandbox of its own (fresh genesis keys: the genesis pools at new addresses). */
async function cuRepetition(builds: string): Promise<{ out: Map<CuRow, bigint>; aggregatorSteps: number; share: bigint; snapshot: MigratedPoolSnapshot; mints: string }> {
  const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
  try {
    // The sandbox reads the programs once, as it opens: the same files before and after are the ones it runs.
    if (programBuilds() !== builds) throw new Error('resources/programs changed while part 1 ran; run again');
    const probe = new CuProbe(sandbox);
    const share = await probe.computeBudgetShare(await fundedWallet(sandbox));
    const round = new CuRound(sandbox, probe);
    await round.nativePool();
    const snapshot = await round.migratedCoin();
    await round.aggregator();
    const { zec, native } = sandbox.profile.mints;
    const program = (address: Address) => (address === TOKEN_2022_PROGRAM ? 'Token-2022' : 'SPL Token');
    return { out: round.out, aggregatorSteps: round.aggregatorSteps, share, snapshot, mints: `ZEC: ${program(zec.tokenProgram)}; native coin: ${program(native.tokenProgram)}` };
  } finally {
    sandbox.close();
  }
}

/** Part 1; answers the last migrated pool as left, for parts 2 and 3. */
async function computeUnits(s: Settings): Promise<MigratedPoolSnapshot> {
  const builds = programBuilds();
  const repetitions: Awaited<ReturnType<typeof cuRepetition>>[] = [];
  for (let i = 0; i < s.rounds * CU_ROUNDS_PER_ROUND; i++) repetitions.push(await cuRepetition(builds));
  const rounds = repetitions.map((r) => r.out);
  const aggregatorSteps = [...new Set(repetitions.map((r) => r.aggregatorSteps))].sort();
  const shares = [...new Set(repetitions.map((r) => r.share))];
  const last = repetitions[repetitions.length - 1]!;
  {

    const rows: string[][] = [];
    for (const section of CU_SECTIONS) {
      rows.push([`[${section.title}]`]);
      for (const row of section.rows) {
        const [key, name] = row;
        const isCpi = row.length === 3;
        const values = rounds.map((r) => Number(r.get(key)!));
        const cu = median(values);
        rows.push([
          isCpi ? `    ${name}` : `  ${name}`,
          fmtInt(cu),
          spread(values),
          `${((cu * 100) / Number(CU_DEFAULT_PER_INSTRUCTION)).toFixed(1)}%`,
          `${((cu * 100) / Number(CU_BUDGET)).toFixed(1)}%`,
          isCpi ? '' : BigInt(Math.round(cu)) <= CU_DEFAULT_PER_INSTRUCTION ? 'yes' : 'NO',
        ]);
      }
    }
    console.log(`\n1. Compute units per instruction, our AMM program in the sandbox (median of ${rounds.length} sandboxes; ${builds})`);
    printTable(['instruction', 'CU', 'min-max', 'of 200k default', 'of 1.4M budget', 'fits 200k'], rows);
    console.log(
      `Measured: transaction meta computeUnitsConsumed minus the SetComputeUnitLimit(1.4M) instruction sent first (${shares.join(' or ')} CU, measured alone), ` +
        `equal to the top-level program's own "consumed" log line every time; the indented rows are the AMM's own "consumed" line at ` +
        `depth 2 inside the instruction above them (part of it). CPIs (token programs, event self-CPI, account creation) included. ` +
        `Reference: 1,400,000 CU per transaction at most, 200,000 per instruction when no limit is set. ${last.mints}; ` +
        `coins and LP mints: Token-2022. Each repetition runs in a sandbox of its own, so the genesis pools (native/ZEC, WSOL/ZEC) ` +
        `sit at new addresses each time, as the coins and wallets do: the spread is the programs' PDA bump searches ` +
        `(sol_try_find_program_address, 1,500 CU per bump tried, depends on the addresses). ` +
        `Trades: native 1,000 coins bought, about 7 ZEC spent (twice), 2,500 sold; coin 1M bought (twice), about 3 ZEC spent (3 times), 2M sold; ` +
        `deposits of 0.1% of the LP supply (the LP account opened beforehand in a transaction of its own); aggregator 2 then 3 SOL to ZEC, all the ZEC back. ` +
        `The pool's first trade also opens the coin creator vault's ZEC account; the aggregator's first swap opens the user's ZEC account (both checked). ` +
        `Every trade was checked to move the pool, the trader and the creator vault exactly as core/math/pool says ` +
        `(a migration: the curve's remaining coins and real ZEC; a deposit: the LP minted and the supply; the aggregator: its return data too).`,
    );
    // Each sandbox runs the budget variants on the same pool and wallet: their differences are the steps' own cost.
    const stepCost = (key: 'native' | 'coin', from: number, to: number) => {
      const values = rounds.map((r) => Number(r.get(`${key}: buy_exact_quote_in/${to}` as CuRow)! - r.get(`${key}: buy_exact_quote_in/${from}` as CuRow)!));
      return `${key} ${from}->${to} ${fmtInt(median(values))} (${spread(values)})`;
    };
    console.log(
      `buy_exact_quote_in: the program's first budget guess, spendable*10000/(10000+bps), is lowered by one quote unit while ` +
        `its fees (each rounded up) overflow the spendable amount, recomputing the fees each time; amounts picked to need 0, 1 or 2 ` +
        `steps (the aggregator's zec_to_sol needed ${aggregatorSteps.join(' or ')}). CU per step, same sandbox, pool and wallet: ` +
        `${[stepCost('native', 0, 1), stepCost('coin', 0, 1), stepCost('coin', 1, 2)].join('; ')}.`,
    );
  }
  return last.snapshot;
}

// ---------------------------------------------------------------------------------------------------
// The SDK, loaded as test/math/pump-swap-sdk-reference.ts does
// ---------------------------------------------------------------------------------------------------

const fromPumpSdk = createRequire(createRequire(import.meta.url).resolve('@pump-fun/pump-sdk'));
const swapSdkPath = fromPumpSdk.resolve('@pump-fun/pump-swap-sdk');
const fromSwapSdk = createRequire(swapSdkPath);

interface BN {
  toString(base?: number): string;
}
type BNConstructor = new (value: string, base?: number) => BN;
interface PublicKey {
  toBase58(): string;
  toBytes(): Uint8Array;
}
interface PublicKeyClass {
  new (value: string | Uint8Array): PublicKey;
}
interface SdkAccountInfo {
  data: Buffer;
  executable: boolean;
  lamports: number;
  owner: PublicKey;
  rentEpoch: number;
}
interface SdkInstruction {
  readonly programId: PublicKey;
  readonly keys: readonly { pubkey: PublicKey; isSigner: boolean; isWritable: boolean }[];
  readonly data: Uint8Array;
}
interface SdkGlobalConfig {
  protocolFeeRecipients: PublicKey[];
  buybackFeeRecipients: PublicKey[];
  [field: string]: unknown;
}
interface SdkPool {
  creator: PublicKey;
  coinCreator: PublicKey;
  baseMint: PublicKey;
  quoteMint: PublicKey;
  isMayhemMode: boolean;
  creatorFeeBps: BN;
  virtualQuoteReserves: BN;
  [field: string]: unknown;
}
interface SdkQuoteContext {
  slippage: number;
  baseReserve: BN;
  quoteReserve: BN;
  virtualQuoteReserves: BN;
  globalConfig: SdkGlobalConfig;
  baseMintAccount: { supply: bigint };
  baseMint: PublicKey;
  coinCreator: PublicKey;
  creator: PublicKey;
  feeConfig: object | null;
  quoteMint: PublicKey;
  isMayhemMode: boolean;
  creatorFeeBps: BN;
}
interface SwapState {
  globalConfig: SdkGlobalConfig;
  feeConfig: object | null;
  poolKey: PublicKey;
  poolAccountInfo: SdkAccountInfo;
  pool: SdkPool;
  poolBaseAmount: BN;
  poolQuoteAmount: BN;
  baseTokenProgram: PublicKey;
  quoteTokenProgram: PublicKey;
  baseMint: PublicKey;
  baseMintAccount: { supply: bigint };
  user: PublicKey;
  userBaseTokenAccount: PublicKey;
  userQuoteTokenAccount: PublicKey;
  userBaseAccountInfo: SdkAccountInfo;
  userQuoteAccountInfo: SdkAccountInfo;
}
interface PumpSwapSdk {
  buyBaseInput(args: SdkQuoteContext & { base: BN }): { internalQuoteAmount: BN; uiQuote: BN; maxQuote: BN };
  buyQuoteInput(args: SdkQuoteContext & { quote: BN }): { base: BN; internalQuoteWithoutFees: BN; maxQuote: BN };
  sellBaseInput(args: SdkQuoteContext & { base: BN }): { uiQuote: BN; minQuote: BN; internalQuoteAmountOut: BN };
  PUMP_AMM_SDK: {
    decodeGlobalConfig(info: SdkAccountInfo): SdkGlobalConfig;
    decodeFeeConfig(info: SdkAccountInfo): object;
    decodePool(info: SdkAccountInfo): SdkPool;
    buyInstructions(state: SwapState, baseOut: BN, maxQuoteIn: BN): Promise<SdkInstruction[]>;
    sellInstructions(state: SwapState, baseIn: BN, minQuoteOut: BN): Promise<SdkInstruction[]>;
  };
}
interface SplToken {
  MintLayout: { decode(data: Uint8Array): { supply: bigint } };
  getAssociatedTokenAddressSync(mint: PublicKey, owner: PublicKey, allowOwnerOffCurve: boolean, programId: PublicKey): PublicKey;
}

const sdk = fromSwapSdk(swapSdkPath) as PumpSwapSdk;
const BNClass = fromSwapSdk('bn.js') as BNConstructor;
const { PublicKey } = fromSwapSdk('@solana/web3.js') as { PublicKey: PublicKeyClass };
const splToken = fromSwapSdk('@solana/spl-token') as SplToken;
const sdkVersion = (JSON.parse(readFileSync(join(dirname(swapSdkPath), '..', 'package.json'), 'utf8')) as { version: string }).version;

const bn = (value: bigint): BN => new BNClass(value.toString(), 10);
const big = (value: BN): bigint => BigInt(value.toString(10));
const pk = (address: Address): PublicKey => new PublicKey(address);
const accountInfo = (data: Uint8Array, owner: Address): SdkAccountInfo => ({ data: Buffer.from(data), executable: false, lamports: 0, owner: pk(owner), rentEpoch: 0 });

/** What the SDK's swapSolanaState fetches and decodes, assembled offline from the sandbox's accounts. */
interface SdkView {
  readonly globalConfig: SdkGlobalConfig;
  readonly feeConfig: object;
  readonly pool: SdkPool;
  readonly baseMintAccount: { supply: bigint };
}

function sdkView(snap: MigratedPoolSnapshot): SdkView {
  const { amm, fees } = snap.parties.programs;
  return {
    globalConfig: sdk.PUMP_AMM_SDK.decodeGlobalConfig(accountInfo(snap.globalConfig, amm)),
    feeConfig: sdk.PUMP_AMM_SDK.decodeFeeConfig(accountInfo(snap.feeConfig, fees)),
    pool: sdk.PUMP_AMM_SDK.decodePool(accountInfo(snap.pool, amm)),
    baseMintAccount: splToken.MintLayout.decode(snap.baseMint),
  };
}

// ---------------------------------------------------------------------------------------------------
// Part 2: quotes
// ---------------------------------------------------------------------------------------------------

/** A deterministic LCG: the same amounts every run. */
interface QuotePair {
  readonly label: string;
  /** The SDK's side runs BENCH_N * QUOTE_OPS_PER_N / sdkDivisor quotes per round (ours always the full count). */
  readonly sdkDivisor: number;
  /** Runs `count` quotes over the amount set starting at `from`; answers the sum of the answers. */
  readonly ours: (from: number, count: number) => bigint;
  readonly theirs: (from: number, count: number) => bigint;
}

function quotePairs(state: PoolReserves, rates: PoolFeeRates, view: SdkView): { pairs: QuotePair[]; notes: string[] } {
  const { baseReserves: B, quoteReserves: Q } = state;
  const buyBase = seededAmounts(0x0a1, 1n, B / 10n, AMOUNT_SET).map(tokenUnits);
  const spends = seededAmounts(0x0a2, 10_000n, Q / 10n, AMOUNT_SET).map(quoteUnits);
  const sellBase = seededAmounts(0x0a3, 1_000_000n, B / 10n, AMOUNT_SET).map(tokenUnits);
  const asBn = (list: readonly bigint[]) => list.map(bn);
  const [buyBaseBn, spendsBn, sellBaseBn] = [asBn(buyBase), asBn(spends), asBn(sellBase)];
  const at = (i: number) => i % AMOUNT_SET;
  // The context the SDK's own buyBaseInput(swapState, ...) passes: the pool's fields, its reserves.
  const context = (feeConfig: object | null): SdkQuoteContext => ({
    slippage: 0,
    baseReserve: bn(B),
    quoteReserve: bn(Q),
    virtualQuoteReserves: view.pool.virtualQuoteReserves,
    globalConfig: view.globalConfig,
    baseMintAccount: view.baseMintAccount,
    baseMint: view.pool.baseMint,
    coinCreator: view.pool.coinCreator,
    creator: view.pool.creator,
    feeConfig,
    quoteMint: view.pool.quoteMint,
    isMayhemMode: view.pool.isMayhemMode,
    creatorFeeBps: view.pool.creatorFeeBps,
  });
  // Without a FeeConfig the SDK takes GlobalConfig's rates (0.20% / 0.05% / 2.00%): plain arithmetic, as ours.
  const plain = context(null);
  // With the sandbox's FeeConfig it resolves the rates per quote: is the pool pump's (a PDA derived), which
  // schedule (exotic quote: exoticFlatFees, else flatFees), the pool's configurable creator rate.
  const live = context(view.feeConfig);

  // The answers must agree before any timing: exactly for the exact-amount quotes; buy-by-quote differs by
  // design (ours is the exact maximum, the SDK's an estimate one quote unit short), so it is counted.
  let byQuoteSame = 0;
  let byQuoteMore = 0;
  let extraBase = 0n;
  for (let i = 0; i < AMOUNT_SET; i++) {
    const buy = buyExactBase(state, buyBase[i]!, rates);
    for (const [name, ctx] of [['GlobalConfig', plain], ['FeeConfig', live]] as const) {
      const theirs = sdk.buyBaseInput({ ...ctx, base: buyBaseBn[i]! });
      if (big(theirs.internalQuoteAmount) !== buy.quoteIn || big(theirs.uiQuote) !== buy.totalCost) {
        throw new Error(`buy of ${buyBase[i]} (SDK with its ${name}): the SDK says ${big(theirs.internalQuoteAmount)}/${big(theirs.uiQuote)}, ours ${buy.quoteIn}/${buy.totalCost}`);
      }
      const sell = sellExactBase(state, sellBase[i]!, rates);
      const sold = sdk.sellBaseInput({ ...ctx, base: sellBaseBn[i]! });
      if (big(sold.internalQuoteAmountOut) !== sell.quoteOut || big(sold.uiQuote) !== sell.userReceives) {
        throw new Error(`sale of ${sellBase[i]} (SDK with its ${name}): the SDK says ${big(sold.internalQuoteAmountOut)}/${big(sold.uiQuote)}, ours ${sell.quoteOut}/${sell.userReceives}`);
      }
    }
    const byQuote = buyExactQuoteIn(state, spends[i]!, rates);
    const sdkBase = big(sdk.buyQuoteInput({ ...plain, quote: spendsBn[i]! }).base);
    if (sdkBase === byQuote.baseOut) byQuoteSame++;
    else if (sdkBase < byQuote.baseOut) {
      byQuoteMore++;
      extraBase += byQuote.baseOut - sdkBase;
    } else throw new Error(`buy with ${spends[i]}: the SDK buys ${sdkBase}, more than our exact maximum ${byQuote.baseOut}`);
    if (byQuote.totalCost > spends[i]!) throw new Error(`buy with ${spends[i]}: ours costs ${byQuote.totalCost}, more than offered`);
    if (sdkBase > 0n && buyExactBase(state, tokenUnits(sdkBase), rates).totalCost > spends[i]!) throw new Error(`buy with ${spends[i]}: the SDK's ${sdkBase} costs more than offered`);
  }

  const sum = (quote: (i: number) => bigint) => (from: number, count: number) => {
    let total = 0n;
    for (let i = from; i < from + count; i++) total += quote(at(i));
    return total;
  };
  const pairs: QuotePair[] = [
    {
      label: 'buy exact base (buyExactBase vs buyBaseInput)',
      sdkDivisor: 1,
      ours: sum((i) => buyExactBase(state, buyBase[i]!, rates).totalCost),
      theirs: sum((i) => big(sdk.buyBaseInput({ ...plain, base: buyBaseBn[i]! }).uiQuote)),
    },
    {
      label: 'buy exact quote in (buyExactQuoteIn vs buyQuoteInput)',
      sdkDivisor: 1,
      ours: sum((i) => buyExactQuoteIn(state, spends[i]!, rates).baseOut),
      theirs: sum((i) => big(sdk.buyQuoteInput({ ...plain, quote: spendsBn[i]! }).base)),
    },
    {
      label: 'sell exact base (sellExactBase vs sellBaseInput)',
      sdkDivisor: 1,
      ours: sum((i) => sellExactBase(state, sellBase[i]!, rates).userReceives),
      theirs: sum((i) => big(sdk.sellBaseInput({ ...plain, base: sellBaseBn[i]! }).uiQuote)),
    },
    {
      label: 'sell exact base, the SDK given the FeeConfig',
      sdkDivisor: 20,
      ours: sum((i) => sellExactBase(state, sellBase[i]!, rates).userReceives),
      theirs: sum((i) => big(sdk.sellBaseInput({ ...live, base: sellBaseBn[i]! }).uiQuote)),
    },
  ];
  return {
    pairs,
    notes: [
      `buy exact quote in over the ${AMOUNT_SET} amounts: same base ${byQuoteSame}, ours more ${byQuoteMore} (${fmtInt(Number(extraBase) / Math.max(1, byQuoteMore))} base units more on average), ours fewer 0; neither ever costs more than offered`,
    ],
  };
}

/** Times a synchronous batch; answers ops/s. The batch's answer must be the same on every call. */
function quotes(s: Settings, snap: MigratedPoolSnapshot, view: SdkView): void {
  const { pairs, notes } = quotePairs(snap.reserves, snap.rates, view);
  const base = s.n * QUOTE_OPS_PER_N;
  const sums = new Map<string, bigint>();
  const rows = pairs.map((p) => ({ label: p.label, ours: [] as number[], theirs: [] as number[] }));
  for (let round = 0; round < s.rounds; round++) {
    for (const [i, p] of pairs.entries()) {
      rows[i]!.ours.push(timeSync(p.ours, base, sums, `${p.label} ours`));
      rows[i]!.theirs.push(timeSync(p.theirs, Math.max(1, Math.floor(base / p.sdkDivisor)), sums, `${p.label} SDK`));
    }
  }
  const fewer = pairs.filter((p) => p.sdkDivisor > 1).map((p) => `; the SDK ${fmtInt(Math.floor(base / p.sdkDivisor))} in "${p.label}"`);
  const counts = `${fmtInt(base)} quotes each${fewer.join('')}`;
  console.log(
    `\n2. Quotes on the migrated pool as part 1 left it (${fmtInt(Number(snap.reserves.baseReserves))} base, ${fmtInt(Number(snap.reserves.quoteReserves))} quote units; ` +
      `LP ${snap.rates.lpBps} + protocol ${snap.rates.protocolBps} + creator ${snap.rates.creatorBps} bps) (median of ${s.rounds} rounds, ${counts})`,
  );
  printRatioTable(rows);
  slowestRow(TARGETS.poolQuotes, rows);
  console.log(
    `Measured: synchronous loops over ${AMOUNT_SET} fixed amounts, the answers summed (same sum every round); ours takes bigints and ` +
      `validates reserves and rates on every call, the SDK (pump-swap-sdk ${sdkVersion}) takes prebuilt BN amounts and the pool's fields as its ` +
      `swapState carries them, decoded by the SDK from the sandbox's GlobalConfig, Pool and mint, and its BN answer is converted to a bigint. ` +
      `The first three rows give the SDK no FeeConfig (it then takes GlobalConfig's rates: plain arithmetic, like ours); the last gives it the ` +
      `sandbox's FeeConfig, as its swapSolanaState does when the account exists: it then resolves the rates on every quote, deriving the pool ` +
      `authority PDA (findProgramAddressSync) to tell a pump pool, where ours takes rates resolved once. Before timing, every exact-amount quote ` +
      `(buy and sell, both SDK set-ups) was checked equal to ours, fee rounding included; ${notes.join('; ')}.`,
  );
}

// ---------------------------------------------------------------------------------------------------
// Part 3: building trade instructions
// ---------------------------------------------------------------------------------------------------

function sameInstruction(label: string, ours: Instruction, theirs: SdkInstruction): void {
  const problems: string[] = [];
  if (ours.programAddress !== theirs.programId.toBase58()) problems.push(`program ${ours.programAddress} != ${theirs.programId.toBase58()}`);
  const accounts = ours.accounts ?? [];
  if (accounts.length !== theirs.keys.length) problems.push(`${accounts.length} accounts != ${theirs.keys.length}`);
  accounts.forEach((meta, i) => {
    const key = theirs.keys[i];
    if (key === undefined) return;
    const writable = meta.role === 1 || meta.role === 3;
    const signer = meta.role >= 2;
    if (meta.address !== key.pubkey.toBase58() || writable !== key.isWritable || signer !== key.isSigner) {
      problems.push(`account ${i}: ${meta.address} (role ${meta.role}) != ${key.pubkey.toBase58()} (writable ${key.isWritable}, signer ${key.isSigner})`);
    }
  });
  const data = ours.data ?? new Uint8Array();
  if (data.length !== theirs.data.length || data.some((byte, i) => byte !== theirs.data[i])) problems.push('data differs');
  if (problems.length > 0) throw new Error(`${label}: our instruction differs from the SDK's: ${problems.join('; ')}`);
}

/** The SDK's builders answer a list (account opening, wrapping, extend_account when needed): here it must be the one trade. */
function onlyInstruction(label: string, list: readonly SdkInstruction[]): SdkInstruction {
  if (list.length !== 1) throw new Error(`${label}: the SDK built ${list.length} instructions, not the trade alone`);
  return list[0]!;
}

async function timeAsync(run: (i: number) => Promise<unknown>, count: number): Promise<number> {
  const warmup = Math.max(1, Math.floor(count / 10));
  for (let i = 0; i < warmup; i++) await run(i);
  const start = performance.now();
  for (let i = 0; i < count; i++) await run(warmup + i);
  return (count * 1000) / (performance.now() - start);
}

/** Builds awaited one at a time in alternating batches of BUILD_BATCH, so that both sides meet the same machine load. */
const BUILD_BATCH = 10;
async function timeAsyncPair(ours: (i: number) => Promise<unknown>, theirs: (i: number) => Promise<unknown>, count: number): Promise<[number, number]> {
  const warmup = Math.max(1, Math.floor(count / 10));
  for (let i = 0; i < warmup; i++) await ours(i);
  for (let i = 0; i < warmup; i++) await theirs(i);
  const ms = [0, 0];
  for (let done = 0; done < count; done += BUILD_BATCH) {
    const size = Math.min(BUILD_BATCH, count - done);
    for (const [side, run] of [ours, theirs].entries()) {
      const start = performance.now();
      for (let i = 0; i < size; i++) await run(warmup + done + i);
      ms[side]! += performance.now() - start;
    }
  }
  return [(count * 1000) / ms[0]!, (count * 1000) / ms[1]!];
}

/** Distinct trader addresses, deterministic, as kit Addresses and as the SDK's PublicKeys. */
function traders(count: number): { addresses: Address[]; keys: PublicKey[] } {
  const decoder = getAddressDecoder();
  let state = 0x5eed;
  const addresses: Address[] = [];
  for (let i = 0; i < count; i++) {
    const bytes = new Uint8Array(32);
    for (let j = 0; j < 32; j++) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      bytes[j] = state >>> 16;
    }
    addresses.push(decoder.decode(bytes));
  }
  return { addresses, keys: addresses.map(pk) };
}

async function builders(s: Settings, snap: MigratedPoolSnapshot, view: SdkView): Promise<void> {
  const p = snap.parties;
  // The SDK picks a protocol and a buyback fee recipient at random among GlobalConfig's: one in every
  // slot makes its choice ours. The sandbox's GlobalConfig names no buyback recipient (zero keys).
  const buyback = view.globalConfig.buybackFeeRecipients[0]!;
  const globalConfig: SdkGlobalConfig = {
    ...view.globalConfig,
    protocolFeeRecipients: view.globalConfig.protocolFeeRecipients.map(() => pk(p.protocolFeeRecipient)),
    buybackFeeRecipients: view.globalConfig.buybackFeeRecipients.map(() => buyback),
  };
  const parties: AmmTradeParties = { ...p, remaining: { isCashbackCoin: false, buybackFeeRecipient: buyback.toBase58() as Address } };
  const [baseTokenProgram, quoteTokenProgram] = [pk(p.baseTokenProgram), pk(p.quoteTokenProgram)];
  const [baseMint, quoteMint] = [pk(p.baseMint), pk(p.quoteMint)];
  const swapState: SwapState = {
    globalConfig,
    feeConfig: view.feeConfig,
    poolKey: pk(p.pool),
    poolAccountInfo: accountInfo(snap.pool, p.programs.amm),
    pool: view.pool,
    poolBaseAmount: bn(snap.reserves.baseReserves),
    poolQuoteAmount: bn(snap.reserves.quoteReserves),
    baseTokenProgram,
    quoteTokenProgram,
    baseMint,
    baseMintAccount: view.baseMintAccount,
    user: pk(p.user),
    userBaseTokenAccount: pk(await findAssociatedTokenAccount(p.user, p.baseMint, p.baseTokenProgram)),
    userQuoteTokenAccount: pk(await findAssociatedTokenAccount(p.user, p.quoteMint, p.quoteTokenProgram)),
    userBaseAccountInfo: accountInfo(snap.userBaseAccount.data, snap.userBaseAccount.owner),
    userQuoteAccountInfo: accountInfo(snap.userQuoteAccount.data, snap.userQuoteAccount.owner),
  };
  const base = tokenUnits(1_000_000_000_000n);
  const quote = 40_000_000n;
  const [baseBn, quoteBn] = [bn(base), bn(quote)];

  const oursBuy = () => ammBuyInstruction(parties, { baseAmountOut: base, maxQuoteAmountIn: quote, trackVolume: true });
  const oursSell = () => ammSellInstruction(parties, { baseAmountIn: base, minQuoteAmountOut: quote });
  const theirsBuy = async () => onlyInstruction('buy', await sdk.PUMP_AMM_SDK.buyInstructions(swapState, baseBn, quoteBn));
  const theirsSell = async () => onlyInstruction('sell', await sdk.PUMP_AMM_SDK.sellInstructions(swapState, baseBn, quoteBn));

  const count = Math.max(10, Math.floor(s.n / BUILD_OPS_DIVISOR));
  // A new trader per build: what the SDK's swapSolanaState derives for a user (its two token accounts) is
  // counted on its side; ours derives them (and the user volume accumulator) inside the builder, unmemoised.
  const perRound = count + Math.max(1, Math.floor(count / 10));
  const fresh = traders(perRound * (s.rounds + 1));
  const oursFreshBuy = (i: number) => ammBuyInstruction({ ...parties, user: fresh.addresses[i]! }, { baseAmountOut: base, maxQuoteAmountIn: quote, trackVolume: true });
  const theirsFreshBuy = async (i: number) => {
    const user = fresh.keys[i]!;
    const state: SwapState = {
      ...swapState,
      user,
      userBaseTokenAccount: splToken.getAssociatedTokenAddressSync(baseMint, user, true, baseTokenProgram),
      userQuoteTokenAccount: splToken.getAssociatedTokenAddressSync(quoteMint, user, true, quoteTokenProgram),
    };
    return onlyInstruction('buy', await sdk.PUMP_AMM_SDK.buyInstructions(state, baseBn, quoteBn));
  };

  const buyIx = await oursBuy();
  sameInstruction('buy', buyIx, await theirsBuy());
  sameInstruction('sell', await oursSell(), await theirsSell());
  for (const i of [0, 1, perRound - 1]) sameInstruction(`buy for trader ${i}`, await oursFreshBuy(i), await theirsFreshBuy(i));

  const rows = [
    { label: 'buy, same trader (ammBuyInstruction vs buyInstructions)', ours: oursBuy, theirs: theirsBuy, fresh: false },
    { label: 'sell, same trader (ammSellInstruction vs sellInstructions)', ours: oursSell, theirs: theirsSell, fresh: false },
    { label: 'buy, a new trader each build', ours: oursFreshBuy, theirs: theirsFreshBuy, fresh: true },
  ].map((r) => ({ ...r, oursRates: [] as number[], theirsRates: [] as number[] }));
  for (let round = 0; round < s.rounds; round++) {
    for (const r of rows) {
      // The new-trader row takes traders not seen before in every round (the memo would have the last round's).
      const offset = r.fresh ? (round + 1) * perRound : 0;
      const [ours, theirs] = await timeAsyncPair((i) => r.ours(offset + i), (i) => r.theirs(offset + i), count);
      r.oursRates.push(ours);
      r.theirsRates.push(theirs);
    }
  }
  // The AMM's event authority and its fee config: derived again on every build until they were memoised too.
  const unmemoised = async () => [await findEventAuthority(p.programs.amm), await findAmmFeeConfig(p.programs)];
  const unmemoisedRates: number[] = [];
  for (let round = 0; round < s.rounds; round++) unmemoisedRates.push(await timeAsync(unmemoised, count));
  const unmemoisedShare = Math.round((median(rows[0]!.oursRates) / median(unmemoisedRates)) * 100);
  // And what a memoised lookup costs: its key is the seeds as text, address seeds decoded once (addressSeed) and kept.
  const addressEncoder = getAddressEncoder();
  const memoHit = () => findAssociatedTokenAccount(p.user, p.baseMint, p.baseTokenProgram);
  const encodeOne = async () => addressEncoder.encode(p.user);
  const memoHitRates: number[] = [];
  const encodeRates: number[] = [];
  for (let round = 0; round < s.rounds; round++) {
    memoHitRates.push(await timeAsync(memoHit, count * 10));
    encodeRates.push(await timeAsync(encodeOne, count * 10));
  }
  const micros = (rates: number[]) => (1e6 / median(rates)).toFixed(0);
  console.log(`\n3. Building AMM trade instructions for one trade on that pool (median of ${s.rounds} rounds, ${fmtInt(count)} builds each)`);
  printRatioTable(rows.map((r) => ({ label: r.label, ours: r.oursRates, theirs: r.theirsRates })));
  const newTrader = rows.find((r) => r.fresh)!;
  recordSummary(TARGETS.ammInstructions, { ours: `${fmtInt(median(newTrader.oursRates))} builds/s`, peer: `${fmtInt(median(newTrader.theirsRates))} builds/s`, ratio: median(newTrader.oursRates) / median(newTrader.theirsRates) });
  console.log(
    `Measured: builds awaited one at a time, ours and the SDK's alternating in batches of ${BUILD_BATCH}, inputs prebuilt (kit Addresses for ours; for the SDK its swap state as swapSolanaState ` +
      `assembles it, from the sandbox's GlobalConfig, FeeConfig, Pool, mint and the trader's token accounts, decoded by the SDK). Before ` +
      `timing, our buy and sell were checked identical to the SDK's (program, ${buyIx.accounts?.length ?? 0} accounts with roles for a buy ` +
      `including the 3 it appends for a pool with a coin creator, data with track_volume set as the SDK sets it), and so were the ` +
      `new-trader buys (3 checked); the SDK built the trade alone (no extend_account: the pool is allocated at 300 bytes; no account ` +
      `opening: the trader's token accounts exist). Ours memoises every PDA (core/programs/derive-address.ts), the event authority ` +
      `and the fee config included (those two, memoised: ${fmtInt(median(unmemoisedRates))}/s, about ${unmemoisedShare}% of our ` +
      `same-trader buy build), so for the same trader it derives nothing; for a new trader its two token accounts and volume ` +
      `accumulator, synchronously (a pure-JS SHA-256 and an on-curve test by Legendre symbol per bump tried, checked against ` +
      `kit's getProgramDerivedAddress in test/programs/derive-address.test.ts). A memoised lookup: findAssociatedTokenAccount for ` +
      `an address already derived takes ${micros(memoHitRates)} µs (its key is the seeds as text; address seeds are decoded once ` +
      `and kept, where kit's getAddressEncoder takes ${micros(encodeRates)} µs each); a buy looks up about a dozen. The SDK ` +
      `derives every PDA each time (web3.js findProgramAddressSync) and goes through Anchor's account resolution and coder. ` +
      `Not compared: buy_exact_quote_in (pump-swap-sdk ${sdkVersion} has no builder for it; its buyQuoteInput builds a buy) and deposit.`,
  );
}

export async function run(): Promise<void> {
  if (sdkVersion !== SDK_VERSION) throw new Error(`@pump-fun/pump-swap-sdk ${sdkVersion} is installed; this benchmark was written against ${SDK_VERSION}`);
  const s = benchSettings(MAX_N, MAX_ROUNDS);
  const timed = async <T>(part: string, work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    const result = await work();
    console.log(`(part ${part} took ${((performance.now() - start) / 1000).toFixed(1)} s)`);
    return result;
  };
  const snap = await timed('1', () => computeUnits(s));
  const view = sdkView(snap);
  await timed('2', async () => quotes(s, snap, view));
  await timed('3', () => builders(s, snap, view));
}

if (process.argv[1] !== undefined && pathToFileURL(process.argv[1]).href === import.meta.url) await run();
