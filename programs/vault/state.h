/* The vault's accounts (README.md, "Accounts"), their offsets, seeds and error numbers. */
#pragma once
#include "borsh-writer.h"
#include "checked-math.h"
#include "checks.h"
#include "system.h"
#include "token.h"

#define SEED(literal) {(literal), sizeof(literal) - 1}
/*
 * The vault's events, as Anchor's emit! writes them: one "Program data: " line, base64 of the discriminator
 * (sha256("event:<Name>")[..8]) then the fields (Borsh). Indexers read a coin's fee history from them.
 */
static const u8 SPLIT_EVENT[8] = {125, 26, 187, 212, 51, 173, 228, 1};
static const u8 PAYOUT_EVENT[8] = {84, 234, 195, 72, 143, 79, 70, 82};
static const u8 PAYEE_CHANGE_EVENT[8] = {251, 130, 238, 27, 50, 182, 129, 202};
static const u8 NATIVE_COLLECT_EVENT[8] = {22, 81, 247, 26, 217, 90, 110, 106};

/* An event of a mint followed by up to six u64 figures. */
static void emit_mint_event(const u8 discriminator[8], const Pubkey *mint, const u64 *figures, int count) {
  u8 buf[8 + 32 + 8 * 6];
  copy_bytes(buf, discriminator, 8);
  copy_bytes(buf + 8, mint, 32);
  for (int i = 0; i < count; i++) put_u64(buf + 40 + 8 * i, figures[i]);
  SolBytes parts[1] = {{buf, (u64)(40 + 8 * count)}};
  sol_log_data(parts, 1);
}

static const u8 SEED_PAYEE[] = "payee";
static const u8 SEED_CONFIG[] = "vault-config";
static const u8 SEED_COIN_AUTHORITY[] = "coin-authority";
static const u8 SEED_LIQUIDITY_POT[] = "liquidity-pot";
/* The AMM, at the live pump_amm address (its coin creator vaults hold migrated coins' creator fees). */
static const Pubkey AMM_ID = {{12, 20, 222, 252, 130, 94, 198, 118, 148, 37, 8, 24, 187, 101, 64, 101, 244, 41, 141, 49, 86, 213, 113, 180, 212, 248, 9, 12, 24, 233, 168, 99}}; /* pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA */
/* The launchpad, at the live pump address (its creator vaults hold the coins' creator fees). */
static const Pubkey LAUNCHPAD_ID = {{1, 86, 224, 246, 147, 102, 90, 207, 68, 219, 21, 104, 191, 23, 91, 170, 81, 137, 203, 151, 245, 210, 255, 59, 101, 93, 43, 182, 253, 109, 24, 176}}; /* 6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P */

#define E_BAD_PAYEE_TAG 6200   /* the option tag is neither 0 (holders) nor 1 (a payee key follows) */
#define E_NOT_A_COIN_MINT 6201 /* the mint is not an initialised Token-2022 mint */
#define E_NOT_ZEC_MINT 6202    /* the ZEC mint is not an SPL Token mint of 8 decimals */
#define E_ZERO_PAYEE 6203      /* a payee key of all zeros (holders are declared with tag 0) */
#define E_INVALID_SPLIT 6204   /* split rates that do not add up to exactly 10000 bps */
#define E_WRONG_DESTINATION 6206 /* a split destination that is not the config's account for it */

/* sha256("account:PayeeRecord")[..8] */
static const u8 PAYEE_RECORD_DISCRIMINATOR[8] = {241, 45, 56, 42, 236, 167, 132, 242};
/* PayeeRecord: discriminator, bump u8, mint [32], kind u8 (1 wallet, 0 holders), payee [32], deployer [32], total_paid u64, runs u32 */
#define PR_BUMP 8
#define PR_MINT 9
#define PR_KIND 41
#define PR_PAYEE 42
#define PR_DEPLOYER 74
#define PR_TOTAL_PAID 106
#define PR_RUNS 114
#define PAYEE_RECORD_SIZE 118

/* sha256("account:VaultConfig")[..8] */
static const u8 VAULT_CONFIG_DISCRIMINATOR[8] = {99, 86, 43, 216, 184, 102, 119, 77};
/* VaultConfig: discriminator, bump, admin, run_authority, treasury, rootstock, liquidity_pot, the split
 * (liquidity, rootstock, treasury, payee: u16 bps each), creator_fee_bps u16, launch_fee_lamports u64,
 * conversion_tolerance_bps u16 */
