import type { CoinJson } from '../api/api-types.js';
import type { CoinListQuery } from '../api/desk-api.js';
import { CONCENTRATED_PERCENT, isConcentrated } from './coin-risk.js';

/** The risk filters' part of a list call (GET /v1/coins). */
export type RiskQuery = Pick<CoinListQuery, 'top10Above' | 'deployerSold' | 'bundled'>;

/** Discover's risk toggles: each one on narrows every list, off lets every coin through. */
export type RiskToggle = 'concentrated' | 'deployerSold' | 'bundled';

/**
 * Discover's risk filters: "Top 10 > 50%", "Dev sold" and "Bundled launch". The lists read from
 * GET /v1/coins pass them to the server (`query`); what arrives otherwise (the graduations, a search, a
 * pushed coin, the watchlist) is narrowed here by the same rules from the row's risk block (`passes`).
 * A coin without figures passes no filter that is on, as on the server.
 */
export class RiskFilterState {
  concentrated = $state(false);
  deployerSold = $state(false);
  bundled = $state(false);

  /** Whether any filter is on. */
  readonly active = $derived(this.concentrated || this.deployerSold || this.bundled);

  /** The list call's parameters for the filters that are on. */
  readonly query: RiskQuery = $derived({
    ...(this.concentrated ? { top10Above: Number(CONCENTRATED_PERCENT) } : {}),
    ...(this.deployerSold ? { deployerSold: true } : {}),
    ...(this.bundled ? { bundled: true } : {}),
  });

  /** Turns one filter on or off. */
  set(toggle: RiskToggle, on: boolean): void {
    this[toggle] = on;
  }

  /**
   * Whether a coin row passes the filters that are on. The top-10 share is compared on the row's share,
   * truncated to nine decimals: it can only differ from the server's raw comparison for a share within a
   * billionth of the supply above 50%.
   */
  passes(coin: Pick<CoinJson, 'risk'>): boolean {
    if (!this.active) return true;
    const r = coin.risk;
    if (r === undefined) return false;
    return (!this.concentrated || isConcentrated(r.top10Share)) && (!this.deployerSold || r.deployerSold) && (!this.bundled || r.bundled);
  }
}
