import { formatDecimalUnits, parseDecimalUnits, SOL_DECIMALS, ZEC_DECIMALS } from '../../core/math/units.js';
import type { TradeVenue } from '../../core/types/trading-presets.js';
import type { TradePair } from '../../core/verify/one-click-policy.js';
import type { PolicyJson, TradingJson } from '../api/wallet-api.js';
import type { TradingSettings } from './trading-settings.svelte.js';

const AMOUNTS = {
  maxSpendZec: ZEC_DECIMALS,
  maxSpendSol: SOL_DECIMALS,
  maxPriorityLamports: SOL_DECIMALS,
  dailyCapZec: ZEC_DECIMALS,
  dailyCapSol: SOL_DECIMALS,
} as const;
type AmountField = keyof typeof AMOUNTS;
const NAMES: Record<AmountField, string> = {
  maxSpendZec: 'Largest buy in ZEC',
  maxSpendSol: 'Largest buy in SOL',
  maxPriorityLamports: 'Largest priority fee (SOL)',
  dailyCapZec: 'Daily cap in ZEC',
  dailyCapSol: 'Daily cap in SOL',
};

/**
 * The one-click policy form of one wallet on the Wallets page: the limits as whole units typed by the
 * person, read exactly into base units (never a float); turning it on or saving while on needs the typed
 * confirmation, which the server checks again. Problems are said in words naming the field.
 */
export class OneClickForm {
  texts = $state<Record<AmountField, string>>({ maxSpendZec: '', maxSpendSol: '', maxPriorityLamports: '', dailyCapZec: '', dailyCapSol: '' });
  slippageText = $state('');
  pairs = $state<TradePair[]>([]);
  venues = $state<TradeVenue[]>([]);
  confirmation = $state('');
  problem = $state<string | null>(null);
  saved = $state<string | null>(null);
  busy = $state(false);

  constructor(
    private readonly settings: TradingSettings,
    readonly wallet: string,
  ) {}

  readonly names = NAMES;
  readonly fields = Object.keys(AMOUNTS) as AmountField[];

  get current(): TradingJson | null {
    return this.settings.byWallet.get(this.wallet) ?? null;
  }

  /** Fills the form from what the server keeps. */
  reset(): void {
    const json = this.current;
    if (!json) return;
    for (const f of this.fields) this.texts[f] = formatDecimalUnits(BigInt(json.policy[f]), AMOUNTS[f]);
    this.slippageText = String(json.policy.maxSlippageBps);
    this.pairs = [...json.policy.pairs];
    this.venues = [...json.policy.venues];
    this.confirmation = '';
  }

  toggle<T extends string>(list: T[], value: T): T[] {
    return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  }

  /** The policy typed, or why it cannot be read (null). */
  private policy(enabled: boolean): PolicyJson | null {
    const out: Partial<Record<AmountField, string>> = {};
    for (const f of this.fields) {
      try {
        out[f] = String(parseDecimalUnits(this.texts[f], AMOUNTS[f]));
      } catch (error) {
        this.problem = `${NAMES[f]}: ${(error as Error).message}`;
        return null;
      }
    }
    const slippage = Number(this.slippageText);
    if (this.slippageText.trim() === '' || !Number.isInteger(slippage) || slippage < 0 || slippage > 2000) {
      this.problem = 'Largest slippage: a whole number of bps from 0 to 2000';
      return null;
    }
    return { enabled, ...(out as Record<AmountField, string>), maxSlippageBps: slippage, pairs: [...this.pairs], venues: [...this.venues] };
  }

  /** Saves the limits; `enabled` true turns one-click trading on (the confirmation must be typed). */
  async save(enabled: boolean): Promise<void> {
    this.problem = null;
    this.saved = null;
    const policy = this.policy(enabled);
    if (!policy) return;
    this.busy = true;
    const refused = await this.settings.savePolicy(this.wallet, policy, enabled ? this.confirmation.trim() : undefined);
    this.busy = false;
    if (refused) {
      this.problem = refused;
      return;
    }
    this.saved = enabled ? 'One-click trading is on inside these limits.' : 'One-click trading is off: every trade opens its review.';
    this.reset();
  }
}
