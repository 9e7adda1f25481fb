import type { Address, KeyPairSigner, Signature } from '@solana/kit';
import { DeskError, isDeskError } from '../errors.js';
import type { Fill, NewOrder, Order, OrderBook } from '../api/store/order-book.js';
import type { NewAlert } from '../api/store/watch-book.js';
import type { CoinRow } from '../index/store/index-store.js';
import type { IndexReads } from '../index/store/index-reads.js';
import { formatExactUnits, formatPrice } from '../math/decimal-display.js';
import { formatDecimalUnits } from '../math/units.js';
import { evaluate, initialState, type FiredLeg, type OrderEvent } from '../verify/order-trigger.js';
import { runFill, type FillDeps } from './order-fill.js';
import { TriggerIndex } from './trigger-index.js';

/** Positions read per range while catching up, so a long gap never blocks the event loop in one go. */
const CHUNK = 5_000n;

export interface OrderRunnerOptions {
  readonly store: IndexReads;
  readonly book: OrderBook;
  readonly fill: FillDeps;
  /** Milliseconds since the epoch: the clock DCA, expiry and the journal read (the sandbox's chain clock on the desk). */
  readonly clock?: () => number;
  /** Tells the desk of a fill or a pause (its alerts feed). */
  readonly notify?: (alert: NewAlert) => void;
  /** Told of an evaluation or a settlement that failed unexpectedly (it is tried again). */
  readonly onError?: (error: unknown, where: string) => void;
  /** Attempts of one fired leg before the order pauses (default 3), and the first backoff (doubled each time, default 1 s). */
  readonly attempts?: number;
  readonly backoffMs?: number;
  /** How often the clock is looked at for DCA buys, expiries and unknown landings (default 1 s). */
  readonly tickMs?: number;
  /** Told of each step of a fill once it is written down (the kill -9 test stops the process dead there). */
  readonly onStep?: (step: 'built' | 'signed' | 'sent', key: string) => void;
}

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;
const KIND_WORDS: Record<Order['trigger']['kind'], string> = {
  limit_buy: 'limit buy',
  limit_sell: 'limit sell',
  take_profit: 'take-profit',
  stop_loss: 'stop-loss',
  trailing_stop: 'trailing stop',
  bracket: 'bracket',
  dca: 'DCA',
  sell_on_graduation: 'sell on graduation',
};
const LEG_WORDS: Record<FiredLeg, string> = { buy: 'buy', sell: 'sale', take_profit: 'take-profit sale', stop_loss: 'stop-loss sale' };
const zecPrice = (priceE18: bigint) => `${formatPrice(priceE18, 18)} ZEC`;
const why = (error: unknown) => (isDeskError(error) ? error.message : error instanceof Error ? `unexpected: ${error.message}` : 'unexpected failure');

/** An order in a line: "limit buy: 0.5 ZEC at or below 0.0₇475 ZEC per coin". */
export function orderWords(order: Pick<Order, 'trigger' | 'amount'>): string {
  const t = order.trigger;
  const what = order.amount.kind === 'zat' ? `${formatExactUnits(order.amount.zat, 8)} ZEC` : `${order.amount.percent}% of the position`;
  // The order's own prices exactly as placed (a trade's price in a trigger line is rounded for reading).
  const per = (e18: bigint) => `${formatDecimalUnits(e18, 18)} ZEC per coin`;
  switch (t.kind) {
    case 'limit_buy':
    case 'stop_loss':
      return `${KIND_WORDS[t.kind]}: ${what} at or below ${per(t.atOrBelowE18)}`;
    case 'limit_sell':
    case 'take_profit':
      return `${KIND_WORDS[t.kind]}: ${what} at or above ${per(t.atOrAboveE18)}`;
    case 'trailing_stop':
      return `${KIND_WORDS[t.kind]}: ${what} once the price falls ${t.trailBps / 100}% below its best`;
    case 'bracket':
      return `${KIND_WORDS[t.kind]}: ${what} at or above ${per(t.takeProfitE18)}, or at or below ${per(t.stopLossE18)}`;
    case 'dca':
      return `${KIND_WORDS[t.kind]}: ${t.count} buys of ${what}, one every ${t.everyMs / 1000} s`;
    case 'sell_on_graduation':
      return `${KIND_WORDS[t.kind]}: ${what} on the pool once the coin graduates`;
  }
}

