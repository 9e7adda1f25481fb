import type { Address, Instruction } from '@solana/kit';
import { LISTING_RULES } from '../config/listing-rules.js';
import { DeskError } from '../errors.js';
import { tokenUnits } from '../math/units.js';
import { ammBuyExactQuoteInInstruction } from '../programs/amm/instructions/buy-exact-quote-in.js';
import { ammSellInstruction } from '../programs/amm/instructions/sell.js';
import type { AmmTradeParties } from '../programs/amm/instructions/trade-accounts.js';
import { ZERO_KEY } from '../programs/amm/pdas.js';
import { buyExactQuoteInV2Instruction } from '../programs/launchpad/instructions/buy-exact-quote-in-v2.js';
import { sellV2Instruction } from '../programs/launchpad/instructions/sell-v2.js';
import type { TradeV2Parties } from '../programs/launchpad/instructions/trade-v2-accounts.js';
import { findAssociatedTokenAccount } from '../programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM } from '../programs/token-account.js';
import { zecTradeProblem, type FeeRecipientSlot, type ZecTradeRules } from '../verify/build-shape.js';
import { resolveTransaction } from '../verify/message.js';
import { nativeRouteProblem, type NativeRouteRules } from '../verify/native-route.js';
import type { CoinMarket } from './market.js';
import type { TradeQuote } from './quote.js';
import type { SimulatedTransaction } from './simulate.js';
import { aggregatorRulesOf } from './swap.js';
import { lookupTablesOf, type World } from './world.js';

/**
 * A trade build checked, before it is answered, against the spec's accepted shapes in core/verify, with
 * rules built here from the world and the coin's market as read for the build: exactly what a client
 * checks on its own machine before signing. A guard: a build that would not pass is never answered.
 */

/** The spec's accepted route of a native-paired coin for this cluster, from pinned addresses and chain state. */
export async function nativeRouteRules(world: World, market: CoinMarket): Promise<NativeRouteRules> {
  const native = world.native!;
  const zec = world.zec;
  const hop1 = market.route!.hop1;
  const recipients = world.global.buybackFeeRecipients.filter((r) => r !== ZERO_KEY);
  return {
    route: {
      programs: { amm: world.programs.amm, launchpad: world.programs.launchpad, fees: world.programs.fees },
      hop1: { baseMint: native.mint, quoteMint: zec.address, venue: native.pool, venueBase: hop1.baseVault, venueQuote: hop1.quoteVault },
      hop2: market.pool
        ? { baseMint: market.mint, quoteMint: native.mint, venue: market.pool.address, venueBase: market.pool.baseVault, venueQuote: market.pool.quoteVault }
        : { baseMint: market.mint, quoteMint: native.mint, venue: market.curveAddress, venueBase: market.curveBaseVault, venueQuote: market.curveQuoteVault },
    },
    buybackFeeAccounts: await Promise.all((recipients.length > 0 ? recipients : [world.global.feeRecipient]).map((r) => findAssociatedTokenAccount(r, zec.address, zec.tokenProgram))),
    zecTokenProgram: zec.tokenProgram,
    aggregator: world.profile.programs['aggregator'] ?? null,
    maxPriorityLamports: LISTING_RULES.maxPriorityLamports,
  };
}

/**
 * A native-paired coin's build checked against the spec's accepted shape (core/verify/native-route.ts)
 * before it is answered, as the client will check it: a build that would not pass is never answered.
 */
export async function assertAcceptedRoute(world: World, market: CoinMarket, wallet: Address, quote: TradeQuote, tx: SimulatedTransaction, swapAsked: boolean): Promise<void> {
  if (market.pair !== 'native' || quote.plan.venue !== 'route') return;
  const tables = lookupTablesOf(world);
  const ask = { wallet, mint: market.mint, side: quote.side, amountIn: quote.plan.amountIn, minAmountOut: quote.plan.minAmountOut, swapAsked };
  const problem = await nativeRouteProblem(resolveTransaction(tx.wire, tables), ask, await nativeRouteRules(world, market));
  if (problem !== null) throw new DeskError('refused', `the build is not an accepted native-pair trade: ${problem}; it was not answered`);
}

/** Each fee recipient the slot allows, with its ZEC account. */
async function feeRecipientSlot(index: number, role: string, recipients: readonly Address[], zec: World['zec']): Promise<FeeRecipientSlot> {
  const allowed = await Promise.all(recipients.filter((r) => r !== ZERO_KEY).map(async (recipient) => Object.freeze({ recipient, zecAccount: await findAssociatedTokenAccount(recipient, zec.address, zec.tokenProgram) })));
  return Object.freeze({ index, role, allowed: Object.freeze(allowed) });
}

/** Fee recipient slots by the decoded config they were made from (weakly: a replaced decoding drops them). */
const slotsBySource = new WeakMap<object, Map<string, Promise<FeeRecipientSlot>>>();

