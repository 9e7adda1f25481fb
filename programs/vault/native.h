/*
 * Native-paired coins: their creator fees arrive in the native coin (Token-2022, 6 decimals), from four
 * places: the launchpad's creator vault (direct curve trades), the curve's route tail (route trades), and
 * once migrated the AMM's coin creator vault and the coin pool's route tail. Three permissionless
 * instructions, sent by the service's crank one after another (README.md, "Native conversions"):
 *
 *   collect_native  all four into the coin authority's native account (CPI signed by the coin authority)
 *   split_native    that account split by the config's rates: rootstock part burned at once, liquidity
 *                   part to the liquidity pot's native account, treasury + payee parts sold in one AMM
 *                   `sell` on the pinned native-coin/ZEC pool with min_quote_amount_out = the floor of
 *                   the program's own price record; the ZEC divided (treasury floored, payee the rest);
 *                   the record's `realised` written
 *   add_liquidity   the pot's native coin deposited with the pot's ZEC into the same pool (AMM
 *                   `deposit`, LP tokens to the pot); what the pot's ZEC cannot match waits
 *
 * Three and not one: the accounts of all three are 50 and a legacy transaction holds about 35; each
 * fits one transaction with its compute budget and needs no lookup table.
 */
#pragma once
#include "split.h"

static const u8 IX_COLLECT_NATIVE[8] = {215, 8, 239, 191, 36, 187, 177, 209};
static const u8 IX_SPLIT_NATIVE[8] = {100, 126, 110, 26, 57, 119, 169, 88};
static const u8 IX_ADD_LIQUIDITY[8] = {181, 157, 89, 67, 143, 182, 52, 72};
static const u8 LAUNCHPAD_COLLECT_ROUTE_CREATOR_FEE[8] = {92, 115, 98, 38, 148, 86, 240, 185};
static const u8 AMM_COLLECT_ROUTE_CREATOR_FEE[8] = {92, 115, 98, 38, 148, 86, 240, 185};
static const u8 AMM_SELL[8] = {51, 230, 133, 164, 1, 127, 131, 173};
static const u8 AMM_DEPOSIT[8] = {242, 35, 198, 137, 82, 225, 242, 182};
/* sha256("event:NativeSplitEvent")[..8], written with sol_log_data ("Program data: ..."). */
static const u8 NATIVE_SPLIT_EVENT[8] = {69, 243, 248, 145, 4, 56, 136, 159};
static const u8 SEED_BONDING_CURVE[] = "bonding-curve";
static const u8 SEED_AMM_GLOBAL_CONFIG[] = "global_config";
static const u8 LAUNCHPAD_CURVE_DISCRIMINATOR[8] = {23, 183, 248, 55, 96, 216, 172, 96};
static const u8 AMM_POOL_DISCRIMINATOR[8] = {241, 154, 109, 4, 17, 177, 109, 188};
static const u8 AMM_GLOBAL_CONFIG_DISCRIMINATOR[8] = {149, 8, 156, 202, 160, 252, 176, 217};
#define CURVE_QUOTE_MINT 83     /* the launchpad's BondingCurve.quote_mint */
#define CURVE_MIN_SIZE 133      /* through the route tail */
#define AMM_GC_ADMIN 8          /* GlobalConfig.admin */
#define POOL_CREATOR 11         /* Pool.creator */
#define POOL_BASE_MINT 43
#define POOL_QUOTE_MINT 75
#define POOL_LP_MINT 107
#define POOL_BASE_VAULT 139
#define POOL_QUOTE_VAULT 171
#define POOL_LP_SUPPLY 203
#define POOL_ROUTE_CREATOR_FEES 271
#define POOL_MIN_SIZE 279
#define RATE_SCALE 1000000000000ULL

/* A conversion the pool would pay below the floor is refused by the AMM's own minimum (its
 * ExceededSlippage, 6004): the sell carries min_quote_amount_out = the floor, and a failed CPI ends the
 * transaction with nothing moved. */
#define E_NO_PRICE_RECORD 6219   /* the native coin has no price record (the admin sets one first) */
#define E_NOT_NATIVE_POOL 6220   /* not the AMM admin's native-coin/ZEC pool, or not its vaults */
#define E_NOT_NATIVE_PAIRED 6221 /* the coin's curve is not quoted in a Token-2022 (native) coin */
#define E_OVERFLOW_VAULT 6222    /* an amount beyond u64 in the conversion's arithmetic */

