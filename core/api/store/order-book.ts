import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import type { Address } from '@solana/kit';
import type { OrderTrigger, TriggerState } from '../../verify/order-trigger.js';

/** The file in the data directory that keeps the local orders, their fills and their journal. */
export const ORDERS_FILE = 'orders.sqlite';

/**
 * Open: waiting for its trigger. Filling: a fill is under way (its key is written). Filled, cancelled,
 * expired: ended. Paused: a fill was refused or failed past its retries; it says why and waits for the person.
 */
export type OrderState = 'open' | 'filling' | 'filled' | 'cancelled' | 'expired' | 'paused';

/** A buy spends an amount of ZEC per fill; a sale sells a share of the position held when it fills. */
export type OrderAmount = { readonly kind: 'zat'; readonly zat: bigint } | { readonly kind: 'percent'; readonly percent: number };

export interface Order {
  readonly id: string;
  readonly wallet: Address;
  readonly mint: Address;
  readonly trigger: OrderTrigger;
  readonly amount: OrderAmount;
  readonly slippageBps: number;
  /** Micro-lamports per compute unit the fills' builds carry. */
  readonly computeUnitPrice: bigint;
  /** Milliseconds since the epoch; null: good until cancelled. */
  readonly expiresAt: number | null;
  readonly state: OrderState;
  /** Why it paused, expired or was cancelled, in words; null otherwise. */
  readonly reason: string | null;
  readonly triggerState: TriggerState;
  readonly createdAt: number;
  /** The index position when it was placed: only trades the index takes in after it can fire it. */
  readonly since: bigint;
}

export type NewOrder = Omit<Order, 'id' | 'state' | 'reason' | 'triggerState' | 'createdAt' | 'since'>;

/** Pending: its key is written, nothing sent yet (or not known to be). Sent: the relay answered signatures. */
export type FillState = 'pending' | 'sent' | 'landed' | 'failed';

export interface Fill {
  /** `<order id>:<seq>`: written before anything is sent, so a fill is never sent twice for one key. */
  readonly key: string;
  readonly orderId: string;
  readonly seq: number;
  readonly state: FillState;
  readonly buildId: string | null;
  readonly signatures: readonly string[];
  readonly at: number;
  readonly detail: string | null;
}

export interface JournalLine {
  readonly orderId: string;
  readonly at: number;
  /** trigger, build, verdict, send, landing, pause, cancel… */
  readonly step: string;
  readonly line: string;
}

// Prices ×1e18 do not fit 64 bits: triggers and amounts are JSON with bigints as decimal strings.
const SCHEMA = `
CREATE TABLE IF NOT EXISTS orders (
  id TEXT PRIMARY KEY, wallet TEXT NOT NULL, mint TEXT NOT NULL, kind TEXT NOT NULL, trigger TEXT NOT NULL, amount TEXT NOT NULL,
  slippage_bps INTEGER NOT NULL, compute_unit_price TEXT NOT NULL, expires_at INTEGER, state TEXT NOT NULL, reason TEXT,
  trigger_state TEXT NOT NULL, created_at INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS orders_open ON orders (state, mint);
CREATE TABLE IF NOT EXISTS fills (
  key TEXT PRIMARY KEY, order_id TEXT NOT NULL, seq INTEGER NOT NULL, state TEXT NOT NULL, build_id TEXT, signatures TEXT NOT NULL,
  at INTEGER NOT NULL, detail TEXT);
CREATE INDEX IF NOT EXISTS fills_order ON fills (order_id, seq);
CREATE TABLE IF NOT EXISTS journal (id INTEGER PRIMARY KEY AUTOINCREMENT, order_id TEXT NOT NULL, at INTEGER NOT NULL, step TEXT NOT NULL, line TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS journal_order ON journal (order_id, id);
CREATE TABLE IF NOT EXISTS settings (name TEXT PRIMARY KEY, value TEXT NOT NULL);
`;

const toJson = (value: unknown): string => JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? { $big: v.toString() } : v));
const fromJson = <T>(text: string): T => JSON.parse(text, (_k, v: unknown) => (v !== null && typeof v === 'object' && '$big' in v ? BigInt((v as { $big: string }).$big) : v)) as T;

type Row = Record<string, unknown>;
const orderOf = (r: Row): Order => ({
  id: r['id'] as string,
  wallet: r['wallet'] as Address,
  mint: r['mint'] as Address,
  trigger: fromJson<OrderTrigger>(r['trigger'] as string),
  amount: fromJson<OrderAmount>(r['amount'] as string),
  slippageBps: r['slippage_bps'] as number,
  computeUnitPrice: BigInt(r['compute_unit_price'] as string),
  expiresAt: (r['expires_at'] as number | null) ?? null,
  state: r['state'] as OrderState,
  reason: (r['reason'] as string | null) ?? null,
  triggerState: fromJson<TriggerState>(r['trigger_state'] as string),
  createdAt: r['created_at'] as number,
  since: BigInt((r['since'] as string | null) ?? '0'),
});
const fillOf = (r: Row): Fill => ({
  key: r['key'] as string,
  orderId: r['order_id'] as string,
  seq: r['seq'] as number,
  state: r['state'] as FillState,
  buildId: (r['build_id'] as string | null) ?? null,
  signatures: JSON.parse(r['signatures'] as string) as string[],
  at: r['at'] as number,
  detail: (r['detail'] as string | null) ?? null,
});

