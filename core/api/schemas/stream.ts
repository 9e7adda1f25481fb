import { Type, type Static } from 'typebox';
import { CANDLE_INTERVAL_NAMES } from './candle.js';
import { Candle } from './candle.js';
import { Coin } from './coin.js';
import { AddressString } from './common.js';
import { Graduated } from './graduation.js';
import { Trade } from './trade.js';
import { WalletBalances } from './wallet-balances.js';

/**
 * The push stream, GET /v1/stream (a WebSocket; an addition to the spec, which has no push). The client
 * subscribes to topics; the server answers what the index takes in, in frames that each carry the index
 * position they bring the client to. A client that reconnects subscribes again with `since` = the last
 * position it saw and receives exactly what it missed: no gap, no duplicate.
 *
 * Topics:
 *   trades                    every listed coin's trades, as GET /v1/trades lists them (no routed row)
 *   trades:<mint>             one coin's trades, as GET /v1/coins/{mint}/trades (the native coin's with its routed rows)
 *   coins                     newly listed coins
 *   graduations               coins that moved to their pool
 *   candles:<mint>:<interval> a coin's candle as each trade changes it (interval 1m, 5m, 15m, 1h, 4h, 1d)
 *   progress                  the index's progress (listing, backfill, live, reconnecting); not positioned, never replayed
 *   wallet:<address>          a wallet's trades (positioned, replayed as trades are) and its balances as the chain
 *                             holds them: a `balances` frame at once on every subscribe and again after each change
 *                             of the wallet's accounts or of its coins' prices. A balance is a state, so the latest
 *                             frame is the whole of it: a client that resumes gets the wallet's trades it missed and
 *                             its balances as they are now, and misses nothing.
 */
export const STREAM_TOPIC_PATTERN = `^(trades|coins|graduations|progress|trades:[1-9A-HJ-NP-Za-km-z]{32,44}|wallet:[1-9A-HJ-NP-Za-km-z]{32,44}|candles:[1-9A-HJ-NP-Za-km-z]{32,44}:(${CANDLE_INTERVAL_NAMES.join('|')}))$`;

export const StreamSubscribe = Type.Object(
  {
    type: Type.Literal('subscribe'),
    topics: Type.Array(Type.String({ pattern: STREAM_TOPIC_PATTERN }), { minItems: 1, maxItems: 64, description: 'what to receive; replaces any earlier subscription' }),
    since: Type.Optional(Type.Integer({ minimum: 0, description: 'resume after this position (the `position` of the last frame seen); absent: from now on' })),
  },
  { additionalProperties: false, description: 'client to server' },
);
export type StreamSubscribeJson = Static<typeof StreamSubscribe>;

export const StreamEvent = Type.Union([
  Type.Object({ kind: Type.Literal('trade'), position: Type.Integer(), data: Trade }),
  Type.Object({ kind: Type.Literal('coin'), position: Type.Integer(), data: Coin }),
  Type.Object({ kind: Type.Literal('graduation'), position: Type.Integer(), data: Graduated }),
  Type.Object({ kind: Type.Literal('candle'), position: Type.Integer(), mint: AddressString(), interval: Type.String(), data: Candle }),
]);
export type StreamEventJson = Static<typeof StreamEvent>;

export const IndexProgressJson = Type.Object({
  phase: Type.Union([Type.Literal('listing'), Type.Literal('backfill'), Type.Literal('live'), Type.Literal('reconnecting')], {
    description: '`listing`: a long backfill reads the history first (`done` found so far, `total` 0); `backfill`: `done` applied of `total`; `live`; `reconnecting`',
  }),
  done: Type.Integer({ minimum: 0 }),
  total: Type.Integer({ minimum: 0 }),
  secondsLeft: Type.Optional(Type.Integer({ minimum: 0, description: 'a backfill\'s estimate of the time it has left at its rate so far, in seconds' })),
  reason: Type.Optional(Type.String()),
});

export const StreamFrame = Type.Union(
  [
    Type.Object({ type: Type.Literal('subscribed'), topics: Type.Array(Type.String()), position: Type.Integer({ description: 'the index position the live frames continue from' }) }),
    Type.Object({
      type: Type.Literal('events'),
      position: Type.Integer({ description: 'everything subscribed up to this position has been sent: resume from it' }),
      events: Type.Array(StreamEvent, { description: 'in index order; each event carries the position of its transaction' }),
    }),
    Type.Object({ type: Type.Literal('progress'), data: IndexProgressJson }),
    Type.Object({ type: Type.Literal('balances'), data: WalletBalances }, { description: 'a `wallet:<address>` topic\'s balances, whole; not positioned' }),
    Type.Object({ type: Type.Literal('error'), error: Type.Object({ code: Type.String(), message: Type.String() }) }),
  ],
  { description: 'server to client' },
);
export type StreamFrameJson = Static<typeof StreamFrame>;
