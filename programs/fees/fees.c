/*
 * fees: the fee configuration the launchpad and the AMM read, at the pump_fees interface
 * (@pump-fun/pump-sdk 2.0.0 IDL). The sandbox uses flat fees only (spec "Route fees": protocol 0.05%,
 * creator 2.00%, graduated pool LP 0.20%); fee tiers are refused.
 *
 * FeeConfig, PDA ["fee_config", config_program_id]:
 *   discriminator[8] bump u8 admin[32] flat_fees{lp,protocol,creator u64} fee_tiers Vec<FeeTier>
 *   stable_fee_tiers Vec<FeeTier> exotic_flat_fees{lp,protocol,creator u64}
 */
#include "borsh-writer.h"
#include "checked-math.h"
#include "checks.h"
#include "event.h"
#include "system.h"

static const u8 IX_INITIALIZE_FEE_CONFIG[8] = {62, 162, 20, 133, 121, 65, 145, 27};
static const u8 IX_UPDATE_FEE_CONFIG[8] = {104, 184, 103, 242, 88, 151, 107, 20};
static const u8 IX_GET_FEES[8] = {231, 37, 126, 85, 207, 91, 63, 52};
static const u8 FEE_CONFIG_DISCRIMINATOR[8] = {143, 52, 146, 187, 219, 123, 76, 155};
static const u8 FEE_CONFIG_SEED[] = "fee_config";

#define ERR_INVALID_ADMIN 6001
#define ERR_TOO_MANY_FEE_TIERS 6003
#define ERR_INVALID_FEE_TOTAL 6006

/* Offsets in FeeConfig. */
#define FC_BUMP 8
#define FC_ADMIN 9
#define FC_FLAT_FEES 41
#define FC_FEE_TIERS_LEN 65
#define FC_STABLE_TIERS_LEN 69
#define FC_EXOTIC_FEES 73
#define FEE_CONFIG_SIZE 97
/* Allocated as the live program allocates it (room for fee tiers); clients check the size. */
#define FEE_CONFIG_ACCOUNT_SIZE 4097
#define MAX_FEE_BPS 10000

static Result expect_fee_config(const Input *in, const SolAccountInfo *fee_config, const SolAccountInfo *config_program, u8 *bump) {
  SolBytes seeds[2] = {{FEE_CONFIG_SEED, sizeof(FEE_CONFIG_SEED) - 1}, {config_program->key->x, 32}};
  return expect_pda(fee_config, seeds, 2, in->program_id, bump);
}

/* initialize_fee_config: admin (w, s), fee_config (w), system_program, config_program_id, event_authority, program */
static Result initialize_fee_config(const Input *in) {
  TRY(expect_accounts(in, 6));
  const SolAccountInfo *admin = &in->accounts[0], *fee_config = &in->accounts[1], *config_program = &in->accounts[3];
  TRY(expect_signer(admin));
  TRY(expect_writable(fee_config));
  u8 bump;
  TRY(expect_fee_config(in, fee_config, config_program, &bump));
  /* A second initialize fails inside create_account (the System program's "already in use"), as with Anchor's init. */
  SolSignerSeed seed_parts[3] = {{FEE_CONFIG_SEED, sizeof(FEE_CONFIG_SEED) - 1}, {config_program->key->x, 32}, {&bump, 1}};
  SolSignerSeeds signer = {seed_parts, 3};
  CreateAccount create = {admin->key, fee_config->key, FEE_CONFIG_ACCOUNT_SIZE, in->program_id, &signer};
  TRY(create_account(in, fee_config, &create));
  u8 *d = fee_config->data;
  copy_bytes(d, FEE_CONFIG_DISCRIMINATOR, 8);
  d[FC_BUMP] = bump;
  copy_bytes(d + FC_ADMIN, admin->key, 32);
  /* Fees start at zero and vectors empty until update_fee_config. */
  return OK;
}

/* update_fee_config(fee_tiers: Vec<FeeTier>, flat_fees: Fees): fee_config (w), admin (s), config_program_id, event_authority, program */
static Result update_fee_config(const Input *in) {
  TRY(expect_accounts(in, 5));
  const SolAccountInfo *fee_config = &in->accounts[0], *admin = &in->accounts[1], *config_program = &in->accounts[2];
  TRY(expect_writable(fee_config));
  TRY(expect_signer(admin));
  TRY(expect_anchor_account(fee_config, in->program_id, FEE_CONFIG_DISCRIMINATOR, FEE_CONFIG_SIZE));
  TRY(expect_fee_config(in, fee_config, config_program, NULL));
  if (!pubkey_eq_bytes(fee_config->data + FC_ADMIN, admin->key)) return ERR_INVALID_ADMIN;
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u32 tiers = r_u32(&r);
  if (tiers != 0) return ERR_TOO_MANY_FEE_TIERS;
  u64 lp = r_u64(&r), protocol = r_u64(&r), creator = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  u64 total;
  if (!add_u64(lp, protocol, &total) || !add_u64(total, creator, &total) || total > MAX_FEE_BPS) return ERR_INVALID_FEE_TOTAL;
  u8 *d = fee_config->data;
  put_u64(d + FC_FLAT_FEES, lp);
  put_u64(d + FC_FLAT_FEES + 8, protocol);
  put_u64(d + FC_FLAT_FEES + 16, creator);
  return OK;
}

/* get_fees(...) -> Fees: fee_config, config_program_id. Flat fees whatever the market cap. */
static Result get_fees(const Input *in) {
  TRY(expect_accounts(in, 2));
  const SolAccountInfo *fee_config = &in->accounts[0], *config_program = &in->accounts[1];
  TRY(expect_anchor_account(fee_config, in->program_id, FEE_CONFIG_DISCRIMINATOR, FEE_CONFIG_SIZE));
  TRY(expect_fee_config(in, fee_config, config_program, NULL));
  sol_set_return_data(fee_config->data + FC_FLAT_FEES, 24);
  return OK;
}

Result entrypoint(const u8 *input) {
  SolAccountInfo accounts[8];
  Input in;
  deserialize(input, accounts, ARRAY_LEN(accounts), &in);
  if (in.data_len < 8) return ERR_INSTRUCTION_FALLBACK_NOT_FOUND;
  if (is_event_instruction(&in)) return accept_event_instruction(&in);
  if (bytes_equal(in.data, IX_INITIALIZE_FEE_CONFIG, 8)) return initialize_fee_config(&in);
  if (bytes_equal(in.data, IX_UPDATE_FEE_CONFIG, 8)) return update_fee_config(&in);
  if (bytes_equal(in.data, IX_GET_FEES, 8)) return get_fees(&in);
  LOG("fees: instruction not supported by the sandbox program");
  return ERR_INSTRUCTION_FALLBACK_NOT_FOUND;
}
