import { formatDecimalUnits } from '../../core/math/units.js';
import { COIN_DECIMALS, IMPACT_WARNING_BPS, ticketAmount, ticketUnit, ticketVerdict, type Ticket, type VerdictLine } from '../../core/verify/ticket.js';
import { isApiError, type ApiError } from '../api/api-error.js';
import type { BuildJson, QuoteJson, TradeTicketRequest } from '../api/api-types.js';
import type { DeskApi } from '../api/desk-api.js';
import { TradeReviewState } from './trade-review.svelte.js';
import { buildFloorOf } from '../../core/verify/quick-ticket.js';
import { firstStepOf, secondStepOf, type SplitQuote, type SplitTicket } from '../../core/verify/split-trade.js';
import { watchedWallet, watchWallet } from './watched-wallet.js';
import type { WalletsState } from './wallets.svelte.js';
import type { WalletBalances } from './wallet-balances.svelte.js';
import type { TicketHandoff } from './quick-trader.svelte.js';
import { shareOf, type Position, type TradedHolding } from '../../core/math/position.js';
import { DEFAULT_PRESETS, PRIORITY_LEVELS, type PriorityChoice, type PriorityLevel, type TradingPresets } from '../../core/types/trading-presets.js';
import type { TradingSettings } from './trading-settings.svelte.js';

/** The amounts offered where the wallet keeps no preset of the ticket's unit (coins). */
export const PRESETS: Readonly<Record<string, readonly string[]>> = { ZEC: ['0.1', '0.5', '1', '5'], SOL: ['0.1', '0.5', '1', '5'], coins: ['1000', '100000', '1000000'] };

/** Typing settles this long before a quote is asked for. */
const QUOTE_DEBOUNCE_MS = 300;

/**
 * The trade ticket of a coin page: buy or sell, an amount in whole units, pay or receive ZEC or SOL, a
 * slippage. It quotes live as the ticket changes (debounced, the newest answer only); while a new quote is
 * on its way the impact is not shown (never a stale one). A large impact must be acknowledged before the
 * build. Building asks POST /v1/trade/build for the watched wallet and holds the answer with its verdict
 * against the ticket; nothing is signed here (the review and signing come with wallets).
 */
