import type { Address } from '@solana/kit';
import type { CoinRow, TradeRow } from '../index/store/index-store.js';
import type { IndexReads } from '../index/store/index-reads.js';
import { formatCompactUnits, formatPrice } from '../math/decimal-display.js';
import { levelStep, levelValue, type LevelMetric } from '../math/level-cross.js';
import type { FollowedWallet, LevelRule, NewAlert, WatchBook } from '../api/store/watch-book.js';

/** Positions evaluated per transaction while catching up: a long restart gap never blocks the event loop in one go. */
const CHUNK = 5_000n;

const short = (address: string) => `${address.slice(0, 4)}…${address.slice(-4)}`;
const coinName = (coin: CoinRow | null, mint: Address) => (coin ? coin.symbol || coin.name || short(mint) : short(mint));
const tokens = (raw: bigint, coin: CoinRow | null, mint: Address) => `${formatCompactUnits(raw, 6)} ${coinName(coin, mint)}`;
const zec = (zat: bigint) => `${formatCompactUnits(zat, 8)} ZEC`;
/** A level as the person set it: a price in ZEC per whole coin, a market cap in ZEC. */
export const levelWords = (metric: LevelMetric, value: bigint): string => (metric === 'price' ? `${formatPrice(value, 18)} ZEC` : zec(value));
/** A stock coin's trades are priced in the stock's raw units, not ZEC: its levels are not evaluated. */
const pricedInZec = (coin: CoinRow) => !coin.pair.startsWith('stock:');

/**
 * Fires the watch's alerts as the index takes transactions in: each committed batch (the same cue the push
 * stream follows) is read once as a range of positions, and every rule and follow is evaluated over it in
 * index order. What it fires, the rules' armed states and the position evaluated to are committed together
 * (WatchBook.commit), and each alert has a key of its rule and event: a restart resumes from the position
 * kept, and a replayed event finds its key taken.
 */
export class AlertWatcher {
  private stop: (() => void) | null = null;
  /** Evaluations one after another (each awaits its reads): a batch's is never started before the last one's commit. */
  private turns: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: IndexReads,
    private readonly book: WatchBook,
    /** Told of an evaluation that failed (it is tried again at the next batch, from the same position). */
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /**
   * Catches up from the position kept (a new book starts from the index's position now: no alerts for the past) and
   * follows. Resolves once caught up.
   */
  start(): Promise<void> {
    if (this.stop) return this.turns;
    this.stop = this.store.onApplied((position) => void this.evaluateTo(position));
    const first = this.turns.then(async () => {
      const position = await this.store.stream.position();
      if (this.book.evaluatedTo() === null) this.book.commit(position, new Map(), []);
      return position;
    });
    this.turns = first.then(() => undefined, (error: unknown) => this.onError(error));
    return first.then((position) => this.evaluateTo(position), () => undefined);
  }

  close(): void {
    this.stop?.();
    this.stop = null;
  }

  /** Evaluates everything after the position kept up to `position`, after every evaluation asked for before. */
  evaluateTo(position: bigint): Promise<void> {
    this.turns = this.turns.then(() => this.evaluateNow(position));
    return this.turns;
  }

  private async evaluateNow(position: bigint): Promise<void> {
    try {
      let after = this.book.evaluatedTo() ?? position;
      // An index rebuilt from scratch is behind the position kept: follow it again (keys keep alerts once-only).
      if (after > position) {
        this.book.commit(position, new Map(), []);
        after = position;
      }
      while (after < position) {
        const upTo = after + CHUNK < position ? after + CHUNK : position;
        await this.evaluate(after, upTo);
        after = upTo;
      }
    } catch (error) {
      this.onError(error);
    }
  }

