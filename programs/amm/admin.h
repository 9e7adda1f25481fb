/* create_config: the AMM's GlobalConfig, created once; the signer becomes its admin. */
#pragma once
#include "common.h"

static const u8 IX_CREATE_CONFIG[8] = {201, 207, 243, 114, 75, 111, 47, 189};
static const u8 CREATE_CONFIG_EVENT[8] = {107, 52, 89, 129, 55, 226, 81, 22};

/* admin (w, s), global_config (w), system_program, event_authority, program */
static Result create_config(const Input *in) {
  TRY(expect_accounts(in, 5));
  const SolAccountInfo *admin = &in->accounts[0], *config = &in->accounts[1];
  TRY(expect_signer(admin));
  u8 bump;
  SolBytes seeds[1] = {SEED(SEED_GLOBAL_CONFIG)};
  TRY(expect_pda(config, seeds, 1, in->program_id, &bump));
  TRY(expect_event_authority(in, &in->accounts[3]));
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u64 lp_bps = r_u64(&r), protocol_bps = r_u64(&r);
  const u8 *recipients = r.pos + 256 <= r.len ? r.buf + r.pos : NULL;
  r.pos += 256;
  u64 creator_bps = r_u64(&r);
  const Pubkey *set_creator_authority = r_pubkey(&r);
  if (r.bad || recipients == NULL) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (lp_bps + protocol_bps + creator_bps > BPS) return E_FEE_BASIS_POINTS_EXCEEDS_MAXIMUM;
  Pubkey zero = {{0}};
  for (int i = 0; i < PROTOCOL_FEE_RECIPIENT_SLOTS; i++) {
    if (pubkey_eq_bytes(recipients + 32 * i, &zero)) return E_ALL_PROTOCOL_FEE_RECIPIENTS_SHOULD_BE_NON_ZERO;
  }
  SolSignerSeed parts[2] = {SEED(SEED_GLOBAL_CONFIG), {&bump, 1}};
  SolSignerSeeds signer = {parts, 2};
  CreateAccount create = {admin->key, config->key, GLOBAL_CONFIG_SIZE, in->program_id, &signer};
  TRY(create_account(in, config, &create));
  u8 *g = config->data;
  copy_bytes(g, GLOBAL_CONFIG_DISCRIMINATOR, 8);
  copy_bytes(g + GC_ADMIN, admin->key, 32);
  put_u64(g + GC_LP_FEE_BASIS_POINTS, lp_bps);
  put_u64(g + GC_PROTOCOL_FEE_BASIS_POINTS, protocol_bps);
  copy_bytes(g + GC_PROTOCOL_FEE_RECIPIENTS, recipients, 256);
  put_u64(g + GC_COIN_CREATOR_FEE_BASIS_POINTS, creator_bps);
  copy_bytes(g + GC_ADMIN_SET_COIN_CREATOR_AUTHORITY, set_creator_authority, 32);

  u8 buf[8 + 8 + 32 + 8 + 8 + 256 + 8 + 32];
  Writer w = {buf, 0, sizeof(buf), false};
  w_bytes(&w, CREATE_CONFIG_EVENT, 8);
  w_u64(&w, (u64)now_unix());
  w_pubkey(&w, admin->key);
  w_u64(&w, lp_bps);
  w_u64(&w, protocol_bps);
  w_bytes(&w, recipients, 256);
  w_u64(&w, creator_bps);
  w_pubkey(&w, set_creator_authority);
  return emit_event(in, &in->accounts[3], buf, w.len);
}
