import { SvelteMap } from 'svelte/reactivity';
import { isApiError } from '../api/api-error.js';
import type { JournalEntryJson, PolicyJson, PresetsJson, TradingJson, WalletApi } from '../api/wallet-api.js';
import { DEFAULT_PRESETS, type TradingPresets } from '../../core/types/trading-presets.js';

/** The presets in base units (bigint), from the server's decimal strings. */
export function presetsFrom(json: PresetsJson): TradingPresets {
  return {
    buyZec: json.buyZec.map(BigInt),
    buySol: json.buySol.map(BigInt),
    sellPercents: json.sellPercents.map(BigInt),
    slippageBps: { ...json.slippageBps },
    priority: { level: json.priority.level, microLamports: BigInt(json.priority.microLamports) },
  };
}

/**
 * Each keychain wallet's trading settings as the server keeps them (presets, one-click policy, what
 * one-click buys spent in 24 hours) and its journal, read when a page asks and after every change. A
 * wallet not read yet trades on the default presets with one-click trading off: nothing is signed without
 * review on a guess.
 */
export class TradingSettings {
  readonly byWallet = new SvelteMap<string, TradingJson>();
  readonly journals = new SvelteMap<string, JournalEntryJson[]>();
  problem = $state<string | null>(null);
  /** Reads under way (not shown: a plain record, nothing reacts to it). */
  private readonly reading: Record<string, Promise<void>> = {};

  constructor(private readonly api: WalletApi) {}

  /** The wallet's presets (the defaults until its settings are read). */
  presets(wallet: string): TradingPresets {
    const json = this.byWallet.get(wallet);
    return json ? presetsFrom(json.presets) : DEFAULT_PRESETS;
  }

  /** One-click trading is on for the wallet, as the server last said. */
  oneClick(wallet: string): boolean {
    return this.byWallet.get(wallet)?.policy.enabled === true;
  }

  /**
   * Reads the wallet's settings unless they are here already: what a button or a ticket needs to draw
   * itself (every Trending row mounts its quick-buy as it scrolls into view; one read serves them all).
   */
  ensure(wallet: string): Promise<void> {
    return this.byWallet.has(wallet) ? Promise.resolve() : this.load(wallet);
  }

  /** Reads the wallet's settings (once at a time); a wallet the server does not keep is left on the defaults. */
  load(wallet: string): Promise<void> {
    const running = this.reading[wallet];
    if (running) return running;
    const work = (async () => {
      try {
        this.byWallet.set(wallet, await this.api.trading(wallet));
      } catch (error) {
        if (!isApiError(error)) throw error;
        if (error.code !== 'not_found' && error.code !== 'unauthorized') this.problem = error.message;
      } finally {
        delete this.reading[wallet];
      }
    })();
    this.reading[wallet] = work;
    return work;
  }

  async loadJournal(wallet: string): Promise<void> {
    try {
      this.journals.set(wallet, (await this.api.journal(wallet)).data);
    } catch (error) {
      if (!isApiError(error)) throw error;
      this.problem = error.message;
    }
  }

  /** Saves presets; the server's refusal comes back in its words (null when saved). */
  async savePresets(wallet: string, presets: PresetsJson): Promise<string | null> {
    return this.change(wallet, () => this.api.savePresets(wallet, presets));
  }

  async savePolicy(wallet: string, policy: PolicyJson, confirmation?: string): Promise<string | null> {
    return this.change(wallet, () => this.api.savePolicy(wallet, policy, confirmation));
  }

  /** After a quick trade: what it spent and its journal line. */
  async refresh(wallet: string): Promise<void> {
    await Promise.all([this.load(wallet), this.journals.has(wallet) ? this.loadJournal(wallet) : Promise.resolve()]);
  }

  private async change(wallet: string, work: () => Promise<TradingJson>): Promise<string | null> {
    try {
      this.byWallet.set(wallet, await work());
      return null;
    } catch (error) {
      if (!isApiError(error)) throw error;
      return error.message;
    }
  }
}
