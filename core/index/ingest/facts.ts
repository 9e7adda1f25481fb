import type { Address } from '@solana/kit';
import { pickAmmEvents, type AmmEvent, type RouteEvent } from '../../programs/amm/events.js';
import { pickLaunchpadEvents, type LaunchpadEvent } from '../../programs/launchpad/events.js';
import { programDataOf } from '../../programs/program-logs.js';
import { decodeVaultEvent } from '../../programs/vault/events.js';
import { findRewardRun } from '../../programs/vault/runs.js';
import { PRICE_E18_SCALE, priceZecE18 } from '../candles.js';
import type { IndexFact, IndexedTransaction, MovedFact, TradeFact } from '../store/facts.js';
import { TOKEN_2022_PROGRAM } from '../../programs/token-account.js';
import { judgePlanting, type PlantingRules, type PlantingVerdict } from '../../verify/planting.js';
import type { TransactionView } from '../../chain/transaction-view.js';

/**
 * A landed transaction's facts for the index, in the order they happened: plantings (listed or not),
 * curve trades from the launchpad's TradeEvents, pool trades from the AMM's Buy/SellEvents, native
 * routes from the AMM's RouteEvent (the paired coin's trade, plus the native coin's `routed` pool
 * side), completion, graduation, and the vault's fee movements. Failed transactions have none.
 * Amounts are the events' own, to the base unit.
 */
export async function factsOf(tx: TransactionView, rules: PlantingRules): Promise<IndexedTransaction> {
  const facts: IndexFact[] = [];
  if (tx.meta.err === null) {
    const verdict = await judgePlanting(tx, rules);
    for (const [index, top] of tx.instructions.entries()) {
      const inner = tx.inner[index] ?? [];
      const fromLaunchpad = pickLaunchpadEvents(inner.filter((ix) => ix.program === rules.launchpad).map((ix) => ix.data));
      const fromAmm = pickAmmEvents(inner.filter((ix) => ix.program === rules.amm).map((ix) => ix.data));
      // A route's curve hop is a launchpad trade inside it: the RouteEvent records the whole route once.
      const routed = fromAmm.some((e) => e.name === 'RouteEvent');
      for (const event of fromLaunchpad) facts.push(...launchpadFacts(event, verdict, rules, routed));
      for (const event of fromAmm) facts.push(...ammFacts(event, top.program === rules.amm ? top.accounts : [], rules));
      // The vault's add_liquidity: the liquidity pot's deposit into the native-coin/ZEC pool (a "liquidity draw").
      if (top.program === rules.vault) {
        for (const event of fromAmm) {
          if (event.name !== 'DepositEvent' || event.data.pool !== rules.nativePool) continue;
          const e = event.data;
          facts.push({ kind: 'liquidity-added', mint: rules.nativeMint, pool: e.pool, lp: e.lpTokenAmountOut, base: e.baseAmountIn, quote: e.quoteAmountIn });
        }
      }
    }
    for (const data of programDataOf(tx.meta.logMessages, rules.vault)) {
      const event = decodeVaultEvent(data);
      if (event === null) continue;
      const e = event.data;
      switch (event.name) {
        case 'SplitEvent':
          facts.push({ kind: 'split', mint: e.mint, amount: event.data.amount, liquidity: event.data.liquidity, rootstock: event.data.rootstock, treasury: event.data.treasury, payee: event.data.payee });
          break;
        case 'PayoutEvent':
          facts.push({ kind: 'payout', mint: e.mint, payee: event.data.payee, amount: event.data.amount });
          break;
        case 'PayeeChangeEvent': {
          const next = event.data.next;
          facts.push({ kind: 'payee-changed', mint: e.mint, payeeKind: next.kind, payee: next.kind === 'wallet' ? next.wallet : null });
          break;
        }
        case 'NativeCollectEvent':
          facts.push({ kind: 'native-collected', mint: e.mint, amount: event.data.collected });
          break;
        case 'NativeSplitEvent':
          facts.push({ kind: 'native-split', ...event.data });
          break;
        case 'RunOpenEvent': {
          const { mint, run, total, recipients, snapshotSlot } = event.data;
          facts.push({ kind: 'run-opened', mint, run, address: await findRewardRun(rules.vault, mint, run), total, recipients, snapshotSlot });
          break;
        }
        case 'RunPayEvent':
          facts.push({ kind: 'run-paid', ...event.data });
          break;
        case 'RunCloseEvent':
          facts.push({ kind: 'run-closed', ...event.data });
          break;
      }
    }
  }
  if (tx.meta.err === null) facts.push(...movedFacts(tx));
  return { signature: tx.signature, slot: tx.slot, at: tx.blockTime, facts };
}