/* ---------- collect_native ---------- */

enum {
  CN_SENDER, CN_MINT, CN_COIN_AUTHORITY, CN_AUTHORITY_NATIVE, CN_NATIVE_MINT, CN_TOKEN_2022, CN_ASSOCIATED_TOKEN_PROGRAM, CN_SYSTEM_PROGRAM,
  CN_LAUNCHPAD, CN_CURVE, CN_CURVE_NATIVE, CN_CREATOR_VAULT, CN_CREATOR_VAULT_NATIVE, CN_LAUNCHPAD_EVENT_AUTHORITY, CN_AMM, CN_POOL,
  CN_POOL_NATIVE, CN_AMM_VAULT_AUTHORITY, CN_AMM_VAULT_NATIVE, CN_AMM_EVENT_AUTHORITY, CN_ACCOUNTS
};

static Result collect_native_launchpad(const Input *in, const SolSignerSeeds *signer) {
  const SolAccountInfo *a = in->accounts;
  const Pubkey *authority = a[CN_COIN_AUTHORITY].key, *native = a[CN_NATIVE_MINT].key;
  SolAccountMeta fee[10] = {
      {authority, true, true},        {a[CN_AUTHORITY_NATIVE].key, true, false}, {a[CN_CREATOR_VAULT].key, true, false},
      {a[CN_CREATOR_VAULT_NATIVE].key, true, false}, {native, false, false}, {&TOKEN_2022_PROGRAM_ID, false, false},
      {&ASSOCIATED_TOKEN_PROGRAM_ID, false, false}, {&SYSTEM_PROGRAM_ID, false, false}, {a[CN_LAUNCHPAD_EVENT_AUTHORITY].key, false, false},
      {&LAUNCHPAD_ID, false, false},
  };
  SolInstruction collect = {&LAUNCHPAD_ID, fee, 10, LAUNCHPAD_COLLECT_CREATOR_FEE_V2, 8};
  TRY(invoke_signed(&collect, in, signer, 1));
  SolAccountMeta tail[7] = {
      {authority, false, true}, {a[CN_AUTHORITY_NATIVE].key, true, false}, {a[CN_MINT].key, false, false}, {a[CN_CURVE].key, true, false},
      {a[CN_CURVE_NATIVE].key, true, false}, {native, false, false}, {&TOKEN_2022_PROGRAM_ID, false, false},
  };
  SolInstruction route = {&LAUNCHPAD_ID, tail, 7, LAUNCHPAD_COLLECT_ROUTE_CREATOR_FEE, 8};
  return invoke_signed(&route, in, signer, 1);
}

static Result collect_native_amm(const Input *in) {
  const SolAccountInfo *a = in->accounts;
  const Pubkey *authority = a[CN_COIN_AUTHORITY].key, *native = a[CN_NATIVE_MINT].key;
  SolAccountMeta fee[8] = {
      {native, false, false}, {&TOKEN_2022_PROGRAM_ID, false, false}, {authority, false, false}, {a[CN_AMM_VAULT_AUTHORITY].key, false, false},
      {a[CN_AMM_VAULT_NATIVE].key, true, false}, {a[CN_AUTHORITY_NATIVE].key, true, false}, {a[CN_AMM_EVENT_AUTHORITY].key, false, false},
      {&AMM_ID, false, false},
  };
  SolInstruction collect = {&AMM_ID, fee, 8, AMM_COLLECT_COIN_CREATOR_FEE, 8};
  TRY(invoke(&collect, in));
  /* The pool's route tail, once the coin has a pool (before migration the address holds nothing). */
  if (!pubkey_eq(a[CN_POOL].owner, &AMM_ID)) return OK;
  SolAccountMeta tail[5] = {
      {a[CN_POOL].key, true, false}, {native, false, false}, {&TOKEN_2022_PROGRAM_ID, false, false}, {a[CN_POOL_NATIVE].key, true, false},
      {a[CN_AUTHORITY_NATIVE].key, true, false},
  };
  SolInstruction route = {&AMM_ID, tail, 5, AMM_COLLECT_ROUTE_CREATOR_FEE, 8};
  return invoke(&route, in);
}

