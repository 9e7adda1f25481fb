import { Type, type Static } from 'typebox';
import { AddressString, Amount, StringEnum, UnixSeconds } from './common.js';

/** The desk's watch (/desk-api/watch, /desk-api/alert-rules, /desk-api/alerts): desk-only, behind the desk token. */

export const WatchSchema = Type.Object({
  coins: Type.Array(Type.Object({ mint: AddressString(), starredAt: UnixSeconds('when it was starred') }), { description: 'the starred coins (the watchlist), oldest first' }),
  wallets: Type.Array(Type.Object({ wallet: AddressString(), label: Type.String() }), { description: 'the followed wallets' }),
  sound: Type.Boolean({ description: 'whether an alert plays a tone in the desk (off by default)' }),
});
export type WatchJson = Static<typeof WatchSchema>;

export const FollowBody = Type.Object({ label: Type.Optional(Type.String({ maxLength: 40, description: 'a name for the wallet (a deployer, a trader)' })) });
export const WatchSettingsBody = Type.Object({ sound: Type.Boolean() });

export const LEVEL_METRICS = ['price', 'marketCap'] as const;
export const LEVEL_DIRECTIONS = ['above', 'below'] as const;

export const AlertRuleBody = Type.Object({
  mint: AddressString('the coin'),
  metric: StringEnum(LEVEL_METRICS, '`price` (ZEC per whole coin) or `marketCap` (ZEC)'),
  direction: StringEnum(LEVEL_DIRECTIONS, '`above`: fires when a trade reaches the level from below; `below`: from above'),
  level: Type.String({ maxLength: 60, description: 'the level in ZEC as a decimal ("0.000000035"; a market cap "25000")' }),
});

export const AlertRuleSchema = Type.Object({
  id: Type.Integer(),
  mint: AddressString(),
  metric: StringEnum(LEVEL_METRICS, 'what it watches'),
  direction: StringEnum(LEVEL_DIRECTIONS, 'which way'),
  level: Type.String({ description: 'the level in ZEC, a decimal' }),
  levelBase: Amount('the level exactly: a price × 1e18, a market cap in zat'),
  armed: Type.Boolean({ description: 'false after a crossing until the value is back on the near side' }),
  createdAt: UnixSeconds('when it was set'),
});
export type AlertRuleJson = Static<typeof AlertRuleSchema>;
export const AlertRuleList = Type.Object({ rules: Type.Array(AlertRuleSchema) });
export const AlertRuleQuery = Type.Object({ mint: Type.Optional(AddressString('only this coin\'s rules')) });
export const AlertRuleParams = Type.Object({ id: Type.String({ maxLength: 20, description: 'the rule\'s id' }) });

export const ALERT_KINDS = ['level', 'graduation', 'deployer_sell', 'wallet_trade', 'wallet_plant', 'order_fill', 'order_pause'] as const;
export const AlertSchema = Type.Object({
  id: Type.Integer({ description: 'increasing; pass the last one seen as `after`' }),
  kind: StringEnum(ALERT_KINDS, 'what fired it'),
  mint: Type.Union([AddressString(), Type.Null()]),
  wallet: Type.Union([AddressString(), Type.Null()]),
  signature: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  line: Type.String(),
  at: UnixSeconds('block time of the event'),
  position: Amount('the index position of the event'),
  seen: Type.Boolean(),
});
export type AlertJson = Static<typeof AlertSchema>;
export const AlertList = Type.Object({ alerts: Type.Array(AlertSchema), last: Type.Integer({ description: 'the newest alert id there is (0: none)' }) });
export const AlertQuery = Type.Object({
  after: Type.Optional(Type.String({ maxLength: 20, description: 'alerts with a greater id (default 0)' })),
  unseen: Type.Optional(Type.Boolean({ description: 'only alerts not yet marked seen' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })),
});
export const SeenBody = Type.Object({ upTo: Type.Integer({ minimum: 0, description: 'marks every alert up to this id seen' }) });
