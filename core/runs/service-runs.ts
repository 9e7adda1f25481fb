import type { Address, KeyPairSigner } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import type { NetworkProfile } from '../config/profile.js';
import { readWorld } from '../engine/world.js';
import type { IndexReads } from '../index/store/index-reads.js';
import type { CoinRunFacts } from '../index/store/run-rows.js';
import { customCode, FeeRuns, type RunOutcome } from './fee-runs.js';
import { LAUNCHPAD_ERRORS } from '../programs/launchpad/errors.js';
import { HolderRuns, type RunStep } from './holder-runs.js';
import { RunJournal, type RunJob, type RunKind } from './store/run-journal.js';
import { RunRefused, RunSender } from './run-sender.js';

const LAUNCHPAD_ALREADY_MIGRATED = LAUNCHPAD_ERRORS.BondingCurveAlreadyMigrated;

export interface RunTimings {
  /** How long after a coin's trades its fees are split (or collected and converted) and its payee paid. */
  readonly splitDelayMs: number;
  /** How often a holders coin gets a reward run while something waits. */
  readonly holderRunEveryMs: number;
  /** The least that must wait for a holder-reward run (zat). */
  readonly holderRunMinimumZec: bigint;
  /**
   * Runs of different coins sent at once. A coin's own runs never overlap (its split lands before its
   * claim is read), and each run's transactions go one after another.
   */
  readonly concurrency: number;
  /** First wait after a failed run; doubled per failure in a row, up to `maxRetryMs`. */
  readonly retryMs: number;
  readonly maxRetryMs: number;
}

export const DEFAULT_RUN_TIMINGS: RunTimings = Object.freeze({
  splitDelayMs: 5_000,
  holderRunEveryMs: 10 * 60_000,
  holderRunMinimumZec: 100_000n, // 0.001 ZEC
  concurrency: 8,
  retryMs: 5_000,
  maxRetryMs: 10 * 60_000,
});

/** Whether the runs are on here, and why not when they are off. */
export type RunsState = { readonly on: true; readonly authority: Address } | { readonly on: false; readonly reason: string };

export interface ServiceRunsOptions {
  readonly chain: Chain;
  readonly store: IndexReads;
  readonly profile: NetworkProfile;
  /** runs.sqlite in the data dir. */
  readonly journalPath: string;
  /** The key the runs are sent and paid with (the sandbox's service authority); null: the runs are off. */
  readonly authority: KeyPairSigner | null;
  /** Why there is no authority, shown by the desk and `launchdesk runs`. */
  readonly offReason?: string;
  readonly timings?: Partial<RunTimings>;
  /** Each failure, in words (the server's log). */
  readonly onFailure?: (job: RunJob, reason: string) => void;
  /** Progress inside a holder-reward run (tests stop a process here). */
  readonly onStep?: (mint: Address, step: RunStep) => void;
}

/**
 * The service's own runs on this machine (spec: "The service itself sends these"): fee splits, native
 * conversions, payee claims, holder-reward runs and migrations, driven by what the index applies rather
 * than by polling every coin. A batch the index applies marks the coins it touched due; one worker sends
 * the due runs one at a time, oldest first, so the run authority's transactions never race. A failing run
 * is retried with a doubling backoff and its reason kept; the others carry on. Everything it decides is
 * read back from chain and index, so a restart (or a kill -9) resumes where the chain says it is.
 */
export class ServiceRuns {
  private readonly timings: RunTimings;
  private readonly fees: FeeRuns | null;
  private readonly holders: HolderRuns | null;
  private position = 0n;
  /**
   * The service's turns on the index, one after another: its first position and plan (start), then each batch's
   * look at what changed (the reads are async: on a hosted index they take turns of the loop).
   */
  private turns: Promise<void>;
  private timer: NodeJS.Timeout | null = null;
  private working: Promise<void> | null = null;
  private stopped = false;
  private readonly unsubscribe: () => void;
  readonly state: RunsState;

  private constructor(
    private readonly options: ServiceRunsOptions,
    readonly journal: RunJournal,
  ) {
    this.timings = { ...DEFAULT_RUN_TIMINGS, ...options.timings };
    const sender = options.authority ? new RunSender(options.chain, options.authority) : null;
    this.fees = sender ? new FeeRuns(options.chain, sender) : null;
    this.holders = sender ? new HolderRuns(options.chain, options.store, journal, sender, this.timings.holderRunMinimumZec, options.onStep) : null;
    this.state = options.authority ? { on: true, authority: options.authority.address } : { on: false, reason: options.offReason ?? 'no run authority is configured for this cluster' };
    this.turns = options.store.checkpoint().then((checkpoint) => {
      this.position = checkpoint.transactions;
    });
    this.unsubscribe = options.store.onApplied((position) => {
      // Applied inside the index's SQLite transaction: look at what changed once it has committed.
      setImmediate(() => this.turn(() => this.indexMoved(position)));
    });
  }

  /** Opens the journal, plans every listed coin from the index (what a restart must pick up), and starts the worker. */
  static start(options: ServiceRunsOptions): ServiceRuns {
    const runs = new ServiceRuns(options, RunJournal.open(options.journalPath));
    if (runs.state.on) {
      runs.journal.retryFailedAt(Date.now());
      runs.turn(async () => {
        for (const facts of await options.store.runs.runFacts()) runs.plan(facts);
        runs.wake();
      });
    }
    return runs;
  }

