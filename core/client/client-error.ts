import { isApiError } from '../api/api-error.js';
import { isDeskError } from '../errors.js';
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

/**
 * An error from this machine's own reads (its RPC through RpcChain, the engine's readers) as the client's
 * one error type: a DeskError keeps its code when it is a spec code and its words ("the cluster at
 * http://127.0.0.1:8899 did not answer (connection refused)"); an internal one is `unavailable`, as the
 * API would answer it. Anything else (a bug) is passed on as it is. No status: nothing was asked of the API.
 */
export function asLaunchdeskError(error: unknown): unknown {
  if (!isDeskError(error)) return error;
  const typed = new LaunchdeskError(isApiError(error) ? (error.code as ApiErrorCode) : 'unavailable', error.message, null);
  (typed as { cause?: unknown }).cause = error;
  return typed;
}