/**
 * The local orders (`orders.sqlite` in the data dir): each order with its trigger's state, each fill keyed
 * `<order>:<seq>` and written as pending before it is sent, and a journal of every step. A fill key is
 * taken once (`beginFill` answers false the second time, also after a restart), so a crash at any moment
 * leaves either a fill not begun, which the runner may begin, or a begun one, which it settles and never
 * sends again.
 */
export class OrderBook {
  private readonly s;

  private constructor(private readonly db: Database.Database) {
    db.pragma('journal_mode = WAL');
    db.exec(SCHEMA);
    // A book written before orders kept their placing position: those fire from the position the runner kept.
    if (!(db.prepare('PRAGMA table_info(orders)').all() as { name: string }[]).some((c) => c.name === 'since')) db.exec('ALTER TABLE orders ADD COLUMN since TEXT');
    this.s = {
      insert: db.prepare(
        'INSERT INTO orders (id, wallet, mint, kind, trigger, amount, slippage_bps, compute_unit_price, expires_at, state, reason, trigger_state, created_at, since) VALUES (@id, @wallet, @mint, @kind, @trigger, @amount, @slippageBps, @computeUnitPrice, @expiresAt, @state, NULL, @triggerState, @createdAt, @since)',
      ),
      get: db.prepare('SELECT * FROM orders WHERE id = ?'),
      byWallet: db.prepare('SELECT * FROM orders WHERE wallet = ? ORDER BY created_at DESC, id'),
      open: db.prepare("SELECT * FROM orders WHERE state IN ('open', 'filling') ORDER BY created_at, id"),
      setState: db.prepare('UPDATE orders SET state = @state, reason = @reason WHERE id = @id'),
      transition: db.prepare('UPDATE orders SET state = @state, reason = @reason WHERE id = @id AND state IN (SELECT value FROM json_each(@from))'),
      advance: db.prepare('UPDATE orders SET trigger_state = @triggerState WHERE id = @id'),
      beginFill: db.prepare("INSERT OR IGNORE INTO fills (key, order_id, seq, state, build_id, signatures, at, detail) VALUES (@key, @orderId, @seq, 'pending', NULL, '[]', @at, NULL)"),
      settleFill: db.prepare('UPDATE fills SET state = @state, build_id = COALESCE(@buildId, build_id), signatures = @signatures, detail = @detail WHERE key = @key'),
      fills: db.prepare('SELECT * FROM fills WHERE order_id = ? ORDER BY seq'),
      pending: db.prepare("SELECT * FROM fills WHERE state IN ('pending', 'sent') ORDER BY at"),
      journal: db.prepare('INSERT INTO journal (order_id, at, step, line) VALUES (?, ?, ?, ?)'),
      journalOf: db.prepare('SELECT order_id, at, step, line FROM journal WHERE order_id = ? ORDER BY id'),
      all: db.prepare('SELECT * FROM orders ORDER BY created_at DESC, id'),
      fillsOfMany: db.prepare("SELECT f.* FROM fills f JOIN json_each(?) j ON f.order_id = j.value ORDER BY f.order_id, f.seq"),
      fillCount: db.prepare('SELECT COUNT(*) AS n FROM fills WHERE order_id = ?'),
      fillBySignature: db.prepare("SELECT f.* FROM fills f, json_each(f.signatures) s WHERE s.value = ?"),
      getSetting: db.prepare('SELECT value FROM settings WHERE name = ?'),
      setSetting: db.prepare('INSERT INTO settings (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value'),
    };
  }

  static open(path: string): OrderBook {
    return new OrderBook(new Database(path));
  }

  /** Stores a new open order (its trigger checked by the caller) and journals it. */
  place(order: NewOrder, at: number, triggerState: TriggerState, since: bigint): Order {
    const id = `o_${randomBytes(12).toString('hex')}`;
    this.db.transaction(() => {
      this.s.insert.run({
        id,
        wallet: order.wallet,
        mint: order.mint,
        kind: order.trigger.kind,
        trigger: toJson(order.trigger),
        amount: toJson(order.amount),
        slippageBps: order.slippageBps,
        computeUnitPrice: String(order.computeUnitPrice),
        expiresAt: order.expiresAt,
        state: 'open',
        triggerState: toJson(triggerState),
        createdAt: at,
        since: since.toString(),
      });
      this.s.journal.run(id, at, 'place', `placed: ${order.trigger.kind}`);
    })();
    return this.get(id)!;
  }

