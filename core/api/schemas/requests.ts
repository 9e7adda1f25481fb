import { Type, type Static } from 'typebox';
import { LISTING_RULES } from '../../config/listing-rules.js';
import { DEFAULT_COMPUTE_UNIT_PRICE } from '../../engine/priority-fee.js';
import { SLIPPAGE_BPS } from '../../engine/quote.js';
import { SWAP_SLIPPAGE_BPS } from '../../engine/swap.js';
import { AddressString, StringEnum } from './common.js';

/**
 * The bodies the build, relay and quote routes read, said once: the routes validate with them and the
 * client library (core/client) takes its request types from them, so the two cannot drift apart.
 */

/** The request fields every trade route reads the same way (the quote as query parameters, the build as a body). */
export const TradeFields = {
  side: StringEnum(['buy', 'sell'] as const, 'buy or sell'),
  amount: Type.String({ maxLength: 40, description: 'base units: ZEC (or lamports with pay=SOL) to spend on a buy, tokens on a sale; `all` sells the whole balance' }),
  slippageBps: Type.Optional(Type.Integer({ description: `default ${SLIPPAGE_BPS.curve} on the curve, ${SLIPPAGE_BPS.pool} on the pool; at most ${SLIPPAGE_BPS.max}` })),
  pay: Type.Optional(StringEnum(['ZEC', 'SOL'] as const, 'buy: what the wallet pays in')),
  receive: Type.Optional(StringEnum(['ZEC', 'SOL'] as const, 'sale: what the wallet receives')),
};

/**
 * A local addition to the hosted spec (docs/api.md "Priority fee"), on every build body: the compute unit
 * price the transactions carry. Its fee at the measured limit is held to `planting.maxPriorityLamports`.
 */
export const PriorityFeeField = {
  computeUnitPrice: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,20}$',
      maxLength: 20,
      description: `local addition, not in the hosted spec: micro-lamports per compute unit, decimal digits (default "${DEFAULT_COMPUTE_UNIT_PRICE}", "0" allowed); the priority fee, ceil(limit × price / 1e6), may be at most ${LISTING_RULES.maxPriorityLamports} lamports`,
    }),
  ),
};

export const QuoteQuery = Type.Object({ ...TradeFields, wallet: Type.Optional(AddressString('the trader; needed for `amount=all`')) });

export const TradeBuildBody = Type.Object({
  wallet: AddressString('the trader'),
  mint: AddressString('the coin'),
  ...TradeFields,
  minOut: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,20}$',
      maxLength: 20,
      description:
        'local addition, not in the hosted spec: the floor accepted from a quote already seen, in base units (tokens on a buy; ZEC on a sale, before a receive=SOL swap). The build carries exactly this instead of its own quote less slippage, so a trade landing in between cannot lower it; refused when the market no longer gives this much, or when it is below what the trade gives less 2000 bps',
    }),
  ),
  ...PriorityFeeField,
});

export const SwapBuildBody = Type.Object({
  wallet: AddressString('the wallet that swaps, pays the fees and signs'),
  direction: StringEnum(['sol_to_zec', 'zec_to_sol'] as const, 'sol_to_zec or zec_to_sol'),
  amount: Type.String({ maxLength: 40, description: 'base units of what is swapped: lamports for sol_to_zec, ZEC base units for zec_to_sol' }),
  slippageBps: Type.Optional(Type.Integer({ description: `default ${SWAP_SLIPPAGE_BPS.default}; at most ${SWAP_SLIPPAGE_BPS.max}` })),
  ...PriorityFeeField,
});

export const PlantBuildBody = Type.Object({
  wallet: AddressString('the planter and fee payer; signs first'),
  mint: AddressString('public key of the new mint; the client keeps its key and signs second'),
  name: Type.String({ maxLength: 200, description: 'at most 32 bytes, as uploaded' }),
  symbol: Type.String({ maxLength: 40, description: '2 to 10 characters, A-Z and 0-9' }),
  uri: Type.String({ maxLength: 400, description: 'the uploaded metadata: https or ipfs, at most 100 characters' }),
  payee: Type.String({ maxLength: 80, description: '`me`, `wallet:<address>` or `holders` (permanent)' }),
  firstBuy: Type.Optional(
    Type.Object(
      {
        zec: Type.String({ maxLength: 40, description: 'ZEC base units to spend' }),
        slippageBps: Type.Optional(
          Type.Integer({
            description:
              'native pair: the route\'s minimum (`expected.minTokensOut`) is the quote less this; default 100, at most 2000. ZEC pair: not applied; the first buy is buy_v2 of exactly `expected.tokensOut` for at most `firstBuy.zec`, on a curve created in the same transaction, so `expected` carries no slippage',
          }),
        ),
      },
      { additionalProperties: false },
    ),
  ),
  pair: Type.Optional(StringEnum(['zec', 'native'] as const, '`zec` (default) or `native`')),
  ...PriorityFeeField,
});

export const ClaimBuildBody = Type.Object({ wallet: AddressString('who sends and pays the network fee (gets nothing)'), mint: AddressString('the coin'), ...PriorityFeeField });

export const PayeeBuildBody = Type.Object({
  wallet: AddressString('the current payee'),
  mint: AddressString('the coin'),
  payee: Type.String({ maxLength: 80, description: '`wallet:<address>` or `holders` (permanent)' }),
  ...PriorityFeeField,
});

export const SendBody = Type.Object({
  buildId: Type.String({ maxLength: 64, description: 'b_<id> of the build' }),
  signed: Type.Array(Type.String({ maxLength: 4_000, description: 'base64 signed transaction' }), { minItems: 1, maxItems: 4, description: 'in build order' }),
});

export const SendAnswer = Type.Object({ buildId: Type.String(), signatures: Type.Array(Type.String(), { description: 'confirmed, in order' }) });

export const RegistrationAnswer = Type.Object({
  signature: Type.String(),
  registered: Type.Boolean({
    description: 'the index holds it and shows what it did: a planting only once its coin is listed (then at GET /v1/coins/{mint}); a trade, claim or payee change once taken in',
  }),
  status: StringEnum(['pending', 'landed', 'failed', 'dropped'] as const, 'pending: sent, not confirmed yet; landed: confirmed without error; failed: landed with an error (only its fee was taken); dropped: sent by the relay, never landed (it never will)'),
  mint: Type.Optional(AddressString('the coin a planting creates')),
  reason: Type.Optional(Type.String({ description: 'why it is not registered, yet or ever, in plain words' })),
});

export type TradeBuildRequest = Static<typeof TradeBuildBody>;
export type QuoteRequest = Static<typeof QuoteQuery>;
export type SwapBuildRequest = Static<typeof SwapBuildBody>;
export type PlantBuildRequest = Static<typeof PlantBuildBody>;
export type ClaimBuildRequest = Static<typeof ClaimBuildBody>;
export type PayeeBuildRequest = Static<typeof PayeeBuildBody>;
export type SendRequest = Static<typeof SendBody>;
export type SendAnswerJson = Static<typeof SendAnswer>;
export type RegistrationJson = Static<typeof RegistrationAnswer>;
