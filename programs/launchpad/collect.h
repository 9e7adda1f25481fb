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
