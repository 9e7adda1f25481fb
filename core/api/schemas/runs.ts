import { Type, type Static } from 'typebox';
import type { FeeEventRow, HoldingRow } from '../../index/store/index-store.js';
import type { RewardRunRow, RunPaymentRow } from '../../index/store/run-rows.js';
import { FEE_EVENT_KINDS } from '../../index/store/index-store.js';
import type { RunJob } from '../../runs/store/run-journal.js';
import { RUN_KINDS } from '../../runs/store/run-journal.js';
import { AddressString, Amount, SignedAmount, UnixSeconds } from './common.js';
import type { PayoutFacts } from '../../types/payee-payout.js';

/**
 * The reads of what the service's runs did (paths are ours: the spec says "not shown"): a coin's holders,
 * its holder-reward runs and one run with its payments, the vault's movements per coin and per
 * transaction (the spec's "rings"), and what the service will run next for a coin.
 */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const SignatureText = (description: string) => Type.String({ minLength: 64, maxLength: 88, description });

export const Holder = Type.Object({
  wallet: AddressString(),
  balance: Amount('raw coin units: every token account of the coin the wallet owns, following trades, plain transfers, burns and closed accounts'),
  shareOfSupply: Type.String({ pattern: '^[0-9]+\\.[0-9]{9}$', description: 'balance ÷ the coin\'s total supply, truncated to nine decimals (exact: no float)' }),
  firstSeenSlot: Amount('the slot it first held the coin (a trade or a transfer in)'),
  firstSeenAt: UnixSeconds('the time of that slot'),
  costBasisZec: Nullable(Amount('average cost of the balance, zat: coins received by a transfer carry none; coins sent away take their share of it (a stock coin\'s at its stock\'s ZEC value now; null when it has none)')),
  valueZec: Nullable(Amount('the balance at the spot price now, zat (null while the coin has no ZEC value)')),
  realisedPnlZec: Nullable(SignedAmount('zat (a stock coin\'s at its stock\'s ZEC value now; null when it has none)')),
  unrealisedPnlZec: Nullable(SignedAmount('zat: value less cost basis (null while the coin has no ZEC value)')),
});

export const HolderVault = Type.Object({
  role: Type.Unsafe<'curve' | 'curve-reserve' | 'pool'>({
    type: 'string',
    enum: ['curve', 'curve-reserve', 'pool'],
    description: "curve: the bonding curve's real reserve, the coins for sale; curve-reserve: the rest of the curve's token account, minted to it at planting and never for sale, moved into the pool at graduation; pool: the coin's pool after migration",
  }),
  address: AddressString('the curve or pool account'),
  balance: Amount('raw coin units'),
  shareOfSupply: Type.String({ pattern: '^[0-9]+\\.[0-9]{9}$' }),
});

const SupplyPart = (description: string) =>
  Type.Object({ balance: Amount('raw coin units'), shareOfSupply: Type.String({ pattern: '^[0-9]+\\.[0-9]{9}$' }) }, { description });

export const Holders = Type.Object({
  data: Type.Array(Holder, { description: 'wallets holding the coin, largest first' }),
  next: Nullable(Type.String({ description: 'pass as `cursor` for the next page' })),
  holders: Type.Integer({ minimum: 0, description: 'wallets with a balance, in all' }),
  supply: Amount('the coin\'s total supply, raw units'),
  held: SupplyPart('what all the holders hold together (every page)'),
  vaults: Type.Array(HolderVault, { description: 'where the rest of the supply sits: marked, never counted as holders' }),
  unplaced: SupplyPart('supply neither held by a wallet the index counts nor in the curve or pool (over an RPC cluster whose Token-2022 transactions the index does not follow: coins moved by plain transfers; 0 on the sandbox); held + vaults + unplaced = supply'),
});

