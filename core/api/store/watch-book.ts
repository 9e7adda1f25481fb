import Database from 'better-sqlite3';
import type { Address } from '@solana/kit';
import type { LevelDirection, LevelMetric } from '../../math/level-cross.js';

/** The file in the data directory that keeps the watchlist, the followed wallets, the alert rules and the fired alerts. */
export const WATCH_FILE = 'watch.sqlite';

// Levels are TEXT with no declared type: a price × 1e18 does not fit 64 bits (SQLite would keep a lossy REAL).
const SCHEMA = `
CREATE TABLE IF NOT EXISTS starred (mint TEXT PRIMARY KEY, starred_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS followed (wallet TEXT PRIMARY KEY, label TEXT NOT NULL, followed_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS rules (
  id INTEGER PRIMARY KEY AUTOINCREMENT, mint TEXT NOT NULL, metric TEXT NOT NULL, direction TEXT NOT NULL,
  level NOT NULL, armed INTEGER NOT NULL, since INTEGER NOT NULL, created_at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS alerts (
  id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL UNIQUE, kind TEXT NOT NULL, mint TEXT, wallet TEXT,
  signature TEXT, title TEXT NOT NULL, line TEXT NOT NULL, at INTEGER NOT NULL, position INTEGER NOT NULL, seen INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

/** order_fill, order_pause: the local orders' runner (core/orders/order-runner.ts) tells the desk of each fill and pause. */
export type AlertKind = 'level' | 'graduation' | 'deployer_sell' | 'wallet_trade' | 'wallet_plant' | 'order_fill' | 'order_pause';

export interface LevelRule {
  readonly id: number;
  readonly mint: Address;
  readonly metric: LevelMetric;
  readonly direction: LevelDirection;
  /** A price × 1e18 or a market cap in zat. */
  readonly level: bigint;
  /** Fires at the next crossing; off after a crossing until the value is back on the near side. */
  readonly armed: boolean;
  /** The index position when it was set: only what the index takes in after it can fire it. */
  readonly since: bigint;
  readonly createdAt: number;
}

export interface FiredAlert {
  readonly id: number;
  readonly kind: AlertKind;
  readonly mint: Address | null;
  readonly wallet: Address | null;
  readonly signature: string | null;
  readonly title: string;
  readonly line: string;
  /** Block time of the event (unix seconds). */
  readonly at: number;
  readonly position: bigint;
  readonly seen: boolean;
}

/** An alert to fire: its key makes it once-only (one per rule and event, across restarts and replays). */
export type NewAlert = Omit<FiredAlert, 'id' | 'seen'> & { readonly key: string };

export interface FollowedWallet {
  readonly wallet: Address;
  readonly label: string;
}

type Row = Record<string, unknown>;
const ruleOf = (r: Row): LevelRule => ({
  id: Number(r['id']),
  mint: r['mint'] as Address,
  metric: r['metric'] as LevelMetric,
  direction: r['direction'] as LevelDirection,
  level: BigInt(r['level'] as string),
  armed: Number(r['armed']) === 1,
  since: BigInt(r['since'] as bigint),
  createdAt: Number(r['created_at']),
});
const alertOf = (r: Row): FiredAlert => ({
  id: Number(r['id']),
  kind: r['kind'] as AlertKind,
  mint: (r['mint'] as Address | null) ?? null,
  wallet: (r['wallet'] as Address | null) ?? null,
  signature: (r['signature'] as string | null) ?? null,
  title: r['title'] as string,
  line: r['line'] as string,
  at: Number(r['at']),
  position: BigInt(r['position'] as bigint),
  seen: Number(r['seen']) === 1,
});

/**
 * The desk's watch (a small SQLite file in the data directory, like the key store and the build ledger):
 * starred coins, followed wallets, level rules with their armed state, fired alerts with a unique key each,
 * and the index position evaluated up to. A rule's new state, its alerts and the position move in one
 * transaction, so a crash or a restart neither skips an event nor fires one twice.
 */
export class WatchBook {
  private readonly s;

  private constructor(private readonly db: Database.Database) {
    const s = (sql: string) => db.prepare(sql).safeIntegers(true);
    this.s = {
      starred: s('SELECT mint, starred_at FROM starred ORDER BY starred_at, mint'),
      star: s('INSERT INTO starred (mint, starred_at) VALUES (?, ?) ON CONFLICT (mint) DO NOTHING'),
      unstar: s('DELETE FROM starred WHERE mint = ?'),
      isStarred: s('SELECT 1 FROM starred WHERE mint = ?'),
      followed: s('SELECT wallet, label FROM followed ORDER BY followed_at, wallet'),
      follow: s('INSERT INTO followed (wallet, label, followed_at) VALUES (?, ?, ?) ON CONFLICT (wallet) DO UPDATE SET label = excluded.label'),
      unfollow: s('DELETE FROM followed WHERE wallet = ?'),
      rules: s('SELECT * FROM rules ORDER BY id'),
      rulesOf: s('SELECT * FROM rules WHERE mint = ? ORDER BY id'),
      rule: s('SELECT * FROM rules WHERE id = ?'),
      addRule: s('INSERT INTO rules (mint, metric, direction, level, armed, since, created_at) VALUES (@mint, @metric, @direction, @level, @armed, @since, @createdAt)'),
      arm: s('UPDATE rules SET armed = ? WHERE id = ?'),
      deleteRule: s('DELETE FROM rules WHERE id = ?'),
      fire: s(`INSERT INTO alerts (key, kind, mint, wallet, signature, title, line, at, position) VALUES (@key, @kind, @mint, @wallet, @signature, @title, @line, @at, @position)
        ON CONFLICT (key) DO NOTHING`),
      alertsAfter: s('SELECT * FROM alerts WHERE id > ? ORDER BY id LIMIT ?'),
      unseenAfter: s('SELECT * FROM alerts WHERE id > ? AND seen = 0 ORDER BY id LIMIT ?'),
      lastAlert: s('SELECT COALESCE(MAX(id), 0) AS id FROM alerts'),
      seen: s('UPDATE alerts SET seen = 1 WHERE id <= ? AND seen = 0'),
      setting: s('SELECT value FROM settings WHERE name = ?'),
      set: s('INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value'),
    };
  }

  static open(path: string): WatchBook {
    const db = new Database(path);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(SCHEMA);
    return new WatchBook(db);
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  starred(): { mint: Address; starredAt: number }[] {
    return (this.s.starred.all() as Row[]).map((r) => ({ mint: r['mint'] as Address, starredAt: Number(r['starred_at']) }));
  }
  isStarred(mint: Address): boolean {
    return this.s.isStarred.get(mint) !== undefined;
  }
  star(mint: Address, now: number): void {
    this.s.star.run(mint, Math.floor(now / 1000));
  }
  unstar(mint: Address): void {
    this.s.unstar.run(mint);
  }

  followed(): FollowedWallet[] {
    return (this.s.followed.all() as Row[]).map((r) => ({ wallet: r['wallet'] as Address, label: r['label'] as string }));
  }
  follow(wallet: Address, label: string, now: number): void {
    this.s.follow.run(wallet, label, Math.floor(now / 1000));
  }
  unfollow(wallet: Address): void {
    this.s.unfollow.run(wallet);
  }

  rules(mint?: Address): LevelRule[] {
    return ((mint === undefined ? this.s.rules.all() : this.s.rulesOf.all(mint)) as Row[]).map(ruleOf);
  }
  rule(id: number): LevelRule | null {
    const row = this.s.rule.get(id) as Row | undefined;
    return row ? ruleOf(row) : null;
  }
  addRule(rule: Omit<LevelRule, 'id'>): LevelRule {
    const { lastInsertRowid } = this.s.addRule.run({ ...rule, level: rule.level.toString(), armed: rule.armed ? 1 : 0 });
    return this.rule(Number(lastInsertRowid))!;
  }
  deleteRule(id: number): boolean {
    return this.s.deleteRule.run(id).changes > 0;
  }

  /** Alerts after `afterId`, oldest first (only those not yet seen, with `unseen`). */
  alerts(afterId: number, limit: number, unseen: boolean): FiredAlert[] {
    return ((unseen ? this.s.unseenAfter : this.s.alertsAfter).all(afterId, limit) as Row[]).map(alertOf);
  }
  lastAlertId(): number {
    return Number((this.s.lastAlert.get() as { id: bigint }).id);
  }
  /** Marks every alert up to `upToId` seen; how many were not. */
  markSeen(upToId: number): number {
    return this.s.seen.run(upToId).changes;
  }

  setting(name: string): string | null {
    return ((this.s.setting.get(name) as { value: string } | undefined)?.value) ?? null;
  }
  setSetting(name: string, value: string): void {
    this.s.set.run(name, value);
  }

  /** The index position evaluated up to (null before the first evaluation). */
  evaluatedTo(): bigint | null {
    const value = this.setting('evaluated_to');
    return value === null ? null : BigInt(value);
  }

  /** Fires one alert that no index range evaluates (an order's fill or pause); its key keeps it once-only. */
  notify(alert: NewAlert): boolean {
    return this.s.fire.run({ ...alert }).changes === 1;
  }

  /**
   * What one evaluated range changed, at once: the rules' new armed states, the alerts (each key at most
   * once: a key already fired is skipped), and the position. Answers the alerts newly fired.
   */
  commit(position: bigint, armed: ReadonlyMap<number, boolean>, alerts: readonly NewAlert[]): number {
    const run = this.db.transaction(() => {
      for (const [id, on] of armed) this.s.arm.run(on ? 1 : 0, id);
      let fired = 0;
      for (const a of alerts) fired += this.s.fire.run({ ...a, position: a.position }).changes;
      this.s.set.run('evaluated_to', position.toString());
      return fired;
    });
    return run();
  }
}