static Result collect_native(const Input *in) {
  TRY(expect_accounts(in, CN_ACCOUNTS));
  const SolAccountInfo *a = in->accounts, *mint = &a[CN_MINT], *authority = &a[CN_COIN_AUTHORITY], *curve = &a[CN_CURVE];
  const Pubkey *native = a[CN_NATIVE_MINT].key;
  TRY(expect_signer(&a[CN_SENDER]));
  TRY(expect_key(&a[CN_TOKEN_2022], &TOKEN_2022_PROGRAM_ID));
  TRY(expect_key(&a[CN_ASSOCIATED_TOKEN_PROGRAM], &ASSOCIATED_TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[CN_SYSTEM_PROGRAM], &SYSTEM_PROGRAM_ID));
  TRY(expect_key(&a[CN_LAUNCHPAD], &LAUNCHPAD_ID));
  TRY(expect_key(&a[CN_AMM], &AMM_ID));
  u8 authority_bump;
  SolBytes authority_seeds[2] = {SEED(SEED_COIN_AUTHORITY), {mint->key->x, 32}};
  TRY(expect_pda(authority, authority_seeds, 2, in->program_id, &authority_bump));
  /* The coin's own curve, quoted in a Token-2022 coin: the native coin (ZEC is an SPL Token mint). */
  SolBytes curve_seeds[2] = {SEED(SEED_BONDING_CURVE), {mint->key->x, 32}};
  TRY(expect_pda(curve, curve_seeds, 2, &LAUNCHPAD_ID, NULL));
  TRY(expect_anchor_account(curve, &LAUNCHPAD_ID, LAUNCHPAD_CURVE_DISCRIMINATOR, CURVE_MIN_SIZE));
  if (!pubkey_eq_bytes(curve->data + CURVE_QUOTE_MINT, native) || !pubkey_eq(a[CN_NATIVE_MINT].owner, &TOKEN_2022_PROGRAM_ID)) return E_NOT_NATIVE_PAIRED;
  if (!is_ata(&a[CN_AUTHORITY_NATIVE], authority->key, &TOKEN_2022_PROGRAM_ID, native)) return E_WRONG_DESTINATION;

  CreateAta own = {a[CN_SENDER].key, a[CN_AUTHORITY_NATIVE].key, authority->key, native, &TOKEN_2022_PROGRAM_ID};
  TRY(ata_create_idempotent(in, &own));
  u64 before = token_account_amount(&a[CN_AUTHORITY_NATIVE]);
  SolSignerSeed parts[3] = {SEED(SEED_COIN_AUTHORITY), {mint->key->x, 32}, {&authority_bump, 1}};
  SolSignerSeeds signer = {parts, 3};
  TRY(collect_native_launchpad(in, &signer));
  TRY(collect_native_amm(in));
  u64 amount = token_account_amount(&a[CN_AUTHORITY_NATIVE]) - before;
  if (amount > 0) emit_mint_event(NATIVE_COLLECT_EVENT, mint->key, &amount, 1);
  u8 collected[8];
  put_u64(collected, amount);
  sol_set_return_data(collected, 8); /* the native coin collected by this call (u64 LE) */
  return OK;
}

/* ---------- split_native ---------- */

enum {
  SN_SENDER, SN_CONFIG, SN_MINT, SN_COIN_AUTHORITY, SN_AUTHORITY_NATIVE, SN_AUTHORITY_ZEC, SN_RECORD, SN_RECORD_ZEC, SN_TREASURY_ZEC,
  SN_NATIVE_MINT, SN_ZEC_MINT, SN_PRICE, SN_POT, SN_POT_NATIVE, SN_TOKEN_PROGRAM, SN_TOKEN_2022, SN_ASSOCIATED_TOKEN_PROGRAM,
  SN_SYSTEM_PROGRAM, SN_AMM, SN_AMM_CONFIG, SN_POOL, SN_POOL_BASE, SN_POOL_QUOTE, SN_PROTOCOL_FEE_RECIPIENT, SN_PROTOCOL_FEE_ATA,
  SN_CREATOR_VAULT_ATA, SN_CREATOR_VAULT_AUTHORITY, SN_AMM_EVENT_AUTHORITY, SN_FEE_CONFIG, SN_FEE_PROGRAM, SN_ACCOUNTS
};

