import type { Address, KeyPairSigner } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import { curveState } from '../core/math/curve.js';
import { poolReserves } from '../core/math/pool.js';
import { routeBuy, routeSell } from '../core/math/route.js';
import { routeFeeRates, routeVenues, type RouteVenues } from '../core/math/route-venues.js';
import { tokenUnits, type TokenUnits, type ZecUnits } from '../core/math/units.js';
import { ammBuyExactQuoteInInstruction } from '../core/programs/amm/instructions/buy-exact-quote-in.js';
import { multiHopSwapInstruction, type RouteHop } from '../core/programs/amm/instructions/multi-hop-swap.js';
import { ammSellInstruction } from '../core/programs/amm/instructions/sell.js';
import { decodeBondingCurve } from '../core/programs/launchpad/bonding-curve.js';
import { buyExactQuoteInV2Instruction } from '../core/programs/launchpad/instructions/buy-exact-quote-in-v2.js';
import { sellV2Instruction } from '../core/programs/launchpad/instructions/sell-v2.js';
import type { TradeV2Parties } from '../core/programs/launchpad/instructions/trade-v2-accounts.js';
import { Sandbox } from '../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../core/sandbox/token-balances.js';
import { fundedWallet, openCoinAccount, partiesFor, plantCoin, programsOf, send, tokenBalance, type Coin } from '../test/helpers/launchpad.js';
import { nativePoolParties } from '../test/helpers/amm.js';
import { CuProbe } from './lib/cu-probe.js';
import { intFromEnv, printTable } from './lib/report.js';

/**
 * Compute units of the native route (the AMM's multi_hop_swap: ZEC -> native coin -> coin on a
 * native-paired coin's curve, and back) beside what the same trade costs a trader doing it by hand, as
 * two trades of the official programs' interfaces: AMM buy_exact_quote_in on the native/ZEC pool then
 * launchpad buy_exact_quote_in_v2 on the curve with the native coin received (buy), or launchpad
 * sell_v2 then AMM sell of the native coin received (sell). The hand-made pair is the peer: there is no
 * official route instruction to run here, and those two are what pump-fun's own clients send for a
 * non-SOL pair. The route also skips the second transaction's signature and fee, and the trader
 * never holds the native coin; the table only compares compute.
 *
 * Each route trade is checked first to move both venues exactly as core/math/route says. The completing
 * buy (the route takes exactly the curve's remaining tokens and sells the unused native back to ZEC in
 * the same instruction) has no hand-made counterpart: a trader would need a third trade.
 *
 * CU as in bench/amm.ts (bench/lib/cu-probe.ts): meta computeUnitsConsumed minus the compute budget
 * instruction, equal to the top-level program's own "consumed" line. Each round opens a sandbox of its
 * own with a fresh coin (PDA bump searches differ by address). BENCH_ROUNDS (default 3) rounds.
 */

export const title = 'native route (multi_hop_swap) compute units vs the same trade as two separate trades';

const ZEC = 100_000_000n;
const NATIVE = 1_000_000n;
const MAX_ROUNDS = 10;
/** The sandbox's route fees (genesis): protocol fee once in ZEC, creator fee on the curve hop, LP fee on the pool hop. */
const RATES = routeFeeRates({ protocolBps: 5n, creatorBps: 200n, lpBps: 20n });

const ROWS = ['buy 5 ZEC', 'sell half the coins bought', 'buy completing the curve'] as const;
type Row = (typeof ROWS)[number];

function median(values: readonly bigint[]): bigint {
  const sorted = [...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted[Math.floor(sorted.length / 2)]!;
}

function sameVenues(label: string, actual: RouteVenues, expected: RouteVenues): void {
  const text = (v: RouteVenues) => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? x.toString() : x));
  if (text(actual) !== text(expected)) throw new Error(`${label}: the venues moved to ${text(actual)}, core/math/route says ${text(expected)}`);
}

interface RoundResult {
  readonly route: Map<Row, bigint>;
  readonly peer: Map<Row, [bigint, bigint]>;
}

