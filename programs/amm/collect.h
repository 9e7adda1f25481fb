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