/* Where a native instruction keeps the AMM, its config, the pool and the two mints. */
typedef struct {
  u64 amm, config, pool, base_vault, quote_vault, native_mint, zec_mint;
} NativePoolAt;

/* The pinned native-coin/ZEC pool: the AMM's, base the native coin, quote ZEC, created by the AMM's admin
 * (the rule the AMM's route applies to its hop 1), with its own two vaults. */
static Result expect_native_pool(const Input *in, const NativePoolAt *at) {
  const SolAccountInfo *a = in->accounts, *config = &a[at->config], *pool = &a[at->pool];
  TRY(expect_key(&a[at->amm], &AMM_ID));
  SolBytes config_seeds[1] = {SEED(SEED_AMM_GLOBAL_CONFIG)};
  if (!is_pda(config->key, config_seeds, 1, &AMM_ID, NULL)) return E_NOT_NATIVE_POOL;
  if (expect_anchor_account(config, &AMM_ID, AMM_GLOBAL_CONFIG_DISCRIMINATOR, AMM_GC_ADMIN + 32) != OK) return E_NOT_NATIVE_POOL;
  if (expect_anchor_account(pool, &AMM_ID, AMM_POOL_DISCRIMINATOR, POOL_MIN_SIZE) != OK) return E_NOT_NATIVE_POOL;
  const u8 *p = pool->data;
  if (!pubkey_eq_bytes(p + POOL_CREATOR, (const Pubkey *)(config->data + AMM_GC_ADMIN))) return E_NOT_NATIVE_POOL;
  if (!pubkey_eq_bytes(p + POOL_BASE_MINT, a[at->native_mint].key) || !pubkey_eq_bytes(p + POOL_QUOTE_MINT, a[at->zec_mint].key)) return E_NOT_NATIVE_POOL;
  if (!pubkey_eq_bytes(p + POOL_BASE_VAULT, a[at->base_vault].key) || !pubkey_eq_bytes(p + POOL_QUOTE_VAULT, a[at->quote_vault].key)) return E_NOT_NATIVE_POOL;
  if (!pubkey_eq(a[at->native_mint].owner, &TOKEN_2022_PROGRAM_ID)) return E_NOT_NATIVE_POOL;
  if (!pubkey_eq(a[at->zec_mint].owner, &TOKEN_PROGRAM_ID) || mint_decimals(&a[at->zec_mint]) != 8) return E_NOT_ZEC_MINT;
  return OK;
}

/* The floor of converting `amount` native units: floor(floor(amount × reference / 1e12) × (10000 − tolerance) / 10000). */
static Result conversion_floor(u64 amount, u64 reference, u16 tolerance_bps, u64 *floor) {
  u64 value;
  if (!mul_div_floor(amount, reference, RATE_SCALE, &value) || tolerance_bps >= 10000) return E_OVERFLOW_VAULT;
  return mul_div_floor(value, 10000 - tolerance_bps, 10000, floor) ? OK : E_OVERFLOW_VAULT;
}

/* The AMM `sell` of `amount` native units by the coin authority, for at least `min_out` zat. */
static Result sell_native(const Input *in, u64 amount, u64 min_out, const SolSignerSeeds *signer) {
  const SolAccountInfo *a = in->accounts;
  SolAccountMeta m[21] = {
      {a[SN_POOL].key, true, false},           {a[SN_COIN_AUTHORITY].key, false, true},    {a[SN_AMM_CONFIG].key, false, false},
      {a[SN_NATIVE_MINT].key, false, false},   {a[SN_ZEC_MINT].key, false, false},         {a[SN_AUTHORITY_NATIVE].key, true, false},
      {a[SN_AUTHORITY_ZEC].key, true, false},  {a[SN_POOL_BASE].key, true, false},         {a[SN_POOL_QUOTE].key, true, false},
      {a[SN_PROTOCOL_FEE_RECIPIENT].key, false, false}, {a[SN_PROTOCOL_FEE_ATA].key, true, false}, {&TOKEN_2022_PROGRAM_ID, false, false},
      {&TOKEN_PROGRAM_ID, false, false},       {&SYSTEM_PROGRAM_ID, false, false},         {&ASSOCIATED_TOKEN_PROGRAM_ID, false, false},
      {a[SN_AMM_EVENT_AUTHORITY].key, false, false}, {&AMM_ID, false, false},              {a[SN_CREATOR_VAULT_ATA].key, true, false},
      {a[SN_CREATOR_VAULT_AUTHORITY].key, false, false}, {a[SN_FEE_CONFIG].key, false, false}, {a[SN_FEE_PROGRAM].key, false, false},
  };
  u8 data[24];
  copy_bytes(data, AMM_SELL, 8);
  put_u64(data + 8, amount);
  put_u64(data + 16, min_out);
  SolInstruction sell = {&AMM_ID, m, 21, data, sizeof(data)};
  return invoke_signed(&sell, in, signer, 1);
}

