/*
 * migrate_v2: a completed curve becomes its coin's canonical AMM pool, as the live program does. The
 * pool authority PDA ["pool-authority", mint] receives the curve's remaining coins and its real quote
 * reserves (less the pool migration fee, paid to Global's withdraw authority), then creates the pool
 * (index 0) by CPI into the AMM, signing as its creator; the coin's creator and creator rate carry over.
 * The curve keeps complete = true and its reserves read 0 afterwards (the SDK's "migrated" test).
 */
#pragma once
#include "events.h"

static const u8 IX_MIGRATE_V2[8] = {187, 203, 18, 31, 206, 237, 254, 41};
static const u8 COMPLETE_MIGRATION_EVENT[8] = {189, 233, 93, 185, 92, 148, 234, 148};
static const u8 AMM_CREATE_POOL[8] = {233, 146, 209, 142, 207, 104, 64, 188};
static const u8 SEED_POOL_AUTHORITY[] = "pool-authority";
/* The AMM program the pool is created in (the IDL fixes its address). */
static const Pubkey AMM_PROGRAM_ID = {{12, 20, 222, 252, 130, 94, 198, 118, 148, 37, 8, 24, 187, 101, 64, 101, 244, 41, 141, 49, 86, 213, 113, 180, 212, 248, 9, 12, 24, 233, 168, 99}}; /* pAMMBay6oceH9fJKBRHGP5D4bD4sWpmSwMn52FMfXEA */
/* Lamports the pool authority needs to pay the AMM's accounts: pool, LP mint and three token accounts. */
#define MIGRATION_RENT_BYTES (300 + 82 + 170 * 3 + 5 * 128)
#define E_BONDING_CURVE_NOT_COMPLETE 6006
#define E_BONDING_CURVE_ALREADY_MIGRATED 6081

enum {
  M_GLOBAL, M_WITHDRAW_AUTHORITY, M_BASE_MINT, M_QUOTE_MINT, M_CURVE, M_CURVE_BASE, M_CURVE_QUOTE, M_USER, M_SYSTEM_PROGRAM, M_AMM,
  M_POOL, M_POOL_AUTHORITY, M_POOL_AUTHORITY_BASE, M_POOL_AUTHORITY_QUOTE, M_AMM_GLOBAL_CONFIG, M_LP_MINT, M_POOL_AUTHORITY_LP,
  M_POOL_BASE, M_POOL_QUOTE, M_BASE_TOKEN_PROGRAM, M_QUOTE_TOKEN_PROGRAM, M_TOKEN_2022_PROGRAM, M_ASSOCIATED_TOKEN_PROGRAM,
  M_AMM_EVENT_AUTHORITY, M_RENT, M_EVENT_AUTHORITY, M_PROGRAM, M_ACCOUNTS
};

