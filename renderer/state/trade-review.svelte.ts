import { isApiError } from '../api/api-error.js';
import type { DeskTicketJson, ReviewJson, WalletApi } from '../api/wallet-api.js';

/**
 * The review of one build before its signature: the server's account of it in words against the person's
 * own ticket (instructions, red flags, verdict, the balances the simulation predicts), and the approval that
 * signs with the keychain key and sends it. The server reviews again before it signs; a review that does
 * not pass cannot be approved here, and is refused there.
 */
export class TradeReviewState {
  review = $state<ReviewJson | null>(null);
  loading = $state(true);
  problem = $state<string | null>(null);
  signing = $state(false);
  signatures = $state<string[]>([]);

  constructor(
    private readonly api: WalletApi,
    readonly buildId: string,
    readonly ticket: DeskTicketJson,
  ) {}

  /** Milliseconds the blockhash has left at `now` (negative: expired). */
  remaining(now: number): number {
    return this.review ? Date.parse(this.review.expiresAt) - now : 0;
  }

  canApprove(now: number): boolean {
    return this.review !== null && this.review.signable && !this.signing && this.signatures.length === 0 && this.remaining(now) > 0;
  }

  async load(): Promise<void> {
    this.loading = true;
    this.problem = null;
    try {
      this.review = await this.api.review(this.buildId, this.ticket);
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'the review could not be made; build again';
    } finally {
      this.loading = false;
    }
  }

  async approve(now: number): Promise<void> {
    if (!this.canApprove(now)) return;
    this.signing = true;
    this.problem = null;
    try {
      this.signatures = (await this.api.sign(this.buildId, this.ticket)).signatures;
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'signing failed; nothing was sent';
    } finally {
      this.signing = false;
    }
  }
}