/* The sell's fee accounts exist before the sell: the coin authority, its seller, holds no SOL to open them. */
static Result open_sell_accounts(const Input *in) {
  const SolAccountInfo *a = in->accounts;
  const Pubkey *payer = a[SN_SENDER].key, *zec = a[SN_ZEC_MINT].key;
  CreateAta own = {payer, a[SN_AUTHORITY_ZEC].key, a[SN_COIN_AUTHORITY].key, zec, &TOKEN_PROGRAM_ID};
  TRY(ata_create_idempotent(in, &own));
  CreateAta protocol = {payer, a[SN_PROTOCOL_FEE_ATA].key, a[SN_PROTOCOL_FEE_RECIPIENT].key, zec, &TOKEN_PROGRAM_ID};
  TRY(ata_create_idempotent(in, &protocol));
  CreateAta creator = {payer, a[SN_CREATOR_VAULT_ATA].key, a[SN_CREATOR_VAULT_AUTHORITY].key, zec, &TOKEN_PROGRAM_ID};
  return ata_create_idempotent(in, &creator);
}

typedef struct {
  u64 collected, burned, to_lp, converted, zec_out, treasury_zec, payee_zec;
} NativeSplit;

static void emit_native_split(const Pubkey *mint, const NativeSplit *s) {
  /* One slice, as Anchor's emit! writes it: "Program data: " + base64(discriminator ‖ body). */
  u8 buf[8 + 32 + 8 * 7];
  copy_bytes(buf, NATIVE_SPLIT_EVENT, 8);
  copy_bytes(buf + 8, mint, 32);
  u64 figures[7] = {s->collected, s->burned, s->to_lp, s->converted, s->zec_out, s->treasury_zec, s->payee_zec};
  for (int i = 0; i < 7; i++) put_u64(buf + 40 + 8 * i, figures[i]);
  SolBytes parts[1] = {{buf, sizeof(buf)}};
  sol_log_data(parts, 1);
  sol_set_return_data(buf + 40, sizeof(buf) - 40); /* the seven figures (u64 LE each) */
}

/* Converts the treasury's and the payee's native parts to ZEC, never below the floor, and pays them. */
static Result convert_native(const Input *in, const SolSignerSeeds *signer, u64 treasury_native, u64 payee_native, NativeSplit *s) {
  const SolAccountInfo *a = in->accounts, *price = &a[SN_PRICE];
  s->converted = treasury_native + payee_native;
  if (s->converted == 0) return OK;
  u64 floor;
  TRY(conversion_floor(s->converted, get_u64(price->data + PRC_REFERENCE), get_u16(a[SN_CONFIG].data + VC_TOLERANCE_BPS), &floor));
  TRY(open_sell_accounts(in));
  u64 before = token_account_amount(&a[SN_AUTHORITY_ZEC]);
  TRY(sell_native(in, s->converted, floor, signer));
  s->zec_out = token_account_amount(&a[SN_AUTHORITY_ZEC]) - before; /* at least `floor`: the sell's own minimum */
  if (!mul_div_floor(s->zec_out, treasury_native, s->converted, &s->treasury_zec)) return E_OVERFLOW_VAULT;
  s->payee_zec = s->zec_out - s->treasury_zec;
  const Pubkey *zec = a[SN_ZEC_MINT].key;
  u8 decimals = mint_decimals(&a[SN_ZEC_MINT]);
  if (s->treasury_zec) {
    TransferChecked t = {&TOKEN_PROGRAM_ID, a[SN_AUTHORITY_ZEC].key, zec, a[SN_TREASURY_ZEC].key, a[SN_COIN_AUTHORITY].key, s->treasury_zec, decimals};
    TRY(token_transfer_checked(in, &t, signer));
  }
  if (s->payee_zec) {
    TransferChecked t = {&TOKEN_PROGRAM_ID, a[SN_AUTHORITY_ZEC].key, zec, a[SN_RECORD_ZEC].key, a[SN_COIN_AUTHORITY].key, s->payee_zec, decimals};
    TRY(token_transfer_checked(in, &t, signer));
  }
  u64 realised;
  if (!mul_div_floor(s->zec_out, RATE_SCALE, s->converted, &realised)) return E_OVERFLOW_VAULT;
  Clock clock;
  sol_get_clock_sysvar(&clock);
  put_u64(price->data + PRC_REALISED, realised);
  put_u64(price->data + PRC_UPDATED_SLOT, clock.slot);
  return OK;
}

