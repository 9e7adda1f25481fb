/*
 * create_pool (a pool with its LP mint and token accounts, seeded by the creator's deposit) and
 * deposit (more liquidity against LP tokens). LP tokens at creation: isqrt(base * quote), of which
 * MINIMUM_LIQUIDITY is never minted; a deposit of `lp` tokens takes ceil(lp * reserve / lp_supply) of
 * each side (core/math/pool.ts, to the base unit).
 */
#pragma once
#include "common.h"

static const u8 IX_CREATE_POOL[8] = {233, 146, 209, 142, 207, 104, 64, 188};
static const u8 IX_DEPOSIT[8] = {242, 35, 198, 137, 82, 225, 242, 182};
static const u8 CREATE_POOL_EVENT[8] = {177, 49, 12, 210, 160, 118, 167, 116};
static const u8 DEPOSIT_EVENT[8] = {120, 248, 61, 83, 31, 142, 107, 144};

enum {
  CP_POOL, CP_GLOBAL_CONFIG, CP_CREATOR, CP_BASE_MINT, CP_QUOTE_MINT, CP_LP_MINT, CP_USER_BASE, CP_USER_QUOTE, CP_USER_POOL_TOKEN,
  CP_POOL_BASE, CP_POOL_QUOTE, CP_SYSTEM_PROGRAM, CP_TOKEN_2022_PROGRAM, CP_BASE_TOKEN_PROGRAM, CP_QUOTE_TOKEN_PROGRAM,
  CP_ASSOCIATED_TOKEN_PROGRAM, CP_EVENT_AUTHORITY, CP_PROGRAM, CP_ACCOUNTS
};

typedef struct {
  u16 index;
  u64 base_in, quote_in;
  const Pubkey *coin_creator;
  u64 creator_fee_bps;
  u8 can_edit_creator_fee;
} CreatePoolArgs;

/* Moves `amount` of `mint` from `from` to `to`, `authority` signing (with `signer` seeds when a PDA). */
typedef struct {
  u64 token_program, from, mint, to, authority, amount;
} Move;

static Result move_tokens(const Input *in, const Move *m, const SolSignerSeeds *signer) {
  if (m->amount == 0) return OK;
  const SolAccountInfo *acc = in->accounts;
  TransferChecked t = {acc[m->token_program].key, acc[m->from].key, acc[m->mint].key, acc[m->to].key, acc[m->authority].key, m->amount,
                       mint_decimals(&acc[m->mint])};
  return token_transfer_checked(in, &t, signer);
}

static Result create_pool_accounts(const Input *in, const CreatePoolArgs *a, u8 pool_bump, u8 lp_bump) {
  const SolAccountInfo *acc = in->accounts, *creator = &acc[CP_CREATOR], *pool = &acc[CP_POOL], *lp_mint = &acc[CP_LP_MINT];
  u8 index[2] = {(u8)(a->index & 0xff), (u8)(a->index >> 8)};
  SolSignerSeed pool_parts[6] = {SEED(SEED_POOL), {index, 2}, {creator->key->x, 32}, {acc[CP_BASE_MINT].key->x, 32}, {acc[CP_QUOTE_MINT].key->x, 32}, {&pool_bump, 1}};
  SolSignerSeeds pool_signer_seeds = {pool_parts, 6};
  CreateAccount create_pool_account = {creator->key, pool->key, POOL_ACCOUNT_SIZE, in->program_id, &pool_signer_seeds};
  TRY(create_account(in, pool, &create_pool_account));
  SolSignerSeed lp_parts[3] = {SEED(SEED_POOL_LP_MINT), {pool->key->x, 32}, {&lp_bump, 1}};
  SolSignerSeeds lp_signer = {lp_parts, 3};
  CreateAccount create_lp = {creator->key, lp_mint->key, MINT_SIZE, &TOKEN_2022_PROGRAM_ID, &lp_signer};
  TRY(create_account(in, lp_mint, &create_lp));
  TRY(token_initialize_mint2(in, &TOKEN_2022_PROGRAM_ID, lp_mint->key, LP_MINT_DECIMALS, pool->key));
  CreateAta base_ata = {creator->key, acc[CP_POOL_BASE].key, pool->key, acc[CP_BASE_MINT].key, acc[CP_BASE_TOKEN_PROGRAM].key};
  TRY(ata_create_idempotent(in, &base_ata));
  CreateAta quote_ata = {creator->key, acc[CP_POOL_QUOTE].key, pool->key, acc[CP_QUOTE_MINT].key, acc[CP_QUOTE_TOKEN_PROGRAM].key};
  TRY(ata_create_idempotent(in, &quote_ata));
  CreateAta lp_ata = {creator->key, acc[CP_USER_POOL_TOKEN].key, creator->key, lp_mint->key, &TOKEN_2022_PROGRAM_ID};
  return ata_create_idempotent(in, &lp_ata);
}

