import type { ApiErrorCode } from './api-types.js';

/**
 * The one error the client library throws. `code` is the spec's stable code (what a bot branches on),
 * `message` plain words, `status` the HTTP status (null when nothing answered, or when this machine
 * refused before anything was sent), `retryAfter` a 429's Retry-After in seconds. A build refused by
 * the client's own verification is `refused` with no status and `differences` listing what differs.
 */
export class LaunchdeskError extends Error {
  override readonly name = 'LaunchdeskError';
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status: number | null,
    readonly retryAfter: number | null = null,
    readonly differences: readonly string[] = [],
  ) {
    super(message);
  }
}

export const isLaunchdeskError = (value: unknown, code?: ApiErrorCode): value is LaunchdeskError =>
  value instanceof LaunchdeskError && (code === undefined || value.code === code);
