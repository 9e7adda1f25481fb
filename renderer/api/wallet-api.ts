import type { Static } from 'typebox';
import type { SwapQuoteAnswer, PlantQuoteAnswer, GuardAnswer, KeychainStatusSchema, ReviewKitSchema, ReviewAnswer, SignAnswer, TradeTicketBody, WalletEntrySchema, WalletListSchema } from '../../core/api/schemas/desk.js';
import type { JournalAnswer, PolicySchema, PresetsSchema, QuickAnswer, TradingAnswer } from '../../core/api/schemas/one-click.js';
import { ApiError } from './api-error.js';
import type { ApiErrorCode } from './api-types.js';

export type WalletJson = Static<typeof WalletEntrySchema>;
export type WalletListJson = Static<typeof WalletListSchema>;
export type KeychainStatusJson = Static<typeof KeychainStatusSchema>;
export type ReviewJson = Static<typeof ReviewAnswer>;
export type SignJson = Static<typeof SignAnswer>;
export type DeskTicketJson = Static<typeof TradeTicketBody>;
export type ReviewKitJson = Static<typeof ReviewKitSchema>;
export type GuardJson = Static<typeof GuardAnswer>;
export type PlantQuoteJson = Static<typeof PlantQuoteAnswer>;
export type SwapQuoteJson = Static<typeof SwapQuoteAnswer>;
export type TradingJson = Static<typeof TradingAnswer>;
export type PresetsJson = Static<typeof PresetsSchema>;
export type PolicyJson = Static<typeof PolicySchema>;
export type JournalJson = Static<typeof JournalAnswer>;
export type JournalEntryJson = JournalJson['data'][number];
export type QuickJson = Static<typeof QuickAnswer>;
export type BuildKindName = 'trade' | 'plant' | 'claim' | 'payee' | 'swap';

/**
 * The desk's client of its own routes (/desk-api: wallets in the OS keychain, review, signing), with this
 * run's desk token. Types from the server's schemas. Failures are ApiErrors with the server's code.
 */
