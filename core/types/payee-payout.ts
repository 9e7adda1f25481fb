/**
 * Where a coin's deployer share stands for its wallet payee, and what a claim would do, in one rule shared
 * by the server (the words of a claim build that finds nothing) and the desk (the payee panel and its Claim
 * button). The facts come from the schedule read (`payout`, and its split and claim runs); nothing here
 * reads a clock or the network. Amounts are bigint zat.
 */
export interface PayoutFacts {
  /** The payee's share not paid out yet: what waits in the fee account (zat). */
  readonly waitingZec: bigint;
  /** Creator fees traded since the last split: a split is still due. */
  readonly unsplit: boolean;
  /** Whether the payee holds a ZEC account (the service pays a payee only into one). */
  readonly payeeZecAccount: boolean;
  readonly payee: string;
  /** The latest payout to the payee (a claim by anyone, the service's, or a payee change paying out first). */
  readonly lastPayout: { readonly signature: string; readonly at: number; readonly zec: bigint } | null;
  /** Whether this machine sends the service's runs. */
  readonly runs: boolean;
  /** The split (or a native coin's collect and convert) run and the claim run, as the schedule has them. */
  readonly split: RunTiming | null;
  readonly claim: RunTiming | null;
}

export interface RunTiming {
  readonly state: 'waiting' | 'idle' | 'failed';
  /** Unix milliseconds; null when idle. */
  readonly dueAt: number | null;
}

export type PayoutStatus =
  /** Something waits and the service pays it by itself at `dueAt` (null: any moment now): no claim needed. */
  | { readonly kind: 'service-pays'; readonly waitingZec: bigint; readonly dueAt: number | null }
  /** Something waits and only a claim pays it (why: the payee has no ZEC account, or the runs are off here). */
  | { readonly kind: 'claim'; readonly waitingZec: bigint; readonly why: 'no-zec-account' | 'runs-off' }
  /** Nothing waits: a split is still due (at `dueAt`; null: when the service runs), and says whether the service will pay after it. */
  | { readonly kind: 'split-due'; readonly dueAt: number | null; readonly payeeZecAccount: boolean; readonly runs: boolean }
  /** Nothing waits and nothing is due: the latest payout, if any, and whether the payee has a ZEC account. */
  | { readonly kind: 'paid'; readonly lastPayout: PayoutFacts['lastPayout']; readonly payeeZecAccount: boolean };

/** The due time of a run that is waiting or being retried; null when it is idle or unknown. */
const dueOf = (run: RunTiming | null): number | null => (run && run.state !== 'idle' ? run.dueAt : null);

export function payoutStatus(f: PayoutFacts): PayoutStatus {
  if (f.waitingZec > 0n) {
    if (!f.runs) return { kind: 'claim', waitingZec: f.waitingZec, why: 'runs-off' };
    if (!f.payeeZecAccount) return { kind: 'claim', waitingZec: f.waitingZec, why: 'no-zec-account' };
    return { kind: 'service-pays', waitingZec: f.waitingZec, dueAt: dueOf(f.claim) };
  }
  if (f.unsplit) return { kind: 'split-due', dueAt: f.runs ? dueOf(f.split) : null, payeeZecAccount: f.payeeZecAccount, runs: f.runs };
  return { kind: 'paid', lastPayout: f.lastPayout, payeeZecAccount: f.payeeZecAccount };
}

/** "in 4s", "in 2m 5s", "any moment now": when a run goes, from `nowMs`. */
export function dueWords(dueAt: number | null, nowMs: number): string {
  if (dueAt === null) return 'any moment now';
  const s = Math.ceil((dueAt - nowMs) / 1000);
  if (s <= 0) return 'any moment now';
  if (s < 60) return `in ${s}s`;
  const [big, small] = s < 3600 ? [`${Math.floor(s / 60)}m`, s % 60 ? `${s % 60}s` : ''] : [`${Math.floor(s / 3600)}h`, Math.floor((s % 3600) / 60) ? `${Math.floor((s % 3600) / 60)}m` : ''];
  return `in ${big}${small ? ` ${small}` : ''}`;
}

/** "12s ago", "3m ago", from unix seconds. */
function agoWords(atSeconds: number, nowMs: number): string {
  const s = Math.max(0, Math.floor(nowMs / 1000) - atSeconds);
  return s < 60 ? `${s}s ago` : s < 3600 ? `${Math.floor(s / 60)}m ago` : s < 86_400 ? `${Math.floor(s / 3600)}h ago` : `${Math.floor(s / 86_400)}d ago`;
}

export interface PayoutWords {
  /** Beside what waits: who pays it and when. */
  readonly line: string;
  /** Whether a claim would pay anything the service will not pay by itself. */
  readonly claimUseful: boolean;
  /** Beside the Claim button: why it is or is not needed. */
  readonly claimNote: string;
}

/**
 * The payee panel's words for a status. `zec` formats zat with its unit ("0.0392 ZEC"). A claim is useful
 * only when something waits that the service will not pay by itself.
 */
