import { isApiError } from '../api/api-error.js';
import { notifyLanded } from '../api/desk-bridge.js';
import type { DeskApi } from '../api/desk-api.js';
import { formatDecimalUnits } from '../../core/math/units.js';
import { amountText } from '../../core/verify/balance-words.js';
import { buildFloorOf, quickBuyOf, quickMinimumOf, quickProblem, quickRequestOf, quickSellOf, quickTicketOf, type QuickAsk, type QuickCoin } from '../../core/verify/quick-ticket.js';
import { coinPath, type Router } from './router.svelte.js';
import type { TradingSettings } from './trading-settings.svelte.js';
import type { WalletBalances } from './wallet-balances.svelte.js';
import type { WalletsState } from './wallets.svelte.js';

/** What a quick trade has come to: shown in the desk's quick-trade stack until dismissed (landed ones leave by themselves). */
export interface QuickRun {
  readonly id: number;
  /** "Buy 0.1 ZEC of PEPE · Desk". */
  readonly label: string;
  readonly mint: string;
  state: 'working' | 'landed' | 'review' | 'failed';
  /** What is happening or what happened, in words. */
  detail: string;
  signatures: string[];
  readonly startedAt: number;
  /** Milliseconds from the click to the landing (or to the refusal). */
  tookMs: number | null;
}

/**
 * A trade the coin page's ticket takes over: filled from the quick trade's ask, built at once and reviewed,
 * with the reason it was not signed straight away (one-click off, a bound crossed, two steps).
 */
export interface TicketHandoff {
  readonly mint: string;
  readonly wallet: string;
  readonly side: 'buy' | 'sell';
  /** The amount as the ticket shows it (whole units). */
  readonly amountText: string;
  readonly pay: 'ZEC' | 'SOL';
  readonly all: boolean;
  readonly slippageBps: number;
  /** Micro-lamports per compute unit. */
  readonly computeUnitPrice: bigint;
  /** Why the review opened. */
  readonly notice: string;
}

const COIN_DECIMALS = 6;
/** A landed run leaves the stack after this long, one sent to its review (open on screen) a little later; a failed one stays until dismissed. */
const LANDED_SHOWN_MS = 8_000;
const REVIEW_SHOWN_MS = 12_000;
/** The stack shows the newest few: older ones are on record in the journal. */
const SHOWN_RUNS = 3;

const unitsOf = (ask: QuickAsk) => (ask.side === 'sell' ? COIN_DECIMALS : ask.pay === 'SOL' ? 9 : 8);

/**
 * Quick trades: a preset buy (or a share sold) in one click. With the wallet's one-click policy on, the
 * trade is quoted, built, and handed to the local server's quick signature, which reviews it exactly as
 * the review screen would and signs only inside the policy; it lands without a review screen. Otherwise
 * (policy off, a bound crossed, a trade in two steps) the coin page opens with the ticket filled and its
 * review showing, saying why. Nothing here decides what may be signed: the server does.
 */
export class QuickTrader {
  runs = $state<QuickRun[]>([]);
  /** The trade the coin page's ticket takes over next (null: none waiting). */
  handoff = $state<TicketHandoff | null>(null);
  private next = 1;
  /** Per coin, the last quick trade under way (plain: nothing on screen reacts to it). */
  private readonly underway: Record<string, Promise<void>> = {};

  constructor(
    private readonly api: DeskApi,
    private readonly wallets: WalletsState,
    private readonly settings: TradingSettings,
    private readonly balances: WalletBalances,
    private readonly router: Router,
  ) {}

  /** Why quick trades cannot run now (no desk token, no keychain wallet); null when they can. */
  get unavailable(): string | null {
    if (!this.wallets.hasToken) return 'Quick trades sign with your keychain wallets: open the desk from the URL launchdesk printed (it ends in #token=…)';
    if (!this.wallets.active) return 'Quick trades need a wallet: create or import one on the Wallets page';
    return null;
  }