  get(id: string): Order | null {
    const row = this.s.get.get(id) as Row | undefined;
    return row ? orderOf(row) : null;
  }

  ofWallet(wallet: Address): Order[] {
    return (this.s.byWallet.all(wallet) as Row[]).map(orderOf);
  }

  /** Every order, newest first. */
  all(): Order[] {
    return (this.s.all.all() as Row[]).map(orderOf);
  }

  /** The fills of many orders at once, by order id. */
  fillsOf(orderIds: readonly string[]): Map<string, Fill[]> {
    const out = new Map<string, Fill[]>(orderIds.map((id) => [id, []]));
    if (orderIds.length === 0) return out;
    for (const row of this.s.fillsOfMany.all(JSON.stringify(orderIds)) as Row[]) out.get(row['order_id'] as string)?.push(fillOf(row));
    return out;
  }

  /** How many fills an order has begun (the next fill's seq). */
  fillCount(orderId: string): number {
    return (this.s.fillCount.get(orderId) as { n: number }).n;
  }

  /** The index position the runner evaluated to (null: a new book). */
  evaluatedTo(): bigint | null {
    const row = this.s.getSetting.get('evaluated_to') as { value: string } | undefined;
    return row ? BigInt(row.value) : null;
  }

  /** The position evaluated to, with the trigger states that moved over it (a trailing stop's best), at once. */
  commit(position: bigint, advanced: ReadonlyMap<string, TriggerState>): void {
    this.db.transaction(() => {
      for (const [id, state] of advanced) this.s.advance.run({ id, triggerState: toJson(state) });
      this.s.setSetting.run('evaluated_to', position.toString());
    })();
  }

  /** Orders still waiting or filling, oldest first (what the runner evaluates). */
  open(): Order[] {
    return (this.s.open.all() as Row[]).map(orderOf);
  }

  /** A new state, with why, journaled in the same transaction. */
  setState(id: string, state: OrderState, reason: string | null, at: number, step: string): void {
    this.db.transaction(() => {
      this.s.setState.run({ id, state, reason });
      this.s.journal.run(id, at, step, reason ?? state);
    })();
  }

  /** Moves an order to `state` only from one of `from` (false, and nothing written, otherwise), journaled with it. */
  transition(id: string, from: readonly OrderState[], state: OrderState, reason: string | null, at: number, step: string, line: string = reason ?? state): boolean {
    return this.db.transaction(() => {
      if (this.s.transition.run({ id, state, reason, from: JSON.stringify(from) }).changes !== 1) return false;
      this.s.journal.run(id, at, step, line);
      return true;
    })();
  }

  /** Keeps what the trigger remembers (a trailing stop's best price, a DCA's count). */
  advance(id: string, triggerState: TriggerState): void {
    this.s.advance.run({ id, triggerState: toJson(triggerState) });
  }

  /** Takes fill `seq` of an order: true the first time its key is written, false ever after (never send it twice). */
  beginFill(orderId: string, seq: number, at: number): boolean {
    return this.s.beginFill.run({ key: `${orderId}:${seq}`, orderId, seq, at }).changes === 1;
  }

  settleFill(key: string, state: FillState, detail: string | null, buildId: string | null = null, signatures: readonly string[] = []): void {
    this.s.settleFill.run({ key, state, buildId, signatures: JSON.stringify(signatures), detail });
  }

  /** A fill's new state and its journal line, in one commit (one fsync on the way to a send, not two). */
  settleFillNoted(key: string, state: FillState, detail: string | null, buildId: string | null, signatures: readonly string[], note: { orderId: string; at: number; step: string; line: string }): void {
    this.db.transaction(() => {
      this.s.settleFill.run({ key, state, buildId, signatures: JSON.stringify(signatures), detail });
      this.s.journal.run(note.orderId, note.at, note.step, note.line);
    })();
  }

  fills(orderId: string): Fill[] {
    return (this.s.fills.all(orderId) as Row[]).map(fillOf);
  }

  /** Fills begun and not known to have landed or failed: what a restart settles before anything else. */
  unsettled(): Fill[] {
    return (this.s.pending.all() as Row[]).map(fillOf);
  }

  note(orderId: string, at: number, step: string, line: string): void {
    this.s.journal.run(orderId, at, step, line);
  }

  journal(orderId: string): JournalLine[] {
    return (this.s.journalOf.all(orderId) as Row[]).map((r) => ({ orderId: r['order_id'] as string, at: r['at'] as number, step: r['step'] as string, line: r['line'] as string }));
  }

  close(): void {
    this.db.close();
  }
}