/**
 * The spec's accepted trade of a ZEC-paired coin for this wallet on this cluster: the builders' accounts
 * for its venue from chain state, each fee recipient any of the program's own, the aggregator's swap.
 */
export async function zecTradeRules(world: World, market: CoinMarket, wallet: Address, swapAsked: boolean): Promise<ZecTradeRules> {
  const zec = world.zec;
  const global = world.global;
  // A slot depends only on the config it is read from (`source`) and the ZEC mint: kept while the
  // config's decoding is (world.ts shares one while the account's bytes are unchanged).
  const slot = (source: object, index: number, role: string, recipients: () => readonly Address[]): Promise<FeeRecipientSlot> => {
    let slots = slotsBySource.get(source);
    if (slots === undefined) slotsBySource.set(source, (slots = new Map()));
    const key = `${index} ${zec.address} ${zec.tokenProgram}`;
    let found = slots.get(key);
    if (found === undefined) {
      found = feeRecipientSlot(index, role, recipients(), zec);
      slots.set(key, found);
      const kept = slots;
      found.catch(() => kept.delete(key));
    }
    return found;
  };
  const coin = { baseMint: market.mint, baseTokenProgram: TOKEN_2022_PROGRAM, quoteMint: zec.address, quoteTokenProgram: zec.tokenProgram, user: wallet };
  const addresses = (ix: Instruction) => (ix.accounts ?? []).map((a) => a.address);
  let accounts: ZecTradeRules['accounts'];
  let feeRecipients: FeeRecipientSlot[];
  if (market.pool) {
    const protocol = await slot(world.ammConfig, 9, "the AMM's protocol fee recipient", () => world.ammConfig.protocolFeeRecipients);
    const parties: AmmTradeParties = {
      ...coin, programs: { amm: world.programs.amm, fees: world.programs.fees }, pool: market.pool.address, coinCreator: market.pool.account.coinCreator,
      protocolFeeRecipient: protocol.allowed[0]?.recipient ?? ZERO_KEY,
    };
    accounts = {
      buy: addresses(await ammBuyExactQuoteInInstruction(parties, { spendableQuoteIn: 0n, minBaseAmountOut: tokenUnits(0n), trackVolume: false })),
      sell: addresses(await ammSellInstruction(parties, { baseAmountIn: tokenUnits(0n), minQuoteAmountOut: 0n })),
    };
    feeRecipients = [protocol];
  } else {
    const buybacks = global.buybackFeeRecipients.filter((r) => r !== ZERO_KEY);
    const fee = await slot(global, 6, "the launchpad's fee recipient", () => [global.feeRecipient, ...global.feeRecipients]);
    const buyback = await slot(global, 8, "the launchpad's buyback fee recipient", () => (buybacks.length > 0 ? buybacks : [global.feeRecipient]));
    const parties: TradeV2Parties = {
      ...coin, programs: world.programs, creator: market.curve.creator, feeRecipient: global.feeRecipient, buybackFeeRecipient: buyback.allowed[0]?.recipient ?? global.feeRecipient,
    };
    accounts = {
      buy: addresses(await buyExactQuoteInV2Instruction(parties, { spendableQuoteIn: 0n, minTokensOut: tokenUnits(0n) })),
      sell: addresses(await sellV2Instruction(parties, { amount: tokenUnits(0n), minQuoteOutput: 0n })),
    };
    feeRecipients = [fee, buyback];
  }
  return {
    launchpad: world.programs.launchpad,
    amm: world.programs.amm,
    zecMint: zec.address,
    zecTokenProgram: zec.tokenProgram,
    venue: market.venue,
    accounts,
    feeRecipients,
    // The aggregator's rules only where a swap was asked for: otherwise any aggregator instruction is refused.
    swap: swapAsked ? await aggregatorRulesOf(world) : null,
    maxPriorityLamports: LISTING_RULES.maxPriorityLamports,
  };
}

/**
 * Every trade build checked against the spec's accepted shape before it is answered, as the client will
 * check it: a native-paired coin's route (assertAcceptedRoute), a ZEC-paired coin's direct trade
 * (core/verify/build-shape.ts). A guard: a build that would not pass is never answered.
 */
export async function assertAcceptedTrade(world: World, market: CoinMarket, wallet: Address, quote: TradeQuote, tx: SimulatedTransaction, swapAsked: boolean): Promise<void> {
  const plan = quote.plan;
  if (plan.venue === 'route') return assertAcceptedRoute(world, market, wallet, quote, tx, swapAsked);
  const tables = lookupTablesOf(world);
  const [amountIn, minAmountOut] = plan.side === 'buy' ? [plan.spendable, plan.minTokensOut] : [plan.tokens, plan.minZecOut];
  const ask = { wallet, mint: market.mint, side: plan.side, amountIn, minAmountOut, swapAsked };
  const problem = await zecTradeProblem(resolveTransaction(tx.wire, tables), ask, await zecTradeRules(world, market, wallet, swapAsked));
  if (problem !== null) throw new DeskError('refused', `the build is not an accepted trade: ${problem}; it was not answered`);
}
