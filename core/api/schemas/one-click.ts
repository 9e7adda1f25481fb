import { Type } from 'typebox';
import { Amount } from './common.js';

/**
 * The desk's trading settings routes (/desk-api, desk token only; not part of /v1): a wallet's presets,
 * its one-click policy, the journal of trades signed without review, and the quick-trade signature.
 */
const Venue = Type.Union([Type.Literal('curve'), Type.Literal('pool'), Type.Literal('route')]);
const Pair = Type.Union([Type.Literal('zec'), Type.Literal('native')]);
const Bps = Type.Integer({ minimum: 0, maximum: 2000 });

export const PresetsSchema = Type.Object(
  {
    buyZec: Type.Array(Amount('zat'), { minItems: 1, maxItems: 4, description: 'buy amounts paid in ZEC' }),
    buySol: Type.Array(Amount('lamports'), { minItems: 1, maxItems: 4, description: 'buy amounts paid in SOL' }),
    sellPercents: Type.Array(Type.Integer({ minimum: 1, maximum: 100 }), { minItems: 1, maxItems: 4, description: 'sale shares of what the wallet holds' }),
    slippageBps: Type.Object({ curve: Bps, pool: Bps, route: Bps }, { additionalProperties: false }),
    priority: Type.Object(
      {
        level: Type.Union([Type.Literal('low'), Type.Literal('fast'), Type.Literal('turbo'), Type.Literal('custom')]),
        microLamports: Amount('the compute-unit price, micro-lamports per compute unit'),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

export const PolicySchema = Type.Object(
  {
    enabled: Type.Boolean(),
    maxSpendZec: Amount('zat: the most one buy paid in ZEC may spend'),
    maxSpendSol: Amount('lamports: the most one buy paid in SOL may spend'),
    maxSlippageBps: Bps,
    maxPriorityLamports: Amount('lamports: the most a trade may pay in priority fees'),
    pairs: Type.Array(Pair, { maxItems: 2 }),
    venues: Type.Array(Venue, { maxItems: 3 }),
    dailyCapZec: Amount('zat: the most one-click buys may spend in ZEC in any 24 hours'),
    dailyCapSol: Amount('lamports: the same in SOL'),
  },
  { additionalProperties: false },
);

export const TradingAnswer = Type.Object({
  wallet: Type.String(),
  presets: PresetsSchema,
  policy: PolicySchema,
  enabledAt: Type.Union([Type.String(), Type.Null()], { description: 'ISO time one-click trading was turned on; null while off' }),
  spent24h: Type.Object({ zec: Amount('zat spent by one-click buys in the last 24 hours'), sol: Amount('lamports, the same') }),
  confirmation: Type.String({ description: 'what the person types to turn one-click trading on' }),
});

export const PolicyBody = Type.Object({ policy: PolicySchema, confirmation: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: false });

export const JournalQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  before: Type.Optional(Type.Integer({ minimum: 1, description: 'an entry id: the page of older entries' })),
});

export const JournalEntrySchema = Type.Object({
  id: Type.Integer(),
  at: Type.Integer({ description: 'milliseconds since the epoch' }),
  wallet: Type.String(),
  mint: Type.String(),
  side: Type.Union([Type.Literal('buy'), Type.Literal('sell')]),
  pair: Type.String(),
  venue: Type.String(),
  spendAsset: Type.Union([Type.Literal('ZEC'), Type.Literal('SOL'), Type.Null()]),
  spend: Type.Union([Amount('base units of spendAsset'), Type.Null()]),
  slippageBps: Type.Union([Type.Integer(), Type.Null()]),
  priorityLamports: Type.Union([Amount('lamports'), Type.Null()]),
  verdict: Type.Union([Type.Literal('signed'), Type.Literal('refused'), Type.Literal('failed')]),
  reasons: Type.Array(Type.String()),
  buildId: Type.String(),
  signatures: Type.Array(Type.String()),
});

export const JournalAnswer = Type.Object({ data: Type.Array(JournalEntrySchema), next: Type.Union([Type.Integer(), Type.Null()]) });

export const QuickAnswer = Type.Object({ buildId: Type.String(), signatures: Type.Array(Type.String()), journalId: Type.Integer() });
