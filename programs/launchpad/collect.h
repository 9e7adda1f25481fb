/*
 * collect_creator_fee_v2: moves everything in the creator vault's quote account to the creator's own
 * quote account. The creator signs (our vault program's coin-authority PDA signs through CPI).
 */
#pragma once
#include "events.h"

static const u8 IX_COLLECT_CREATOR_FEE_V2[8] = {207, 17, 138, 242, 4, 34, 19, 56};

enum { CC_CREATOR, CC_CREATOR_ATA, CC_VAULT, CC_VAULT_ATA, CC_QUOTE_MINT, CC_QUOTE_TOKEN_PROGRAM, CC_ASSOCIATED_TOKEN_PROGRAM, CC_SYSTEM_PROGRAM, CC_EVENT_AUTHORITY, CC_PROGRAM, CC_ACCOUNTS };

static Result collect_creator_fee_v2(const Input *in) {
  TRY(expect_accounts(in, CC_ACCOUNTS));
  const SolAccountInfo *acc = in->accounts, *creator = &acc[CC_CREATOR];
  const Pubkey *quote_mint = acc[CC_QUOTE_MINT].key, *quote_program = acc[CC_QUOTE_TOKEN_PROGRAM].key;
  TRY(expect_signer(creator));
  if (!is_token_program(quote_program) || !pubkey_eq(acc[CC_QUOTE_MINT].owner, quote_program)) return E_INVALID_QUOTE_TOKEN_PROGRAM;
  TRY(expect_key(&acc[CC_ASSOCIATED_TOKEN_PROGRAM], &ASSOCIATED_TOKEN_PROGRAM_ID));
  TRY(expect_event_authority(in, &acc[CC_EVENT_AUTHORITY]));
  u8 vault_bump;
  SolBytes seeds[2] = {SEED(SEED_CREATOR_VAULT), {creator->key->x, 32}};
  TRY(expect_pda(&acc[CC_VAULT], seeds, 2, in->program_id, &vault_bump));
  TRY(expect_ata(&acc[CC_VAULT_ATA], acc[CC_VAULT].key, quote_program, quote_mint));
  TRY(expect_ata(&acc[CC_CREATOR_ATA], creator->key, quote_program, quote_mint));
  if (account_data_len(&acc[CC_VAULT_ATA]) == 0) return OK; /* nothing ever accrued */
  u64 amount = token_account_amount(&acc[CC_VAULT_ATA]);
  if (amount == 0) return OK;
  if (account_data_len(&acc[CC_CREATOR_ATA]) == 0) {
    CreateAta c = {creator->key, acc[CC_CREATOR_ATA].key, creator->key, quote_mint, quote_program};
    TRY(ata_create_idempotent(in, &c));
  }
  SolSignerSeed parts[3] = {SEED(SEED_CREATOR_VAULT), {creator->key->x, 32}, {&vault_bump, 1}};
  SolSignerSeeds signer = {parts, 3};
  TransferChecked t = {quote_program, acc[CC_VAULT_ATA].key, quote_mint, acc[CC_CREATOR_ATA].key, acc[CC_VAULT].key, amount, mint_decimals(&acc[CC_QUOTE_MINT])};
  TRY(token_transfer_checked(in, &t, &signer));

  u8 buf[8 + 8 + 32 + 8 + 32];
  Writer w = {buf, 0, sizeof(buf), false};
  write_discriminator(&w, COLLECT_CREATOR_FEE_EVENT);
  w_u64(&w, (u64)now_unix());
  w_pubkey(&w, creator->key);
  w_u64(&w, amount);
  w_pubkey(&w, quote_mint);
  return emit_event(in, &acc[CC_EVENT_AUTHORITY], buf, w.len);
}

/*
 * collect_route_creator_fee (ours; the live program has no route): moves the creator fees the native
 * route accrued in the curve's tail (BC_ROUTE_CREATOR_FEES, held in the curve's quote account) to the
 * creator's own token account of the quote mint, and zeroes the tail. The creator signs (for listed coins
 * the vault program's coin-authority PDA, through CPI). Still open after migration: the tail stays in the
 * curve's quote account when the reserves move to the pool.
 *   accounts: creator (s), creator's quote account (w), mint, curve (w), curve's quote account (w),
 *   quote mint, quote token program
 */
static const u8 IX_COLLECT_ROUTE_CREATOR_FEE[8] = {92, 115, 98, 38, 148, 86, 240, 185};

enum { CR_CREATOR, CR_CREATOR_ATA, CR_MINT, CR_CURVE, CR_CURVE_QUOTE, CR_QUOTE_MINT, CR_QUOTE_TOKEN_PROGRAM, CR_ACCOUNTS };

static Result collect_route_creator_fee(const Input *in) {
  TRY(expect_accounts(in, CR_ACCOUNTS));
  const SolAccountInfo *acc = in->accounts, *creator = &acc[CR_CREATOR], *curve = &acc[CR_CURVE];
  const Pubkey *mint = acc[CR_MINT].key, *quote_mint = acc[CR_QUOTE_MINT].key, *quote_program = acc[CR_QUOTE_TOKEN_PROGRAM].key;
  TRY(expect_signer(creator));
  TRY(expect_writable(curve));
  u8 curve_bump;
  TRY(expect_bonding_curve(in, curve, mint, &curve_bump));
  TRY(expect_anchor_account(curve, in->program_id, BONDING_CURVE_DISCRIMINATOR, BONDING_CURVE_SIZE));
  u8 *c = curve->data;
  if (!pubkey_eq_bytes(c + BC_CREATOR, creator->key)) return ERR_CONSTRAINT_SEEDS;
  if (!pubkey_eq_bytes(c + BC_QUOTE_MINT, quote_mint)) return E_UNSUPPORTED_QUOTE_MINT;
  if (!is_token_program(quote_program) || !pubkey_eq(acc[CR_QUOTE_MINT].owner, quote_program)) return E_INVALID_QUOTE_TOKEN_PROGRAM;
  TRY(expect_ata(&acc[CR_CURVE_QUOTE], curve->key, quote_program, quote_mint));
  if (!is_token_account_of(&acc[CR_CREATOR_ATA], quote_mint, creator->key)) return ERR_CONSTRAINT_TOKEN_OWNER;
  u64 amount = get_u64(c + BC_ROUTE_CREATOR_FEES);
  if (amount == 0) return OK;
  put_u64(c + BC_ROUTE_CREATOR_FEES, 0);
  SolSignerSeed parts[3] = {SEED(SEED_BONDING_CURVE), {mint->x, 32}, {&curve_bump, 1}};
  SolSignerSeeds signer = {parts, 3};
  TransferChecked t = {quote_program, acc[CR_CURVE_QUOTE].key, quote_mint, acc[CR_CREATOR_ATA].key, curve->key, amount, mint_decimals(&acc[CR_QUOTE_MINT])};
  return token_transfer_checked(in, &t, &signer);
}