/** The last trade of a coin as the trigger reads it: the exact rational for a ZEC pair, the index's price otherwise. */
export function tradeEventOf(coin: Pick<CoinRow, 'pair'>, trade: { readonly quote: bigint; readonly tokens: bigint; readonly priceE18: bigint }): OrderEvent | null {
  if (coin.pair.startsWith('stock:')) return null;
  // A native-paired coin's trade is in native units: its price is the index's ZEC price at the native rate (to 1e-18 ZEC).
  if (coin.pair !== 'zec') return { type: 'trade', zat: trade.priceE18, raw: 10n ** 16n };
  return trade.tokens > 0n ? { type: 'trade', zat: trade.quote, raw: trade.tokens } : null;
}

/**
 * Runs the local orders (issue "Orders that run on your machine"). Each committed index batch is read once
 * as a range of positions (the push stream's cue): every landed trade is looked up in the TriggerIndex
 * (a binary search per coin, not a pass over every order), graduations fire sell-on-graduation orders, and
 * a clock fires DCA buys and expiries. A fired leg is filled one at a time (core/orders/order-fill.ts).
 *
 * Never twice: a fill's key (`<order>:<seq>`) is written before anything is built, its build id before
 * anything is signed, its signatures before the send. A restart settles every begun fill first, from the
 * chain (found: landed or failed; never signed: not sent), and only then fires anything again.
 */
export class OrderRunner {
  private readonly index = new TriggerIndex();
  private readonly clock: () => number;
  private readonly attempts: number;
  private readonly backoffMs: number;
  private readonly coins = new Map<Address, CoinRow | null>();
  private queue: Promise<void> = Promise.resolve();
  private unsubscribe: (() => void) | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Fills sent whose landing is not known yet (a restart found signatures the chain has not answered for). */
  private readonly unknown = new Map<string, Fill>();
  private closed = false;
  /**
   * The signers of wallets with open orders, read from the keychain once (a keychain answers in about 10 ms,
   * which a fill racing a price should not wait for). Each is a non-extractable key in this process, used only
   * by fills that passed their review, and dropped once its wallet has no open order or leaves the desk.
   */
  private readonly signers = new Map<Address, Promise<KeyPairSigner>>();
  private readonly fillDeps: FillDeps;

  constructor(private readonly o: OrderRunnerOptions) {
    this.clock = o.clock ?? Date.now;
    this.attempts = o.attempts ?? 3;
    this.backoffMs = o.backoffMs ?? 1_000;
    this.fillDeps = { ...o.fill, signerOf: (wallet) => this.signerOf(wallet) };
  }

  private signerOf(wallet: Address): Promise<KeyPairSigner> {
    if (!this.o.fill.wallets.list().wallets.some((w) => w.address === wallet)) {
      this.signers.delete(wallet);
      return Promise.reject(new DeskError('refused', `wallet ${wallet} is no longer in this desk's keychain: its orders cannot be signed`));
    }
    let signer = this.signers.get(wallet);
    if (!signer) {
      signer = this.o.fill.wallets.signer(wallet);
      this.signers.set(wallet, signer);
      signer.catch(() => this.signers.delete(wallet));
    }
    return signer;
  }

  /** Reads a wallet's signer ahead of its first fill. */
  private warm(wallet: Address): void {
    this.signerOf(wallet).catch(() => undefined);
  }

  /** Drops the signers of wallets with no open or filling order. */
  private forgetIdle(open: readonly Order[]): void {
    const active = new Set(open.map((o) => o.wallet));
    for (const wallet of this.signers.keys()) if (!active.has(wallet)) this.signers.delete(wallet);
  }

  /** Settles what a stop left half done, loads the open orders, and follows the index and the clock. */
  async start(): Promise<void> {
    const { book, store } = this.o;
    if (book.evaluatedTo() === null) book.commit(await store.stream.position(), new Map());
    // First what a stop left half done (nothing fires before), then each order still filling once.
    for (const fill of book.unsettled()) await this.settleFound(fill, 'restart');
    for (const order of book.open()) {
      this.warm(order.wallet);
      if (order.state === 'open') this.index.add(order);
      else if (!this.unknownOf(order.id)) this.serial(() => this.refire(order.id, 1));
    }
    this.unsubscribe = store.onApplied((position) => void this.evaluateTo(position));
    await this.evaluateTo(await store.stream.position());
    this.ticker = setInterval(() => this.tick(), this.o.tickMs ?? 1_000);
    this.ticker.unref?.();
    this.tick();
  }

