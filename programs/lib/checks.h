/* Account checks with the Anchor codes the live programs answer. */
#pragma once
#include "cpi.h"

INLINE Result expect_signer(const SolAccountInfo *a) { return a->is_signer ? OK : ERR_CONSTRAINT_SIGNER; }
INLINE Result expect_writable(const SolAccountInfo *a) { return a->is_writable ? OK : ERR_CONSTRAINT_MUT; }
INLINE Result expect_owner(const SolAccountInfo *a, const Pubkey *owner) {
  return pubkey_eq(a->owner, owner) ? OK : ERR_ACCOUNT_OWNED_BY_WRONG_PROGRAM;
}
INLINE Result expect_key(const SolAccountInfo *a, const Pubkey *key) { return pubkey_eq_bytes(a->key->x, key) ? OK : ERR_CONSTRAINT_ADDRESS; }
INLINE Result expect_distinct(const SolAccountInfo *a, const SolAccountInfo *b) {
  return pubkey_eq(a->key, b->key) ? ERR_ACCOUNT_DUPLICATE : OK;
}
/* The account must be the canonical PDA of the seeds under `program`; its bump is written. */
INLINE Result expect_pda(const SolAccountInfo *a, const SolBytes *seeds, u64 count, const Pubkey *program, u8 *bump) {
  return is_pda(a->key, seeds, count, program, bump) ? OK : ERR_CONSTRAINT_SEEDS;
}
/* An Anchor account: owned by `program`, at least `size` bytes, starting with the 8-byte discriminator. */
INLINE Result expect_anchor_account(const SolAccountInfo *a, const Pubkey *program, const u8 *discriminator, u64 size) {
  if (*a->lamports == 0 && account_data_len(a) == 0) return ERR_ACCOUNT_NOT_INITIALIZED;
  TRY(expect_owner(a, program));
  if (account_data_len(a) < size || !bytes_equal(a->data, discriminator, 8)) return ERR_ACCOUNT_DISCRIMINATOR_MISMATCH;
  return OK;
}
INLINE Result expect_accounts(const Input *in, u64 n) { return in->count >= n ? OK : ERR_ACCOUNT_NOT_ENOUGH_KEYS; }
