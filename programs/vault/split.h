/*
 * split (permissionless): collects a ZEC-paired coin's creator fees from the launchpad's creator vault
 * (collect_creator_fee_v2 by CPI, signed by the coin-authority PDA, the coin's creator) and, once the
 * coin has migrated, from the AMM's coin creator vault (collect_coin_creator_fee) into the coin
 * authority's ZEC account, then moves everything that account holds to the four destinations by the
 * config's split. Rounding (core/math/split): liquidity, rootstock and treasury floored, the payee's fee
 * account takes the rest; nothing is lost. The sender pays the transaction (and, once, the coin
 * authority's ZEC account) and receives nothing.
 */
#pragma once
#include "state.h"

static const u8 IX_SPLIT[8] = {124, 189, 27, 43, 216, 40, 147, 66};
static const u8 LAUNCHPAD_COLLECT_CREATOR_FEE_V2[8] = {207, 17, 138, 242, 4, 34, 19, 56};
static const u8 SEED_CREATOR_VAULT[] = "creator-vault";
static const u8 AMM_COLLECT_COIN_CREATOR_FEE[8] = {160, 57, 89, 42, 181, 139, 43, 66};

enum {
  S_SENDER, S_CONFIG, S_MINT, S_COIN_AUTHORITY, S_COIN_AUTHORITY_ZEC, S_RECORD, S_RECORD_ZEC, S_LIQUIDITY_ZEC, S_ROOTSTOCK_ZEC,
  S_TREASURY_ZEC, S_ZEC_MINT, S_TOKEN_PROGRAM, S_ASSOCIATED_TOKEN_PROGRAM, S_SYSTEM_PROGRAM, S_LAUNCHPAD, S_CREATOR_VAULT,
  S_CREATOR_VAULT_ZEC, S_LAUNCHPAD_EVENT_AUTHORITY, S_AMM, S_AMM_VAULT_AUTHORITY, S_AMM_VAULT_ZEC, S_AMM_EVENT_AUTHORITY, S_ACCOUNTS
};

/* The account must be `owner`'s ZEC account (its associated token address). */
static Result expect_zec_ata(const SolAccountInfo *account, const Pubkey *owner, const Pubkey *zec_mint) {
  return is_zec_ata(account, owner, zec_mint) ? OK : E_WRONG_DESTINATION;
}