export const RewardRun = Type.Object({
  id: AddressString('the run\'s RewardRun account: GET /v1/runs/{id}'),
  mint: AddressString(),
  run: Type.Integer({ minimum: 1, description: 'the coin\'s run number' }),
  state: Type.Unsafe<'paying' | 'closed'>({ type: 'string', enum: ['paying', 'closed'], description: 'paying: opened, holders being paid; closed: every holder paid, the dust back in the fee account' }),
  snapshotSlot: Amount('the slot the holders were counted at'),
  totalZec: Amount('what the run holds to pay, zat'),
  paidZec: Amount('paid so far, zat'),
  dustZec: Nullable(Amount('what flooring left, returned to the fee account for the next run (null while paying)')),
  recipients: Type.Integer({ minimum: 0, description: 'holders in the snapshot' }),
  paidRecipients: Type.Integer({ minimum: 0 }),
  openedSignature: SignatureText('open_run'),
  openedAt: UnixSeconds('when it was opened'),
  closedSignature: Nullable(SignatureText('close_run')),
  closedAt: Nullable(UnixSeconds('when it was closed')),
});

export const RunPayment = Type.Object({
  holder: AddressString(),
  shareZec: Amount('its pro-rata share, zat (floored)'),
  signature: SignatureText('the pay_run transaction that paid it'),
  slot: Amount('slot'),
  at: UnixSeconds('time'),
});

export const RunDetail = Type.Object({
  ...RewardRun.properties,
  payments: Type.Array(RunPayment, { description: 'holders paid so far, largest share first (a page of them)' }),
  next: Nullable(Type.String({ description: 'pass as `cursor` for the next page of payments' })),
});

export const Ring = Type.Object({
  kind: Type.Unsafe<(typeof FEE_EVENT_KINDS)[number]>({
    type: 'string',
    enum: [...FEE_EVENT_KINDS],
    description:
      'split (the creator fee split four ways), payout (to the payee), payee (a payee change), collect, burn, to-lp, conversion (a native-paired coin\'s fees), liquidity (the pot\'s deposit into the native-coin/ZEC pool), run-open, run-pay, run-close (holder rewards)',
  }),
  mint: AddressString(),
  signature: SignatureText('the transaction'),
  slot: Amount('slot'),
  at: UnixSeconds('time'),
  amount: Amount('in the kind\'s own unit: zat, or native-coin base units for collect, burn, to-lp, conversion and liquidity'),
  zec: Amount('the amount in zat, as paid or valued at the movement\'s own rate'),
  party: Nullable(AddressString('the wallet paid (payout, run-pay), the new payee (payee), or the pool (liquidity)')),
  run: Nullable(Type.Integer({ minimum: 1, description: 'the holder-reward run of run-open, run-pay and run-close' })),
});

export const ScheduledRun = Type.Object({
  kind: Type.Unsafe<(typeof RUN_KINDS)[number]>({ type: 'string', enum: [...RUN_KINDS], description: 'split, native (collect, split and add liquidity), claim, holders (a reward run), migrate' }),
  state: Type.Unsafe<'waiting' | 'idle' | 'failed'>({ type: 'string', enum: ['waiting', 'idle', 'failed'], description: 'waiting: due at dueAt; idle: nothing to do until trades bring more; failed: retried at dueAt' }),
  dueAt: Nullable(UnixSeconds('when it goes (rounded up to the second); null when idle')),
  lastDone: Nullable(Type.String({ description: 'what its last run did, in words' })),
  lastSignature: Nullable(SignatureText('its last transaction')),
  lastRanAt: Nullable(UnixSeconds('when it last ran')),
  lastError: Nullable(Type.String({ description: 'why its last try failed, in plain words' })),
});

export const Payout = Type.Object(
  {
    payee: AddressString('the payee wallet recorded on chain'),
    waitingZec: Amount("the payee's share not paid out yet: what waits in the fee account, zat (as `waitingZec` of the fees)"),
    unsplit: Type.Boolean({ description: 'creator fees were traded since the last split: a split is still due (the `split` or `native` run says when)' }),
    payeeZecAccount: Type.Boolean({ description: 'whether the payee has a ZEC account: the service pays a payee only into one (a claim opens it)' }),
    lastPayout: Nullable(
      Type.Object({ signature: SignatureText('the payout\'s transaction'), at: UnixSeconds('when it landed'), zec: Amount('zat paid') }, { description: 'the latest payout to the payee' }),
    ),
  },
  { description: "where a wallet payee's share stands (null: the payee is holder rewards or none is recorded)" },
);