  /**
   * Buys preset `index` of the active wallet (its amount) with each of `wallets`, each at its own slippage
   * and priority fee and checked against its own wallet's policy (or reviewed).
   */
  async buy(coin: QuickCoin, index = 0, wallets: readonly string[] = this.wallets.active ? [this.wallets.active] : [], pay: 'ZEC' | 'SOL' = 'ZEC'): Promise<void> {
    const lead = this.wallets.active ?? wallets[0];
    if (!lead) return void this.add(`Buy ${coin.symbol}`, coin.mint, 'failed', 'no wallet to buy with: create or import one on the Wallets page');
    await Promise.all([lead, ...wallets].map((w) => this.settings.load(w)));
    const amount = quickBuyOf(this.settings.presets(lead), coin, lead, index, pay)?.amount;
    if (amount === undefined) return void this.add(`Buy ${coin.symbol}`, coin.mint, 'failed', `this wallet keeps no ${pay} buy preset ${index + 1} (Wallets page, presets)`);
    // One wallet after another: each quotes the curve its predecessor's buy left (in parallel, the later
    // builds' minimums would be made from a curve that has moved on by the time they are signed).
    for (const wallet of wallets) {
      const ask = quickBuyOf(this.settings.presets(wallet), coin, wallet, 0, pay);
      if (ask) await this.run(coin, { ...ask, amount });
    }
  }

  /**
   * Sells `percent` of what the wallet holds of the coin on chain now (100: all, closing the account). A row
   * that does not know the coin's stage or pair (Portfolio's) has them read first.
   */
  async sell(coin: QuickCoin | { readonly mint: string; readonly symbol: string }, percent: bigint, wallet: string | null = this.wallets.active): Promise<void> {
    if (!wallet) return;
    const known: QuickCoin = 'stage' in coin ? coin : await this.api.coin(coin.mint);
    await this.settings.load(wallet);
    const held = this.balances.coinAmount(wallet, coin.mint);
    const ask = held === null ? null : quickSellOf(this.settings.presets(wallet), known, wallet, held, percent);
    if (!ask) {
      this.add(`Sell ${percent}% of ${coin.symbol}`, coin.mint, 'failed', held === null ? "the wallet's balance is still being read" : `this wallet holds no ${coin.symbol}`);
      return;
    }
    await this.run(known, ask);
  }

  dismiss(id: number): void {
    this.runs = this.runs.filter((r) => r.id !== id);
  }

  /** The handoff for the coin page of `mint`, taken once. */
  take(mint: string): TicketHandoff | null {
    const h = this.handoff;
    if (!h || h.mint !== mint) return null;
    this.handoff = null;
    return h;
  }

  private labelOf(coin: QuickCoin, ask: QuickAsk): string {
    const label = this.wallets.wallets.find((w) => w.address === ask.wallet)?.label ?? ask.wallet.slice(0, 6);
    const what = ask.side === 'buy' ? `Buy ${amountText(ask.amount, unitsOf(ask), ask.pay)} of ${coin.symbol}` : ask.all ? `Sell all ${coin.symbol}` : `Sell ${amountText(ask.amount, COIN_DECIMALS, coin.symbol)}`;
    return `${what} · ${label}`;
  }

  private add(label: string, mint: string, state: QuickRun['state'], detail: string): QuickRun {
    const run: QuickRun = { id: this.next++, label, mint, state, detail, signatures: [], startedAt: Date.now(), tookMs: null };
    this.runs = [...this.runs.slice(-(SHOWN_RUNS - 1)), run];
    return this.runs.at(-1)!;
  }

  private toReview(coin: QuickCoin, ask: QuickAsk, run: QuickRun, why: string): void {
    run.state = 'review';
    run.detail = `${why}: the review is open on ${coin.symbol}'s page`;
    run.tookMs = Date.now() - run.startedAt;
    setTimeout(() => this.dismiss(run.id), REVIEW_SHOWN_MS);
    // Several wallets at once: the ticket takes the first that needs a review; the others wait for the person.
    if (this.handoff?.mint === coin.mint && this.handoff.wallet !== ask.wallet) {
      run.detail = `${why}: buy with this wallet from ${coin.symbol}'s ticket`;
      return;
    }
    this.handoff = { mint: coin.mint, wallet: ask.wallet, side: ask.side, amountText: formatDecimalUnits(ask.amount, unitsOf(ask)), pay: ask.pay, all: ask.all, slippageBps: ask.slippageBps, computeUnitPrice: ask.computeUnitPrice, notice: why };
    this.router.navigate(coinPath(coin.mint));
  }

