/* What every AMM instruction shares: error codes, seeds, GlobalConfig, pool reserves and fees. */
#pragma once
#include "borsh-writer.h"
#include "checked-math.h"
#include "checks.h"
#include "event.h"
#include "state.h"
#include "system.h"
#include "token.h"

/* pump_amm's error codes (IDL `errors`). */
#define E_FEE_BASIS_POINTS_EXCEEDS_MAXIMUM 6000
#define E_ZERO_BASE_AMOUNT 6001
#define E_ZERO_QUOTE_AMOUNT 6002
#define E_TOO_LITTLE_POOL_TOKEN_LIQUIDITY 6003
#define E_EXCEEDED_SLIPPAGE 6004
#define E_INVALID_ADMIN 6005
#define E_INVALID_BASE_MINT 6008
#define E_INVALID_QUOTE_MINT 6009
#define E_INVALID_LP_MINT 6010
#define E_ALL_PROTOCOL_FEE_RECIPIENTS_SHOULD_BE_NON_ZERO 6011
#define E_INVALID_PROTOCOL_FEE_RECIPIENT 6013
#define E_INVALID_POOL_BASE_TOKEN_ACCOUNT 6014
#define E_INVALID_POOL_QUOTE_TOKEN_ACCOUNT 6015
#define E_BUY_MORE_BASE_AMOUNT_THAN_POOL_RESERVES 6016
#define E_DISABLED_CREATE_POOL 6017
#define E_DISABLED_DEPOSIT 6018
#define E_DISABLED_BUY 6020
#define E_DISABLED_SELL 6021
#define E_SAME_MINT 6022
#define E_OVERFLOW 6023
#define E_BUY_NOT_ENOUGH_QUOTE_TOKENS_TO_COVER_FEES 6039
#define E_BUY_SLIPPAGE_BELOW_MIN_BASE_AMOUNT_OUT 6040
#define E_MAYHEM_MODE_DISABLED 6041

#define DISABLE_CREATE_POOL 1
#define DISABLE_DEPOSIT 2
#define DISABLE_WITHDRAW 4
#define DISABLE_BUY 8
#define DISABLE_SELL 16
#define BPS 10000
/* LP tokens never minted to anyone on create_pool, so the pool can never be emptied. */
#define MINIMUM_LIQUIDITY 100

static const u8 SEED_GLOBAL_CONFIG[] = "global_config";
static const u8 SEED_POOL[] = "pool";
static const u8 SEED_POOL_LP_MINT[] = "pool_lp_mint";
static const u8 SEED_CREATOR_VAULT[] = "creator_vault";
static const u8 SEED_FEE_CONFIG[] = "fee_config";
static const u8 SEED_USER_VOLUME_ACCUMULATOR[] = "user_volume_accumulator";
static const u8 SEED_GLOBAL_VOLUME_ACCUMULATOR[] = "global_volume_accumulator";
static const u8 FEE_CONFIG_DISCRIMINATOR[8] = {143, 52, 146, 187, 219, 123, 76, 155};

/* The fee program (the IDL fixes its address). */
static const Pubkey FEE_PROGRAM_ID = {{12, 53, 255, 169, 5, 90, 142, 86, 141, 168, 247, 188, 7, 86, 21, 39, 76, 241, 201, 44, 164, 31, 64, 0, 156, 81, 106, 164, 20, 194, 124, 112}}; /* pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ */

#define SEED(literal) {(literal), sizeof(literal) - 1}

INLINE Result expect_global_config(const Input *in, const SolAccountInfo *config) {
  SolBytes seeds[1] = {SEED(SEED_GLOBAL_CONFIG)};
  TRY(expect_pda(config, seeds, 1, in->program_id, NULL));
  return expect_anchor_account(config, in->program_id, GLOBAL_CONFIG_DISCRIMINATOR, GLOBAL_CONFIG_SIZE);
}

