import type { ApiErrorCode } from './api-types.js';

/**
 * The one error the desk's client raises: the spec's stable `code` (what the desk branches on) and a
 * message in plain words (what a person reads). A server that cannot be reached is `unavailable` with
 * no status; `retryAfter` carries a 429's Retry-After in seconds.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status: number | null,
    readonly retryAfter: number | null = null,
  ) {
    super(message);
  }

  /** The server did not answer at all (stopped, restarting, or the network is down). */
  get unreachable(): boolean {
    return this.status === null;
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError;