export function payoutWords(status: PayoutStatus, nowMs: number, zec: (zat: bigint) => string): PayoutWords {
  switch (status.kind) {
    case 'service-pays':
      return {
        line: `The service pays it to your ZEC account ${dueWords(status.dueAt, nowMs)}.`,
        claimUseful: false,
        claimNote: `No need to claim: the service pays these ${zec(status.waitingZec)} to your ZEC account ${dueWords(status.dueAt, nowMs)}.`,
      };
    case 'claim':
      return status.why === 'no-zec-account'
        ? { line: 'Your wallet has no ZEC account, so the service cannot pay it.', claimUseful: true, claimNote: 'Claim it: the claim opens your ZEC account and pays what waits into it.' }
        : { line: "This machine does not send the service's runs.", claimUseful: true, claimNote: 'Claim it to be paid now.' };
    case 'split-due':
      return {
        line: splitDueText(status, nowMs),
        claimUseful: false,
        claimNote: 'Nothing to claim yet: the latest creator fees are not split.',
      };
    case 'paid':
      return {
        line: status.lastPayout ? `Last paid: ${zec(status.lastPayout.zec)} ${agoWords(status.lastPayout.at, nowMs)}.` : 'Nothing has been paid to the payee yet.',
        claimUseful: false,
        claimNote: 'Nothing to claim: every split share has been paid.',
      };
  }
}

function splitDueText(status: Extract<PayoutStatus, { kind: 'split-due' }>, nowMs: number): string {
  const split = status.runs ? `the service splits the latest creator fees ${dueWords(status.dueAt, nowMs)}` : 'the latest creator fees are not split yet (this machine does not send the split)';
  const then = !status.runs || !status.payeeZecAccount ? 'then 40% waits here for a claim' : 'then pays your 40% to your ZEC account';
  return `A split is due: ${split}, ${then}.`;
}

/**
 * Why a claim finds nothing, in the words of `POST /v1/claim/build`'s refusal (its code stays the spec's
 * `refused`): the service just paid (with its transaction), a split is still due (and when), or that the
 * payee has no ZEC account (so the service will not pay it: a claim after the split will).
 */
export function nothingToClaimText(mint: string, status: PayoutStatus, nowMs: number, zec: (zat: bigint) => string, payee: string): string {
  const head = `nothing waits in the fee account of coin ${mint}`;
  const noAccount = `; the payee ${payee} has no ZEC account, so the service will not pay it: claim once the split is done (a claim opens the account)`;
  switch (status.kind) {
    case 'split-due': {
      const when = status.runs ? `the service splits them ${dueWords(status.dueAt, nowMs)}` : 'this server does not send the split';
      const after = status.runs && status.payeeZecAccount ? ', then pays the payee itself' : status.payeeZecAccount ? '' : noAccount;
      return `${head}: a split is still due (creator fees from the latest trades are not split yet; ${when})${after}`;
    }
    case 'paid': {
      const paid = status.lastPayout ? `: the payee was paid ${zec(status.lastPayout.zec)} ${agoWords(status.lastPayout.at, nowMs)} (transaction ${status.lastPayout.signature}); nothing was split since` : ': no creator fees have been split for the payee yet';
      return `${head}${paid}${status.payeeZecAccount ? '' : `; the payee ${payee} has no ZEC account`}`;
    }
    default:
      return `${head}: there is nothing to claim now`;
  }
}

/**
 * Why a claim finds nothing, for a program: the `detail` of `POST /v1/claim/build`'s `422 refused` (a local
 * addition; the message says the same in words). Times are unix seconds, as every time /v1 adds.
 *   - `paid`: the payee was paid what was split (by the service, a claim or a payee change): its transaction;
 *   - `split-due`: creator fees wait to be split; `dueAt` when this machine's service splits them (null: not
 *     scheduled here), `servicePays` whether the service then pays the payee by itself;
 *   - `no-zec-account`: nothing was ever paid and the payee has no ZEC account, so the service will not pay
 *     it: once a split puts its share in the fee account, a claim pays it (opening the account);
 *   - `no-fees-yet`: nothing was split for this payee yet and nothing is due;
 *   - `holders`: the coin pays holder rewards; the service pays them on every run, nothing is ever claimed;
 *   - `nothing-waits`: the fee account is empty and this server knows no more (the index does not follow the coin's payee).
 */
export type NothingToClaimDetail =
  | { readonly reason: 'paid'; readonly payee: string; readonly signature: string; readonly paidAt: number; readonly paidZec: string; readonly payeeZecAccount: boolean }
  | { readonly reason: 'split-due'; readonly payee: string; readonly dueAt: number | null; readonly servicePays: boolean; readonly payeeZecAccount: boolean }
  | { readonly reason: 'no-zec-account'; readonly payee: string }
  | { readonly reason: 'no-fees-yet'; readonly payee: string }
  | { readonly reason: 'holders' }
  | { readonly reason: 'nothing-waits'; readonly payee: string };

/** The detail beside nothingToClaimText's words, from the same status. */
export function nothingToClaimDetail(status: PayoutStatus, payee: string): NothingToClaimDetail {
  switch (status.kind) {
    case 'split-due':
      return { reason: 'split-due', payee, dueAt: status.dueAt === null ? null : Math.ceil(status.dueAt / 1000), servicePays: status.runs && status.payeeZecAccount, payeeZecAccount: status.payeeZecAccount };
    case 'paid':
      if (status.lastPayout) return { reason: 'paid', payee, signature: status.lastPayout.signature, paidAt: status.lastPayout.at, paidZec: String(status.lastPayout.zec), payeeZecAccount: status.payeeZecAccount };
      return status.payeeZecAccount ? { reason: 'no-fees-yet', payee } : { reason: 'no-zec-account', payee };
    default:
      // Something waits by the index's count while the chain's fee account is empty: it is being paid now.
      return { reason: 'no-fees-yet', payee };
  }
}
