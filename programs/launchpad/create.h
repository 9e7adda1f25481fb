/*
 * create_v2: a Token-2022 coin (metadata pointer to itself + token metadata, 6 decimals), its bonding
 * curve, the whole supply minted to the curve and the mint authority revoked, quoted in an admitted
 * mint (Global's whitelisted mint or a QuoteControl entry), given through the remaining accounts
 * [quote_mint, curve's quote ATA (created here), quote token program, QuoteControl PDA].
 * Mayhem mode, cashback and holder rewards are refused as the live program refuses them when off.
 */
#pragma once
#include "events.h"

static const u8 IX_CREATE_V2[8] = {214, 144, 76, 236, 95, 139, 49, 180};
static const u8 TOKEN_METADATA_INITIALIZE[8] = {210, 225, 30, 162, 88, 184, 77, 141};

/* Token-2022 mint with the MetadataPointer extension: base mint padded to 165, account type, one TLV. */
#define MINT_WITH_POINTER_SIZE 234
/* TokenMetadata TLV without its strings: type, length, update authority, mint, three u32 lengths, empty vec. */
#define TOKEN_METADATA_FIXED 84

enum {
  CV_MINT, CV_MINT_AUTHORITY, CV_BONDING_CURVE, CV_ASSOCIATED_BONDING_CURVE, CV_GLOBAL, CV_USER, CV_SYSTEM_PROGRAM,
  CV_TOKEN_PROGRAM, CV_ASSOCIATED_TOKEN_PROGRAM, CV_MAYHEM_PROGRAM, CV_GLOBAL_PARAMS, CV_SOL_VAULT, CV_MAYHEM_STATE,
  CV_MAYHEM_TOKEN_VAULT, CV_EVENT_AUTHORITY, CV_PROGRAM, CV_QUOTE_MINT, CV_QUOTE_ATA, CV_QUOTE_TOKEN_PROGRAM, CV_QUOTE_CONTROL,
  CV_ACCOUNTS
};

typedef struct {
  const u8 *name, *symbol, *uri;
  u32 name_len, symbol_len, uri_len;
  const Pubkey *creator;
  u64 creator_fee_bps;
} CreateArgs;

/* The initial virtual quote reserves of an admitted quote mint. */
static Result admitted_quote_reserves(const Input *in, const SolAccountInfo *global, u64 *reserves) {
  const SolAccountInfo *quote_mint = &in->accounts[CV_QUOTE_MINT];
  if (pubkey_eq_bytes(global->data + G_WHITELISTED_QUOTE_MINTS, quote_mint->key)) {
    *reserves = get_u64(global->data + G_INITIAL_VIRTUAL_QUOTE_RESERVES);
    return OK;
  }
  const SolAccountInfo *qc = &in->accounts[CV_QUOTE_CONTROL];
  SolBytes seeds[1] = {SEED(SEED_QUOTE_CONTROL)};
  if (!is_pda(qc->key, seeds, 1, in->program_id, NULL)) return E_INVALID_QUOTE_CONTROL;
  if (!pubkey_eq(qc->owner, in->program_id) || account_data_len(qc) < QC_MINTS || !bytes_equal(qc->data, QUOTE_CONTROL_DISCRIMINATOR, 8)) {
    return E_QUOTE_MINT_NOT_WHITELISTED;
  }
  u32 count = get_u32(qc->data + QC_MINTS_LEN);
  for (u32 i = 0; i < count && i < QC_MAX_MINTS; i++) {
    const u8 *entry = qc->data + QC_MINTS + QC_ENTRY_SIZE * i;
    if (pubkey_eq_bytes(entry, quote_mint->key)) {
      *reserves = get_u64(entry + 32);
      return OK;
    }
  }
  return E_QUOTE_MINT_NOT_WHITELISTED;
}

