/*
 * Anchor-style events: the program invokes itself with EVENT_IX_TAG + the event's discriminator + its
 * Borsh body, signed by the event-authority PDA ["__event_authority"], so that the event is recorded
 * as an inner instruction (logs can be truncated; inner instructions cannot).
 */
#pragma once
#include "cpi.h"

static const u8 EVENT_IX_TAG[8] = {0xe4, 0x45, 0xa5, 0x2e, 0x51, 0xcb, 0x9a, 0x1d};
static const u8 EVENT_AUTHORITY_SEED[] = "__event_authority";

/* The account must be this program's event authority PDA. */
INLINE Result expect_event_authority(const Input *in, const SolAccountInfo *event_authority) {
  SolBytes seeds[1] = {{EVENT_AUTHORITY_SEED, sizeof(EVENT_AUTHORITY_SEED) - 1}};
  return is_pda(event_authority->key, seeds, 1, in->program_id, NULL) ? OK : ERR_CONSTRAINT_SEEDS;
}

INLINE bool is_event_instruction(const Input *in) { return in->data_len >= 8 && bytes_equal(in->data, EVENT_IX_TAG, 8); }

/* The self-invocation itself: accepted only when the event authority signed, i.e. from this program. */
INLINE Result accept_event_instruction(const Input *in) {
  if (in->count < 1 || !in->accounts[0].is_signer) return ERR_CONSTRAINT_SIGNER;
  SolBytes seeds[1] = {{EVENT_AUTHORITY_SEED, sizeof(EVENT_AUTHORITY_SEED) - 1}};
  if (!is_pda(in->accounts[0].key, seeds, 1, in->program_id, NULL)) return ERR_CONSTRAINT_SEEDS;
  return OK;
}

/* Emits `body` (discriminator + Borsh fields); `event_authority` is the account passed to the instruction. */
static Result emit_event(const Input *in, const SolAccountInfo *event_authority, const u8 *body, u64 body_len) {
  u8 bump;
  SolBytes seeds[1] = {{EVENT_AUTHORITY_SEED, sizeof(EVENT_AUTHORITY_SEED) - 1}};
  if (!is_pda(event_authority->key, seeds, 1, in->program_id, &bump)) return ERR_CONSTRAINT_SEEDS;
  u8 data[8 + 1024];
  if (body_len > 1024) return ERR_CONSTRAINT_RAW;
  copy_bytes(data, EVENT_IX_TAG, 8);
  copy_bytes(data + 8, body, body_len);
  SolSignerSeed signer_seeds[2] = {{EVENT_AUTHORITY_SEED, sizeof(EVENT_AUTHORITY_SEED) - 1}, {&bump, 1}};
  SolSignerSeeds signer = {signer_seeds, 2};
  SolAccountMeta metas[1] = {{event_authority->key, false, true}};
  SolInstruction ix = {in->program_id, metas, 1, data, 8 + body_len};
  return invoke_signed(&ix, in, &signer, 1);
}