static Result expect_split_native_accounts(const Input *in, u8 *authority_bump) {
  TRY(expect_accounts(in, SN_ACCOUNTS));
  const SolAccountInfo *a = in->accounts, *config = &a[SN_CONFIG], *mint = &a[SN_MINT], *record = &a[SN_RECORD], *price = &a[SN_PRICE];
  const Pubkey *native = a[SN_NATIVE_MINT].key, *zec = a[SN_ZEC_MINT].key, *authority = a[SN_COIN_AUTHORITY].key;
  TRY(expect_signer(&a[SN_SENDER]));
  TRY(expect_key(&a[SN_TOKEN_PROGRAM], &TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[SN_TOKEN_2022], &TOKEN_2022_PROGRAM_ID));
  TRY(expect_key(&a[SN_ASSOCIATED_TOKEN_PROGRAM], &ASSOCIATED_TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[SN_SYSTEM_PROGRAM], &SYSTEM_PROGRAM_ID));
  TRY(expect_config(in, config));
  TRY(expect_anchor_account(record, in->program_id, PAYEE_RECORD_DISCRIMINATOR, PAYEE_RECORD_SIZE));
  if (!pubkey_eq_bytes(record->data + PR_MINT, mint->key)) return ERR_CONSTRAINT_SEEDS;
  SolBytes authority_seeds[2] = {SEED(SEED_COIN_AUTHORITY), {mint->key->x, 32}};
  TRY(expect_pda(&a[SN_COIN_AUTHORITY], authority_seeds, 2, in->program_id, authority_bump));
  NativePoolAt at = {SN_AMM, SN_AMM_CONFIG, SN_POOL, SN_POOL_BASE, SN_POOL_QUOTE, SN_NATIVE_MINT, SN_ZEC_MINT};
  TRY(expect_native_pool(in, &at));
  SolBytes price_seeds[2] = {SEED(SEED_PRICE), {native->x, 32}};
  TRY(expect_pda(price, price_seeds, 2, in->program_id, NULL));
  if (expect_anchor_account(price, in->program_id, PRICE_RECORD_DISCRIMINATOR, PRICE_RECORD_SIZE) != OK || get_u64(price->data + PRC_REFERENCE) == 0) return E_NO_PRICE_RECORD;
  TRY(expect_writable(price));
  const u8 *cfg = config->data;
  if (!pubkey_eq_bytes(cfg + VC_LIQUIDITY_POT, a[SN_POT].key)) return E_WRONG_DESTINATION;
  if (!is_ata(&a[SN_AUTHORITY_NATIVE], authority, &TOKEN_2022_PROGRAM_ID, native)) return E_WRONG_DESTINATION;
  if (!is_ata(&a[SN_POT_NATIVE], a[SN_POT].key, &TOKEN_2022_PROGRAM_ID, native)) return E_WRONG_DESTINATION;
  TRY(expect_zec_ata(&a[SN_AUTHORITY_ZEC], authority, zec));
  TRY(expect_zec_ata(&a[SN_RECORD_ZEC], record->key, zec));
  return expect_zec_ata(&a[SN_TREASURY_ZEC], (const Pubkey *)(cfg + VC_TREASURY), zec);
}