  /**
   * The quote, then the build carrying the quote's floor (`minOut`), so a trade landing between the two
   * cannot lower it. A trade that moved the price past that floor meanwhile is refused ("the price moved"):
   * that is the market moving, not a problem with the ticket, so it is quoted and built once more.
   */
  private async quoteAndBuild(coin: QuickCoin, request: ReturnType<typeof quickRequestOf>, ask: QuickAsk, run: QuickRun) {
    for (let attempt = 1; ; attempt++) {
      const quote = await this.api.quote(coin.mint, request);
      const minimum = quickMinimumOf(ask, quote);
      if (minimum === null) throw new Error('the quote has no minimum');
      run.detail = attempt === 1 ? 'building…' : 'the market moved: building again…';
      try {
        return { minimum, build: await this.api.tradeBuild({ ...request, mint: coin.mint, ...buildFloorOf(ask.side, quote) }) };
      } catch (error) {
        if (attempt >= 2 || !(isApiError(error) && /price moved|slippage/i.test(error.message))) throw error;
      }
    }
  }

  /**
   * Quick trades of one coin run one after another, in the order clicked: a second click while the first is
   * under way quotes the curve the first left, not the one both started from (a build made from the older
   * quote would carry a floor the first trade has already moved past, and fail).
   */
  private run(coin: QuickCoin, ask: QuickAsk): Promise<void> {
    const run = this.add(this.labelOf(coin, ask), coin.mint, 'working', 'quoting…');
    const before = this.underway[coin.mint];
    if (before) run.detail = `waiting for the quick trade of ${coin.symbol} before it…`;
    const start = () => this.execute(coin, ask, run);
    const work = before ? before.then(start, start) : start();
    this.underway[coin.mint] = work;
    const forget = () => {
      if (this.underway[coin.mint] === work) delete this.underway[coin.mint];
    };
    void work.then(forget, forget);
    return work;
  }

  private async execute(coin: QuickCoin, ask: QuickAsk, run: QuickRun): Promise<void> {
    run.detail = 'quoting…';
    const problem = quickProblem(coin);
    if (problem) return void Object.assign(run, { state: 'failed', detail: problem });
    // Without one-click trading the quick button is one click to the filled ticket and its review.
    if (!this.settings.oneClick(ask.wallet)) return this.toReview(coin, ask, run, 'One-click trading is off for this wallet (Wallets page)');
    // The page does not judge the policy itself: the server proves every bound from chain and journals its
    // verdict either way, so a refused quick trade is on record as well as a signed one.
    try {
      const request = quickRequestOf(ask);
      const { minimum, build } = await this.quoteAndBuild(coin, request, ask, run);
      if (build.then) return this.toReview(coin, ask, run, `This trade takes two steps (${build.then.why})`);
      run.detail = 'signing inside your one-click limits…';
      const sent = await this.wallets.api.quickTrade(build.buildId, quickTicketOf(ask, minimum)).catch(async (error: unknown) => {
        // A trade landing between the quote and the build leaves the build a lower floor than the quote showed,
        // which the server's review refuses: the market moved, so it is quoted, built and asked once more.
        if (!(isApiError(error) && error.code === 'refused' && /minimum: accepts as little as .* below the .* your quote showed/.test(error.message))) throw error;
        run.detail = 'the market moved: building again…';
        const again = await this.quoteAndBuild(coin, request, ask, run);
        if (again.build.then) throw error;
        return this.wallets.api.quickTrade(again.build.buildId, quickTicketOf(ask, again.minimum));
      });
      run.state = 'landed';
      run.signatures = sent.signatures;
      run.tookMs = Date.now() - run.startedAt;
      run.detail = `landed in ${run.tookMs} ms`;
      notifyLanded('trade', sent.signatures);
      setTimeout(() => this.dismiss(run.id), LANDED_SHOWN_MS);
    } catch (error) {
      if (isApiError(error) && error.code === 'refused' && /^not signed without review: /.test(error.message)) {
        return this.toReview(coin, ask, run, `Not signed without review: ${error.message.replace(/^not signed without review: /, '')}`);
      }
      run.state = 'failed';
      run.tookMs = Date.now() - run.startedAt;
      run.detail = isApiError(error) ? error.message : 'the quick trade failed; nothing was signed';
    } finally {
      void this.settings.refresh(ask.wallet);
    }
  }
}
