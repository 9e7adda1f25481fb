/* What every launchpad instruction shares: its error codes, seeds, and reading Global. */
#pragma once
#include "borsh-writer.h"
#include "checked-math.h"
#include "checks.h"
#include "event.h"
#include "state.h"
#include "system.h"
#include "token.h"

/* The pump program's own error codes (IDL `errors`). */
#define E_NOT_AUTHORIZED 6000
#define E_ALREADY_INITIALIZED 6001
#define E_TOO_MUCH_SOL_REQUIRED 6002
#define E_TOO_LITTLE_SOL_RECEIVED 6003
#define E_MINT_DOES_NOT_MATCH_BONDING_CURVE 6004
#define E_BONDING_CURVE_COMPLETE 6005
#define E_NOT_INITIALIZED 6007
#define E_FEE_BASIS_POINTS_GREATER_THAN_MAXIMUM 6013
#define E_CREATOR_SHOULD_NOT_BE_ZERO 6030
#define E_BUY_ZERO_AMOUNT 6020
#define E_NOT_ENOUGH_TOKENS_TO_BUY 6021
#define E_SELL_ZERO_AMOUNT 6022
#define E_NOT_ENOUGH_TOKENS_TO_SELL 6023
#define E_OVERFLOW 6024
#define E_BUY_SLIPPAGE_BELOW_MIN_TOKENS_OUT 6042
#define E_NAME_TOO_LONG 6043
#define E_SYMBOL_TOO_LONG 6044
#define E_URI_TOO_LONG 6045
#define E_CREATE_V2_DISABLED 6046
#define E_MAYHEM_MODE_DISABLED 6048
#define E_BUYBACK_FEE_RECIPIENT_NOT_AUTHORIZED 6057
#define E_BUYBACK_BASIS_POINTS_OUT_OF_RANGE 6060
#define E_UNSUPPORTED_QUOTE_MINT 6063
#define E_INVALID_QUOTE_TOKEN_PROGRAM 6064
#define E_INVALID_ASSOCIATED_QUOTE_BONDING_CURVE 6065
#define E_QUOTE_MINT_WHITELIST_FULL 6066
#define E_QUOTE_MINT_ALREADY_WHITELISTED 6067
#define E_QUOTE_MINT_NOT_WHITELISTED 6068
#define E_INVALID_QUOTE_CONTROL 6075
#define E_CREATOR_FEE_NOT_CONFIGURABLE 6077
#define E_CREATOR_FEE_BPS_OUT_OF_RANGE 6078
#define E_CASHBACK_DEPRECATED 6082
#define E_HOLDER_REWARD_DISABLED 6084

#define MAX_NAME_LEN 32
#define MAX_SYMBOL_LEN 10
#define MAX_URI_LEN 200
#define BPS 10000

static const u8 SEED_GLOBAL[] = "global";
static const u8 SEED_BONDING_CURVE[] = "bonding-curve";
static const u8 SEED_MINT_AUTHORITY[] = "mint-authority";
static const u8 SEED_CREATOR_VAULT[] = "creator-vault";
static const u8 SEED_QUOTE_CONTROL[] = "quote-control";
static const u8 SEED_FEE_CONFIG[] = "fee_config";
static const u8 SEED_USER_VOLUME_ACCUMULATOR[] = "user_volume_accumulator";
static const u8 SEED_GLOBAL_VOLUME_ACCUMULATOR[] = "global_volume_accumulator";
static const u8 SEED_SHARING_CONFIG[] = "sharing-config";

/* The fee program the launchpad reads its FeeConfig from (the IDL fixes its address). */
static const Pubkey FEE_PROGRAM_ID = {{12, 53, 255, 169, 5, 90, 142, 86, 141, 168, 247, 188, 7, 86, 21, 39, 76, 241, 201, 44, 164, 31, 64, 0, 156, 81, 106, 164, 20, 194, 124, 112}}; /* pfeeUxB6jkeY1Hxd7CsFCAjcbHA9rWtchMGdZ6VojVZ */

#define SEED(literal) {(literal), sizeof(literal) - 1}

INLINE Result expect_global(const Input *in, const SolAccountInfo *global) {
  SolBytes seeds[1] = {SEED(SEED_GLOBAL)};
  TRY(expect_pda(global, seeds, 1, in->program_id, NULL));
  TRY(expect_anchor_account(global, in->program_id, GLOBAL_DISCRIMINATOR, GLOBAL_SIZE));
  return global->data[G_INITIALIZED] ? OK : E_NOT_INITIALIZED;
}

INLINE Result expect_authority(const SolAccountInfo *global, const SolAccountInfo *authority) {
  TRY(expect_signer(authority));
  return pubkey_eq_bytes(global->data + G_AUTHORITY, authority->key) ? OK : E_NOT_AUTHORIZED;
}

INLINE Result expect_bonding_curve(const Input *in, const SolAccountInfo *curve, const Pubkey *mint, u8 *bump) {
  SolBytes seeds[2] = {SEED(SEED_BONDING_CURVE), {mint->x, 32}};
  return expect_pda(curve, seeds, 2, in->program_id, bump);
}

INLINE void write_discriminator(Writer *w, const u8 *discriminator) { w_bytes(w, discriminator, 8); }