static Result split_native(const Input *in) {
  u8 authority_bump;
  TRY(expect_split_native_accounts(in, &authority_bump));
  const SolAccountInfo *a = in->accounts, *mint = &a[SN_MINT];
  const Pubkey *native = a[SN_NATIVE_MINT].key, *authority = a[SN_COIN_AUTHORITY].key;
  NativeSplit s = {0, 0, 0, 0, 0, 0, 0};
  if (account_data_len(&a[SN_AUTHORITY_NATIVE]) == 0) return OK; /* never collected */
  s.collected = token_account_amount(&a[SN_AUTHORITY_NATIVE]);
  if (s.collected == 0) return OK;
  const u8 *rates = a[SN_CONFIG].data + VC_SPLIT;
  u64 treasury, payee;
  if (!mul_div_floor(s.collected, get_u16(rates), 10000, &s.to_lp) || !mul_div_floor(s.collected, get_u16(rates + 2), 10000, &s.burned) ||
      !mul_div_floor(s.collected, get_u16(rates + 4), 10000, &treasury))
    return E_INVALID_SPLIT;
  payee = s.collected - s.to_lp - s.burned - treasury;
  SolSignerSeed parts[3] = {SEED(SEED_COIN_AUTHORITY), {mint->key->x, 32}, {&authority_bump, 1}};
  SolSignerSeeds signer = {parts, 3};
  u8 decimals = mint_decimals(&a[SN_NATIVE_MINT]);
  if (s.burned) {
    BurnChecked burn = {&TOKEN_2022_PROGRAM_ID, a[SN_AUTHORITY_NATIVE].key, native, authority, s.burned, decimals};
    TRY(token_burn_checked(in, &burn, &signer));
  }
  if (s.to_lp) {
    CreateAta pot = {a[SN_SENDER].key, a[SN_POT_NATIVE].key, a[SN_POT].key, native, &TOKEN_2022_PROGRAM_ID};
    TRY(ata_create_idempotent(in, &pot));
    TransferChecked t = {&TOKEN_2022_PROGRAM_ID, a[SN_AUTHORITY_NATIVE].key, native, a[SN_POT_NATIVE].key, authority, s.to_lp, decimals};
    TRY(token_transfer_checked(in, &t, &signer));
  }
  TRY(convert_native(in, &signer, treasury, payee, &s));
  emit_native_split(mint->key, &s);
  return OK;
}

/* ---------- add_liquidity ---------- */

enum {
  AL_SENDER, AL_CONFIG, AL_POT, AL_POT_NATIVE, AL_POT_ZEC, AL_POT_LP, AL_NATIVE_MINT, AL_ZEC_MINT, AL_LP_MINT, AL_TOKEN_PROGRAM, AL_TOKEN_2022,
  AL_ASSOCIATED_TOKEN_PROGRAM, AL_SYSTEM_PROGRAM, AL_AMM, AL_AMM_CONFIG, AL_POOL, AL_POOL_BASE, AL_POOL_QUOTE, AL_AMM_EVENT_AUTHORITY, AL_ACCOUNTS
};

