/*
 * Admin instructions (the sandbox's genesis uses them). Where the IDL leaves a setting without an
 * instruction of its own, it rides on remaining accounts, documented in README.md:
 *   set_params:            remaining accounts = fee_recipient, then up to 7 fee_recipients
 *   update_buyback_config: remaining accounts = up to 8 buyback_fee_recipients
 */
#pragma once
#include "common.h"

static const u8 IX_INITIALIZE[8] = {175, 175, 109, 31, 13, 152, 155, 237};
static const u8 IX_SET_PARAMS[8] = {27, 234, 178, 52, 147, 2, 187, 141};
static const u8 IX_ADD_QUOTE_MINT[8] = {111, 121, 21, 56, 40, 24, 94, 209};
static const u8 IX_SET_VIRTUAL_QUOTE_RESERVES[8] = {101, 135, 191, 104, 9, 88, 20, 96};
static const u8 IX_UPDATE_BUYBACK_CONFIG[8] = {251, 224, 171, 146, 160, 26, 113, 233};
static const u8 IX_TOGGLE_CREATE_V2[8] = {28, 255, 230, 240, 172, 107, 203, 171};
static const u8 IX_UPDATE_CREATOR_FEE_CONFIG[8] = {61, 175, 160, 249, 66, 66, 136, 175};
static const u8 IX_INITIALIZE_QUOTE_CONTROL[8] = {239, 73, 245, 173, 209, 177, 84, 66};
static const u8 IX_ADD_QUOTE_CONTROL_MINT[8] = {2, 14, 61, 138, 170, 142, 14, 95};

/* initialize: global (w), user (w, s), system_program. The user becomes the authority. */
static Result initialize(const Input *in) {
  TRY(expect_accounts(in, 3));
  const SolAccountInfo *global = &in->accounts[0], *user = &in->accounts[1];
  TRY(expect_signer(user));
  u8 bump;
  SolBytes seeds[1] = {SEED(SEED_GLOBAL)};
  TRY(expect_pda(global, seeds, 1, in->program_id, &bump));
  SolSignerSeed parts[2] = {SEED(SEED_GLOBAL), {&bump, 1}};
  SolSignerSeeds signer = {parts, 2};
  CreateAccount create = {user->key, global->key, GLOBAL_SIZE, in->program_id, &signer};
  TRY(create_account(in, global, &create));
  u8 *g = global->data;
  copy_bytes(g, GLOBAL_DISCRIMINATOR, 8);
  g[G_INITIALIZED] = 1;
  copy_bytes(g + G_AUTHORITY, user->key, 32);
  g[G_CREATE_V2_ENABLED] = 1;
  return OK;
}

/* The admin instructions' common accounts: global (w), authority (s), event_authority, program. */
static Result admin_accounts(const Input *in, const SolAccountInfo **global) {
  TRY(expect_accounts(in, 4));
  *global = &in->accounts[0];
  TRY(expect_writable(*global));
  TRY(expect_global(in, *global));
  return expect_authority(*global, &in->accounts[1]);
}

