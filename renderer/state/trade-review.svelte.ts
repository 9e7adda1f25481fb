import { isApiError } from '../api/api-error.js';

/** A slot's length (core/engine/build.ts's SLOT_MS): a blockhash lives a number of blocks, not a fixed time. */
const SLOT_MS = 400;
import type { BuildKindName, ReviewJson, WalletApi } from '../api/wallet-api.js';

/**
 * The review of one build (a trade, a planting, a claim, a payee change or a swap) before its signature: the server's account of it in words against the person's
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
  /** When the review arrived (this machine's clock): the blockhash's life is counted from here in blocks. */
  private receivedAt = 0;

  constructor(
    private readonly api: WalletApi,
    readonly buildId: string,
    /** The person's own ticket, as the kind's review route takes it. */
    readonly ticket: object,
    readonly kind: BuildKindName = 'trade',
  ) {}

  /**
   * Milliseconds the blockhash has left at `now` (negative: expired): the blocks it has left when the review
   * was made, at a slot's 400 ms, from when it arrived (so the server's and this machine's clocks need not agree).
   */
  remaining(now: number): number {
    if (!this.review) return 0;
    const blocks = Number(BigInt(this.review.lastValidBlockHeight) - BigInt(this.review.blockHeight));
    return this.receivedAt + blocks * SLOT_MS - now;
  }

  canApprove(now: number): boolean {
    return this.review !== null && this.review.signable && !this.signing && this.signatures.length === 0 && this.remaining(now) > 0;
  }

  async load(): Promise<void> {
    this.loading = true;
    this.problem = null;
    try {
      this.review = await this.api.review(this.buildId, this.ticket, this.kind);
      this.receivedAt = Date.now();
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
      this.signatures = (await this.api.sign(this.buildId, this.ticket, this.kind)).signatures;
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'signing failed; nothing was sent';
    } finally {
      this.signing = false;
    }
  }
}