  /** Runs `step` after every turn before it; a failed read is looked at again with the next batch (its position is not taken). */
  private turn(step: () => Promise<void>): void {
    this.turns = this.turns.then(step).catch(() => undefined);
  }

  /** The journal's jobs (all, or one coin's), for `launchdesk runs` and the desk. */
  jobs(mint?: Address): RunJob[] {
    return this.journal.jobs(mint);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.unsubscribe();
    if (this.timer) clearTimeout(this.timer);
    await this.turns;
    await this.working;
    this.journal.close();
  }

  /** Waits until no run is due now (tests, and a clean stop after a burst). */
  async idle(): Promise<void> {
    for (;;) {
      await this.turns;
      await this.working;
      const due = this.journal.nextDueAt();
      if (this.working === null && (due === null || due > Date.now())) return;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  private async indexMoved(position: bigint): Promise<void> {
    if (this.stopped || !this.state.on) return;
    const touched = await this.options.store.runs.coinsTouchedSince(this.position);
    for (const mint of touched) for (const facts of await this.options.store.runs.runFacts(mint)) this.plan(facts);
    this.position = position;
    this.wake();
  }

  /** Marks what a coin needs due, from the index's facts alone. */
  private plan(c: CoinRunFacts): void {
    const now = Date.now();
    const later = now + this.timings.splitDelayMs;
    if (c.stage === 'complete') this.journal.markDue(c.mint, 'migrate', now);
    if (c.feesSinceCollect && c.pair === 'zec') this.journal.markDue(c.mint, 'split', later);
    if (c.feesSinceCollect && c.pair === 'native') this.journal.markDue(c.mint, 'native', later);
    if (c.waitingZec > 0n && c.payeeKind === 'wallet') this.journal.markDue(c.mint, 'claim', later);
    if (c.waitingZec > 0n && c.payeeKind === 'holders') {
      const last = this.journal.job(c.mint, 'holders')?.lastRanAt ?? null;
      this.journal.markDue(c.mint, 'holders', last === null ? later : Math.max(later, last + this.timings.holderRunEveryMs));
    }
  }

  private wake(): void {
    if (this.working) this.nudge?.();
    if (this.stopped || this.working) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const due = this.journal.nextDueAt();
    if (due === null) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.working = this.work().finally(() => {
        this.working = null;
        this.wake();
      });
    }, Math.max(0, due - Date.now()));
  }

  /**
   * Runs every job due now, up to `concurrency` at once, never two of one coin together; returns when
   * none is due and none is running.
   */
  private async work(): Promise<void> {
    const running = new Map<Address, Promise<void>>();
    for (;;) {
      if (!this.stopped && running.size < this.timings.concurrency) {
        const next = this.journal.dueJobs(Date.now(), this.timings.concurrency * 4).find((job) => !running.has(job.mint));
        if (next) {
          running.set(next.mint, this.runJob(next).finally(() => running.delete(next.mint)));
          continue;
        }
      }
      if (running.size === 0) return;
      // Until a run ends, the index marks something due, or the next due time comes.
      const due = this.journal.dueJobs(Number.MAX_SAFE_INTEGER, this.timings.concurrency * 4 + running.size).find((job) => !running.has(job.mint))?.dueAt ?? null;
      let timer: NodeJS.Timeout | undefined;
      const nudged = new Promise<void>((resolve) => {
        this.nudge = resolve;
        if (due !== null) timer = setTimeout(resolve, Math.max(0, due - Date.now()));
      });
      await Promise.race([...running.values(), nudged]);
      clearTimeout(timer);
      this.nudge = null;
    }
  }

  /** Tells a busy worker that something new may be due. */
  private nudge: (() => void) | null = null;

  private async runJob(job: RunJob): Promise<void> {
    try {
      const outcome = await this.perform(job.kind, job.mint);
      const nextAt = job.kind === 'holders' && outcome.signatures.length > 0 ? Date.now() + this.timings.holderRunEveryMs : null;
      this.journal.done(job.mint, job.kind, { lastDone: outcome.done, signature: outcome.signatures.at(-1) ?? null, nextAt });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const wait = Math.min(this.timings.maxRetryMs, this.timings.retryMs * 2 ** Math.min(job.failures, 16));
      this.journal.failed(job.mint, job.kind, reason, Date.now() + wait);
      this.options.onFailure?.(job, reason);
    }
  }

  private async perform(kind: RunKind, mint: Address): Promise<RunOutcome> {
    const world = await readWorld(this.options.chain, this.options.profile);
    const fees = this.fees!;
    switch (kind) {
      case 'split':
        return fees.split(world, mint);
      case 'native':
        return fees.native(world, mint);
      case 'claim':
        return fees.claim(world, mint);
      case 'holders':
        return this.holders!.run(world, mint);
      case 'migrate': {
        const coin = await this.options.store.coin(mint);
        if (!coin || coin.stage !== 'complete') return { done: 'already on its pool', signatures: [] };
        try {
          return await fees.migrate(world, mint, coin.pair as 'zec' | 'native' | 'other');
        } catch (error) {
          // Someone else migrated it first (anyone may): the index shows the pool once it takes that in.
          if (error instanceof RunRefused && customCode(error) === LAUNCHPAD_ALREADY_MIGRATED) return { done: 'already migrated by another sender', signatures: [] };
          throw error;
        }
      }
    }
  }
}
