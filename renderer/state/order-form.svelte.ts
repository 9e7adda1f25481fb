import type { OrderKindName } from '../api/order-api.js';
import type { PriorityChoice, TradeVenue } from '../../core/types/trading-presets.js';
import { kindFields } from './order-figures.js';
import { orderRequestOf, type EveryUnit, type ExpiryChoice } from './order-request.js';
import type { OrdersState } from './orders.svelte.js';
import type { TradingSettings } from './trading-settings.svelte.js';
import type { WalletsState } from './wallets.svelte.js';

/**
 * The coin page's order form for the active keychain wallet: the kind and the fields it needs, slippage and
 * priority from the wallet's presets unless typed. The server judges the order and names a field it refuses.
 */
export class OrderFormState {
  kind = $state<OrderKindName>('limit_buy');
  price = $state('');
  takeProfit = $state('');
  stopLoss = $state('');
  trailPercent = $state('10');
  count = $state('5');
  every = $state('10');
  everyUnit = $state<EveryUnit>('minutes');
  amount = $state('');
  percent = $state('100');
  slippageText = $state('');
  expiry = $state<ExpiryChoice>('never');
  problem = $state<string | null>(null);
  notice = $state<string | null>(null);
  busy = $state(false);

  constructor(
    private readonly orders: OrdersState,
    private readonly wallets: WalletsState,
    private readonly trading: TradingSettings,
    readonly mint: string,
    /** Where the coin trades now: its slippage preset is the wallet's for that venue. */
    private readonly venue: () => TradeVenue,
  ) {}

  get fields() {
    return kindFields(this.kind);
  }

  /** The keychain wallet orders are placed for: the active one. */
  get wallet(): string {
    return this.wallets.active ?? '';
  }

  /** The slippage while none is typed: the wallet's preset for the coin's venue. */
  get defaultSlippageBps(): number {
    return this.trading.presets(this.wallet).slippageBps[this.venue()];
  }

  /** A field changed: the last refusal was about what was there before. */
  edited(): void {
    this.problem = null;
    this.notice = null;
  }

  pick(kind: OrderKindName): void {
    this.kind = kind;
    this.problem = null;
    this.notice = null;
  }

  /** The wallet's priority preset, once its settings are read (the server applies it itself until then). */
  get priority(): PriorityChoice | null {
    return this.trading.byWallet.has(this.wallet) ? this.trading.presets(this.wallet).priority : null;
  }

  async submit(now = Date.now()): Promise<boolean> {
    // Before the wallet's settings are read the presets here are only the defaults: the server fills in the wallet's own.
    const known = this.trading.byWallet.has(this.wallet);
    const presets = this.trading.presets(this.wallet);
    const request = orderRequestOf(
      {
        wallet: this.wallet, mint: this.mint, kind: this.kind, price: this.price, takeProfit: this.takeProfit, stopLoss: this.stopLoss,
        trailPercent: this.trailPercent, count: this.count, every: this.every, everyUnit: this.everyUnit, amount: this.amount, percent: this.percent,
        slippageBps: this.slippageText.trim() !== '' ? this.slippageText : known ? String(this.defaultSlippageBps) : '',
        computeUnitPrice: known ? presets.priority.microLamports.toString() : '', expiry: this.expiry,
      },
      now,
    );
    this.notice = null;
    if (request.problem !== null) {
      this.problem = request.problem;
      return false;
    }
    this.busy = true;
    try {
      this.problem = await this.orders.place(request.body);
      if (this.problem !== null) return false;
      this.notice = 'Placed: it runs on this machine while launchdesk is running.';
      this.price = this.takeProfit = this.stopLoss = this.amount = '';
      return true;
    } finally {
      this.busy = false;
    }
  }
}