static Result create_pool(const Input *in) {
  TRY(expect_accounts(in, CP_ACCOUNTS));
  const SolAccountInfo *acc = in->accounts, *creator = &acc[CP_CREATOR], *pool = &acc[CP_POOL], *lp_mint = &acc[CP_LP_MINT];
  const SolAccountInfo *config = &acc[CP_GLOBAL_CONFIG];
  TRY(expect_signer(creator));
  TRY(expect_writable(pool));
  TRY(expect_global_config(in, config));
  if (config->data[GC_DISABLE_FLAGS] & DISABLE_CREATE_POOL) return E_DISABLED_CREATE_POOL;
  TRY(expect_key(&acc[CP_TOKEN_2022_PROGRAM], &TOKEN_2022_PROGRAM_ID));
  TRY(expect_key(&acc[CP_ASSOCIATED_TOKEN_PROGRAM], &ASSOCIATED_TOKEN_PROGRAM_ID));
  TRY(expect_event_authority(in, &acc[CP_EVENT_AUTHORITY]));
  const Pubkey *base_mint = acc[CP_BASE_MINT].key, *quote_mint = acc[CP_QUOTE_MINT].key;
  if (pubkey_eq(base_mint, quote_mint)) return E_SAME_MINT;
  if (!is_token_program(acc[CP_BASE_TOKEN_PROGRAM].key) || !pubkey_eq(acc[CP_BASE_MINT].owner, acc[CP_BASE_TOKEN_PROGRAM].key)) return E_INVALID_BASE_MINT;
  if (!is_token_program(acc[CP_QUOTE_TOKEN_PROGRAM].key) || !pubkey_eq(acc[CP_QUOTE_MINT].owner, acc[CP_QUOTE_TOKEN_PROGRAM].key)) return E_INVALID_QUOTE_MINT;

  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  CreatePoolArgs a;
  u8 index_lo = r_u8(&r), index_hi = r_u8(&r);
  a.index = (u16)(index_lo | (index_hi << 8));
  a.base_in = r_u64(&r);
  a.quote_in = r_u64(&r);
  a.coin_creator = r_pubkey(&r);
  u8 mayhem = r_u8(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  /* The trailing OptionBool/OptionU64 tuple structs read as false/0 when the data ends before them. */
  u8 cashback = r.pos < r.len ? r_u8(&r) : 0;
  if (r.pos < r.len && r.pos + 8 > r.len) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE; /* half a creator_fee_bps */
  a.creator_fee_bps = r.pos + 8 <= r.len ? r_u64(&r) : 0;
  a.can_edit_creator_fee = r.pos < r.len ? r_u8(&r) : 0;
  u8 holder_reward = r.pos < r.len ? r_u8(&r) : 0;
  if (mayhem) return E_MAYHEM_MODE_DISABLED;
  if (cashback || holder_reward) return ERR_CONSTRAINT_RAW;
  if (a.base_in == 0) return E_ZERO_BASE_AMOUNT;
  if (a.quote_in == 0) return E_ZERO_QUOTE_AMOUNT;
  /* A pool's own creator rate applies only while GlobalConfig makes it configurable (see read_pool_fees). */
  if (a.creator_fee_bps > BPS) return E_FEE_BASIS_POINTS_EXCEEDS_MAXIMUM;

  u8 pool_bump, lp_bump;
  u8 index[2] = {index_lo, index_hi};
  SolBytes pool_seeds[5] = {SEED(SEED_POOL), {index, 2}, {creator->key->x, 32}, {base_mint->x, 32}, {quote_mint->x, 32}};
  TRY(expect_pda(pool, pool_seeds, 5, in->program_id, &pool_bump));
  SolBytes lp_seeds[2] = {SEED(SEED_POOL_LP_MINT), {pool->key->x, 32}};
  if (!is_pda(lp_mint->key, lp_seeds, 2, in->program_id, &lp_bump)) return E_INVALID_LP_MINT;
  if (expect_ata(&acc[CP_POOL_BASE], pool->key, acc[CP_BASE_TOKEN_PROGRAM].key, base_mint) != OK) return E_INVALID_POOL_BASE_TOKEN_ACCOUNT;
  if (expect_ata(&acc[CP_POOL_QUOTE], pool->key, acc[CP_QUOTE_TOKEN_PROGRAM].key, quote_mint) != OK) return E_INVALID_POOL_QUOTE_TOKEN_ACCOUNT;
  TRY(expect_ata(&acc[CP_USER_POOL_TOKEN], creator->key, &TOKEN_2022_PROGRAM_ID, lp_mint->key));

  U128 product;
  mul_64x64(a.base_in, a.quote_in, &product);
  u64 liquidity = isqrt_u128(&product);
  if (liquidity <= MINIMUM_LIQUIDITY) return E_TOO_LITTLE_POOL_TOKEN_LIQUIDITY;
  u64 lp_out = liquidity - MINIMUM_LIQUIDITY;

  TRY(create_pool_accounts(in, &a, pool_bump, lp_bump));
  Move base_move = {CP_BASE_TOKEN_PROGRAM, CP_USER_BASE, CP_BASE_MINT, CP_POOL_BASE, CP_CREATOR, a.base_in};
  TRY(move_tokens(in, &base_move, NULL));
  Move quote_move = {CP_QUOTE_TOKEN_PROGRAM, CP_USER_QUOTE, CP_QUOTE_MINT, CP_POOL_QUOTE, CP_CREATOR, a.quote_in};
  TRY(move_tokens(in, &quote_move, NULL));

  u8 *p = pool->data;
  copy_bytes(p, POOL_DISCRIMINATOR, 8);
  p[P_POOL_BUMP] = pool_bump;
  p[P_INDEX] = index_lo;
  p[P_INDEX + 1] = index_hi;
  copy_bytes(p + P_CREATOR, creator->key, 32);
  copy_bytes(p + P_BASE_MINT, base_mint, 32);
  copy_bytes(p + P_QUOTE_MINT, quote_mint, 32);
  copy_bytes(p + P_LP_MINT, lp_mint->key, 32);
  copy_bytes(p + P_POOL_BASE_TOKEN_ACCOUNT, acc[CP_POOL_BASE].key, 32);
  copy_bytes(p + P_POOL_QUOTE_TOKEN_ACCOUNT, acc[CP_POOL_QUOTE].key, 32);
  put_u64(p + P_LP_SUPPLY, liquidity);
  copy_bytes(p + P_COIN_CREATOR, a.coin_creator, 32);
  put_u64(p + P_CREATOR_FEE_BPS, a.creator_fee_bps);
  p[P_CAN_EDIT_CREATOR_FEE] = a.can_edit_creator_fee ? 1 : 0;

  PoolSigner s;
  pool_signer(&s, p);
  MintTo mint_lp = {&TOKEN_2022_PROGRAM_ID, lp_mint->key, acc[CP_USER_POOL_TOKEN].key, pool->key, lp_out};
  TRY(token_mint_to(in, &mint_lp, &s.signer));

  u8 buf[8 + 8 + 2 + 32 * 3 + 2 + 8 * 7 + 1 + 32 * 5 + 1 + 8 + 2];
  Writer w = {buf, 0, sizeof(buf), false};
  w_bytes(&w, CREATE_POOL_EVENT, 8);
  w_u64(&w, (u64)now_unix());
  w_u8(&w, index_lo);
  w_u8(&w, index_hi);
  w_pubkey(&w, creator->key);
  w_pubkey(&w, base_mint);
  w_pubkey(&w, quote_mint);
  w_u8(&w, mint_decimals(&acc[CP_BASE_MINT]));
  w_u8(&w, mint_decimals(&acc[CP_QUOTE_MINT]));
  w_u64(&w, a.base_in);
  w_u64(&w, a.quote_in);
  w_u64(&w, a.base_in); /* pool_base_amount */
  w_u64(&w, a.quote_in);
  w_u64(&w, MINIMUM_LIQUIDITY);
  w_u64(&w, liquidity);
  w_u64(&w, lp_out);
  w_u8(&w, pool_bump);
  w_pubkey(&w, pool->key);
  w_pubkey(&w, lp_mint->key);
  w_pubkey(&w, acc[CP_USER_BASE].key);
  w_pubkey(&w, acc[CP_USER_QUOTE].key);
  w_pubkey(&w, a.coin_creator);
  w_u8(&w, 0); /* is_mayhem_mode */
  w_u64(&w, a.creator_fee_bps);
  w_u8(&w, a.can_edit_creator_fee ? 1 : 0);
  w_u8(&w, 0); /* is_holder_reward */
  if (w.overflow) return E_OVERFLOW;
  return emit_event(in, &acc[CP_EVENT_AUTHORITY], buf, w.len);
}

enum {
  D_POOL, D_GLOBAL_CONFIG, D_USER, D_BASE_MINT, D_QUOTE_MINT, D_LP_MINT, D_USER_BASE, D_USER_QUOTE, D_USER_POOL_TOKEN, D_POOL_BASE, D_POOL_QUOTE,
  D_TOKEN_PROGRAM, D_TOKEN_2022_PROGRAM, D_EVENT_AUTHORITY, D_PROGRAM, D_ACCOUNTS
};

/* The account index of the token program that owns `mint_at` (deposit names the two programs once). */
INLINE u64 program_of(const Input *in, u64 mint_at) {
  return pubkey_eq(in->accounts[mint_at].owner, in->accounts[D_TOKEN_2022_PROGRAM].key) ? D_TOKEN_2022_PROGRAM : D_TOKEN_PROGRAM;
}

static Result deposit(const Input *in) {
  TRY(expect_accounts(in, D_ACCOUNTS));
  const SolAccountInfo *acc = in->accounts, *pool = &acc[D_POOL];
  TRY(expect_signer(&acc[D_USER]));
  TRY(expect_writable(pool));
  TRY(expect_global_config(in, &acc[D_GLOBAL_CONFIG]));
  if (acc[D_GLOBAL_CONFIG].data[GC_DISABLE_FLAGS] & DISABLE_DEPOSIT) return E_DISABLED_DEPOSIT;
  TRY(expect_pool(in, pool));
  TRY(expect_key(&acc[D_TOKEN_2022_PROGRAM], &TOKEN_2022_PROGRAM_ID));
  TRY(expect_key(&acc[D_TOKEN_PROGRAM], &TOKEN_PROGRAM_ID));
  TRY(expect_event_authority(in, &acc[D_EVENT_AUTHORITY]));
  u8 *p = pool->data;
  if (!pubkey_eq_bytes(p + P_BASE_MINT, acc[D_BASE_MINT].key)) return E_INVALID_BASE_MINT;
  if (!pubkey_eq_bytes(p + P_QUOTE_MINT, acc[D_QUOTE_MINT].key)) return E_INVALID_QUOTE_MINT;
  if (!pubkey_eq_bytes(p + P_LP_MINT, acc[D_LP_MINT].key)) return E_INVALID_LP_MINT;
  if (!pubkey_eq_bytes(p + P_POOL_BASE_TOKEN_ACCOUNT, acc[D_POOL_BASE].key)) return E_INVALID_POOL_BASE_TOKEN_ACCOUNT;
  if (!pubkey_eq_bytes(p + P_POOL_QUOTE_TOKEN_ACCOUNT, acc[D_POOL_QUOTE].key)) return E_INVALID_POOL_QUOTE_TOKEN_ACCOUNT;

  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u64 lp_out = r_u64(&r), max_base = r_u64(&r), max_quote = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (lp_out == 0) return E_ZERO_BASE_AMOUNT;
  u64 lp_supply = get_u64(p + P_LP_SUPPLY);
  u64 base_reserve = token_account_amount(&acc[D_POOL_BASE]), quote_reserve;
  if (!sub_u64(token_account_amount(&acc[D_POOL_QUOTE]), get_u64(p + P_ROUTE_CREATOR_FEES), &quote_reserve)) return E_OVERFLOW;
  u64 base_in, quote_in, next_supply;
  if (!mul_div_ceil(lp_out, base_reserve, lp_supply, &base_in) || !mul_div_ceil(lp_out, quote_reserve, lp_supply, &quote_in) ||
      !add_u64(lp_supply, lp_out, &next_supply)) {
    return E_OVERFLOW;
  }
  if (base_in > max_base || quote_in > max_quote) return E_EXCEEDED_SLIPPAGE;

  Move base_move = {program_of(in, D_BASE_MINT), D_USER_BASE, D_BASE_MINT, D_POOL_BASE, D_USER, base_in};
  TRY(move_tokens(in, &base_move, NULL));
  Move quote_move = {program_of(in, D_QUOTE_MINT), D_USER_QUOTE, D_QUOTE_MINT, D_POOL_QUOTE, D_USER, quote_in};
  TRY(move_tokens(in, &quote_move, NULL));
  PoolSigner s;
  pool_signer(&s, p);
  MintTo mint_lp = {&TOKEN_2022_PROGRAM_ID, acc[D_LP_MINT].key, acc[D_USER_POOL_TOKEN].key, pool->key, lp_out};
  TRY(token_mint_to(in, &mint_lp, &s.signer));
  put_u64(p + P_LP_SUPPLY, next_supply);

  u8 buf[8 + 8 * 11 + 32 * 5];
  Writer w = {buf, 0, sizeof(buf), false};
  w_bytes(&w, DEPOSIT_EVENT, 8);
  w_u64(&w, (u64)now_unix());
  w_u64(&w, lp_out);
  w_u64(&w, max_base);
  w_u64(&w, max_quote);
  w_u64(&w, token_account_amount(&acc[D_USER_BASE]));
  w_u64(&w, token_account_amount(&acc[D_USER_QUOTE]));
  w_u64(&w, token_account_amount(&acc[D_POOL_BASE]));
  w_u64(&w, token_account_amount(&acc[D_POOL_QUOTE]));
  w_u64(&w, base_in);
  w_u64(&w, quote_in);
  w_u64(&w, next_supply);
  w_pubkey(&w, pool->key);
  w_pubkey(&w, acc[D_USER].key);
  w_pubkey(&w, acc[D_USER_BASE].key);
  w_pubkey(&w, acc[D_USER_QUOTE].key);
  w_pubkey(&w, acc[D_USER_POOL_TOKEN].key);
  return emit_event(in, &acc[D_EVENT_AUTHORITY], buf, w.len);
}
