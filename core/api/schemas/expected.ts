import { Type, type TSchema } from 'typebox';
import { Amount } from './common.js';

/**
 * The keys of a build's `expected` (spec, "Build answer"), each said once: amounts are decimal strings of
 * base units, bps are integers. Every build kind answers a subset; the OpenAPI document shows each route's
 * subset and when each key appears, and buildAnswerOf refuses to answer a key that is not here, so the
 * document can never fall behind what the builds say.
 */
const bps = (description: string) => Type.Integer({ description });

export const EXPECTED_KEYS = {
  tokensOut: Amount('buy: the tokens the buy gives (a ZEC planting\'s first buy: exactly these)'),
  minTokensOut: Amount('buy: the fewest tokens the transaction accepts: its minimum, the quote less slippageBps'),
  maxZecIn: Amount('buy: the most ZEC the transaction may spend (a native route spends exactly this)'),
  zecIn: Amount('buy: the ZEC the buy is quoted to spend; swap zec_to_sol: the ZEC the swap spends'),
  tokensIn: Amount('sale: the tokens sold, all of them'),
  zecOut: Amount('sale: the ZEC the wallet receives after fees; swap sol_to_zec: the ZEC the swap gives; claim and payee change: the ZEC paid out to the payee'),
  minZecOut: Amount('sale and swap sol_to_zec: the least ZEC the transaction accepts'),
  nativeAmount: Amount('native route: the native coin passed between the two hops (the trader never holds it)'),
  solIn: Amount('pay=SOL and swap sol_to_zec: the lamports swapped to ZEC'),
  solOut: Amount('receive=SOL and swap zec_to_sol: the lamports the swap gives'),
  minSolOut: Amount('receive=SOL and swap zec_to_sol: the least lamports the swap accepts'),
  swapZecOut: Amount('pay=SOL: the ZEC the swap gives before the buy'),
  swapMinZecOut: Amount('pay=SOL: the least ZEC the swap accepts; the buy spends exactly this (any more stays in the wallet)'),
  swapZecIn: Amount('receive=SOL: the ZEC swapped to SOL, the sale\'s minZecOut'),
  launchFeeLamports: Amount('planting: the launch fee paid to the treasury, in lamports'),
  slippageBps: bps('the slippage applied to the minimum (absent where none applies: a ZEC planting\'s first buy is exact)'),
  swapSlippageBps: bps('receive=SOL: the swap leg\'s slippage'),
  feeBps: bps('fees: the venue\'s rates on a curve or pool; on a native route the fees the trade really pays, rounded up'),
  priceImpactBps: bps('the price impact: show it before signing; on a native route costBps - feeBps'),
  costBps: bps('native route: everything given up against both venues\' spot prices, fees and impact together, rounded up'),
} as const;

export type ExpectedKey = keyof typeof EXPECTED_KEYS;

export function isExpectedKey(key: string): key is ExpectedKey {
  return Object.hasOwn(EXPECTED_KEYS, key);
}

/** The `expected` of one build route: its keys, each optional, and which appear when. */
export function expectedOf(keys: readonly ExpectedKey[], description: string): TSchema {
  // Open to other keys: the serialiser must never drop one silently (buildAnswerOf already refuses an undocumented key).
  return Type.Object(Object.fromEntries(keys.map((k) => [k, Type.Optional(EXPECTED_KEYS[k])])), { description, additionalProperties: true });
}

const SWAP_KEYS = ['solIn', 'zecOut', 'minZecOut', 'zecIn', 'solOut', 'minSolOut', 'slippageBps', 'feeBps', 'priceImpactBps'] as const;
const TRADE_KEYS = ['tokensOut', 'minTokensOut', 'maxZecIn', 'zecIn', 'tokensIn', 'zecOut', 'minZecOut', 'slippageBps', 'feeBps', 'priceImpactBps', 'costBps', 'nativeAmount'] as const;

export const EXPECTED = {
  trade: expectedOf(
    [...TRADE_KEYS, 'solIn', 'swapZecOut', 'swapMinZecOut', 'swapZecIn', 'solOut', 'minSolOut', 'swapSlippageBps'],
    'A buy: tokensOut, minTokensOut, maxZecIn, zecIn. A sale: tokensIn, zecOut, minZecOut. Both: slippageBps, feeBps, priceImpactBps; ' +
      'on a native-paired coin also costBps and nativeAmount. pay=SOL in one transaction adds solIn, swapZecOut, swapMinZecOut; ' +
      'receive=SOL adds swapZecIn, solOut, minSolOut, swapSlippageBps. A split build (with `then`) answers its first leg\'s keys: ' +
      'the swap\'s (solIn, zecOut, minZecOut, slippageBps, feeBps, priceImpactBps) or the ZEC sale\'s.',
  ),
  swap: expectedOf(SWAP_KEYS, 'sol_to_zec: solIn, zecOut, minZecOut. zec_to_sol: zecIn, solOut, minSolOut. Both: slippageBps, feeBps (the pool\'s), priceImpactBps.'),
  plant: expectedOf(
    ['launchFeeLamports', ...TRADE_KEYS],
    'Always launchFeeLamports. With a first buy: tokensOut, minTokensOut, maxZecIn (= firstBuy.zec), feeBps, priceImpactBps; ' +
      'a ZEC pair: zecIn, and minTokensOut = tokensOut with no slippageBps (buy_v2 of exact tokens on a curve created in the same transaction); ' +
      'a native pair: slippageBps, costBps and nativeAmount (one route spending exactly firstBuy.zec).',
  ),
  payout: expectedOf(['zecOut'], 'zecOut: what waits in the coin\'s fee account, paid to the payee recorded on chain.'),
} as const;