/* The AMM's create_pool, signed by the pool authority. */
static Result cpi_create_pool(const Input *in, u64 base_in, u64 quote_in, const u8 *curve, const SolSignerSeeds *authority) {
  const SolAccountInfo *acc = in->accounts;
  u8 data[70];
  Writer w = {data, 0, sizeof(data), false};
  w_bytes(&w, AMM_CREATE_POOL, 8);
  w_u8(&w, 0); /* index 0: the canonical pool */
  w_u8(&w, 0);
  w_u64(&w, base_in);
  w_u64(&w, quote_in);
  w_bytes(&w, curve + BC_CREATOR, 32); /* coin_creator */
  w_u8(&w, 0);                          /* is_mayhem_mode */
  w_u8(&w, 0);                          /* is_cashback_coin */
  w_u64(&w, get_u64(curve + BC_CREATOR_FEE_BPS));
  w_u8(&w, 0); /* can_edit_creator_fee */
  w_u8(&w, 0); /* is_holder_reward */
  SolAccountMeta metas[18] = {
      {acc[M_POOL].key, true, false},          {acc[M_AMM_GLOBAL_CONFIG].key, false, false}, {acc[M_POOL_AUTHORITY].key, true, true},
      {acc[M_BASE_MINT].key, false, false},    {acc[M_QUOTE_MINT].key, false, false},       {acc[M_LP_MINT].key, true, false},
      {acc[M_POOL_AUTHORITY_BASE].key, true, false}, {acc[M_POOL_AUTHORITY_QUOTE].key, true, false}, {acc[M_POOL_AUTHORITY_LP].key, true, false},
      {acc[M_POOL_BASE].key, true, false},     {acc[M_POOL_QUOTE].key, true, false},        {&SYSTEM_PROGRAM_ID, false, false},
      {&TOKEN_2022_PROGRAM_ID, false, false},  {acc[M_BASE_TOKEN_PROGRAM].key, false, false}, {acc[M_QUOTE_TOKEN_PROGRAM].key, false, false},
      {&ASSOCIATED_TOKEN_PROGRAM_ID, false, false}, {acc[M_AMM_EVENT_AUTHORITY].key, false, false}, {&AMM_PROGRAM_ID, false, false},
  };
  SolInstruction ix = {&AMM_PROGRAM_ID, metas, 18, data, w.len};
  return invoke_signed(&ix, in, authority, 1);
}

