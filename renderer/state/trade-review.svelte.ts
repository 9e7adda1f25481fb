import { isApiError } from '../api/api-error.js';
import { notifyLanded } from '../api/desk-bridge.js';
import { SOL_DECIMALS } from '../../core/math/units.js';
import { amountText } from '../../core/verify/balance-words.js';
import type { BuildKindName, ReviewJson, WalletApi } from '../api/wallet-api.js';

/** A slot's length (core/engine/build.ts's SLOT_MS): a blockhash lives a number of blocks, not a fixed time. */
const SLOT_MS = 400;

/**
 * The review of one build (a trade, a planting, a claim, a payee change or a swap) before its signature:
 * the server's account of it in words against the person's own ticket (instructions, red flags, verdict,
 * the balances the simulation predicts), and the approval that signs with the keychain key and sends it.
 * The server reviews again before it signs; a review that does not pass cannot be approved here, and is
 * refused there.
 *
 * The approval covers the ticket's bounds, not one blockhash: when the blockhash expires before the
 * signature, the build is made again from the same ticket (`rebuild`) and reviewed against the same approved
 * ticket; within those bounds it is signed at once, otherwise it waits for the person to review it again.
 */
export class TradeReviewState {
  review = $state<ReviewJson | null>(null);
  loading = $state(true);
  problem = $state<string | null>(null);
  notice = $state<string | null>(null);
  signing = $state(false);
  signatures = $state<string[]>([]);
  buildId = $state('');
  /** When the review arrived (this machine's clock): the blockhash's life is counted from here in blocks. */
  private receivedAt = 0;

  constructor(
    private readonly api: WalletApi,
    buildId: string,
    /** The person's own ticket, as the kind's review route takes it. */
    readonly ticket: object,
    readonly kind: BuildKindName = 'trade',
    /** Builds the same ticket again and answers the new build's id (null: this kind is not rebuilt). */
    private readonly rebuild: (() => Promise<string>) | null = null,
    /** Told once the signed transactions have landed (a two-step trade builds its next step then). */
    private readonly onLanded: (() => void) | null = null,
  ) {
    this.buildId = buildId;
  }

  /**
   * Milliseconds the blockhash has left at `now` (negative: expired): the blocks it has left when the review
   * was made, at a slot's 400 ms, from when it arrived (so the server's and this machine's clocks need not agree).
   */
  remaining(now: number): number {
    if (!this.review) return 0;
    const blocks = Number(BigInt(this.review.lastValidBlockHeight) - BigInt(this.review.blockHeight));
    return this.receivedAt + blocks * SLOT_MS - now;
  }

  /** An expired blockhash blocks the approval only where nothing can build the ticket again. */
  get rebuilds(): boolean {
    return this.rebuild !== null;
  }

  canApprove(now: number): boolean {
    return this.review !== null && this.review.signable && !this.signing && this.signatures.length === 0 && (this.remaining(now) > 0 || this.rebuild !== null);
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
    this.notice = null;
    try {
      // Past its blockhash the build cannot land: build the same ticket again before signing.
      if (this.remaining(now) <= 0 && !(await this.renew())) return;
      try {
        this.signatures = (await this.api.sign(this.buildId, this.ticket, this.kind)).signatures;
      } catch (error) {
        if (!(isApiError(error) && /expired/.test(error.message) && (await this.renew()))) throw error;
        this.signatures = (await this.api.sign(this.buildId, this.ticket, this.kind)).signatures;
      }
      notifyLanded(this.kind, this.signatures);
      this.onLanded?.();
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'signing failed; nothing was sent';
    } finally {
      this.signing = false;
    }
  }

  /**
   * The same ticket built again and reviewed against what was approved. True when it stays within the
   * approved bounds (it may be signed at once); false when it needs the person's review again.
   */
  private async renew(): Promise<boolean> {
    if (!this.rebuild) return false;
    const approvedFee = this.review ? BigInt(this.review.networkFeeLamports) : null;
    this.buildId = await this.rebuild();
    await this.load();
    // Another fee is something the person did not approve: the new build waits for their review.
    const fee = this.review ? BigInt(this.review.networkFeeLamports) : null;
    if (this.review?.signable && approvedFee !== null && fee !== null && fee > approvedFee) {
      this.notice = `The blockhash expired, and the transaction built again costs more in network fees (${amountText(fee, SOL_DECIMALS, 'SOL')}, not the ${amountText(approvedFee, SOL_DECIMALS, 'SOL')} you approved): review it again before signing.`;
      return false;
    }
    if (this.review?.signable) {
      this.notice = 'The blockhash expired before the signature: the same ticket was built again, stayed within what you approved, and was signed.';
      return true;
    }
    this.notice = 'The blockhash expired, and the transaction built again is not what you approved: review it again before signing.';
    return false;
  }
}
