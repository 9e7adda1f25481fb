/* Cross-program invocation with the C ABI, and program-derived addresses. */
#pragma once
#include "entrypoint.h"
#include "errors.h"

typedef struct {
  const Pubkey *pubkey;
  bool is_writable;
  bool is_signer;
} SolAccountMeta;

typedef struct {
  const Pubkey *program_id;
  const SolAccountMeta *accounts;
  u64 account_len;
  const u8 *data;
  u64 data_len;
} SolInstruction;

typedef SolBytes SolSignerSeed;
typedef struct {
  const SolSignerSeed *addr;
  u64 len;
} SolSignerSeeds;

extern u64 sol_invoke_signed_c(const SolInstruction *instruction, const SolAccountInfo *infos, u64 info_count,
                               const SolSignerSeeds *signers, u64 signer_count);

/*
 * Invokes with every account the program received (the runtime picks those the instruction names).
 * A failure aborts the whole transaction anyway; the code only reaches us for a few refusals.
 */
INLINE Result invoke_signed(const SolInstruction *ix, const Input *in, const SolSignerSeeds *signers, u64 count) {
  return sol_invoke_signed_c(ix, in->accounts, in->count, signers, count) == 0 ? OK : ERR_CPI_FAILED;
}
INLINE Result invoke(const SolInstruction *ix, const Input *in) { return invoke_signed(ix, in, NULL, 0); }

/* Finds the canonical PDA and its bump for the seeds. */
INLINE void find_pda(const SolBytes *seeds, u64 count, const Pubkey *program, Pubkey *out, u8 *bump) {
  sol_try_find_program_address(seeds, count, program, out, bump);
}

/* Is `key` the canonical PDA of the seeds? Writes the bump when it is. */
INLINE bool is_pda(const Pubkey *key, const SolBytes *seeds, u64 count, const Pubkey *program, u8 *bump) {
  Pubkey expected;
  u8 b = 0;
  find_pda(seeds, count, program, &expected, &b);
  if (bump) *bump = b;
  return pubkey_eq(key, &expected);
}

/* Writes little-endian integers into instruction or account data at any alignment. */
INLINE void put_u64(u8 *at, u64 v) {
  for (int i = 0; i < 8; i++) at[i] = (u8)(v >> (8 * i));
}
INLINE void put_u32(u8 *at, u32 v) {
  for (int i = 0; i < 4; i++) at[i] = (u8)(v >> (8 * i));
}
INLINE u64 get_u64(const u8 *at) {
  u64 v = 0;
  for (int i = 7; i >= 0; i--) v = (v << 8) | at[i];
  return v;
}
INLINE u32 get_u32(const u8 *at) { return (u32)at[0] | ((u32)at[1] << 8) | ((u32)at[2] << 16) | ((u32)at[3] << 24); }