static Result migrate_v2(const Input *in) {
  TRY(expect_accounts(in, M_ACCOUNTS));
  const SolAccountInfo *acc = in->accounts, *global = &acc[M_GLOBAL], *curve = &acc[M_CURVE], *user = &acc[M_USER];
  const Pubkey *mint = acc[M_BASE_MINT].key, *quote_mint = acc[M_QUOTE_MINT].key;
  TRY(expect_global(in, global));
  TRY(expect_signer(user));
  TRY(expect_writable(curve));
  u8 curve_bump, authority_bump;
  TRY(expect_bonding_curve(in, curve, mint, &curve_bump));
  TRY(expect_anchor_account(curve, in->program_id, BONDING_CURVE_DISCRIMINATOR, BONDING_CURVE_SIZE));
  u8 *c = curve->data;
  if (!c[BC_COMPLETE]) return E_BONDING_CURVE_NOT_COMPLETE;
  if (get_u64(c + BC_VIRTUAL_TOKEN_RESERVES) == 0) return E_BONDING_CURVE_ALREADY_MIGRATED;
  if (!pubkey_eq_bytes(c + BC_QUOTE_MINT, quote_mint)) return E_UNSUPPORTED_QUOTE_MINT;
  if (!pubkey_eq_bytes(global->data + G_WITHDRAW_AUTHORITY, acc[M_WITHDRAW_AUTHORITY].key)) return E_NOT_AUTHORIZED;
  TRY(expect_key(&acc[M_AMM], &AMM_PROGRAM_ID));
  TRY(expect_key(&acc[M_TOKEN_2022_PROGRAM], &TOKEN_2022_PROGRAM_ID));
  TRY(expect_key(&acc[M_ASSOCIATED_TOKEN_PROGRAM], &ASSOCIATED_TOKEN_PROGRAM_ID));
  TRY(expect_event_authority(in, &acc[M_EVENT_AUTHORITY]));
  const Pubkey *base_program = acc[M_BASE_TOKEN_PROGRAM].key, *quote_program = acc[M_QUOTE_TOKEN_PROGRAM].key;
  TRY(expect_ata(&acc[M_CURVE_BASE], curve->key, base_program, mint));
  TRY(expect_ata(&acc[M_CURVE_QUOTE], curve->key, quote_program, quote_mint));
  SolBytes authority_seeds[2] = {SEED(SEED_POOL_AUTHORITY), {mint->x, 32}};
  TRY(expect_pda(&acc[M_POOL_AUTHORITY], authority_seeds, 2, in->program_id, &authority_bump));
  const Pubkey *authority = acc[M_POOL_AUTHORITY].key;
  TRY(expect_ata(&acc[M_POOL_AUTHORITY_BASE], authority, base_program, mint));
  TRY(expect_ata(&acc[M_POOL_AUTHORITY_QUOTE], authority, quote_program, quote_mint));

  /* What moves: every coin the curve still holds, and its real quote less the migration fee. */
  u64 base_amount = token_account_amount(&acc[M_CURVE_BASE]);
  u64 quote_reserves = get_u64(c + BC_REAL_QUOTE_RESERVES), fee = get_u64(global->data + G_POOL_MIGRATION_FEE), quote_amount;
  if (!sub_u64(quote_reserves, fee, &quote_amount)) return 6015; /* PoolMigrationFeeShouldBeLessThanFinalRealSolReserves */
  /* The sandbox charges no migration fee; a nonzero one has no account here to go to. */
  if (fee != 0) {
    LOG("migrate_v2: a pool migration fee is not supported by the sandbox launchpad");
    return ERR_CONSTRAINT_RAW;
  }

  CreateAta base_ata = {user->key, acc[M_POOL_AUTHORITY_BASE].key, authority, mint, base_program};
  TRY(ata_create_idempotent(in, &base_ata));
  CreateAta quote_ata = {user->key, acc[M_POOL_AUTHORITY_QUOTE].key, authority, quote_mint, quote_program};
  TRY(ata_create_idempotent(in, &quote_ata));
  SolSignerSeed curve_parts[3] = {SEED(SEED_BONDING_CURVE), {mint->x, 32}, {&curve_bump, 1}};
  SolSignerSeeds curve_signer = {curve_parts, 3};
  TransferChecked coins = {base_program, acc[M_CURVE_BASE].key, mint, acc[M_POOL_AUTHORITY_BASE].key, curve->key, base_amount, COIN_DECIMALS};
  TRY(token_transfer_checked(in, &coins, &curve_signer));
  u8 quote_decimals = mint_decimals(&acc[M_QUOTE_MINT]);
  TransferChecked quote = {quote_program, acc[M_CURVE_QUOTE].key, quote_mint, acc[M_POOL_AUTHORITY_QUOTE].key, curve->key, quote_amount, quote_decimals};
  TRY(token_transfer_checked(in, &quote, &curve_signer));

  /* The pool authority pays the AMM's accounts: the migrating user funds it. */
  u64 rent;
  TRY(rent_exempt_minimum(MIGRATION_RENT_BYTES, &rent));
  u64 have = *acc[M_POOL_AUTHORITY].lamports;
  if (have < rent) TRY(system_transfer(in, user->key, authority, rent - have, NULL));

  SolSignerSeed authority_parts[3] = {SEED(SEED_POOL_AUTHORITY), {mint->x, 32}, {&authority_bump, 1}};
  SolSignerSeeds authority_signer = {authority_parts, 3};
  TRY(cpi_create_pool(in, base_amount, quote_amount, c, &authority_signer));

  put_u64(c + BC_VIRTUAL_TOKEN_RESERVES, 0);
  put_u64(c + BC_VIRTUAL_QUOTE_RESERVES, 0);
  put_u64(c + BC_REAL_TOKEN_RESERVES, 0);
  put_u64(c + BC_REAL_QUOTE_RESERVES, 0);

  u8 buf[8 + 32 * 2 + 8 * 3 + 32 + 8 + 32 * 2];
  Writer w = {buf, 0, sizeof(buf), false};
  write_discriminator(&w, COMPLETE_MIGRATION_EVENT);
  w_pubkey(&w, user->key);
  w_pubkey(&w, mint);
  w_u64(&w, base_amount);
  w_u64(&w, quote_amount); /* sol_amount: the quote moved */
  w_u64(&w, fee);
  w_pubkey(&w, curve->key);
  w_u64(&w, (u64)now_unix());
  w_pubkey(&w, acc[M_POOL].key);
  w_pubkey(&w, quote_mint);
  return emit_event(in, &acc[M_EVENT_AUTHORITY], buf, w.len);
}