/**
 * Every owner's net Token-2022 balance change in the transaction, by mint, from the validator's pre/post
 * token balances (the accounts among its keys): what moved however it moved. The store keeps those of its
 * coins; a trade's own change is already its trade's, so only the rest is a transfer, a burn or a close.
 */
function movedFacts(tx: TransactionView): MovedFact[] {
  const moved = new Map<string, { mint: Address; owner: Address; delta: bigint }>();
  const add = (mint: Address, owner: Address, amount: bigint) => {
    const key = `${mint} ${owner}`;
    const m = moved.get(key);
    if (m) m.delta += amount;
    else moved.set(key, { mint, owner, delta: amount });
  };
  for (const b of tx.meta.preTokenBalances) if (b.programId === TOKEN_2022_PROGRAM) add(b.mint, b.owner, -b.amount);
  for (const b of tx.meta.postTokenBalances) if (b.programId === TOKEN_2022_PROGRAM) add(b.mint, b.owner, b.amount);
  const facts: MovedFact[] = [];
  for (const m of moved.values()) if (m.delta !== 0n) facts.push({ kind: 'moved', ...m });
  return facts;
}

function launchpadFacts(event: LaunchpadEvent, verdict: PlantingVerdict | null, rules: PlantingRules, insideRoute: boolean): IndexFact[] {
  if (event.name === 'CreateEvent') {
    const e = event.data;
    const listed = verdict?.listed === true && verdict.mint === e.mint;
    return [
      {
        kind: 'planted',
        mint: e.mint,
        listed,
        unlistedReason: listed ? null : verdict && !verdict.listed && verdict.mint === e.mint ? verdict.reason : 'not a top-level planting',
        pair: e.quoteMint === rules.zecMint ? 'zec' : e.quoteMint === rules.nativeMint ? 'native' : rules.stockMints?.has(e.quoteMint) ? `stock:${rules.stockMints.get(e.quoteMint)!}` : 'other',
        name: e.name,
        symbol: e.symbol,
        uri: e.uri,
        deployer: e.user,
        creator: e.creator,
        payeeKind: listed && verdict?.listed ? verdict.payee.kind : null,
        payee: listed && verdict?.listed && verdict.payee.kind === 'wallet' ? verdict.payee.wallet : null,
        virtualToken: e.virtualTokenReserves,
        virtualQuote: e.virtualQuoteReserves,
        realToken: e.realTokenReserves,
        realQuote: 0n,
        tokenTotalSupply: e.tokenTotalSupply,
        curve: e.bondingCurve,
      },
    ];
  }
  if (event.name === 'TradeEvent') {
    const e = event.data;
    const inNative = e.quoteMint === rules.nativeMint;
    // A stock coin's trade is kept in the stock's raw units (its ZEC value is taken at read time, spec: "now").
    const inStock = rules.stockMints?.has(e.quoteMint) === true;
    if (insideRoute || (e.quoteMint !== rules.zecMint && !inNative && !inStock)) return [];
    const fees = e.fee + e.creatorFee + e.buybackFee;
    return [
      {
        kind: 'trade',
        mint: e.mint,
        venue: 'curve',
        side: e.isBuy ? 'buy' : 'sell',
        user: e.user,
        tokens: e.tokenAmount,
        quote: e.quoteAmount,
        zec: e.isBuy ? e.quoteAmount + fees : e.quoteAmount - fees,
        creatorFee: e.creatorFee,
        protocolFee: e.fee,
        priceE18: inNative ? 0n : priceZecE18(e.quoteAmount, e.tokenAmount),
        reserves: { virtualToken: e.virtualTokenReserves, virtualQuote: e.virtualQuoteReserves, realToken: e.realTokenReserves, realQuote: e.realQuoteReserves },
        ...(inNative ? { inNative } : {}),
      },
    ];
  }
  if (event.name === 'CompleteEvent') return [{ kind: 'completed', mint: event.data.mint }];
  return [];
}

