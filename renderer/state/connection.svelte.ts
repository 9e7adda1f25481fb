import type { ApiError } from '../api/api-error.js';
import type { AnswerObserver } from '../api/desk-api.js';

export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * Whether the local server is there, from the answers the client gets: live after any answer,
 * reconnecting while it cannot be reached (or answers that it cannot serve), with the last error kept
 * for the banner. Ordinary refusals (a bad filter, a missing coin) say nothing about the connection.
 */
export class ConnectionState implements AnswerObserver {
  status = $state<ConnectionStatus>('connecting');
  lastError = $state<ApiError | null>(null);
  /** Date.now() of the last answer, for "last update N s ago". */
  lastAnswerAt = $state<number | null>(null);

  answered(): void {
    this.status = 'live';
    this.lastError = null;
    this.lastAnswerAt = Date.now();
  }

  failed(error: ApiError): void {
    if (error.unreachable || error.code === 'unavailable') {
      this.status = 'reconnecting';
      this.lastError = error;
    } else if (error.code === 'rate_limited') {
      this.lastError = error;
    }
  }
}