async function round(): Promise<RoundResult> {
  const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
  try {
    const probe = new CuProbe(sandbox);
    const { mints, accounts, programs } = sandbox.profile;
    const ata = async (owner: Address, mint: Address, tokenProgram: Address = TOKEN_2022_PROGRAM) => (await findAssociatedTokenPda({ owner, mint, tokenProgram }))[0];
    const plantNative = async (payer: KeyPairSigner): Promise<Coin> => {
      const planted = await plantCoin(sandbox, payer, { quoteMint: mints.native.address, quoteTokenProgram: mints.native.tokenProgram });
      if (planted.err !== null) throw new Error(`planting a native-paired coin failed: ${JSON.stringify(planted.err)}\n${planted.logs.join('\n')}`);
      return planted.coin;
    };
    const trader = await fundedWallet(sandbox, 30_000n * ZEC);
    const coin = await plantNative(trader);
    const hop1: RouteHop = { baseMint: mints.native.address, quoteMint: mints.zec.address, venue: accounts['nativePool']!, venueBase: accounts['nativePoolBaseVault']!, venueQuote: accounts['nativePoolQuoteVault']! };
    const hop2: RouteHop = { baseMint: coin.mint, quoteMint: mints.native.address, venue: coin.curve, venueBase: await ata(coin.curve, coin.mint), venueQuote: await ata(coin.curve, mints.native.address) };
    const buybackFeeAccount = await ata(accounts['buybackFeeRecipient']!, mints.zec.address, mints.zec.tokenProgram);
    const routeIx = (side: 'buy' | 'sell', amountIn: bigint, minAmountOut: bigint) =>
      multiHopSwapInstruction({ programs: { ...programsOf(sandbox), amm: programs['amm']! }, side, user: trader.address, hop1, hop2, buybackFeeAccount, amountIn, minAmountOut });
    const venues = async () => {
      const c = decodeBondingCurve(sandbox.cluster.getAccount(coin.curve)!.data);
      return routeVenues(
        poolReserves({
          baseReserves: await tokenBalance(sandbox, hop1.venue, mints.native.address, mints.native.tokenProgram),
          quoteReserves: await tokenBalance(sandbox, hop1.venue, mints.zec.address, mints.zec.tokenProgram),
        }),
        { venue: 'curve', curve: curveState({ ...c }) },
      );
    };
    const coinsOf = (owner: Address, mint: Address) => tokenBalance(sandbox, owner, mint, TOKEN_2022_PROGRAM);
    const out: RoundResult = { route: new Map(), peer: new Map() };

    // The route.
    if ((await send(sandbox, trader, [await openCoinAccount(trader, coin)])).err !== null) throw new Error("opening the trader's coin account failed");
    const buy = routeBuy(await venues(), (5n * ZEC) as ZecUnits, RATES);
    out.route.set('buy 5 ZEC', (await probe.measure('route buy', trader, await routeIx('buy', buy.amountIn, buy.tokensOut))).units);
    sameVenues('route buy', await venues(), buy.next);
    const sell = routeSell(await venues(), (buy.tokensOut / 2n) as TokenUnits, RATES);
    out.route.set('sell half the coins bought', (await probe.measure('route sell', trader, await routeIx('sell', sell.tokensIn, sell.userReceives))).units);
    sameVenues('route sell', await venues(), sell.next);
    const last = routeBuy(await venues(), (25_000n * ZEC) as ZecUnits, RATES);
    if (!last.completes) throw new Error('25,000 ZEC did not complete the curve');
    out.route.set('buy completing the curve', (await probe.measure('route buy completing the curve', trader, await routeIx('buy', last.amountIn, last.tokensOut))).units);
    sameVenues('route buy completing the curve', await venues(), last.next);

    // The same trades by hand, on a second native-paired coin, by a trader holding the native coin's account.
    const hand = await fundedWallet(sandbox, 100n * ZEC);
    await sandbox.faucet.native(hand.address, tokenUnits(NATIVE));
    const handCoin = await plantNative(hand);
    if ((await send(sandbox, hand, [await openCoinAccount(hand, handCoin)])).err !== null) throw new Error("opening the hand trader's coin account failed");
    const pool = nativePoolParties(sandbox, hand.address);
    const curve: TradeV2Parties = { ...partiesFor(sandbox, handCoin, hand.address), quoteMint: mints.native.address, quoteTokenProgram: mints.native.tokenProgram };
    const nativeOf = () => coinsOf(hand.address, mints.native.address);
    {
      const before = await nativeOf();
      const first = (await probe.measure('AMM buy_exact_quote_in', hand, await ammBuyExactQuoteInInstruction(pool, { spendableQuoteIn: 5n * ZEC, minBaseAmountOut: tokenUnits(1n), trackVolume: false }))).units;
      const received = (await nativeOf()) - before;
      const second = (await probe.measure('buy_exact_quote_in_v2', hand, await buyExactQuoteInV2Instruction(curve, { spendableQuoteIn: received, minTokensOut: tokenUnits(1n) }))).units;
      out.peer.set('buy 5 ZEC', [first, second]);
    }
    {
      const held = await coinsOf(hand.address, handCoin.mint);
      const before = await nativeOf();
      const first = (await probe.measure('sell_v2', hand, await sellV2Instruction(curve, { amount: tokenUnits(held / 2n), minQuoteOutput: 1n }))).units;
      const received = (await nativeOf()) - before;
      const second = (await probe.measure('AMM sell', hand, await ammSellInstruction(pool, { baseAmountIn: tokenUnits(received), minQuoteAmountOut: 1n }))).units;
      out.peer.set('sell half the coins bought', [first, second]);
    }
    return out;
  } finally {
    sandbox.close();
  }
}

export async function run(): Promise<void> {
  const n = intFromEnv('BENCH_ROUNDS', 3, MAX_ROUNDS);
  const results: RoundResult[] = [];
  for (let i = 0; i < n; i++) results.push(await round());
  const header = ['trade', 'route CU', 'by hand: first + second = CU', 'route / by hand'];
  const rows = ROWS.map((row) => {
    const route = median(results.map((r) => r.route.get(row)!));
    const pairs = results.map((r) => r.peer.get(row)).filter((p): p is [bigint, bigint] => p !== undefined);
    if (pairs.length === 0) return [row, route.toString(), '— (no two-trade counterpart)', '—'];
    const first = median(pairs.map((p) => p[0]));
    const second = median(pairs.map((p) => p[1]));
    const total = median(pairs.map((p) => p[0] + p[1]));
    return [row, route.toString(), `${first} + ${second} = ${total}`, (Number((route * 1000n) / total) / 1000).toFixed(2)];
  });
  printTable(header, rows);
  console.log(`Medians of ${n} round(s), each a fresh sandbox and coins; every route trade checked against core/math/route first. ` + 'By hand: AMM buy_exact_quote_in then launchpad buy_exact_quote_in_v2 (buy), launchpad sell_v2 then AMM sell (sell), each its own instruction.');
}