  private async evaluate(after: bigint, upTo: bigint): Promise<void> {
    const rules = this.book.rules();
    const starred = new Set(this.book.starred().map((s) => s.mint));
    const followed = new Map<Address, FollowedWallet>(this.book.followed().map((w) => [w.wallet, w]));
    const alerts: NewAlert[] = [];
    const armed = new Map<number, boolean>(rules.map((r) => [r.id, r.armed]));
    const coins = new Map<Address, CoinRow | null>();
    const coinOf = async (mint: Address) => {
      if (!coins.has(mint)) coins.set(mint, await this.store.coin(mint));
      return coins.get(mint) ?? null;
    };
    const walletName = (wallet: Address) => followed.get(wallet)?.label || short(wallet);

    if (rules.length > 0 || starred.size > 0 || followed.size > 0) {
      for (const { seq, trade } of await this.store.stream.trades(after, upTo)) {
        if (trade.routed) continue;
        const coin = await coinOf(trade.mint);
        for (const rule of rules) if (rule.mint === trade.mint && seq > rule.since && coin) this.level(rule, armed, coin, trade, seq, alerts);
        if (starred.has(trade.mint) && coin && trade.side === 'sell' && trade.user === coin.deployer) {
          alerts.push({
            key: `deployer_sell:${trade.mint}:${trade.signature}`, kind: 'deployer_sell', mint: trade.mint, wallet: trade.user, signature: trade.signature, at: Number(trade.at), position: seq,
            title: `${coinName(coin, trade.mint)}: the deployer sold`,
            line: `The deployer ${short(trade.user)} sold ${tokens(trade.tokens, coin, trade.mint)} for ${zec(trade.zec)}.`,
          });
        }
        if (followed.has(trade.user)) {
          alerts.push({
            key: `wallet_trade:${trade.user}:${trade.mint}:${trade.signature}`, kind: 'wallet_trade', mint: trade.mint, wallet: trade.user, signature: trade.signature, at: Number(trade.at), position: seq,
            title: `${walletName(trade.user)} ${trade.side === 'buy' ? 'bought' : 'sold'} ${coinName(coin, trade.mint)}`,
            line: `${walletName(trade.user)} ${trade.side === 'buy' ? 'bought' : 'sold'} ${tokens(trade.tokens, coin, trade.mint)} for ${zec(trade.zec)}.`,
          });
        }
      }
    }
    if (followed.size > 0) {
      for (const { seq, coin } of await this.store.stream.planted(after, upTo)) {
        if (!followed.has(coin.deployer)) continue;
        alerts.push({
          key: `wallet_plant:${coin.mint}`, kind: 'wallet_plant', mint: coin.mint, wallet: coin.deployer, signature: coin.createdSignature, at: Number(coin.createdAt), position: seq,
          title: `${walletName(coin.deployer)} planted ${coinName(coin, coin.mint)}`,
          line: `${walletName(coin.deployer)} planted a new coin, ${coin.name} (${coin.symbol}).`,
        });
      }
    }
    if (starred.size > 0) {
      for (const { seq, coin, graduation } of await this.store.stream.graduated(after, upTo)) {
        if (!starred.has(coin.mint)) continue;
        alerts.push({
          key: `graduation:${coin.mint}`, kind: 'graduation', mint: coin.mint, wallet: null, signature: graduation.signature, at: Number(graduation.at), position: seq,
          title: `${coinName(coin, coin.mint)} graduated`,
          line: `${coin.name} (${coin.symbol}) left its curve for its pool.`,
        });
      }
    }
    alerts.sort((a, b) => (a.position < b.position ? -1 : a.position > b.position ? 1 : 0));
    const changed = new Map([...armed].filter(([id, on]) => rules.find((r) => r.id === id)?.armed !== on));
    this.book.commit(upTo, changed, alerts);
  }

  private level(rule: LevelRule, armed: Map<number, boolean>, coin: CoinRow, trade: TradeRow, seq: bigint, alerts: NewAlert[]): void {
    if (!pricedInZec(coin)) return;
    const value = levelValue(rule.metric, trade.priceE18, coin.tokenTotalSupply);
    const step = levelStep(rule.direction, rule.level, armed.get(rule.id) ?? rule.armed, value);
    armed.set(rule.id, step.armed);
    if (!step.fires) return;
    const what = rule.metric === 'price' ? 'price' : 'market cap';
    alerts.push({
      key: `level:${rule.id}:${trade.signature}`, kind: 'level', mint: coin.mint, wallet: trade.user, signature: trade.signature, at: Number(trade.at), position: seq,
      title: `${coinName(coin, coin.mint)} ${what} ${rule.direction === 'above' ? 'rose to' : 'fell to'} ${levelWords(rule.metric, rule.level)}`,
      line: rule.metric === 'price'
        ? `A ${trade.side} traded at ${levelWords(rule.metric, value)} per coin, ${rule.direction} your level of ${levelWords(rule.metric, rule.level)}.`
        : `A ${trade.side} took the market cap to ${levelWords(rule.metric, value)}, ${rule.direction} your level of ${levelWords(rule.metric, rule.level)}.`,
    });
  }
}