export const CoinSchedule = Type.Object({
  mint: AddressString(),
  runs: Type.Unsafe<'on' | 'off'>({ type: 'string', enum: ['on', 'off'], description: 'whether this machine sends the service\'s runs' }),
  reason: Nullable(Type.String({ description: 'why the runs are off' })),
  scheduled: Type.Array(ScheduledRun),
  payout: Nullable(Payout),
});

export function presentPayout(p: PayoutFacts | null): Static<typeof Payout> | null {
  if (p === null) return null;
  return {
    payee: p.payee,
    waitingZec: String(p.waitingZec),
    unsplit: p.unsplit,
    payeeZecAccount: p.payeeZecAccount,
    lastPayout: p.lastPayout ? { signature: p.lastPayout.signature, at: p.lastPayout.at, zec: String(p.lastPayout.zec) } : null,
  };
}

/** balance ÷ supply as a decimal of nine places, truncated: integer arithmetic only. */
export function shareOfSupply(balance: bigint, supply: bigint): string {
  if (supply <= 0n) return '0.000000000';
  const scaled = (balance * 1_000_000_000n) / supply;
  return `${scaled / 1_000_000_000n}.${String(scaled % 1_000_000_000n).padStart(9, '0')}`;
}

/** A holder as the holders read shows it; `value` makes its ZEC figures (route-kit/coin-context.ts holdingValuer: a stock coin's at its stock's rate now). */
export function presentHolder(h: HoldingRow, supply: bigint, value: { readonly at: (raw: bigint) => bigint | null; readonly valued: boolean }): Static<typeof Holder> {
  const text = (v: bigint | null) => (v === null ? null : String(v));
  return {
    wallet: h.wallet,
    balance: String(h.balance),
    shareOfSupply: shareOfSupply(h.balance, supply),
    firstSeenSlot: String(h.firstSeenSlot),
    firstSeenAt: Number(h.firstSeenAt),
    costBasisZec: text(value.at(h.costBasisZec)),
    valueZec: value.valued ? text(value.at(h.valueZec)) : null,
    realisedPnlZec: text(value.at(h.realisedPnlZec)),
    unrealisedPnlZec: value.valued ? text(value.at(h.unrealisedPnlZec)) : null,
  };
}

export function presentRun(r: RewardRunRow): Static<typeof RewardRun> {
  return {
    id: r.address,
    mint: r.mint,
    run: r.run,
    state: r.state,
    snapshotSlot: String(r.snapshotSlot),
    totalZec: String(r.total),
    paidZec: String(r.paid),
    dustZec: r.dust === null ? null : String(r.dust),
    recipients: r.recipients,
    paidRecipients: r.paidRecipients,
    openedSignature: r.openedSignature,
    openedAt: Number(r.openedAt),
    closedSignature: r.closedSignature,
    closedAt: r.closedAt === null ? null : Number(r.closedAt),
  };
}

export const presentPayment = (p: RunPaymentRow): Static<typeof RunPayment> => ({ holder: p.holder, shareZec: String(p.share), signature: p.signature, slot: String(p.slot), at: Number(p.at) });

export const presentRing = (e: FeeEventRow): Static<typeof Ring> => ({
  kind: e.kind,
  mint: e.mint,
  signature: e.signature,
  slot: String(e.slot),
  at: Number(e.at),
  amount: String(e.amount),
  zec: String(e.zec),
  party: e.party,
  run: e.run,
});

export const presentScheduled = (j: RunJob): Static<typeof ScheduledRun> => ({
  kind: j.kind,
  state: j.state,
  // Unix seconds, as every time /v1 answers (docs/api.md "Times"); the journal keeps milliseconds.
  dueAt: j.dueAt === null ? null : Math.ceil(j.dueAt / 1000),
  lastDone: j.lastDone,
  lastSignature: j.lastSignature,
  lastRanAt: j.lastRanAt === null ? null : Math.floor(j.lastRanAt / 1000),
  lastError: j.lastError,
});