static Result create_mint_with_metadata(const Input *in, const CreateArgs *a, const SolSignerSeeds *mint_authority_signer) {
  const SolAccountInfo *mint = &in->accounts[CV_MINT], *user = &in->accounts[CV_USER];
  const Pubkey *token_program = in->accounts[CV_TOKEN_PROGRAM].key;
  const Pubkey *mint_authority = in->accounts[CV_MINT_AUTHORITY].key;
  /* Funded for the final size (the metadata initialize grows the account); created at the pointer size. */
  u64 final_size = MINT_WITH_POINTER_SIZE + TOKEN_METADATA_FIXED + a->name_len + a->symbol_len + a->uri_len;
  u64 lamports;
  TRY(rent_exempt_minimum(final_size, &lamports));
  u8 create[52];
  put_u32(create, 0);
  put_u64(create + 4, lamports);
  put_u64(create + 12, MINT_WITH_POINTER_SIZE);
  copy_bytes(create + 20, token_program, 32);
  SolAccountMeta create_metas[2] = {{user->key, true, true}, {mint->key, true, true}};
  SolInstruction ix_create = {&SYSTEM_PROGRAM_ID, create_metas, 2, create, sizeof(create)};
  TRY(invoke(&ix_create, in));

  /* MetadataPointerExtension (39) / Initialize (0): no pointer authority, metadata in the mint itself. */
  u8 pointer[66];
  pointer[0] = 39;
  pointer[1] = 0;
  zero_bytes(pointer + 2, 32);
  copy_bytes(pointer + 34, mint->key, 32);
  SolAccountMeta mint_only[1] = {{mint->key, true, false}};
  SolInstruction ix_pointer = {token_program, mint_only, 1, pointer, sizeof(pointer)};
  TRY(invoke(&ix_pointer, in));

  TRY(token_initialize_mint2(in, token_program, mint->key, COIN_DECIMALS, mint_authority));

  u8 metadata[8 + 12 + MAX_NAME_LEN + MAX_SYMBOL_LEN + MAX_URI_LEN];
  Writer w = {metadata, 0, sizeof(metadata), false};
  w_bytes(&w, TOKEN_METADATA_INITIALIZE, 8);
  w_string(&w, a->name, a->name_len);
  w_string(&w, a->symbol, a->symbol_len);
  w_string(&w, a->uri, a->uri_len);
  if (w.overflow) return E_OVERFLOW;
  SolAccountMeta metadata_metas[4] = {{mint->key, true, false}, {mint_authority, false, false}, {mint->key, false, false}, {mint_authority, false, true}};
  SolInstruction ix_metadata = {token_program, metadata_metas, 4, metadata, w.len};
  return invoke_signed(&ix_metadata, in, mint_authority_signer, 1);
}