export class WalletApi {
  constructor(
    /** This run's desk token; set again when a URL with a new one is opened in the tab. */
    public token: string | null,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  /** Whether the OS keychain answers, and what to do when it does not. */
  keychain(): Promise<KeychainStatusJson> {
    return this.call('GET', '/desk-api/keychain');
  }
  list(): Promise<WalletListJson> {
    return this.call('GET', '/desk-api/wallets');
  }
  create(label: string): Promise<WalletJson> {
    return this.call('POST', '/desk-api/wallets', { label });
  }
  import(label: string, secret: string): Promise<WalletJson> {
    return this.call('POST', '/desk-api/wallets/import', { label, secret });
  }
  rename(address: string, label: string): Promise<WalletJson> {
    return this.call('PATCH', `/desk-api/wallets/${address}`, { label });
  }
  activate(address: string): Promise<WalletListJson> {
    return this.call('POST', `/desk-api/wallets/${address}/active`);
  }
  remove(address: string, confirmation: string): Promise<WalletListJson> {
    return this.call('POST', `/desk-api/wallets/${address}/remove`, { confirmation });
  }
  export(address: string, confirmation: string): Promise<{ address: string; secret: string }> {
    return this.call('POST', `/desk-api/wallets/${address}/export`, { confirmation });
  }
  faucet(address: string, asset: 'SOL' | 'ZEC' | 'native', amount: bigint): Promise<{ signature: string }> {
    return this.call('POST', `/desk-api/wallets/${address}/faucet`, { asset, amount: amount.toString() });
  }
  /** The review of a build of `kind` against the person's own ticket (the trade's ticket, or the kind's). */
  review(buildId: string, ticket: DeskTicketJson): Promise<ReviewJson>;
  review(buildId: string, ticket: object, kind: BuildKindName): Promise<ReviewJson>;
  review(buildId: string, ticket: object, kind: BuildKindName = 'trade'): Promise<ReviewJson> {
    return this.call('POST', kind === 'trade' ? '/desk-api/review' : `/desk-api/review/${kind}`, { buildId, ticket });
  }
  /** Signs after the server's own review passes, and sends through the relay. */
  sign(buildId: string, ticket: DeskTicketJson): Promise<SignJson>;
  sign(buildId: string, ticket: object, kind: BuildKindName): Promise<SignJson>;
  sign(buildId: string, ticket: object, kind: BuildKindName = 'trade'): Promise<SignJson> {
    return this.call('POST', kind === 'trade' ? '/desk-api/sign' : `/desk-api/sign/${kind}`, { buildId, ticket });
  }
  /** A new mint for a planting; its key stays in the server's memory until the planting is signed. */
  plantMint(): Promise<{ mint: string }> {
    return this.call('POST', '/desk-api/plant/mint');
  }
  plantQuote(zec: bigint, pair: 'zec' | 'native'): Promise<PlantQuoteJson> {
    return this.call('GET', `/desk-api/plant/quote?zec=${zec}&pair=${pair}`);
  }

  programGuard(): Promise<GuardJson> {
    return this.call('GET', '/desk-api/program-guard');
  }
  acceptPrograms(): Promise<GuardJson> {
    return this.call('POST', '/desk-api/program-guard/accept');
  }

  swapQuote(direction: 'sol_to_zec' | 'zec_to_sol', amount: bigint): Promise<SwapQuoteJson> {
    return this.call('GET', `/desk-api/swap/quote?direction=${direction}&amount=${amount}`);
  }

  /** A keychain wallet's presets, one-click policy and what one-click buys spent in 24 hours. */
  trading(address: string): Promise<TradingJson> {
    return this.call('GET', `/desk-api/wallets/${address}/trading`);
  }
  savePresets(address: string, presets: PresetsJson): Promise<TradingJson> {
    return this.call('PUT', `/desk-api/wallets/${address}/presets`, presets);
  }
  /** Turning one-click trading on (or changing its limits while on) takes the typed confirmation. */
  savePolicy(address: string, policy: PolicyJson, confirmation?: string): Promise<TradingJson> {
    return this.call('PUT', `/desk-api/wallets/${address}/one-click`, { policy, ...(confirmation !== undefined ? { confirmation } : {}) });
  }
  journal(address: string, limit = 50): Promise<JournalJson> {
    return this.call('GET', `/desk-api/wallets/${address}/one-click/journal?limit=${limit}`);
  }
  /** The signature without the review screen: the server signs only inside the wallet's policy, else refuses naming the bound. */
  quickTrade(buildId: string, ticket: DeskTicketJson): Promise<QuickJson> {
    return this.call('POST', '/desk-api/quick/trade', { buildId, ticket });
  }

  /** The cluster's review kit (public: no token needed), for reviews without network. */
  reviewKit(): Promise<ReviewKitJson> {
    return this.call('GET', '/desk-api/review-kit', undefined, false);
  }

  private async call<T>(method: string, url: string, body?: unknown, needsToken = true): Promise<T> {
    if (needsToken && this.token === null) throw new ApiError('unauthorized', 'wallets and signing need this run\'s desk token: open the desk from the URL launchdesk printed when it started (it ends in #token=…)', 401);
    const payload = body ?? (method === 'GET' ? undefined : {});
    let response: Response;
    try {
      response = await this.fetcher(url, {
        method,
        headers: { accept: 'application/json', ...(this.token !== null ? { 'x-desk-token': this.token } : {}), ...(payload !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(payload !== undefined ? { body: JSON.stringify(payload) } : {}),
      });
    } catch {
      throw new ApiError('unavailable', 'the local server does not answer: it has stopped or is restarting', null);
    }
    const answer = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    if (!response.ok) throw new ApiError((answer?.error?.code ?? 'unavailable') as ApiErrorCode, answer?.error?.message ?? `the local server answered ${response.status}`, response.status);
    return answer as T;
  }
}
