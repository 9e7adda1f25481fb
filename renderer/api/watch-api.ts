import type { Static } from 'typebox';
import type { AlertList, AlertRuleBody, AlertRuleList, AlertRuleSchema, WatchSchema } from '../../core/api/schemas/watch.js';
import { deskCall } from './desk-call.js';

export type WatchJson = Static<typeof WatchSchema>;
export type AlertRuleJson = Static<typeof AlertRuleSchema>;
export type AlertRuleRequest = Static<typeof AlertRuleBody>;
export type AlertListJson = Static<typeof AlertList>;
export type AlertJson = AlertListJson['alerts'][number];

/**
 * The desk's client of its watch routes (/desk-api/watch, /desk-api/alert-rules, /desk-api/alerts: the
 * watchlist, followed wallets, level rules and fired alerts, kept by the server), with this run's desk token.
 */
export class WatchApi {
  constructor(
    /** The desk token now (the wallets' client holds it; it may arrive after start). */
    private readonly token: () => string | null,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  get ready(): boolean {
    return this.token() !== null;
  }

  watch(): Promise<WatchJson> {
    return this.call('GET', '/desk-api/watch');
  }
  star(mint: string, on: boolean): Promise<WatchJson> {
    return this.call(on ? 'PUT' : 'DELETE', `/desk-api/watch/coins/${mint}`);
  }
  follow(wallet: string, on: boolean, label = ''): Promise<WatchJson> {
    return on ? this.call('PUT', `/desk-api/watch/wallets/${wallet}`, { label }) : this.call('DELETE', `/desk-api/watch/wallets/${wallet}`);
  }
  setSound(sound: boolean): Promise<WatchJson> {
    return this.call('PUT', '/desk-api/watch/settings', { sound });
  }
  rules(mint: string): Promise<{ rules: AlertRuleJson[] }> {
    return this.call<Static<typeof AlertRuleList>>('GET', `/desk-api/alert-rules?mint=${mint}`);
  }
  addRule(rule: AlertRuleRequest): Promise<AlertRuleJson> {
    return this.call('POST', '/desk-api/alert-rules', rule);
  }
  deleteRule(id: number): Promise<{ ok: boolean }> {
    return this.call('DELETE', `/desk-api/alert-rules/${id}`);
  }
  /** Alerts not yet seen after `after` (an alert id). */
  unseen(after: number): Promise<AlertListJson> {
    return this.call('GET', `/desk-api/alerts?unseen=true&after=${after}&limit=50`);
  }
  markSeen(upTo: number): Promise<{ marked: number }> {
    return this.call('POST', '/desk-api/alerts/seen', { upTo });
  }

  private call<T>(method: string, url: string, body?: unknown): Promise<T> {
    return deskCall<T>(this.fetcher, this.token(), 'the watchlist and alerts', method, url, body);
  }
}
