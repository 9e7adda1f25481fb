import type { Static } from 'typebox';
import type { OrderAnswer, OrderBody, OrderDetailAnswer, OrderListAnswer, ORDER_KINDS, ORDER_STATES } from '../../core/api/schemas/orders.js';
import { deskCall } from './desk-call.js';

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

  private call<T>(method: string, url: string, body?: unknown): Promise<T> {
    return deskCall<T>(this.fetcher, this.token(), 'orders', method, url, body);
  }
}
