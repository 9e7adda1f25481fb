import { parseDecimalUnits, SOL_DECIMALS, ZEC_DECIMALS } from '../../core/math/units.js';
import { isApiError } from '../api/api-error.js';
import type { DeskApi } from '../api/desk-api.js';
import type { SwapQuoteJson } from '../api/wallet-api.js';
import { TradeReviewState } from './trade-review.svelte.js';
import type { WalletsState } from './wallets.svelte.js';

const QUOTE_DEBOUNCE_MS = 300;

/**
 * The SOL⇄ZEC swap of the active wallet: a live quote as the amount is typed (newest answer only), then
 * the build and the review against what the quote showed (the amount in, at least its minimum out).
 */
export class SwapPanelState {
  direction = $state<'sol_to_zec' | 'zec_to_sol'>('sol_to_zec');
  amountText = $state('');
  quote = $state<SwapQuoteJson | null>(null);
  quoting = $state(false);
  problem = $state<string | null>(null);
  building = $state(false);
  review = $state<TradeReviewState | null>(null);
  private sequence = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: DeskApi,
    private readonly wallets: WalletsState,
  ) {}

  get inUnit(): { name: string; decimals: number } {
    return this.direction === 'sol_to_zec' ? { name: 'SOL', decimals: SOL_DECIMALS } : { name: 'ZEC', decimals: ZEC_DECIMALS };
  }
  get outUnit(): { name: string; decimals: number } {
    return this.direction === 'sol_to_zec' ? { name: 'ZEC', decimals: ZEC_DECIMALS } : { name: 'SOL', decimals: SOL_DECIMALS };
  }

  private amount(): bigint | string {
    const text = this.amountText.trim();
    if (text === '') return `type an amount of ${this.inUnit.name}`;
    try {
      const value = parseDecimalUnits(text, this.inUnit.decimals);
      return value === 0n ? 'the amount must be more than zero' : value;
    } catch {
      return `${this.inUnit.name}: at most ${this.inUnit.decimals} decimal places, digits and one point`;
    }
  }

  changed(): void {
    this.review = null;
    this.quote = null;
    if (this.timer) clearTimeout(this.timer);
    const amount = this.amount();
    this.problem = typeof amount === 'string' ? (this.amountText.trim() === '' ? null : amount) : null;
    if (typeof amount === 'string') return void (this.quoting = false);
    this.quoting = true;
    const mine = ++this.sequence;
    this.timer = setTimeout(() => {
      void this.wallets.api
        .swapQuote(this.direction, amount)
        .then((q) => {
          if (mine === this.sequence) this.quote = q;
        })
        .catch((error: unknown) => {
          if (mine === this.sequence) this.problem = isApiError(error) ? error.message : 'the swap could not be quoted';
        })
        .finally(() => {
          if (mine === this.sequence) this.quoting = false;
        });
    }, QUOTE_DEBOUNCE_MS);
  }

  async build(): Promise<void> {
    const wallet = this.wallets.activeWallet?.address;
    const amount = this.amount();
    const quote = this.quote;
    if (!wallet || typeof amount === 'string' || !quote || this.quoting) return;
    this.building = true;
    this.problem = null;
    try {
      const request = { wallet, direction: this.direction, amount: amount.toString() };
      const built = await this.api.swapBuild(request);
      this.review = new TradeReviewState(this.wallets.api, built.buildId, { ...request, minimum: quote.minOut }, 'swap', async () => (await this.api.swapBuild(request)).buildId);
      await this.review.load();
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'the swap could not be built';
    } finally {
      this.building = false;
    }
  }
}