export class TradeTicketState {
  side = $state<'buy' | 'sell'>('buy');
  amountText = $state('');
  pay = $state<'ZEC' | 'SOL'>('ZEC');
  receive = $state<'ZEC' | 'SOL'>('ZEC');
  /** Empty: the venue's default (100 bps on the curve, 200 on the pool). */
  slippageText = $state('');
  wallet = $state(watchedWallet());
  quote = $state<QuoteJson | null>(null);
  quotedAt = $state<number | null>(null);
  quoting = $state(false);
  problem = $state<string | null>(null);
  acknowledged = $state(false);
  building = $state(false);
  build = $state<BuildJson | null>(null);
  verdict = $state<VerdictLine[]>([]);
  buildError = $state<ApiError | null>(null);
  /** The review of the build, when the ticket's wallet is one of the person's keychain wallets. */
  review = $state<TradeReviewState | null>(null);
  /**
   * A trade the server answered in two steps (`then`): why, and once the first step has landed, the second
   * step's review (or why it was not built).
   */
  next = $state<{ readonly why: string; review: TradeReviewState | null; problem: string | null; building: boolean } | null>(null);
  /** The sale is of everything the wallet holds (the 100% preset): built as `amount: "all"`, which closes the emptied account. */
  sellAll = $state(false);
  /** Why the ticket was filled and built for the person (a quick trade that was not signed straight away). */
  handoffNotice = $state<string | null>(null);
  /** Build as soon as the quote answers (a quick trade handed over): once, and never past a warning to acknowledge. */
  private buildOnQuote = false;
  /** What the index knows of this wallet's trades of the coin (cost basis, realised PnL); null until read or without any. */
  traded = $state<TradedHolding | null>(null);
  private sequence = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: DeskApi,
    readonly mint: string,
    /** The venue's default slippage, shown while none is typed. */
    private readonly defaultSlippage: () => number,
    /** The person's keychain wallets: the active one trades by default and builds for them are reviewed for signing. */
    private readonly wallets: WalletsState | null = null,
    /** Live balances from chain: what the wallet can spend or sell. */
    private readonly balances: WalletBalances | null = null,
    /** The wallet's presets: buy amounts, sale shares, slippage per venue and priority fee. */
    private readonly settings: TradingSettings | null = null,
  ) {
    const active = wallets?.active;
    if (active) this.wallet = active;
  }

  get slippageBps(): number {
    const typed = Number(this.slippageText);
    return this.slippageText.trim() === '' || !Number.isInteger(typed) ? this.defaultSlippage() : typed;
  }

  /** The slippage used while none is typed: the wallet's preset for the coin's venue. */
  get defaultSlippageBps(): number {
    return this.defaultSlippage();
  }

  /** The ticket wallet's presets (the defaults for a watched wallet or before they are read). */
  get presets(): TradingPresets {
    return this.settings?.presets(this.wallet.trim()) ?? DEFAULT_PRESETS;
  }

  /** The buy amounts offered in the ticket's unit, as typed text (whole units). */
  get buyPresets(): readonly string[] {
    const unit = ticketUnit(this).name;
    if (unit === 'ZEC') return this.presets.buyZec.map((v) => formatDecimalUnits(v, 8));
    if (unit === 'SOL') return this.presets.buySol.map((v) => formatDecimalUnits(v, 9));
    return PRESETS[unit] ?? [];
  }

  /** The sale shares offered, in percent. */
  get salePresets(): readonly bigint[] {
    return this.presets.sellPercents;
  }

  /** The compute-unit price builds carry (micro-lamports per unit) and its level. */
  get priority(): PriorityChoice {
    return this.presets.priority;
  }

  /** Picks a priority level (kept as the wallet's preset, so the next ticket and quick trades use it). */
  async setPriority(level: PriorityLevel, custom?: bigint): Promise<string | null> {
    const wallet = this.wallet.trim();
    const json = this.settings?.byWallet.get(wallet);
    if (!this.settings || !json) return 'priority fees are kept per keychain wallet: choose one of yours';
    const microLamports = level === 'custom' ? (custom ?? this.priority.microLamports) : PRIORITY_LEVELS[level];
    const refused = await this.settings.savePresets(wallet, { ...json.presets, priority: { level, microLamports: String(microLamports) } });
    if (refused === null) this.changed();
    return refused;
  }

  get ticket(): Ticket {
    return { side: this.side, amountText: this.amountText, pay: this.pay, receive: this.receive, slippageBps: this.slippageBps, wallet: this.wallet.trim() };
  }

  /** The impact is large enough to need an acknowledgement. */
  get impactWarning(): boolean {
    return this.quote !== null && !this.quoting && this.quote.priceImpactBps >= IMPACT_WARNING_BPS;
  }

  get canBuild(): boolean {
    return this.quote !== null && !this.quoting && this.problem === null && this.wallet.trim() !== '' && (!this.impactWarning || this.acknowledged) && !this.building;
  }

  setWallet(wallet: string): void {
    this.wallet = wallet;
    watchWallet(wallet);
    this.changed();
    void this.readTraded();
  }

  /** The wallet's amount of this coin on chain (raw units), live; null until its balances arrived. */
  get held(): bigint | null {
    return this.balances?.coinAmount(this.wallet, this.mint) ?? null;
  }

  /** The wallet's position in this coin: the chain's amount and value beside what its trades cost. */
  get position(): Position | null {
    return this.balances?.position(this.wallet, this.mint, this.traded) ?? null;
  }

  /** What the wallet can spend on a buy, in the ticket's unit's base units (ZEC or lamports); null until read. */
  get spendable(): bigint | null {
    const b = this.balances?.of(this.wallet);
    return b ? BigInt(this.pay === 'SOL' ? b.sol : b.zec) : null;
  }

  /** Reads what the index knows of the wallet's trades of this coin (GET /v1/accounts/{wallet}). */
  async readTraded(): Promise<void> {
    const wallet = this.wallet.trim();
    if (wallet === '') return void (this.traded = null);
    try {
      const account = await this.api.account(wallet);
      if (wallet !== this.wallet.trim()) return;
      const h = account.holdings.find((x) => x.mint === this.mint);
      this.traded = h ? { balance: BigInt(h.balance), costBasisZat: h.costBasisZec === null ? null : BigInt(h.costBasisZec), realisedPnlZat: h.realisedPnlZec === null ? null : BigInt(h.realisedPnlZec) } : null;
    } catch {
      this.traded = null; // not a wallet address yet (typing)
    }
  }

  /** Buy or sell: the amount typed was in the other side's unit, so it is cleared, never carried over. */
  setSide(side: 'buy' | 'sell'): void {
    if (side === this.side) return;
    this.side = side;
    this.amountText = '';
    this.sellAll = false;
    this.changed();
  }

  /** The amount as typed by the person (any typing ends a 100% sale). */
  typed(text: string): void {
    this.amountText = text;
    this.sellAll = false;
    this.changed();
  }

  /** A 100% sale follows the balance as it moves (a buy or a transfer landing meanwhile): it always sells what is there. */
  keepAll(): void {
    const held = this.held;
    // Once built, the ticket stays as it was: the build sells `all` whatever the amount, and its review (or its landing) stays in view.
    if (!this.sellAll || this.side !== 'sell' || held === null || this.build !== null || this.building) return;
    const text = held === 0n ? '' : formatDecimalUnits(held, COIN_DECIMALS);
    if (held === 0n) this.sellAll = false;
    if (text === this.amountText) return;
    this.amountText = text;
    this.changed();
  }

  /** A sale of `percent` of what the wallet holds on chain now, exactly; 100% sells all and closes the account. */
  sellShare(percent: bigint): void {
    const held = this.held;
    if (held === null || held === 0n) return;
    this.side = 'sell';
    this.amountText = formatDecimalUnits(shareOf(held, percent), COIN_DECIMALS);
    this.sellAll = percent === 100n;
    this.changed();
  }

  /**
   * A quick trade the server did not sign straight away (one-click off, a bound crossed, two steps): the
   * ticket is filled with it and built as soon as its quote answers, so its review opens saying why.
   */
  takeOver(h: TicketHandoff): void {
    this.wallet = h.wallet;
    this.side = h.side;
    if (h.side === 'buy') this.pay = h.pay;
    this.amountText = h.amountText;
    this.sellAll = h.all;
    this.slippageText = String(h.slippageBps);
    this.handoffNotice = h.notice;
    this.buildOnQuote = true;
    this.changed();
    void this.readTraded();
  }

  /** The `index`-th amount preset the ticket shows (its keys 1–4): a share of the holding on a sale, a buy amount otherwise. */
  pickPreset(index: number): void {
    if (this.side === 'sell') {
      const share = this.salePresets[index];
      if (share !== undefined) this.sellShare(share);
      return;
    }
    const amount = this.buyPresets[index];
    if (amount !== undefined) this.typed(amount);
  }

  /** Any change of the ticket: the quote on screen no longer answers it; a new one is asked for shortly. */
  changed(): void {
    this.acknowledged = false;
    this.build = null;
    this.verdict = [];
    this.buildError = null;
    this.review = null;
    this.next = null;
    // The reason a handed-over trade was filled stays only until the person changes the ticket.
    if (!this.buildOnQuote) this.handoffNotice = null;
    const slippage = Number(this.slippageText);
    const amount = ticketAmount(this.ticket);
    if (this.slippageText.trim() !== '' && (!Number.isInteger(slippage) || slippage < 0 || slippage > 2_000)) this.problem = 'slippage is a whole number of bps from 0 to 2000';
    else this.problem = 'problem' in amount ? amount.problem : null;
    this.quoting = this.problem === null;
    if (this.timer) clearTimeout(this.timer);
    if (this.problem !== null) {
      this.quote = null;
      return;
    }
    this.timer = setTimeout(() => void this.ask(), QUOTE_DEBOUNCE_MS);
  }

  private request(): TradeTicketRequest {
    const amount = ticketAmount(this.ticket);
    const all = this.side === 'sell' && this.sellAll;
    return {
      side: this.side,
      amount: all ? 'all' : 'amount' in amount ? amount.amount.toString() : '0',
      ...(all ? { wallet: this.wallet.trim() } : {}),
      // Always said: the wallet's preset for the venue, not the server's default, unless one is typed.
      slippageBps: this.slippageBps,
      computeUnitPrice: String(this.priority.microLamports),
      ...(this.side === 'buy' && this.pay === 'SOL' ? { pay: 'SOL' as const } : {}),
      ...(this.side === 'sell' && this.receive === 'SOL' ? { receive: 'SOL' as const } : {}),
    };
  }

  private async ask(): Promise<void> {
    const mine = ++this.sequence;
    try {
      const quote = await this.api.quote(this.mint, this.request());
      if (mine !== this.sequence) return; // a newer ticket is being quoted
      this.quote = quote;
      this.quotedAt = Date.now();
      this.problem = null;
      this.quoting = false;
      if (this.buildOnQuote) {
        this.buildOnQuote = false;
        if (this.canBuild) void this.submit();
      }
    } catch (error) {
      if (mine !== this.sequence) return;
      if (!isApiError(error)) throw error;
      this.quote = null;
      this.problem = error.message;
    } finally {
      if (mine === this.sequence) this.quoting = false;
    }
  }

  async submit(): Promise<void> {
    if (!this.canBuild || !this.quote) return;
    const ticket = this.ticket;
    this.building = true;
    this.buildError = null;
    try {
      // Quoted again just before the build: in a market that trades every second the quote on screen is a few
      // trades old, and a build made from a newer curve keeps a lower floor than it showed, which the review
      // (rightly) refuses. The fresh quote is shown, and its floor is the one the person accepts.
      const quote = await this.api.quote(this.mint, this.request());
      this.quote = quote;
      this.quotedAt = Date.now();
      if (quote.priceImpactBps >= IMPACT_WARNING_BPS && !this.acknowledged) return; // the impact grew past the warning: seen first
      // The build carries the floor this quote shows (`minOut`): a trade landing before it is built cannot lower it.
      const build = await this.api.tradeBuild({ ...this.request(), wallet: ticket.wallet, mint: this.mint, ...buildFloorOf(ticket.side, quote) });
      this.build = build;
      const own = this.wallets?.wallets.some((w) => w.address === ticket.wallet) && this.wallets.hasToken;
      if (build.then) {
        this.startTwoSteps(build, quote, own === true);
        return;
      }
      const minimum = ticket.side === 'buy' ? quote.minTokensOut : quote.minOutZec;
      this.verdict = ticketVerdict(ticket, minimum === undefined ? null : BigInt(minimum), build);
      const floor = ticket.side === 'buy' ? quote.minTokensOut : ticket.receive === 'SOL' ? quote.minSolOut : quote.minOutZec;
      const amount = ticketAmount(ticket);
      if (own && floor !== undefined && 'amount' in amount) {
        const all = ticket.side === 'sell' && this.sellAll;
        const deskTicket = { wallet: ticket.wallet, mint: this.mint, side: ticket.side, amount: amount.amount.toString(), pay: ticket.pay, receive: ticket.receive, slippageBps: ticket.slippageBps, minimum: floor, computeUnitPrice: String(this.priority.microLamports), ...(all ? { amountFrom: 'all' as const } : {}) };
        // Built again (an expired blockhash) with the same floor the person accepts.
        const request = { ...this.request(), wallet: ticket.wallet, mint: this.mint, ...buildFloorOf(ticket.side, quote) };
        this.review = new TradeReviewState(this.wallets!.api, build.buildId, deskTicket, 'trade', async () => (await this.api.tradeBuild(request)).buildId);
        void this.review.load();
      }
    } catch (error) {
      if (!isApiError(error)) throw error;
      this.buildError = error;
    } finally {
      this.building = false;
    }
  }

  /**
   * The first of two steps (core/verify/split-trade.ts): reviewed as what it is (a swap, or the sale in ZEC)
   * against the floors of the accepted quote; once it has landed, the second step is built from `then`,
   * checked against the ticket, and reviewed in turn.
   */
  private startTwoSteps(build: BuildJson, quote: QuoteJson, own: boolean): void {
    const then = build.then!;
    const amount = ticketAmount(this.ticket);
    this.next = { why: then.why, review: null, problem: null, building: false };
    if (!own || !('amount' in amount)) return;
    const split: SplitTicket = { wallet: this.ticket.wallet, mint: this.mint, side: this.ticket.side, amount: amount.amount, slippageBps: this.ticket.slippageBps };
    const floors = quote as SplitQuote;
    const first = firstStepOf(split, floors);
    if ('problem' in first) {
      this.next.problem = first.problem;
      return;
    }
    this.review = new TradeReviewState(this.wallets!.api, build.buildId, first.ticket, first.kind, null, () => void this.buildSecond(split, floors, then));
    void this.review.load();
  }

  private async buildSecond(split: SplitTicket, floors: SplitQuote, then: NonNullable<BuildJson['then']>): Promise<void> {
    const next = this.next;
    if (!next) return;
    const second = secondStepOf(split, floors, then);
    if ('problem' in second) {
      next.problem = `${second.problem}: nothing more was built`;
      return;
    }
    next.building = true;
    try {
      const body = then.body as Record<string, string | number>;
      const build = second.kind === 'trade'
        ? () => this.api.tradeBuild(body as unknown as TradeTicketRequest & { wallet: string; mint: string })
        : () => this.api.swapBuild(body as unknown as { wallet: string; direction: 'sol_to_zec' | 'zec_to_sol'; amount: string });
      const built = await build();
      next.review = new TradeReviewState(this.wallets!.api, built.buildId, second.ticket, second.kind, async () => (await build()).buildId);
      void next.review.load();
    } catch (error) {
      if (!isApiError(error)) throw error;
      next.problem = error.message;
    } finally {
      next.building = false;
    }
  }
}