  /** Stops following; a fill under way finishes (its steps are written as they happen). */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.ticker) clearInterval(this.ticker);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await this.queue;
    this.signers.clear();
  }

  /** Resolves once every fill queued so far has run (tests, the bench). */
  idle(): Promise<void> {
    return this.queue;
  }

  /** Stores a checked new order and evaluates it at once against the coin's last trade (a limit already crossed fills now). */
  async place(order: NewOrder): Promise<Order> {
    const position = await this.o.store.stream.position();
    const now = this.clock();
    const placed = this.o.book.place(order, now, initialState(now), position, `placed: ${orderWords(order)}`);
    this.warm(placed.wallet);
    if (placed.trigger.kind === 'dca') {
      this.tick();
      return this.o.book.get(placed.id)!;
    }
    if (placed.trigger.kind === 'sell_on_graduation') return placed;
    await this.arm(placed, 'the price was already there when it was placed');
    return this.o.book.get(placed.id)!;
  }

  /** A price order starts waiting: fired at once when the coin's last trade already meets it, indexed otherwise. */
  private async arm(order: Order, cause: string): Promise<void> {
    const last = await this.lastTrade(order.mint);
    if (last) {
      const e = evaluate(order.trigger, order.triggerState, last);
      if (e.fire) return this.fire(order, e.fire, cause);
      if (e.state !== order.triggerState) this.o.book.advance(order.id, e.state);
    }
    this.index.add(this.o.book.get(order.id)!);
  }

  /** Cancels an open or paused order; one whose fill is under way, or that ended, is refused. */
  cancel(id: string, line = 'cancelled by you'): Order {
    const order = this.mustGet(id);
    if (!this.o.book.transition(id, ['open', 'paused'], 'cancelled', 'cancelled by you', this.clock(), 'cancel', line)) {
      throw new DeskError('refused', order.state === 'filling' ? `order ${id} is filling now: cancel it once the fill settles` : `order ${id} is ${order.state} already: only an open or paused order can be cancelled`);
    }
    this.index.remove(id);
    return this.o.book.get(id)!;
  }

  /** Puts a paused order back to waiting (a DCA takes up its next buy, a sell-on-graduation of a graduated coin sells now). */
  async resume(id: string): Promise<Order> {
    const order = this.mustGet(id);
    if (!this.o.book.transition(id, ['paused'], 'open', null, this.clock(), 'resume', 'resumed by you')) {
      throw new DeskError('refused', `order ${id} is ${order.state}: only a paused order can be resumed`);
    }
    const open = this.o.book.get(id)!;
    this.warm(open.wallet);
    if (open.trigger.kind === 'sell_on_graduation' && (await this.o.store.graduation(open.mint))) this.fire(open, 'sell', 'the coin has graduated');
    else if (open.trigger.kind === 'dca') this.tick();
    else await this.arm(open, 'the price was there when it was resumed');
    return this.o.book.get(id)!;
  }

  private mustGet(id: string): Order {
    const order = this.o.book.get(id);
    if (!order) throw new DeskError('not_found', `no order ${id}`);
    return order;
  }

  private async coinOf(mint: Address): Promise<CoinRow | null> {
    if (!this.coins.has(mint)) this.coins.set(mint, await this.o.store.coin(mint));
    return this.coins.get(mint) ?? null;
  }

  private async lastTrade(mint: Address): Promise<OrderEvent | null> {
    const coin = await this.coinOf(mint);
    const trade = coin ? (await this.o.store.queries.coinTrades(mint, { routed: false, limit: 1 })).rows[0] : undefined;
    return coin && trade ? tradeEventOf(coin, trade) : null;
  }

  /** Evaluates every position after the one kept up to `position`, after every evaluation asked for before (each awaits its reads). */
  private evaluateTo(position: bigint): Promise<void> {
    this.evaluations = this.evaluations.then(() => this.evaluateNow(position));
    return this.evaluations;
  }
  private evaluations: Promise<void> = Promise.resolve();

  private async evaluateNow(position: bigint): Promise<void> {
    if (this.closed) return;
    try {
      let after = this.o.book.evaluatedTo() ?? position;
      // An index rebuilt from scratch is behind the position kept: follow it again (fill keys keep fills once-only).
      if (after > position) {
        this.o.book.commit(position, new Map());
        after = position;
      }
      while (after < position) {
        const upTo = after + CHUNK < position ? after + CHUNK : position;
        await this.evaluateRange(after, upTo);
        after = upTo;
      }
    } catch (error) {
      this.o.onError?.(error, 'orders');
    }
  }

  private async evaluateRange(after: bigint, upTo: bigint): Promise<void> {
    const moved = new Map<string, Order['triggerState']>();
    if (this.index.size > 0) {
      for (const { seq, trade } of await this.o.store.stream.trades(after, upTo)) {
        if (trade.routed) continue;
        const coin = await this.coinOf(trade.mint);
        const event = coin ? tradeEventOf(coin, trade) : null;
        if (!event || event.type !== 'trade') continue;
        const outcome = this.index.onTrade(trade.mint, event.zat, event.raw);
        for (const [id, state] of outcome.moved) moved.set(id, state);
        for (const { id, leg } of outcome.fired) {
          const order = this.o.book.get(id);
          if (!order || order.state !== 'open') continue;
          if (seq <= order.since) {
            // A trade the index had before the order was placed: not this order's (put it back).
            this.index.add(order);
            continue;
          }
          this.fire(order, leg, `a ${trade.side} traded at ${zecPrice(trade.priceE18)} per coin (${short(trade.signature)})`);
        }
      }
    }
    for (const { coin } of await this.o.store.stream.graduated(after, upTo)) {
      for (const order of this.o.book.open()) {
        if (order.mint === coin.mint && order.state === 'open' && order.trigger.kind === 'sell_on_graduation') this.fire(order, 'sell', `${coin.symbol || short(coin.mint)} graduated to its pool`);
      }
    }
    this.o.book.commit(upTo, moved);
  }

  /** The clock: DCA buys that fell due, expiries, and sent fills whose landing is not known yet. */
  private tick(): void {
    if (this.closed) return;
    const now = this.clock();
    try {
      const open = this.o.book.open();
      this.forgetIdle(open);
      for (const order of open) {
        if (order.state !== 'open') continue;
        if (order.expiresAt !== null && now >= order.expiresAt) {
          if (this.o.book.transition(order.id, ['open'], 'expired', 'expired unfilled', now, 'expire')) this.index.remove(order.id);
          continue;
        }
        if (order.trigger.kind !== 'dca') continue;
        const e = evaluate(order.trigger, order.triggerState, { type: 'tick', now });
        if (!e.fire) continue;
        this.o.book.advance(order.id, e.state);
        this.fire({ ...order, triggerState: e.state }, e.fire, `buy ${e.state.fired} of ${order.trigger.count} fell due`);
      }
      for (const fill of [...this.unknown.values()]) this.serial(() => this.settleFound(fill, 1));
    } catch (error) {
      this.o.onError?.(error, 'orders');
    }
  }

  /** A leg fired: the order moves to filling (journaled as the trigger) and its fill is queued. */
  private fire(order: Order, leg: FiredLeg, cause: string): void {
    this.index.remove(order.id);
    const other = order.trigger.kind === 'bracket' ? (leg === 'take_profit' ? ' (its stop-loss leg is cancelled)' : ' (its take-profit leg is cancelled)') : '';
    if (!this.o.book.transition(order.id, ['open'], 'filling', null, this.clock(), 'trigger', `${LEG_WORDS[leg]} fired: ${cause}${other}`)) return;
    this.serial(() => this.execute(order.id, leg, 1));
  }

  private serial(work: () => Promise<void>): void {
    this.queue = this.queue.then(work).catch((error: unknown) => this.o.onError?.(error, 'orders'));
  }

  /** One attempt at the fill of a fired leg. */
  private async execute(id: string, leg: FiredLeg, attempt: number): Promise<void> {
    if (this.closed) return;
    const { book } = this.o;
    const order = book.get(id);
    if (!order || order.state !== 'filling') return;
    const now = this.clock();
    const seq = book.fillCount(id);
    if (!book.beginFill(id, seq, now)) return;
    const key = `${id}:${seq}`;
    let buildId: string | null = null;
    let signatures: readonly string[] = [];
    try {
      const result = await runFill(this.fillDeps, order, leg, {
        built: (build, line) => {
          buildId = build;
          book.settleFillNoted(key, 'pending', `built: ${line}`, build, [], { orderId: id, at: this.clock(), step: 'build', line: `fill ${seq}: built ${build}: ${line}` });
          this.o.onStep?.('built', key);
        },
        verified: (line) => book.note(id, this.clock(), 'verdict', `fill ${seq}: ${line}`),
        signed: (sigs) => {
          signatures = sigs;
          book.settleFillNoted(key, 'pending', 'signed, sending', buildId, sigs, { orderId: id, at: this.clock(), step: 'send', line: `fill ${seq}: signed with the keychain key, sending ${sigs.map(short).join(', ')}` });
          this.o.onStep?.('signed', key);
        },
      }, now);
      this.o.onStep?.('sent', key);
      this.landed(order, key, seq, result.buildId, result.signatures, `landed: ${result.line}`);
    } catch (error) {
      if (signatures.length > 0) {
        // Sent (or maybe sent): only the chain can say whether it landed. Never build again before it does.
        const fill: Fill = { key, orderId: id, seq, state: 'sent', buildId, signatures, at: now, detail: why(error) };
        book.settleFill(key, 'sent', why(error), buildId, signatures);
        await this.settleFound(fill, attempt);
        return;
      }
      book.settleFill(key, 'failed', `not sent: ${why(error)}`, buildId);
      book.note(id, this.clock(), 'verdict', `fill ${seq} not sent: ${why(error)}`);
      this.retryOrPause(order, attempt, why(error));
    }
  }

  /** A fill landed: journaled, the order filled (a DCA with buys to go waits again), and the desk told. */
  private landed(order: Order, key: string, seq: number, buildId: string | null, signatures: readonly string[], detail: string): void {
    const { book } = this.o;
    const now = this.clock();
    book.settleFill(key, 'landed', detail, buildId, signatures);
    book.note(order.id, now, 'landing', `fill ${seq} ${detail} (${signatures.map(short).join(', ')})`);
    const current = book.get(order.id)!;
    const more = current.trigger.kind === 'dca' && current.triggerState.fired < current.trigger.count;
    if (more) book.transition(order.id, ['filling'], 'open', null, now, 'wait', `waiting for buy ${current.triggerState.fired + 1} of ${(current.trigger as { count: number }).count}`);
    else book.transition(order.id, ['filling'], 'filled', null, now, 'filled', 'filled');
    this.tell(order.mint, (coin, position) => ({
      key: `order_fill:${key}`, kind: 'order_fill', mint: order.mint, wallet: order.wallet, signature: signatures[signatures.length - 1] ?? null, at: Math.floor(now / 1000), position,
      title: `${coin?.symbol || short(order.mint)}: your ${KIND_WORDS[order.trigger.kind]} filled`,
      line: `${detail[0]!.toUpperCase()}${detail.slice(1)}.`,
    }));
  }

  /** Tells the desk (notify), once the coin's row and the index's position are read. */
  private tell(mint: Address, alert: (coin: CoinRow | null, position: bigint) => NewAlert): void {
    const notify = this.o.notify;
    if (!notify) return;
    void (async () => notify(alert(await this.coinOf(mint), await this.o.store.stream.position())))().catch((error: unknown) => this.o.onError?.(error, 'orders'));
  }

  private retryOrPause(order: Order, attempt: number, reason: string): void {
    const { book } = this.o;
    if (this.closed) return;
    if (attempt >= this.attempts) {
      const line = `paused after ${attempt} failed ${attempt === 1 ? 'attempt' : 'attempts'}: ${reason}`;
      if (!book.transition(order.id, ['filling'], 'paused', line, this.clock(), 'pause')) return;
      const key = `order_pause:${order.id}:${book.fillCount(order.id)}`;
      const at = Math.floor(this.clock() / 1000);
      this.tell(order.mint, (coin, position) => ({
        key, kind: 'order_pause', mint: order.mint, wallet: order.wallet, signature: null, at, position,
        title: `${coin?.symbol || short(order.mint)}: your ${KIND_WORDS[order.trigger.kind]} paused`,
        line: `${line[0]!.toUpperCase()}${line.slice(1)}. Resume it from Orders.`,
      }));
      return;
    }
    const wait = this.backoffMs * 2 ** (attempt - 1);
    book.note(order.id, this.clock(), 'retry', `attempt ${attempt + 1} of ${this.attempts} in ${wait / 1000} s`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.serial(() => this.refire(order.id, attempt + 1));
    }, wait);
    this.timers.add(timer);
  }

  /**
   * Fires an order in `filling` again (a retry, or a restart that found its fill never sent): a price order
   * only if its trigger still holds at the coin's last trade (otherwise it waits for the next crossing).
   */
  private async refire(id: string, attempt: number): Promise<void> {
    const order = this.o.book.get(id);
    if (!order || order.state !== 'filling' || this.closed) return;
    const kind = order.trigger.kind;
    if (kind === 'dca' || kind === 'sell_on_graduation') return this.execute(id, kind === 'dca' ? 'buy' : 'sell', attempt);
    const last = await this.lastTrade(order.mint);
    const e = last ? evaluate(order.trigger, order.triggerState, last) : null;
    if (e?.fire) return this.execute(id, e.fire, attempt);
    if (this.o.book.transition(id, ['filling'], 'open', null, this.clock(), 'wait', 'the trigger no longer holds at the last trade: waiting for the next crossing')) this.index.add(this.o.book.get(id)!);
  }

  private unknownOf(orderId: string): boolean {
    for (const f of this.unknown.values()) if (f.orderId === orderId) return true;
    return false;
  }

  /**
   * A begun fill settled from what the chain says: never signed, not sent; every signature landed without
   * error, landed; one failed, failed; not found and its build expired, never landed; otherwise asked again
   * at the next tick (and the order waits: nothing is built again while a send may still land).
   */
  private async settleFound(fill: Fill, attempt: number | 'restart'): Promise<void> {
    const { book, fill: deps } = this.o;
    // Settled meanwhile (a tick queued it twice): nothing to do.
    if (!book.unsettled().some((f) => f.key === fill.key)) {
      this.unknown.delete(fill.key);
      return;
    }
    const order = book.get(fill.orderId);
    const now = this.clock();
    if (fill.signatures.length === 0) {
      this.unknown.delete(fill.key);
      book.settleFill(fill.key, 'failed', 'not sent: the desk stopped before it was signed', fill.buildId);
      if (order) book.note(order.id, now, 'verdict', `fill ${fill.seq} was not sent (the desk stopped before signing it)`);
      return;
    }
    const statuses = await Promise.all(fill.signatures.map((s) => deps.chain.getSignatureStatus(s as Signature)));
    const failed = statuses.find((s) => s && s.err !== null);
    if (statuses.every((s) => s && s.err === null)) {
      this.unknown.delete(fill.key);
      if (order?.state === 'filling') this.landed(order, fill.key, fill.seq, fill.buildId, fill.signatures, 'landed (found on chain)');
      else book.settleFill(fill.key, 'landed', 'landed (found on chain)', fill.buildId, fill.signatures);
      return;
    }
    const build = fill.buildId ? await deps.relay.build(fill.buildId) : null;
    // By block height, as the relay refuses a send: past its blockhash's last valid height it can never land.
    const last = build?.transactions.reduce((m, t) => (t.lastValidBlockHeight > m ? t.lastValidBlockHeight : m), 0n) ?? 0n;
    const expired = build === null || build.state === 'built' || (await deps.chain.getBlockHeight('confirmed')) > last;
    if (!failed && !expired) {
      this.unknown.set(fill.key, fill);
      if (order) book.note(order.id, now, 'landing', `fill ${fill.seq}: sent, not landed yet; asked again`);
      return;
    }
    this.unknown.delete(fill.key);
    const detail = failed ? 'failed on chain' : build?.state === 'built' ? 'not sent: the desk stopped before the send' : 'never landed (its blockhash expired)';
    book.settleFill(fill.key, 'failed', detail, fill.buildId, fill.signatures);
    if (order) {
      book.note(order.id, now, 'landing', `fill ${fill.seq} ${detail}`);
      // On a restart the order is fired again once, after every fill is settled (see start).
      if (order.state === 'filling' && attempt !== 'restart') this.retryOrPause(order, attempt, detail);
    }
  }
}
