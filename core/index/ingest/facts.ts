import type { Address } from '@solana/kit';
import { pickAmmEvents } from '../../programs/amm/events.js';
import { pickLaunchpadEvents } from '../../programs/launchpad/events.js';
import { priceZecE9 } from '../candles.js';
import type { IndexFact, IndexedTransaction } from '../store/index-store.js';
import { judgePlanting, type PlantingRules } from './planting.js';
import type { TransactionView } from './transaction-view.js';

/**
 * A landed transaction's facts for the index, in the order they happened: plantings (listed or not),
 * curve trades from the launchpad's TradeEvents, pool trades from the AMM's Buy/SellEvents, completion
 * (CompleteEvent) and graduation (the AMM's CreatePoolEvent for a launchpad pool authority's pool).
 * Failed transactions have none. Amounts are the events' own, to the base unit.
 *
 * Not yet: native-paired coins' trades (their events are in the native coin; a route's ZEC side comes
 * from the route's accounts) and the vault's fee movements.
 */
export async function factsOf(tx: TransactionView, rules: PlantingRules): Promise<IndexedTransaction> {
  const facts: IndexFact[] = [];
  if (tx.meta.err === null) {
    const verdict = await judgePlanting(tx, rules);
    for (const [index, top] of tx.instructions.entries()) {
      const inner = tx.inner[index] ?? [];
      const fromLaunchpad = pickLaunchpadEvents(inner.filter((ix) => ix.program === rules.launchpad).map((ix) => ix.data));
      const fromAmm = pickAmmEvents(inner.filter((ix) => ix.program === rules.amm).map((ix) => ix.data));
      for (const event of fromLaunchpad) {
        if (event.name === 'CreateEvent') {
          const e = event.data;
          const listed = verdict?.listed === true && verdict.mint === e.mint;
          facts.push({
            kind: 'planted',
            mint: e.mint,
            listed,
            unlistedReason: listed ? null : verdict && !verdict.listed && verdict.mint === e.mint ? verdict.reason : 'not a top-level planting',
            pair: e.quoteMint === rules.zecMint ? 'zec' : e.quoteMint === rules.nativeMint ? 'native' : 'other',
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
          });
        } else if (event.name === 'TradeEvent') {
          const e = event.data;
          if (e.quoteMint !== rules.zecMint) continue; // native-paired: not yet indexed (see above)
          const fees = e.fee + e.creatorFee + e.buybackFee;
          facts.push({
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
            priceE9: priceZecE9(e.quoteAmount, e.tokenAmount),
            reserves: { virtualToken: e.virtualTokenReserves, virtualQuote: e.virtualQuoteReserves, realToken: e.realTokenReserves, realQuote: e.realQuoteReserves },
          });
        } else if (event.name === 'CompleteEvent') {
          facts.push({ kind: 'completed', mint: event.data.mint });
        }
      }
      for (const event of fromAmm) {
        if (event.name === 'CreatePoolEvent') {
          const e = event.data;
          if (e.quoteMint !== rules.zecMint) continue;
          facts.push({ kind: 'graduated', mint: e.baseMint, pool: e.pool, baseAmount: e.baseAmountIn, quoteAmount: e.quoteAmountIn });
        } else if (event.name === 'BuyEvent' || event.name === 'SellEvent') {
          const mint = poolBaseMint(top.program === rules.amm ? top.accounts : [], event.data.pool);
          if (mint === null || (top.accounts[4] as Address | undefined) !== rules.zecMint) continue;
          if (event.name === 'BuyEvent') {
            const b = event.data;
            facts.push({
              kind: 'trade', mint, venue: 'pool', side: 'buy', user: b.user, tokens: b.baseAmountOut, quote: b.quoteAmountIn, zec: b.userQuoteAmountIn,
              creatorFee: b.coinCreatorFee, protocolFee: b.protocolFee, priceE9: priceZecE9(b.quoteAmountIn, b.baseAmountOut),
              reserves: { poolBase: b.poolBaseTokenReserves, poolQuote: b.poolQuoteTokenReserves }, // the sandbox AMM reports them after the trade
            });
          } else {
            const s = event.data;
            facts.push({
              kind: 'trade', mint, venue: 'pool', side: 'sell', user: s.user, tokens: s.baseAmountIn, quote: s.quoteAmountOut, zec: s.userQuoteAmountOut,
              creatorFee: s.coinCreatorFee, protocolFee: s.protocolFee, priceE9: priceZecE9(s.quoteAmountOut, s.baseAmountIn),
              reserves: { poolBase: s.poolBaseTokenReserves, poolQuote: s.poolQuoteTokenReserves },
            });
          }
        }
      }
    }
  }
  return { signature: tx.signature, slot: tx.slot, at: tx.blockTime, facts };
}

/** The base mint of an AMM trade instruction on `pool` (accounts: pool, user, global config, base mint, quote mint, …). */
function poolBaseMint(accounts: readonly Address[], pool: Address): Address | null {
  return accounts[0] === pool && accounts[3] !== undefined ? accounts[3] : null;
}