static Result create_v2(const Input *in) {
  TRY(expect_accounts(in, CV_ACCOUNTS));
  const SolAccountInfo *mint = &in->accounts[CV_MINT], *user = &in->accounts[CV_USER], *global = &in->accounts[CV_GLOBAL];
  const SolAccountInfo *curve = &in->accounts[CV_BONDING_CURVE];
  TRY(expect_signer(mint));
  TRY(expect_writable(mint));
  TRY(expect_signer(user));
  TRY(expect_writable(curve));
  TRY(expect_global(in, global));
  if (!global->data[G_CREATE_V2_ENABLED]) return E_CREATE_V2_DISABLED;
  TRY(expect_key(&in->accounts[CV_TOKEN_PROGRAM], &TOKEN_2022_PROGRAM_ID));
  TRY(expect_key(&in->accounts[CV_ASSOCIATED_TOKEN_PROGRAM], &ASSOCIATED_TOKEN_PROGRAM_ID));
  TRY(expect_key(&in->accounts[CV_SYSTEM_PROGRAM], &SYSTEM_PROGRAM_ID));
  TRY(expect_event_authority(in, &in->accounts[CV_EVENT_AUTHORITY]));

  u8 mint_authority_bump, curve_bump;
  SolBytes authority_seeds[1] = {SEED(SEED_MINT_AUTHORITY)};
  TRY(expect_pda(&in->accounts[CV_MINT_AUTHORITY], authority_seeds, 1, in->program_id, &mint_authority_bump));
  TRY(expect_bonding_curve(in, curve, mint->key, &curve_bump));
  TRY(expect_ata(&in->accounts[CV_ASSOCIATED_BONDING_CURVE], curve->key, &TOKEN_2022_PROGRAM_ID, mint->key));

  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  CreateArgs a;
  a.name = r_string(&r, &a.name_len);
  a.symbol = r_string(&r, &a.symbol_len);
  a.uri = r_string(&r, &a.uri_len);
  a.creator = r_pubkey(&r);
  u8 mayhem = r_u8(&r), cashback = r_u8(&r);
  a.creator_fee_bps = r_u64(&r);
  u8 holder_reward = r_u8(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (a.name_len > MAX_NAME_LEN) return E_NAME_TOO_LONG;
  if (a.symbol_len > MAX_SYMBOL_LEN) return E_SYMBOL_TOO_LONG;
  if (a.uri_len > MAX_URI_LEN) return E_URI_TOO_LONG;
  if (pubkey_is_zero(a.creator)) return E_CREATOR_SHOULD_NOT_BE_ZERO;
  if (mayhem && !global->data[G_MAYHEM_MODE_ENABLED]) return E_MAYHEM_MODE_DISABLED;
  if (mayhem) return E_MAYHEM_MODE_DISABLED; /* the sandbox has no mayhem program */
  if (cashback) return E_CASHBACK_DEPRECATED;
  if (holder_reward) return E_HOLDER_REWARD_DISABLED;
  if (a.creator_fee_bps != 0) {
    if (!global->data[G_CREATOR_FEE_CONFIGURABLE]) return E_CREATOR_FEE_NOT_CONFIGURABLE;
    if (a.creator_fee_bps > get_u64(global->data + G_MAX_CONFIGURABLE_CREATOR_FEE_BPS)) return E_CREATOR_FEE_BPS_OUT_OF_RANGE;
  }

  /* The quote: a legacy SOL curve (no remaining accounts) is not offered by the sandbox. */
  if (in->count < CV_ACCOUNTS) return E_UNSUPPORTED_QUOTE_MINT;
  const SolAccountInfo *quote_mint = &in->accounts[CV_QUOTE_MINT], *quote_program = &in->accounts[CV_QUOTE_TOKEN_PROGRAM];
  if (!is_token_program(quote_program->key) || !pubkey_eq(quote_mint->owner, quote_program->key)) return E_INVALID_QUOTE_TOKEN_PROGRAM;
  u64 initial_virtual_quote;
  TRY(admitted_quote_reserves(in, global, &initial_virtual_quote));
  if (expect_ata(&in->accounts[CV_QUOTE_ATA], curve->key, quote_program->key, quote_mint->key) != OK) return E_INVALID_ASSOCIATED_QUOTE_BONDING_CURVE;

  SolSignerSeed authority_parts[2] = {SEED(SEED_MINT_AUTHORITY), {&mint_authority_bump, 1}};
  SolSignerSeeds authority_signer = {authority_parts, 2};
  TRY(create_mint_with_metadata(in, &a, &authority_signer));

  SolSignerSeed curve_parts[3] = {SEED(SEED_BONDING_CURVE), {mint->key->x, 32}, {&curve_bump, 1}};
  SolSignerSeeds curve_signer = {curve_parts, 3};
  CreateAccount create_curve = {user->key, curve->key, BONDING_CURVE_ACCOUNT_SIZE, in->program_id, &curve_signer};
  TRY(create_account(in, curve, &create_curve));

  CreateAta base_ata = {user->key, in->accounts[CV_ASSOCIATED_BONDING_CURVE].key, curve->key, mint->key, &TOKEN_2022_PROGRAM_ID};
  TRY(ata_create_idempotent(in, &base_ata));
  CreateAta quote_ata = {user->key, in->accounts[CV_QUOTE_ATA].key, curve->key, quote_mint->key, quote_program->key};
  TRY(ata_create_idempotent(in, &quote_ata));

  u64 supply = get_u64(global->data + G_TOKEN_TOTAL_SUPPLY);
  MintTo mint_supply = {&TOKEN_2022_PROGRAM_ID, mint->key, in->accounts[CV_ASSOCIATED_BONDING_CURVE].key, in->accounts[CV_MINT_AUTHORITY].key, supply};
  TRY(token_mint_to(in, &mint_supply, &authority_signer));
  RevokeAuthority revoke = {&TOKEN_2022_PROGRAM_ID, mint->key, in->accounts[CV_MINT_AUTHORITY].key, AUTHORITY_MINT_TOKENS};
  TRY(token_revoke_authority(in, &revoke, &authority_signer));

  u8 *c = curve->data;
  copy_bytes(c, BONDING_CURVE_DISCRIMINATOR, 8);
  put_u64(c + BC_VIRTUAL_TOKEN_RESERVES, get_u64(global->data + G_INITIAL_VIRTUAL_TOKEN_RESERVES));
  put_u64(c + BC_VIRTUAL_QUOTE_RESERVES, initial_virtual_quote);
  put_u64(c + BC_REAL_TOKEN_RESERVES, get_u64(global->data + G_INITIAL_REAL_TOKEN_RESERVES));
  put_u64(c + BC_REAL_QUOTE_RESERVES, 0);
  put_u64(c + BC_TOKEN_TOTAL_SUPPLY, supply);
  c[BC_COMPLETE] = 0;
  copy_bytes(c + BC_CREATOR, a.creator, 32);
  c[BC_IS_MAYHEM_MODE] = 0;
  c[BC_IS_CASHBACK_COIN] = 0;
  copy_bytes(c + BC_QUOTE_MINT, quote_mint->key, 32);
  put_u64(c + BC_CREATOR_FEE_BPS, a.creator_fee_bps);
  c[BC_CAN_EDIT_CREATOR_FEE] = 0;
  c[BC_IS_HOLDER_REWARD] = 0;

  u8 buf[8 + 12 + MAX_NAME_LEN + MAX_SYMBOL_LEN + MAX_URI_LEN + 32 * 6 + 8 * 7 + 4];
  Writer w = {buf, 0, sizeof(buf), false};
  write_discriminator(&w, CREATE_EVENT);
  w_string(&w, a.name, a.name_len);
  w_string(&w, a.symbol, a.symbol_len);
  w_string(&w, a.uri, a.uri_len);
  w_pubkey(&w, mint->key);
  w_pubkey(&w, curve->key);
  w_pubkey(&w, user->key);
  w_pubkey(&w, a.creator);
  w_u64(&w, (u64)now_unix());
  w_u64(&w, get_u64(c + BC_VIRTUAL_TOKEN_RESERVES));
  w_u64(&w, initial_virtual_quote); /* virtual_sol_reserves */
  w_u64(&w, get_u64(c + BC_REAL_TOKEN_RESERVES));
  w_u64(&w, supply);
  w_pubkey(&w, &TOKEN_2022_PROGRAM_ID);
  w_u8(&w, 0); /* is_mayhem_mode */
  w_u8(&w, 0); /* is_cashback_enabled */
  w_pubkey(&w, quote_mint->key);
  w_u64(&w, initial_virtual_quote);
  w_u64(&w, a.creator_fee_bps);
  w_u8(&w, 0); /* is_holder_reward */
  if (w.overflow) return E_OVERFLOW;
  return emit_event(in, &in->accounts[CV_EVENT_AUTHORITY], buf, w.len);
}
