/*
 * Rent exemption without floating point. The rent sysvar's threshold is an f64: 2.0 on older clusters,
 * 1.0 (with lamports_per_byte_year doubled) since rent was simplified; both are exact here.
 */
#pragma once
#include "syscalls.h"

#define ACCOUNT_STORAGE_OVERHEAD 128
#define ERR_RENT_UNSUPPORTED 4101 /* ours: a rent threshold other than 1.0 or 2.0 */
#define F64_ONE 0x3ff0000000000000UL
#define F64_TWO 0x4000000000000000UL

typedef struct {
  u64 lamports_per_byte_year;
  u64 exemption_threshold_bits; /* an f64, read as its bits */
  u8 burn_percent;
} Rent;

static Result rent_exempt_minimum(u64 data_len, u64 *out) {
  Rent rent;
  sol_get_rent_sysvar(&rent);
  u64 factor;
  if (rent.exemption_threshold_bits == F64_ONE) factor = 1;
  else if (rent.exemption_threshold_bits == F64_TWO) factor = 2;
  else return ERR_RENT_UNSUPPORTED;
  *out = (ACCOUNT_STORAGE_OVERHEAD + data_len) * rent.lamports_per_byte_year * factor;
  return OK;
}
