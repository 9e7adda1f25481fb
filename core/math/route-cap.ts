import { U64_MAX } from './curve-error.js';
import { routeBuy } from './route.js';
import { isRouteError } from './route-error.js';
import { assertIsRouteFeeRates, assertIsRouteVenues, type RouteFeeRates, type RouteVenues } from './route-venues.js';
import { zecUnits, type ZecUnits } from './units.js';

/**
 * The most ZEC a route buy may spend: the largest A <= u64::MAX that routeBuy does not refuse with
 * 'route_overfills_curve' or 'amount_overflow' (it may still buy nothing, 'zec_in_too_small'); 0 when
 * there is none. The engine caps a buy's amountIn at it, because the route never completes a curve
 * partially. For a hop-2 pool only the overflow refusals bound it.
 *
 * tokensOut(A) never decreases as A grows (z = A - fee(A) steps by 0 or 1, n = z*B1/(Q1 + z) grows
 * with z, the budget c with n, tokens = (c*vT - 1)/(vQ + c) with c), and so do the sums the overflow
 * refusals test; so the accepted amounts are 0..=cap and a binary search over the u64 range finds it in
 * 64 quotes. A display and engine figure, not part of the program.
 *
 * The cap rarely makes the curve complete: tokensOut(A) moves in steps of about
 * (B1/Q1) * (vT/vQ) tokens per ZEC base unit, so it hits rT exactly only by chance, and once fewer
 * tokens are left than one step buys, no route buy is accepted at all (see the report in
 * test/math/route.test.ts, 'can leave a curve short of completion').
 */
export function largestRouteBuy(venues: RouteVenues, rates: RouteFeeRates): ZecUnits {
  assertIsRouteVenues(venues);
  assertIsRouteFeeRates(rates);
  const accepted = (amountIn: bigint): boolean => {
    try {
      routeBuy(venues, zecUnits(amountIn), rates);
      return true;
    } catch (error) {
      if (isRouteError(error, 'zec_in_too_small')) return true;
      if (isRouteError(error, 'route_overfills_curve') || isRouteError(error, 'amount_overflow')) return false;
      throw error;
    }
  };
  if (accepted(U64_MAX)) return zecUnits(U64_MAX);
  // Invariant: lo is accepted (0 stands for none: a buy of 0 is refused on its own), hi is not.
  let lo = 0n;
  let hi = U64_MAX;
  while (hi - lo > 1n) {
    const mid = (lo + hi) / 2n;
    if (accepted(mid)) lo = mid;
    else hi = mid;
  }
  return zecUnits(lo);
}
