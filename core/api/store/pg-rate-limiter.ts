import { openPostgres, PgStatements, reaching, type Pg } from '../../storage/postgres/pg-connection.js';
import { ensurePgSchema } from '../../storage/postgres/pg-schema.js';
import type { StoreSchema } from '../../storage/store-version.js';
import { RATE_GROUPS, rateVerdict, type RateGroup, type RateTier, type RateVerdict, type RequestLimiter } from '../rate-limit.js';

/**
 * The request stamps of the hosted service's callers: one row per request let through, by route group and
 * caller (`key:<id>`, `ip:<address>`, `desk`). Only PostgreSQL holds them: the embedded server counts in
 * memory (rate-limit.ts).
 */
export const RATE_SCHEMA: StoreSchema = Object.freeze({
  store: 'rate_stamps',
  version: 1,
  schema: `
CREATE TABLE IF NOT EXISTS rate_stamps (grp TEXT NOT NULL, caller TEXT NOT NULL, at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS rate_stamps_window ON rate_stamps (grp, caller, at);
`,
  // One take in one round trip: the statement calling it is its transaction, and every query in a VOLATILE
  // function sees what committed before it began, so the count after the lock sees the previous holder's stamp.
  postgresOnly: [
    `CREATE OR REPLACE FUNCTION launchdesk_rate_take(p_grp TEXT, p_caller TEXT, p_now BIGINT, p_window BIGINT, p_limit BIGINT)
RETURNS TABLE (held BIGINT, kth BIGINT) LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE newest BIGINT;
BEGIN
  -- A stamp need not outlive a crash of PostgreSQL (a caller would get at most a few more requests in that
  -- window): this transaction commits without waiting for its WAL to reach the disk, for the rest of the
  -- transaction only (set_config's third argument), so no request waits on a disk flush to be counted.
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM pg_advisory_xact_lock(hashtext('rate ' || p_grp || ' ' || p_caller));
  SELECT COUNT(*), MAX(s.at) INTO held, newest FROM rate_stamps s WHERE s.grp = p_grp AND s.caller = p_caller AND s.at > p_now - p_window;
  kth := NULL;
  IF held >= p_limit THEN
    SELECT s.at INTO kth FROM rate_stamps s WHERE s.grp = p_grp AND s.caller = p_caller AND s.at > p_now - p_window ORDER BY s.at DESC LIMIT 1 OFFSET p_limit - 1;
  ELSE
    -- Kept in order even if a clock steps back a little.
    INSERT INTO rate_stamps (grp, caller, at) VALUES (p_grp, p_caller, GREATEST(p_now, COALESCE(newest, p_now)));
  END IF;
  RETURN NEXT;
END
$fn$`,
    // Old stamps go in one statement, by one replica at a time: two deleting the same rows at once, in their
    // own orders, would deadlock (and a caller's request would answer 503 for a chore). A replica that finds
    // another forgetting skips its turn.
    `CREATE OR REPLACE FUNCTION launchdesk_rate_forget(p_groups TEXT[], p_before BIGINT[]) RETURNS BIGINT LANGUAGE plpgsql VOLATILE AS $fn$
DECLARE gone BIGINT := 0;
BEGIN
  IF NOT pg_try_advisory_xact_lock(hashtext('launchdesk rate forget')) THEN RETURN 0; END IF;
  DELETE FROM rate_stamps s USING unnest(p_groups, p_before) AS w(grp, before) WHERE s.grp = w.grp AND s.at <= w.before;
  GET DIAGNOSTICS gone = ROW_COUNT;
  RETURN gone;
END
$fn$`,
  ],
});

const RATE_SQL = Object.freeze({
  // Locks the caller's window, counts it, and stamps this request when it passes (the function above).
  take: 'SELECT held, kth FROM launchdesk_rate_take(?, ?, ?, ?, ?)',
  forget: 'SELECT launchdesk_rate_forget(?::text[], ?::bigint[]) AS gone',
});

/** Stamps that left their window are deleted about this often (by whichever replica takes a request then). */
const FORGET_EVERY_MS = 60_000;

/**
 * The spec's sliding windows (rate-limit.ts) held by every replica together: a key's limit, and an address's,
 * counts the requests let through by any of them. A take is one transaction serialised per caller and group
 * by an advisory lock (two replicas counting the same caller at once would both see room for one more):
 * lock, count the window, stamp the request when it passes, in one call (`launchdesk_rate_take`, one round
 * trip). Verdicts are `rateVerdict`'s, as in memory.
 */
export class PgRateLimiter implements RequestLimiter {
  private readonly statements: PgStatements;
  private nextForget = 0;
  /** The last chore of forgetting old stamps (awaited before closing). */
  private forgetting: Promise<void> = Promise.resolve();

  private constructor(
    private readonly sql: Pg,
    private readonly owned: boolean,
    private readonly now: () => number,
  ) {
    this.statements = new PgStatements(sql);
  }

  /** On a pool (kept open by its owner) or a URL (closed with the limiter); `now` in ms, injectable as the in-memory limiter's. */
  static async open(database: Pg | string, now: () => number = Date.now): Promise<PgRateLimiter> {
    const sql = typeof database === 'string' ? openPostgres(database) : database;
    try {
      await ensurePgSchema(sql, RATE_SCHEMA);
    } catch (error) {
      if (typeof database === 'string') await sql.end();
      throw error;
    }
    return new PgRateLimiter(sql, typeof database === 'string', now);
  }

  take(group: RateGroup, tier: RateTier, identity: string): Promise<RateVerdict> {
    const rule = RATE_GROUPS[group];
    const limit = rule[tier];
    const windowMs = rule.windowSeconds * 1_000;
    const now = this.now();
    if (now >= this.nextForget) this.forget(now);
    return reaching(this.sql, async () => {
      const [held] = await this.statements.all<{ held: bigint; kth: bigint | null }>(RATE_SQL.take, group, identity, now, windowMs, limit);
      return rateVerdict(limit, windowMs, now, Number(held!.held), held!.kth === null ? null : Number(held!.kth));
    });
  }

  /**
   * Deletes the stamps every group's window has left, beside the request that fell due (a chore: it never delays
   * or fails a request; one that fails is tried again at the next turn).
   */
  private forget(now: number): void {
    this.nextForget = now + FORGET_EVERY_MS;
    const groups = Object.entries(RATE_GROUPS);
    this.forgetting = this.statements
      .run(RATE_SQL.forget, groups.map(([group]) => group), groups.map(([, rule]) => now - rule.windowSeconds * 1_000))
      .then(
        () => undefined,
        () => {
          this.nextForget = 0;
        },
      );
  }

  async close(): Promise<void> {
    await this.forgetting;
    if (this.owned) await this.sql.end();
  }
}
