import { ApiError } from './api-error.js';
import type { ApiErrorCode } from './api-types.js';

/**
 * One request of a desk client that needs this run's desk token (the watchlist and alerts, the local
 * orders): JSON in and out, the server's refusal as an ApiError in its own words, a server that does not
 * answer as `unavailable`. `needs` says what asked, for the refusal without a token.
 */
export async function deskCall<T>(fetcher: typeof fetch, token: string | null, needs: string, method: string, url: string, body?: unknown): Promise<T> {
  if (token === null) throw new ApiError('unauthorized', `${needs} need this run's desk token: open the desk from the URL launchdesk printed when it started (it ends in #token=…)`, 401);
  let response: Response;
  try {
    response = await fetcher(url, {
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
