import type { Static } from 'typebox';
import type { OrderAnswer, OrderBody, OrderDetailAnswer, OrderListAnswer, ORDER_KINDS, ORDER_STATES } from '../../core/api/schemas/orders.js';
import { ApiError } from './api-error.js';
import type { ApiErrorCode } from './api-types.js';

export type OrderJson = Static<typeof OrderAnswer>;
export type OrderDetailJson = Static<typeof OrderDetailAnswer>;
export type OrderRequest = Static<typeof OrderBody>;
export type OrderListJson = Static<typeof OrderListAnswer>;
export type FillJson = OrderJson['fills'][number];
export type JournalLineJson = OrderDetailJson['journal'][number];
export type OrderKindName = (typeof ORDER_KINDS)[number];
export type OrderStateName = (typeof ORDER_STATES)[number];
/** A state to list by: one state, or `active` (open, filling and paused). */
export type OrderStateFilter = OrderStateName | 'active';

export interface OrderQuery {
  readonly wallet?: string;
  readonly mint?: string;
  readonly state?: OrderStateFilter;
}

/**
 * The desk's client of the local orders (`/local/orders`: a local addition, not the hosted /v1), with this
 * run's desk token: orders spend the desk's keychain wallets, so every route needs it.
 */
export class OrderApi {
  constructor(
    /** The desk token now (the wallets' client holds it; it may arrive after start). */
    private readonly token: () => string | null,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  get ready(): boolean {
    return this.token() !== null;
  }

  /** Orders newest first, of one wallet, one coin or one state when asked. */
  list(query: OrderQuery = {}): Promise<OrderListJson> {
    const search = new URLSearchParams(Object.entries(query).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const text = search.toString();
    return this.call('GET', `/local/orders${text ? `?${text}` : ''}`);
  }
  /** One order with its fills and its journal. */
  detail(id: string): Promise<OrderDetailJson> {
    return this.call('GET', `/local/orders/${id}`);
  }
  /** Places an order; the server refuses a field by name (400 invalid_param, 422 refused). */
  place(body: OrderRequest): Promise<OrderJson> {
    return this.call('POST', '/local/orders', body);
  }
  cancel(id: string): Promise<OrderJson> {
    return this.call('DELETE', `/local/orders/${id}`);
  }
  /** A paused order back to open. */
  resume(id: string): Promise<OrderJson> {
    return this.call('POST', `/local/orders/${id}/resume`, {});
  }

  private async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const token = this.token();
    if (token === null) throw new ApiError('unauthorized', "orders need this run's desk token: open the desk from the URL launchdesk printed when it started (it ends in #token=…)", 401);
    let response: Response;
    try {
      response = await this.fetcher(url, {
        method,
        headers: { accept: 'application/json', 'x-desk-token': token, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch {
      throw new ApiError('unavailable', 'the local server does not answer: it has stopped or is restarting', null);
    }
    const answer = (await response.json().catch(() => null)) as { error?: { code: string; message: string } } | null;
    if (!response.ok) throw new ApiError((answer?.error?.code ?? 'unavailable') as ApiErrorCode, answer?.error?.message ?? `the local server answered ${response.status}`, response.status);
    return answer as T;
  }
}