static Result split_fees(const Input *in) {
  TRY(expect_accounts(in, S_ACCOUNTS));
  const SolAccountInfo *a = in->accounts, *config = &a[S_CONFIG], *mint = &a[S_MINT], *authority = &a[S_COIN_AUTHORITY], *record = &a[S_RECORD];
  const Pubkey *zec = a[S_ZEC_MINT].key;
  TRY(expect_signer(&a[S_SENDER]));
  TRY(expect_key(&a[S_TOKEN_PROGRAM], &TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[S_ASSOCIATED_TOKEN_PROGRAM], &ASSOCIATED_TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[S_SYSTEM_PROGRAM], &SYSTEM_PROGRAM_ID));
  TRY(expect_key(&a[S_LAUNCHPAD], &LAUNCHPAD_ID));
  TRY(expect_key(&a[S_AMM], &AMM_ID));
  TRY(expect_config(in, config));
  TRY(expect_anchor_account(record, in->program_id, PAYEE_RECORD_DISCRIMINATOR, PAYEE_RECORD_SIZE));
  if (!pubkey_eq_bytes(record->data + PR_MINT, mint->key)) return ERR_CONSTRAINT_SEEDS;
  u8 authority_bump;
  SolBytes authority_seeds[2] = {SEED(SEED_COIN_AUTHORITY), {mint->key->x, 32}};
  TRY(expect_pda(authority, authority_seeds, 2, in->program_id, &authority_bump));
  if (!pubkey_eq(a[S_ZEC_MINT].owner, &TOKEN_PROGRAM_ID)) return E_NOT_ZEC_MINT;
  const u8 *cfg = config->data;
  TRY(expect_zec_ata(&a[S_COIN_AUTHORITY_ZEC], authority->key, zec));
  TRY(expect_zec_ata(&a[S_RECORD_ZEC], record->key, zec));
  TRY(expect_zec_ata(&a[S_LIQUIDITY_ZEC], (const Pubkey *)(cfg + VC_LIQUIDITY_POT), zec));
  TRY(expect_zec_ata(&a[S_ROOTSTOCK_ZEC], (const Pubkey *)(cfg + VC_ROOTSTOCK), zec));
  TRY(expect_zec_ata(&a[S_TREASURY_ZEC], (const Pubkey *)(cfg + VC_TREASURY), zec));

  /* The coin authority's ZEC account, paid by the sender (a PDA holds no SOL to pay for it). */
  CreateAta own = {a[S_SENDER].key, a[S_COIN_AUTHORITY_ZEC].key, authority->key, zec, &TOKEN_PROGRAM_ID};
  TRY(ata_create_idempotent(in, &own));
  SolSignerSeed parts[3] = {SEED(SEED_COIN_AUTHORITY), {mint->key->x, 32}, {&authority_bump, 1}};
  SolSignerSeeds signer = {parts, 3};
  {
    SolAccountMeta metas[10] = {
        {authority->key, true, true},         {a[S_COIN_AUTHORITY_ZEC].key, true, false}, {a[S_CREATOR_VAULT].key, true, false},
        {a[S_CREATOR_VAULT_ZEC].key, true, false}, {zec, false, false},                 {&TOKEN_PROGRAM_ID, false, false},
        {&ASSOCIATED_TOKEN_PROGRAM_ID, false, false}, {&SYSTEM_PROGRAM_ID, false, false}, {a[S_LAUNCHPAD_EVENT_AUTHORITY].key, false, false},
        {&LAUNCHPAD_ID, false, false},
    };
    SolInstruction collect = {&LAUNCHPAD_ID, metas, 10, LAUNCHPAD_COLLECT_CREATOR_FEE_V2, 8};
    TRY(invoke_signed(&collect, in, &signer, 1));
  }
  {
    /* The AMM's side: nothing to sign (the fees can only go to the coin creator's account). */
    SolAccountMeta metas[8] = {
        {zec, false, false},                        {&TOKEN_PROGRAM_ID, false, false},           {authority->key, false, false},
        {a[S_AMM_VAULT_AUTHORITY].key, false, false}, {a[S_AMM_VAULT_ZEC].key, true, false},     {a[S_COIN_AUTHORITY_ZEC].key, true, false},
        {a[S_AMM_EVENT_AUTHORITY].key, false, false}, {&AMM_ID, false, false},
    };
    SolInstruction collect = {&AMM_ID, metas, 8, AMM_COLLECT_COIN_CREATOR_FEE, 8};
    TRY(invoke(&collect, in));
  }

  u64 amount = token_account_amount(&a[S_COIN_AUTHORITY_ZEC]);
  if (amount == 0) return OK;
  const u8 *rates = cfg + VC_SPLIT;
  u64 liquidity, rootstock, treasury, payee;
  if (!mul_div_floor(amount, get_u16(rates), 10000, &liquidity) || !mul_div_floor(amount, get_u16(rates + 2), 10000, &rootstock) ||
      !mul_div_floor(amount, get_u16(rates + 4), 10000, &treasury))
    return E_INVALID_SPLIT;
  payee = amount - liquidity - rootstock - treasury; /* the three floors never exceed the amount: the rates add up to 10000 */
  const SolAccountInfo *destinations[4] = {&a[S_LIQUIDITY_ZEC], &a[S_ROOTSTOCK_ZEC], &a[S_TREASURY_ZEC], &a[S_RECORD_ZEC]};
  u64 parts_out[4] = {liquidity, rootstock, treasury, payee};
  u8 decimals = mint_decimals(&a[S_ZEC_MINT]);
  for (int i = 0; i < 4; i++) {
    if (parts_out[i] == 0) continue;
    TransferChecked t = {&TOKEN_PROGRAM_ID, a[S_COIN_AUTHORITY_ZEC].key, zec, destinations[i]->key, authority->key, parts_out[i], decimals};
    TRY(token_transfer_checked(in, &t, &signer));
  }
  u64 figures[5] = {amount, liquidity, rootstock, treasury, payee};
  emit_mint_event(SPLIT_EVENT, mint->key, figures, 5);
  u8 log[40];
  put_u64(log, amount);
  put_u64(log + 8, liquidity);
  put_u64(log + 16, rootstock);
  put_u64(log + 24, treasury);
  put_u64(log + 32, payee);
  sol_set_return_data(log, sizeof(log)); /* amount, liquidity, rootstock, treasury, payee (u64 LE each) */
  return OK;
}