static Result set_params(const Input *in) {
  const SolAccountInfo *global;
  TRY(admin_accounts(in, &global));
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u64 virtual_tokens = r_u64(&r), virtual_sol = r_u64(&r), real_tokens = r_u64(&r), supply = r_u64(&r), fee_bps = r_u64(&r);
  const Pubkey *withdraw_authority = r_pubkey(&r);
  u8 enable_migrate = r_u8(&r);
  u64 migration_fee = r_u64(&r), creator_fee_bps = r_u64(&r);
  const Pubkey *set_creator_authority = r_pubkey(&r), *admin_set_creator_authority = r_pubkey(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (real_tokens >= supply) return 6011;       /* InitialRealTokenReservesShouldBeLessThanTokenTotalSupply */
  if (virtual_tokens <= real_tokens) return 6012; /* InitialVirtualTokenReservesShouldBeGreaterThanInitialRealTokenReserves */
  if (fee_bps > BPS || creator_fee_bps > BPS) return E_FEE_BASIS_POINTS_GREATER_THAN_MAXIMUM;
  if (pubkey_is_zero(withdraw_authority)) return 6014; /* AllZerosWithdrawAuthority */
  u8 *g = global->data;
  put_u64(g + G_INITIAL_VIRTUAL_TOKEN_RESERVES, virtual_tokens);
  put_u64(g + G_INITIAL_VIRTUAL_SOL_RESERVES, virtual_sol);
  put_u64(g + G_INITIAL_REAL_TOKEN_RESERVES, real_tokens);
  put_u64(g + G_TOKEN_TOTAL_SUPPLY, supply);
  put_u64(g + G_FEE_BASIS_POINTS, fee_bps);
  copy_bytes(g + G_WITHDRAW_AUTHORITY, withdraw_authority, 32);
  g[G_ENABLE_MIGRATE] = enable_migrate ? 1 : 0;
  put_u64(g + G_POOL_MIGRATION_FEE, migration_fee);
  put_u64(g + G_CREATOR_FEE_BASIS_POINTS, creator_fee_bps);
  copy_bytes(g + G_SET_CREATOR_AUTHORITY, set_creator_authority, 32);
  copy_bytes(g + G_ADMIN_SET_CREATOR_AUTHORITY, admin_set_creator_authority, 32);
  u64 extra = in->count > 4 ? in->count - 4 : 0;
  if (extra > 0) {
    if (extra > 1 + FEE_RECIPIENT_SLOTS) return ERR_CONSTRAINT_RAW;
    copy_bytes(g + G_FEE_RECIPIENT, in->accounts[4].key, 32);
    zero_bytes(g + G_FEE_RECIPIENTS, 32 * FEE_RECIPIENT_SLOTS);
    for (u64 i = 1; i < extra; i++) {
      if (pubkey_is_zero(in->accounts[4 + i].key)) return 6028; /* AllFeeRecipientsShouldBeNonZero */
      copy_bytes(g + G_FEE_RECIPIENTS + 32 * (i - 1), in->accounts[4 + i].key, 32);
    }
  }
  return OK;
}

static Result add_quote_mint(const Input *in) {
  const SolAccountInfo *global;
  TRY(admin_accounts(in, &global));
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  const Pubkey *mint = r_pubkey(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  u8 *slot = global->data + G_WHITELISTED_QUOTE_MINTS;
  if (pubkey_eq_bytes(slot, mint)) return E_QUOTE_MINT_ALREADY_WHITELISTED;
  Pubkey zero = {{0}};
  if (!pubkey_eq_bytes(slot, &zero)) return E_QUOTE_MINT_WHITELIST_FULL;
  copy_bytes(slot, mint, 32);
  return OK;
}

static Result set_virtual_quote_reserves(const Input *in) {
  const SolAccountInfo *global;
  TRY(admin_accounts(in, &global));
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u64 reserves = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  put_u64(global->data + G_INITIAL_VIRTUAL_QUOTE_RESERVES, reserves);
  return OK;
}

static Result update_buyback_config(const Input *in) {
  const SolAccountInfo *global;
  TRY(admin_accounts(in, &global));
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u8 some = r_u8(&r);
  u64 bps = some ? r_u64(&r) : 0;
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (some) {
    if (bps > BPS) return E_BUYBACK_BASIS_POINTS_OUT_OF_RANGE;
    put_u64(global->data + G_BUYBACK_BASIS_POINTS, bps);
  }
  u64 extra = in->count > 4 ? in->count - 4 : 0;
  if (extra > 0) {
    if (extra > BUYBACK_RECIPIENT_SLOTS) return 6061; /* WrongBuybackFeeRecipientsCount */
    zero_bytes(global->data + G_BUYBACK_FEE_RECIPIENTS, 32 * BUYBACK_RECIPIENT_SLOTS);
    for (u64 i = 0; i < extra; i++) {
      if (pubkey_is_zero(in->accounts[4 + i].key)) return 6058; /* AllBuybackFeeRecipientsShouldBeNonZero */
      copy_bytes(global->data + G_BUYBACK_FEE_RECIPIENTS + 32 * i, in->accounts[4 + i].key, 32);
    }
  }
  return OK;
}

static Result toggle_create_v2(const Input *in) {
  const SolAccountInfo *global;
  TRY(admin_accounts(in, &global));
  if (in->data_len < 9) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  global->data[G_CREATE_V2_ENABLED] = in->data[8] ? 1 : 0;
  return OK;
}

static Result update_creator_fee_config(const Input *in) {
  const SolAccountInfo *global;
  TRY(admin_accounts(in, &global));
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u8 configurable = r_u8(&r);
  u64 max_bps = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (max_bps > BPS) return E_CREATOR_FEE_BPS_OUT_OF_RANGE;
  global->data[G_CREATOR_FEE_CONFIGURABLE] = configurable ? 1 : 0;
  put_u64(global->data + G_MAX_CONFIGURABLE_CREATOR_FEE_BPS, max_bps);
  return OK;
}

/* initialize_quote_control: quote_control (w), user (w, s), system_program. */
static Result initialize_quote_control(const Input *in) {
  TRY(expect_accounts(in, 3));
  const SolAccountInfo *quote_control = &in->accounts[0], *user = &in->accounts[1];
  TRY(expect_signer(user));
  u8 bump;
  SolBytes seeds[1] = {SEED(SEED_QUOTE_CONTROL)};
  TRY(expect_pda(quote_control, seeds, 1, in->program_id, &bump));
  SolSignerSeed parts[2] = {SEED(SEED_QUOTE_CONTROL), {&bump, 1}};
  SolSignerSeeds signer = {parts, 2};
  CreateAccount create = {user->key, quote_control->key, QUOTE_CONTROL_SIZE, in->program_id, &signer};
  TRY(create_account(in, quote_control, &create));
  copy_bytes(quote_control->data, QUOTE_CONTROL_DISCRIMINATOR, 8);
  copy_bytes(quote_control->data + QC_ADMIN, user->key, 32);
  return OK;
}

/* add_quote_control_mint(mint, initial_virtual_quote_reserves): authority (s), global, quote_control (w), system, event_authority, program */
static Result add_quote_control_mint(const Input *in) {
  TRY(expect_accounts(in, 6));
  const SolAccountInfo *authority = &in->accounts[0], *global = &in->accounts[1], *quote_control = &in->accounts[2];
  TRY(expect_global(in, global));
  TRY(expect_authority(global, authority));
  SolBytes seeds[1] = {SEED(SEED_QUOTE_CONTROL)};
  TRY(expect_pda(quote_control, seeds, 1, in->program_id, NULL));
  TRY(expect_anchor_account(quote_control, in->program_id, QUOTE_CONTROL_DISCRIMINATOR, QUOTE_CONTROL_SIZE));
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  const Pubkey *mint = r_pubkey(&r);
  u64 reserves = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  u8 *q = quote_control->data;
  u32 count = get_u32(q + QC_MINTS_LEN);
  if (pubkey_eq_bytes(global->data + G_WHITELISTED_QUOTE_MINTS, mint)) return E_QUOTE_MINT_ALREADY_WHITELISTED;
  for (u32 i = 0; i < count; i++) if (pubkey_eq_bytes(q + QC_MINTS + QC_ENTRY_SIZE * i, mint)) return E_QUOTE_MINT_ALREADY_WHITELISTED;
  if (count >= QC_MAX_MINTS) return E_QUOTE_MINT_WHITELIST_FULL;
  copy_bytes(q + QC_MINTS + QC_ENTRY_SIZE * count, mint, 32);
  put_u64(q + QC_MINTS + QC_ENTRY_SIZE * count + 32, reserves);
  put_u32(q + QC_MINTS_LEN, count + 1);
  return OK;
}