function ammFacts(event: AmmEvent, topAccounts: readonly Address[], rules: PlantingRules): IndexFact[] {
  if (event.name === 'CreatePoolEvent') {
    const e = event.data;
    if (e.pool === rules.nativePool) return [{ kind: 'native-pool', pool: e.pool, base: e.poolBaseAmount, quote: e.poolQuoteAmount }];
    if (e.quoteMint !== rules.zecMint && e.quoteMint !== rules.nativeMint) return [];
    return [{ kind: 'graduated', mint: e.baseMint, pool: e.pool, baseAmount: e.baseAmountIn, quoteAmount: e.quoteAmountIn }];
  }
  if (event.name === 'RouteEvent') return routeFacts(event.data, rules);
  if (event.name !== 'BuyEvent' && event.name !== 'SellEvent') return [];
  // The trade instruction's accounts: pool, user, global config, base mint, quote mint, ...
  if (topAccounts[0] !== event.data.pool || topAccounts[3] === undefined) return [];
  const mint = topAccounts[3];
  const quoteMint = topAccounts[4];
  const inNative = quoteMint === rules.nativeMint;
  if (quoteMint !== rules.zecMint && !inNative) return [];
  const price = (quote: bigint, base: bigint) => (inNative ? 0n : priceZecE18(quote, base));
  const common = { kind: 'trade' as const, mint, venue: 'pool' as const, ...(inNative ? { inNative } : {}) };
  if (event.name === 'BuyEvent') {
    const b = event.data;
    return [
      {
        ...common, side: 'buy', user: b.user, tokens: b.baseAmountOut, quote: b.quoteAmountIn, zec: b.userQuoteAmountIn,
        creatorFee: b.coinCreatorFee, protocolFee: b.protocolFee, priceE18: price(b.quoteAmountIn, b.baseAmountOut),
        reserves: { poolBase: b.poolBaseTokenReserves, poolQuote: b.poolQuoteTokenReserves }, // the sandbox AMM reports them after the trade
      },
    ];
  }
  const s = event.data;
  return [
    {
      ...common, side: 'sell', user: s.user, tokens: s.baseAmountIn, quote: s.quoteAmountOut, zec: s.userQuoteAmountOut,
      creatorFee: s.coinCreatorFee, protocolFee: s.protocolFee, priceE18: price(s.quoteAmountOut, s.baseAmountIn),
      reserves: { poolBase: s.poolBaseTokenReserves, poolQuote: s.poolQuoteTokenReserves },
    },
  ];
}

/**
 * A native route: the paired coin's trade, valued in ZEC at the route's own rate (the ZEC that crossed
 * hop 1 for the native coin that crossed it), and the native coin's pool side, shown but never counted.
 */
function routeFacts(e: RouteEvent, rules: PlantingRules): TradeFact[] {
  if (e.hop1Pool !== rules.nativePool || e.native === 0n || e.tokens === 0n) return [];
  const side = e.isBuy ? 'buy' : 'sell';
  const [a, b, c, d] = e.hop2Reserves;
  const paired: TradeFact = {
    kind: 'trade',
    mint: e.mint,
    venue: e.hop2IsCurve ? 'curve' : 'pool',
    side,
    user: e.user,
    tokens: e.tokens,
    quote: e.hop2Quote,
    zec: e.zec,
    creatorFee: (e.creatorFee * e.hop1Zec) / e.native,
    protocolFee: e.protocolFee,
    // hop2Quote native at hop1Zec/native ZEC each, per token: one division so nothing rounds twice.
    priceE18: (e.hop2Quote * e.hop1Zec * PRICE_E18_SCALE) / (e.native * e.tokens),
    reserves: e.hop2IsCurve ? { virtualToken: a, virtualQuote: b, realToken: c, realQuote: d } : { poolBase: a, poolQuote: b },
  };
  const poolSide: TradeFact = {
    kind: 'trade',
    mint: rules.nativeMint,
    venue: 'pool',
    side,
    user: e.user,
    tokens: e.native,
    quote: e.hop1Zec,
    zec: e.hop1Zec,
    creatorFee: 0n,
    protocolFee: 0n,
    priceE18: priceZecE18(e.hop1Zec, e.native),
    reserves: { poolBase: e.hop1BaseReserves, poolQuote: e.hop1QuoteReserves },
    routed: true,
  };
  return [paired, poolSide];
}
