import { Type } from 'typebox';
import { AddressString } from './common.js';

/** The issuer status (spec, "Issuer status record" and `GET /v1/stocks/issuers`). */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ClosedReason = Type.Unsafe<'stocks-off' | 'stock-switch-off' | 'issuer-changed' | 'review'>({
  type: 'string',
  enum: ['stocks-off', 'stock-switch-off', 'issuer-changed', 'review'],
  description: 'stocks-off: closed service-wide; stock-switch-off: listed, not open yet or closed on its own; issuer-changed: issuer controls differ from the review or cannot be read; review: held back until reviewed again',
});

export const Closed = Nullable(Type.Object({ reason: ClosedReason }, { description: 'why no new money can go in; null when open' }));

export const Difference = Type.Object({
  what: Type.String({ description: 'a role (e.g. "mint authority"), a mint state ("paused", "default account state", "scaled UI multiplier", "the mint"), or an issuer key behind a role, naming its address' }),
  pinned: Type.String({ description: 'the reviewed value' }),
  now: Type.String({ description: 'the value on chain' }),
});

export const IssuerStatusRecord = Type.Object({
  key: Type.String({ description: 'one of the 44 stock keys' }),
  symbol: Type.String(),
  mint: AddressString("the stock's Token-2022 mint"),
  issuer: Type.String(),
  status: Type.Unsafe<'unchanged' | 'changed'>({ type: 'string', enum: ['unchanged', 'changed'] }),
  open: Type.Boolean({ description: 'whether new money can go in now' }),
  closed: Closed,
  paused: Nullable(Type.String({ description: 'the line shown while the stock is paused' })),
  changes: Type.Array(Difference, { description: 'what differs from the review; empty while unchanged' }),
  notices: Type.Array(Difference, { description: 'what moved without pausing anything: a normal multiplier step, confidential transfer auto approve' }),
  slot: Type.Integer({ minimum: 0, description: 'the chain slot the read was made at' }),
});

export const IssuerStatusAnswer = Type.Object({
  data: Type.Array(IssuerStatusRecord),
  readable: Type.Boolean({ description: 'false when the chain could not be read: data is empty and every stock is treated as paused' }),
});
