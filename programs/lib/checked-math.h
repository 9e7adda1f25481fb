/*
 * Checked u64 arithmetic and the 128-bit helpers the BPF backend will not generate for us (it refuses
 * __int128 multiply, divide and variable shifts): 64x64->128 multiply, 128/64 divide, and a 128-bit
 * integer square root (pool shares). A 16-byte struct is never returned by a non-inlined function
 * (another backend limit): results go through pointers.
 */
#pragma once
#include "types.h"

#define ERR_OVERFLOW_DEFAULT 6024 /* the launchpad's Overflow; a program may pass its own */

typedef struct {
  u64 lo;
  u64 hi;
} U128;

INLINE bool add_u64(u64 a, u64 b, u64 *out) {
  *out = a + b;
  return *out >= a;
}
INLINE bool sub_u64(u64 a, u64 b, u64 *out) {
  if (b > a) return false;
  *out = a - b;
  return true;
}
INLINE bool mul_u64(u64 a, u64 b, u64 *out) {
  if (a != 0 && b > (u64)-1 / a) return false;
  *out = a * b;
  return true;
}

/* Full 128-bit product of two u64. */
static void mul_64x64(u64 a, u64 b, U128 *out) {
  u64 a_lo = a & 0xffffffff, a_hi = a >> 32;
  u64 b_lo = b & 0xffffffff, b_hi = b >> 32;
  u64 ll = a_lo * b_lo, lh = a_lo * b_hi, hl = a_hi * b_lo, hh = a_hi * b_hi;
  u64 mid = (ll >> 32) + (lh & 0xffffffff) + (hl & 0xffffffff);
  out->lo = (ll & 0xffffffff) | (mid << 32);
  out->hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
}

INLINE void u128_add(U128 *a, const U128 *b) {
  u64 lo = a->lo + b->lo;
  a->hi += b->hi + (lo < a->lo ? 1 : 0);
  a->lo = lo;
}
INLINE void u128_add_u64(U128 *a, u64 b) {
  u64 lo = a->lo + b;
  a->hi += lo < a->lo ? 1 : 0;
  a->lo = lo;
}
INLINE bool u128_lt(const U128 *a, const U128 *b) { return a->hi < b->hi || (a->hi == b->hi && a->lo < b->lo); }

/*
 * Divides a 128-bit value by a u64: quotient (must fit in u64) and remainder. Restoring long division
 * over the significant bits only. Returns false on division by zero or a quotient above u64.
 */
static bool div_128_by_64(const U128 *n, u64 d, u64 *quotient, u64 *remainder) {
  if (d == 0 || n->hi >= d) return false;
  u64 rem = n->hi;
  u64 q = 0;
  for (int i = 63; i >= 0; i--) {
    u64 top = rem >> 63;
    rem = (rem << 1) | ((n->lo >> i) & 1);
    q <<= 1;
    if (top || rem >= d) {
      rem -= d;
      q |= 1;
    }
  }
  *quotient = q;
  if (remainder) *remainder = rem;
  return true;
}

/* a * b / c rounded down, with a 128-bit intermediate; false on overflow or c == 0. */
static bool mul_div_floor(u64 a, u64 b, u64 c, u64 *out) {
  U128 p;
  mul_64x64(a, b, &p);
  return div_128_by_64(&p, c, out, NULL);
}

/* a * b / c rounded up. */
static bool mul_div_ceil(u64 a, u64 b, u64 c, u64 *out) {
  U128 p;
  u64 q, r;
  mul_64x64(a, b, &p);
  if (!div_128_by_64(&p, c, &q, &r)) return false;
  if (r != 0) {
    if (q == (u64)-1) return false;
    q += 1;
  }
  *out = q;
  return true;
}

/* Floor of the square root of a 128-bit value (fits in u64). Bit-by-bit, no division. */
static u64 isqrt_u128(const U128 *n) {
  u64 root = 0;
  for (int bit = 63; bit >= 0; bit--) {
    u64 candidate = root | ((u64)1 << bit);
    U128 sq;
    mul_64x64(candidate, candidate, &sq);
    if (!u128_lt(n, &sq)) root = candidate;
  }
  return root;
}
