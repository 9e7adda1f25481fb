/* The runtime's syscalls used by our programs (names must be on the linker's allow-list). */
#pragma once
#include "types.h"

typedef struct {
  const u8 *addr;
  u64 len;
} SolBytes;

extern void sol_log_(const char *message, u64 length);
extern void sol_log_64_(u64 a, u64 b, u64 c, u64 d, u64 e);
extern void sol_log_pubkey(const Pubkey *key);
extern void sol_log_data(const SolBytes *slices, u64 count);
extern void sol_panic_(const char *file, u64 length, u64 line, u64 column);
extern u64 sol_create_program_address(const SolBytes *seeds, u64 seed_count, const Pubkey *program, Pubkey *out);
extern u64 sol_try_find_program_address(const SolBytes *seeds, u64 seed_count, const Pubkey *program, Pubkey *out, u8 *bump);
extern void sol_memcpy_(void *dst, const void *src, u64 n);
extern void sol_memset_(void *dst, u8 value, u64 n);
extern void sol_memcmp_(const void *a, const void *b, u64 n, i32 *result);
extern u64 sol_get_clock_sysvar(void *clock);
extern u64 sol_get_rent_sysvar(void *rent);
extern void sol_set_return_data(const u8 *data, u64 length);

#define LOG(literal) sol_log_((literal), sizeof(literal) - 1)

INLINE void copy_bytes(void *dst, const void *src, u64 n) { sol_memcpy_(dst, src, n); }
INLINE void zero_bytes(void *dst, u64 n) { sol_memset_(dst, 0, n); }
INLINE bool bytes_equal(const void *a, const void *b, u64 n) {
  i32 result = 0;
  sol_memcmp_(a, b, n, &result);
  return result == 0;
}
INLINE bool pubkey_eq(const Pubkey *a, const Pubkey *b) {
  const u64 *x = (const u64 *)a->x, *y = (const u64 *)b->x;
  return x[0] == y[0] && x[1] == y[1] && x[2] == y[2] && x[3] == y[3];
}
INLINE bool pubkey_is_zero(const Pubkey *a) {
  const u64 *x = (const u64 *)a->x;
  return (x[0] | x[1] | x[2] | x[3]) == 0;
}
/* Pubkeys in rodata and in account data are not 8-aligned in general: compare bytewise there. */
INLINE bool pubkey_eq_bytes(const u8 *a, const Pubkey *b) { return bytes_equal(a, b->x, 32); }

typedef struct {
  u64 slot;
  i64 epoch_start_timestamp;
  u64 epoch;
  u64 leader_schedule_epoch;
  i64 unix_timestamp;
} Clock;

INLINE i64 now_unix(void) {
  Clock clock;
  sol_get_clock_sysvar(&clock);
  return clock.unix_timestamp;
}