static Result add_liquidity(const Input *in) {
  TRY(expect_accounts(in, AL_ACCOUNTS));
  const SolAccountInfo *a = in->accounts, *pot = &a[AL_POT], *pool = &a[AL_POOL];
  const Pubkey *native = a[AL_NATIVE_MINT].key, *zec = a[AL_ZEC_MINT].key;
  TRY(expect_signer(&a[AL_SENDER]));
  TRY(expect_key(&a[AL_TOKEN_PROGRAM], &TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[AL_TOKEN_2022], &TOKEN_2022_PROGRAM_ID));
  TRY(expect_key(&a[AL_ASSOCIATED_TOKEN_PROGRAM], &ASSOCIATED_TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[AL_SYSTEM_PROGRAM], &SYSTEM_PROGRAM_ID));
  TRY(expect_config(in, &a[AL_CONFIG]));
  NativePoolAt at = {AL_AMM, AL_AMM_CONFIG, AL_POOL, AL_POOL_BASE, AL_POOL_QUOTE, AL_NATIVE_MINT, AL_ZEC_MINT};
  TRY(expect_native_pool(in, &at));
  if (!pubkey_eq_bytes(a[AL_CONFIG].data + VC_LIQUIDITY_POT, pot->key)) return E_WRONG_DESTINATION;
  u8 pot_bump;
  SolBytes pot_seeds[1] = {SEED(SEED_LIQUIDITY_POT)};
  TRY(expect_pda(pot, pot_seeds, 1, in->program_id, &pot_bump));
  const u8 *p = pool->data;
  if (!pubkey_eq_bytes(p + POOL_LP_MINT, a[AL_LP_MINT].key)) return E_NOT_NATIVE_POOL;
  if (!is_ata(&a[AL_POT_NATIVE], pot->key, &TOKEN_2022_PROGRAM_ID, native)) return E_WRONG_DESTINATION;
  TRY(expect_zec_ata(&a[AL_POT_ZEC], pot->key, zec));
  if (!is_ata(&a[AL_POT_LP], pot->key, &TOKEN_2022_PROGRAM_ID, a[AL_LP_MINT].key)) return E_WRONG_DESTINATION;
  if (account_data_len(&a[AL_POT_NATIVE]) == 0 || account_data_len(&a[AL_POT_ZEC]) == 0) return OK;

  /* The most LP tokens both balances cover: deposit takes ceil(lp × reserve / supply) of each side. */
  u64 native_held = token_account_amount(&a[AL_POT_NATIVE]), zec_held = token_account_amount(&a[AL_POT_ZEC]);
  u64 supply = get_u64(p + POOL_LP_SUPPLY), base_reserve = token_account_amount(&a[AL_POOL_BASE]), quote_reserve, by_native, by_zec;
  if (!sub_u64(token_account_amount(&a[AL_POOL_QUOTE]), get_u64(p + POOL_ROUTE_CREATOR_FEES), &quote_reserve)) return E_OVERFLOW_VAULT;
  if (base_reserve == 0 || quote_reserve == 0) return E_NOT_NATIVE_POOL;
  if (!mul_div_floor(native_held, supply, base_reserve, &by_native) || !mul_div_floor(zec_held, supply, quote_reserve, &by_zec)) return E_OVERFLOW_VAULT;
  u64 lp = by_native < by_zec ? by_native : by_zec;
  if (lp == 0) return OK; /* too little of one side: it waits for the next split */

  CreateAta lp_account = {a[AL_SENDER].key, a[AL_POT_LP].key, pot->key, a[AL_LP_MINT].key, &TOKEN_2022_PROGRAM_ID};
  TRY(ata_create_idempotent(in, &lp_account));
  SolAccountMeta m[15] = {
      {pool->key, true, false},              {a[AL_AMM_CONFIG].key, false, false},   {pot->key, false, true},
      {native, false, false},                {zec, false, false},                    {a[AL_LP_MINT].key, true, false},
      {a[AL_POT_NATIVE].key, true, false},   {a[AL_POT_ZEC].key, true, false},       {a[AL_POT_LP].key, true, false},
      {a[AL_POOL_BASE].key, true, false},    {a[AL_POOL_QUOTE].key, true, false},    {&TOKEN_PROGRAM_ID, false, false},
      {&TOKEN_2022_PROGRAM_ID, false, false}, {a[AL_AMM_EVENT_AUTHORITY].key, false, false}, {&AMM_ID, false, false},
  };
  u8 data[32];
  copy_bytes(data, AMM_DEPOSIT, 8);
  put_u64(data + 8, lp);
  put_u64(data + 16, native_held);
  put_u64(data + 24, zec_held);
  SolInstruction deposit = {&AMM_ID, m, 15, data, sizeof(data)};
  SolSignerSeed parts[2] = {SEED(SEED_LIQUIDITY_POT), {&pot_bump, 1}};
  SolSignerSeeds signer = {parts, 2};
  TRY(invoke_signed(&deposit, in, &signer, 1));
  u8 out[24];
  put_u64(out, lp);
  put_u64(out + 8, native_held - token_account_amount(&a[AL_POT_NATIVE]));
  put_u64(out + 16, zec_held - token_account_amount(&a[AL_POT_ZEC]));
  sol_set_return_data(out, sizeof(out)); /* lp minted, native deposited, ZEC deposited (u64 LE each) */
  return OK;
}
