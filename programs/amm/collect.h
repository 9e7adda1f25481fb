/*
 * collect_coin_creator_fee (pump_amm IDL, no arguments): moves everything in the coin creator vault's
 * quote account to a token account of the coin creator. As in the IDL, nobody has to sign: the fees can
 * only go to the coin creator (the destination must be its token account of that mint). For listed
 * coins the creator is the vault program's coin-authority PDA, and the vault's split sends this.
 *   accounts: quote_mint, quote_token_program, coin_creator, coin_creator_vault_authority
 *   ["creator_vault", coin_creator], coin_creator_vault_ata (w), coin_creator_token_account (w),
 *   event_authority, program
 */
#pragma once
#include "common.h"

static const u8 IX_COLLECT_COIN_CREATOR_FEE[8] = {160, 57, 89, 42, 181, 139, 43, 66};

enum { CF_QUOTE_MINT, CF_QUOTE_TOKEN_PROGRAM, CF_COIN_CREATOR, CF_VAULT_AUTHORITY, CF_VAULT_ATA, CF_DESTINATION, CF_EVENT_AUTHORITY, CF_PROGRAM, CF_ACCOUNTS };

static Result collect_coin_creator_fee(const Input *in) {
  TRY(expect_accounts(in, CF_ACCOUNTS));
  const SolAccountInfo *a = in->accounts, *creator = &a[CF_COIN_CREATOR], *mint = &a[CF_QUOTE_MINT];
  const Pubkey *token_program = a[CF_QUOTE_TOKEN_PROGRAM].key;
  if (!is_token_program(token_program) || !pubkey_eq(mint->owner, token_program)) return ERR_CONSTRAINT_TOKEN_MINT;
  TRY(expect_event_authority(in, &a[CF_EVENT_AUTHORITY]));
  u8 bump;
  SolBytes seeds[2] = {SEED(SEED_CREATOR_VAULT), {creator->key->x, 32}};
  TRY(expect_pda(&a[CF_VAULT_AUTHORITY], seeds, 2, in->program_id, &bump));
  TRY(expect_ata(&a[CF_VAULT_ATA], a[CF_VAULT_AUTHORITY].key, token_program, mint->key));
  TRY(expect_writable(&a[CF_DESTINATION]));
  if (!is_token_account_of(&a[CF_DESTINATION], mint->key, creator->key)) return ERR_CONSTRAINT_TOKEN_OWNER;
  if (account_data_len(&a[CF_VAULT_ATA]) == 0) return OK; /* no trade has paid a creator fee yet */
  u64 amount = token_account_amount(&a[CF_VAULT_ATA]);
  if (amount == 0) return OK;
  SolSignerSeed parts[3] = {SEED(SEED_CREATOR_VAULT), {creator->key->x, 32}, {&bump, 1}};
  SolSignerSeeds signer = {parts, 3};
  TransferChecked t = {token_program, a[CF_VAULT_ATA].key, mint->key, a[CF_DESTINATION].key, a[CF_VAULT_AUTHORITY].key, amount, mint_decimals(mint)};
  return token_transfer_checked(in, &t, &signer);
}

/*
 * collect_route_creator_fee (ours; the live AMM has no route): moves the coin creator's fees the native
 * route accrued in a pool's tail (P_ROUTE_CREATOR_FEES, held in the pool's quote vault) to a token account
 * of the coin creator, and zeroes the tail. Like collect_coin_creator_fee nobody signs: the fees can only
 * go to the pool's coin creator.
 *   accounts: pool (w), quote mint, quote token program, pool quote vault (w), coin creator's token account (w)
 */
static const u8 IX_COLLECT_ROUTE_CREATOR_FEE[8] = {92, 115, 98, 38, 148, 86, 240, 185};

enum { RF_POOL, RF_QUOTE_MINT, RF_QUOTE_TOKEN_PROGRAM, RF_POOL_QUOTE, RF_DESTINATION, RF_ACCOUNTS };

static Result collect_route_creator_fee(const Input *in) {
  TRY(expect_accounts(in, RF_ACCOUNTS));
  const SolAccountInfo *a = in->accounts, *pool = &a[RF_POOL], *mint = &a[RF_QUOTE_MINT];
  const Pubkey *token_program = a[RF_QUOTE_TOKEN_PROGRAM].key;
  TRY(expect_writable(pool));
  TRY(expect_pool(in, pool));
  u8 *p = pool->data;
  if (!pubkey_eq_bytes(p + P_QUOTE_MINT, mint->key)) return E_INVALID_QUOTE_MINT;
  if (!pubkey_eq_bytes(p + P_POOL_QUOTE_TOKEN_ACCOUNT, a[RF_POOL_QUOTE].key)) return E_INVALID_POOL_QUOTE_TOKEN_ACCOUNT;
  if (!is_token_program(token_program) || !pubkey_eq(mint->owner, token_program)) return ERR_CONSTRAINT_TOKEN_MINT;
  TRY(expect_writable(&a[RF_DESTINATION]));
  if (!is_token_account_of(&a[RF_DESTINATION], mint->key, (const Pubkey *)(p + P_COIN_CREATOR))) return ERR_CONSTRAINT_TOKEN_OWNER;
  u64 amount = get_u64(p + P_ROUTE_CREATOR_FEES);
  if (amount == 0) return OK;
  put_u64(p + P_ROUTE_CREATOR_FEES, 0);
  PoolSigner s;
  pool_signer(&s, p);
  TransferChecked t = {token_program, a[RF_POOL_QUOTE].key, mint->key, a[RF_DESTINATION].key, pool->key, amount, mint_decimals(mint)};
  return token_transfer_checked(in, &t, &s.signer);
}