/* The pool's PDA and its signer seeds (index as 2 little-endian bytes). */
typedef struct {
  u8 index[2];
  u8 bump;
  SolSignerSeed parts[6];
  SolSignerSeeds signer;
} PoolSigner;

static void pool_signer(PoolSigner *s, const u8 *pool_data) {
  s->index[0] = pool_data[P_INDEX];
  s->index[1] = pool_data[P_INDEX + 1];
  s->bump = pool_data[P_POOL_BUMP];
  SolSignerSeed parts[6] = {SEED(SEED_POOL), {s->index, 2}, {pool_data + P_CREATOR, 32}, {pool_data + P_BASE_MINT, 32}, {pool_data + P_QUOTE_MINT, 32}, {&s->bump, 1}};
  for (int i = 0; i < 6; i++) s->parts[i] = parts[i];
  s->signer.addr = s->parts;
  s->signer.len = 6;
}

/* The pool account: at its PDA (from its own stored seeds) and owned by this program. */
static Result expect_pool(const Input *in, const SolAccountInfo *pool) {
  TRY(expect_anchor_account(pool, in->program_id, POOL_DISCRIMINATOR, POOL_SIZE));
  const u8 *p = pool->data;
  SolBytes seeds[5] = {SEED(SEED_POOL), {p + P_INDEX, 2}, {p + P_CREATOR, 32}, {p + P_BASE_MINT, 32}, {p + P_QUOTE_MINT, 32}};
  return expect_pda(pool, seeds, 5, in->program_id, NULL);
}

typedef struct {
  u64 lp_bps, protocol_bps, creator_bps;
} PoolFeeRates;

/* Fees from the fee program's config for this AMM (exotic flat fees when set, else flat fees). */
/* The fee rates of a pool from the fee program's config for this AMM (exotic flat fees when set, else flat). */
static Result pool_fee_rates(const Input *in, const SolAccountInfo *fee_config, const u8 *global, const u8 *pool, PoolFeeRates *f) {
  SolBytes seeds[2] = {SEED(SEED_FEE_CONFIG), {in->program_id->x, 32}};
  TRY(expect_pda(fee_config, seeds, 2, &FEE_PROGRAM_ID, NULL));
  TRY(expect_anchor_account(fee_config, &FEE_PROGRAM_ID, FEE_CONFIG_DISCRIMINATOR, 97));
  const u8 *fc = fee_config->data;
  u64 exotic_at = 73 + (u64)get_u32(fc + 65) * 40;
  exotic_at += 4 + (u64)get_u32(fc + exotic_at) * 40;
  const u8 *fees = fc + 41;
  if (exotic_at + 24 <= account_data_len(fee_config) && (get_u64(fc + exotic_at) | get_u64(fc + exotic_at + 8) | get_u64(fc + exotic_at + 16)) != 0) {
    fees = fc + exotic_at;
  }
  f->lp_bps = get_u64(fees);
  f->protocol_bps = get_u64(fees + 8);
  f->creator_bps = get_u64(fees + 16);
  u64 pool_creator_bps = get_u64(pool + P_CREATOR_FEE_BPS);
  if (global[GC_CREATOR_FEE_CONFIGURABLE] && pool_creator_bps != 0) f->creator_bps = pool_creator_bps;
  /* No coin creator, no creator fee (a pool that is not a migrated coin's). */
  if (pubkey_is_zero((const Pubkey *)(pool + P_COIN_CREATOR))) f->creator_bps = 0;
  if (f->lp_bps + f->protocol_bps + f->creator_bps > BPS) return E_FEE_BASIS_POINTS_EXCEEDS_MAXIMUM;
  return OK;
}

/* The same where the fee config sits at `fee_config_at` and the fee program right after it. */
static Result read_pool_fees(const Input *in, u64 fee_config_at, const u8 *global, const u8 *pool, PoolFeeRates *f) {
  TRY(expect_key(&in->accounts[fee_config_at + 1], &FEE_PROGRAM_ID));
  return pool_fee_rates(in, &in->accounts[fee_config_at], global, pool, f);
}