#define VC_BUMP 8
#define VC_ADMIN 9
#define VC_RUN_AUTHORITY 41
#define VC_TREASURY 73
#define VC_ROOTSTOCK 105
#define VC_LIQUIDITY_POT 137
#define VC_SPLIT 169
#define VC_CREATOR_FEE_BPS 177
#define VC_LAUNCH_FEE 179
#define VC_TOLERANCE_BPS 187
#define VAULT_CONFIG_SIZE 189
#define MINT_SIZE 82

/* Is `account` the ZEC (SPL Token) associated token account of `owner`? */
INLINE bool is_zec_ata(const SolAccountInfo *account, const Pubkey *owner, const Pubkey *zec_mint) { return is_ata(account, owner, &TOKEN_PROGRAM_ID, zec_mint); }

/* The VaultConfig PDA, as every instruction reads it. */
static Result expect_config(const Input *in, const SolAccountInfo *config) {
  TRY(expect_anchor_account(config, in->program_id, VAULT_CONFIG_DISCRIMINATOR, VAULT_CONFIG_SIZE));
  SolBytes seeds[1] = {SEED(SEED_CONFIG)};
  return expect_pda(config, seeds, 1, in->program_id, NULL);
}

INLINE u16 get_u16(const u8 *at) { return (u16)(at[0] | (at[1] << 8)); }

#define E_HOLDER_REWARD_COIN 6207 /* claim on a coin whose fees go to its holders (paid by runs) */
#define E_NOT_RECORDED_PAYEE 6208 /* the wallet named is not the payee the record holds */
#define E_NOT_CURRENT_PAYEE 6209  /* a payee change signed by anyone but the current payee */
#define E_PAYEE_IS_PERMANENT 6210 /* a payee change after holder rewards were declared */
#define E_NOT_RUN_AUTHORITY 6211   /* a run instruction signed by another key than the config's run authority */
#define E_NOT_HOLDER_REWARD_COIN 6212 /* a run for a coin whose fees go to a payee wallet */
#define E_RUN_OVERPAID 6213        /* a batch would pay more than the run's total */
#define E_RUN_CLOSED 6214          /* a payment into a closed run */
#define E_RUN_INCOMPLETE 6215      /* closing a run before every declared recipient is paid */
#define E_BAD_BATCH 6216           /* a batch whose accounts and shares do not pair up */

static const u8 SEED_RUN[] = "run";
static const u8 SEED_RUN_PAID[] = "run-paid";
/* sha256("account:RewardRun")[..8] */
static const u8 REWARD_RUN_DISCRIMINATOR[8] = {30, 99, 208, 209, 24, 20, 100, 255};
/* RewardRun: discriminator, bump u8, mint [32], run u32, snapshot_slot u64, total u64, paid u64, recipients u32, paid_recipients u32, closed u8 */
#define RR_BUMP 8
#define RR_MINT 9
#define RR_RUN 41
#define RR_SNAPSHOT_SLOT 45
#define RR_TOTAL 53
#define RR_PAID 61
#define RR_RECIPIENTS 69
#define RR_PAID_RECIPIENTS 73
#define RR_CLOSED 77
#define REWARD_RUN_SIZE 78
/* RunPaid markers hold one byte (a zero-length account could be re-created after its rent is taken back). */
#define RUN_PAID_SIZE 1
#define E_ZERO_REFERENCE 6217 /* a reference rate of zero (it would floor every conversion at nothing) */
#define E_NOT_ADMIN 6218      /* set_reference signed by another key than the config's admin */

static const u8 SEED_PRICE[] = "price";
/* sha256("account:PriceRecord")[..8] */
static const u8 PRICE_RECORD_DISCRIMINATOR[8] = {95, 252, 6, 84, 121, 239, 3, 133};
/* PriceRecord ["price", mint]: discriminator, bump u8, mint [32], reference u64, realised u64, updated_slot u64
 * (rates in zat per raw unit of the mint, times 1e12) */
#define PRC_BUMP 8
#define PRC_MINT 9
#define PRC_REFERENCE 41
#define PRC_REALISED 49
#define PRC_UPDATED_SLOT 57
#define PRICE_RECORD_SIZE 65
