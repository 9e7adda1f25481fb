import type { TicketKeys } from './hotkeys.svelte.js';
import type { TradeTicketState } from './trade-ticket.svelte.js';
import type { TradeReviewState } from './trade-review.svelte.js';

/**
 * The trade ticket's keys: each does exactly what its button would, and nothing the button would not (a
 * build only when the ticket can build, an approval only when the review's Approve is on).
 */
export function ticketKeys(t: TradeTicketState, signingBlocked: () => boolean): TicketKeys {
  /** The review waiting for its approval: step 1, or step 2 once step 1 has landed. */
  const open = (): TradeReviewState | null => {
    const first = t.review;
    if (first && first.signatures.length === 0) return first;
    return t.next?.review ?? null;
  };
  const signing = () => t.review?.signing === true || t.next?.review?.signing === true;
  return {
    side: (side) => t.setSide(side),
    preset: (index) => t.pickPreset(index),
    build: () => {
      if (t.canBuild) void t.submit();
    },
    approve: () => {
      const review = open();
      const now = Date.now();
      if (review && review.canApprove(now) && !signingBlocked()) void review.approve(now);
    },
    cancel: () => {
      if ((t.build === null && t.buildError === null) || t.building || signing()) return false;
      t.changed();
      return true;
    },
  };
}
