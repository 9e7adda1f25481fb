import type { ApiError } from '../api/api-error.js';
import type { AnswerObserver } from '../api/desk-api.js';

export type ConnectionStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * Whether the local server is there, from the answers the client gets: live after any answer,
 * reconnecting while it cannot be reached, with the last error kept for the banner (also when it
 * answered that it cannot serve now: rate limited, or its chain or index not answering). Ordinary
 * refusals (a bad filter, a missing coin) say nothing about the connection.
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

  /** The push stream dropped: the server is not there (it reconnects by itself). */
  streamLost(): void {
    this.status = 'reconnecting';
  }

  failed(error: ApiError): void {
    if (error.unreachable) {
      this.status = 'reconnecting';
      this.lastError = error;
    } else if (error.code === 'rate_limited' || error.code === 'unavailable') {
      this.status = 'live'; // it answered: it is there, it just could not serve this
      this.lastError = error;
    }
  }
}
