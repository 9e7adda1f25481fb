/*
 * buy (exact base out, max quote in), buy_exact_quote_in (exact quote in, min base out) and sell (exact
 * base in, min quote out) on a pool. With B, Q the pool's token balances and Qe = Q + virtual quote:
 *   buy  quote  = ceil(Qe * base / (B - base))
 *   sell quote  = floor(Qe * base / (B + base))
 *   each fee    = ceil(quote * bps / 10000); the LP fee stays in the pool, protocol and coin-creator
 *                 fees go to their accounts (core/math/pool.ts, to the base unit)
 *   exact-in    quote = the most that fits `spendable` with its fees, then
 *               base = floor(quote * B / (Qe + quote)): the most base that quote buys
 */
#pragma once
#include "pool.h"

static const u8 IX_BUY[8] = {102, 6, 61, 18, 1, 218, 235, 234};
static const u8 IX_BUY_EXACT_QUOTE_IN[8] = {198, 46, 21, 82, 180, 217, 232, 112};
static const u8 IX_SELL[8] = {51, 230, 133, 164, 1, 127, 131, 173};
static const u8 BUY_EVENT[8] = {103, 244, 82, 31, 44, 245, 119, 119};
static const u8 SELL_EVENT[8] = {62, 47, 55, 10, 165, 3, 220, 42};

enum {
  S_POOL, S_USER, S_GLOBAL_CONFIG, S_BASE_MINT, S_QUOTE_MINT, S_USER_BASE, S_USER_QUOTE, S_POOL_BASE, S_POOL_QUOTE, S_PROTOCOL_FEE_RECIPIENT,
  S_PROTOCOL_FEE_RECIPIENT_ATA, S_BASE_TOKEN_PROGRAM, S_QUOTE_TOKEN_PROGRAM, S_SYSTEM_PROGRAM, S_ASSOCIATED_TOKEN_PROGRAM, S_EVENT_AUTHORITY,
  S_PROGRAM, S_CREATOR_VAULT_ATA, S_CREATOR_VAULT_AUTHORITY
};
/* Buys then list global_volume_accumulator, user_volume_accumulator, fee_config, fee_program; sells the last two. */
#define BUY_FEE_CONFIG 21
#define BUY_ACCOUNTS 23
#define SELL_FEE_CONFIG 19
#define SELL_ACCOUNTS 21

typedef struct {
  u64 base, quote, lp_fee, protocol_fee, creator_fee;
} Swap;

typedef struct {
  const Input *in;
  PoolFeeRates fees;
  u64 base_reserve, quote_reserve, effective_quote;
  bool is_buy;
} SwapCtx;

static bool swap_fees(u64 quote, const PoolFeeRates *f, Swap *s, u64 *total) {
  s->quote = quote;
  return mul_div_ceil(quote, f->lp_bps, BPS, &s->lp_fee) && mul_div_ceil(quote, f->protocol_bps, BPS, &s->protocol_fee) &&
         mul_div_ceil(quote, f->creator_bps, BPS, &s->creator_fee) && add_u64(quote, s->lp_fee, total) && add_u64(*total, s->protocol_fee, total) &&
         add_u64(*total, s->creator_fee, total);
}

static Result expect_swap_accounts(SwapCtx *x, u64 fee_config_at, u64 count) {
  const Input *in = x->in;
  TRY(expect_accounts(in, count));
  const SolAccountInfo *acc = in->accounts, *pool = &acc[S_POOL], *config = &acc[S_GLOBAL_CONFIG];
  TRY(expect_signer(&acc[S_USER]));
  TRY(expect_writable(pool));
  TRY(expect_pool(in, pool));
  TRY(expect_global_config(in, config));
  if (config->data[GC_DISABLE_FLAGS] & (x->is_buy ? DISABLE_BUY : DISABLE_SELL)) return x->is_buy ? E_DISABLED_BUY : E_DISABLED_SELL;
  const u8 *p = pool->data;
  if (!pubkey_eq_bytes(p + P_BASE_MINT, acc[S_BASE_MINT].key)) return E_INVALID_BASE_MINT;
  if (!pubkey_eq_bytes(p + P_QUOTE_MINT, acc[S_QUOTE_MINT].key)) return E_INVALID_QUOTE_MINT;
  if (!pubkey_eq_bytes(p + P_POOL_BASE_TOKEN_ACCOUNT, acc[S_POOL_BASE].key)) return E_INVALID_POOL_BASE_TOKEN_ACCOUNT;
  if (!pubkey_eq_bytes(p + P_POOL_QUOTE_TOKEN_ACCOUNT, acc[S_POOL_QUOTE].key)) return E_INVALID_POOL_QUOTE_TOKEN_ACCOUNT;
  if (!pubkey_eq(acc[S_BASE_MINT].owner, acc[S_BASE_TOKEN_PROGRAM].key) || !is_token_program(acc[S_BASE_TOKEN_PROGRAM].key)) return E_INVALID_BASE_MINT;
  if (!pubkey_eq(acc[S_QUOTE_MINT].owner, acc[S_QUOTE_TOKEN_PROGRAM].key) || !is_token_program(acc[S_QUOTE_TOKEN_PROGRAM].key)) return E_INVALID_QUOTE_MINT;
  TRY(expect_key(&acc[S_ASSOCIATED_TOKEN_PROGRAM], &ASSOCIATED_TOKEN_PROGRAM_ID));
  TRY(expect_key(&acc[S_SYSTEM_PROGRAM], &SYSTEM_PROGRAM_ID));
  TRY(expect_event_authority(in, &acc[S_EVENT_AUTHORITY]));

  /* The protocol fee recipient is one GlobalConfig names; fee accounts at their associated addresses. */
  const Pubkey *recipient = acc[S_PROTOCOL_FEE_RECIPIENT].key;
  bool known = false;
  for (int i = 0; i < PROTOCOL_FEE_RECIPIENT_SLOTS && !known; i++) known = pubkey_eq_bytes(config->data + GC_PROTOCOL_FEE_RECIPIENTS + 32 * i, recipient);
  if (!known) return E_INVALID_PROTOCOL_FEE_RECIPIENT;
  TRY(expect_ata(&acc[S_PROTOCOL_FEE_RECIPIENT_ATA], recipient, acc[S_QUOTE_TOKEN_PROGRAM].key, acc[S_QUOTE_MINT].key));
  SolBytes vault_seeds[2] = {SEED(SEED_CREATOR_VAULT), {p + P_COIN_CREATOR, 32}};
  TRY(expect_pda(&acc[S_CREATOR_VAULT_AUTHORITY], vault_seeds, 2, in->program_id, NULL));
  TRY(expect_ata(&acc[S_CREATOR_VAULT_ATA], acc[S_CREATOR_VAULT_AUTHORITY].key, acc[S_QUOTE_TOKEN_PROGRAM].key, acc[S_QUOTE_MINT].key));
  TRY(read_pool_fees(in, fee_config_at, config->data, p, &x->fees));

  x->base_reserve = token_account_amount(&acc[S_POOL_BASE]);
  /* Route creator fees wait in the quote vault for collection: they are not reserves. */
  if (!sub_u64(token_account_amount(&acc[S_POOL_QUOTE]), get_u64(p + P_ROUTE_CREATOR_FEES), &x->quote_reserve)) return E_OVERFLOW;
  /* Virtual quote reserves are an i128; the sandbox's pools never set them beyond u64, nor negative. */
  const u8 *v = p + P_VIRTUAL_QUOTE_RESERVES;
  if (get_u64(v + 8) != 0) return E_OVERFLOW;
  if (!add_u64(x->quote_reserve, get_u64(v), &x->effective_quote)) return E_OVERFLOW;
  if (x->base_reserve == 0 || x->effective_quote == 0) return E_ZERO_BASE_AMOUNT;
  return OK;
}

/* Protocol and coin-creator fee accounts are created when missing, at the trader's expense. */
static Result ensure_fee_accounts(const Input *in) {
  const SolAccountInfo *acc = in->accounts;
  if (account_data_len(&acc[S_PROTOCOL_FEE_RECIPIENT_ATA]) == 0) {
    CreateAta c = {acc[S_USER].key, acc[S_PROTOCOL_FEE_RECIPIENT_ATA].key, acc[S_PROTOCOL_FEE_RECIPIENT].key, acc[S_QUOTE_MINT].key, acc[S_QUOTE_TOKEN_PROGRAM].key};
    TRY(ata_create_idempotent(in, &c));
  }
  if (account_data_len(&acc[S_CREATOR_VAULT_ATA]) == 0) {
    CreateAta c = {acc[S_USER].key, acc[S_CREATOR_VAULT_ATA].key, acc[S_CREATOR_VAULT_AUTHORITY].key, acc[S_QUOTE_MINT].key, acc[S_QUOTE_TOKEN_PROGRAM].key};
    TRY(ata_create_idempotent(in, &c));
  }
  return OK;
}

typedef struct {
  const SwapCtx *x;
  const Swap *s;
  u64 limit; /* max quote in (buy) or min quote out (sell) */
  u64 min_base_out;
  const u8 *ix_name;
  u64 ix_name_len;
  u64 user_quote_amount; /* what the user paid (buy) or received (sell) */
} SwapReport;

static Result emit_swap(const SwapReport *r) {
  const SwapCtx *x = r->x;
  const Swap *s = r->s;
  const Input *in = x->in;
  const SolAccountInfo *acc = in->accounts;
  const u8 *p = acc[S_POOL].data;
  u8 buf[640];
  Writer w = {buf, 0, sizeof(buf), false};
  w_bytes(&w, x->is_buy ? BUY_EVENT : SELL_EVENT, 8);
  w_u64(&w, (u64)now_unix());
  w_u64(&w, s->base);
  w_u64(&w, r->limit);
  w_u64(&w, token_account_amount(&acc[S_USER_BASE]));
  w_u64(&w, token_account_amount(&acc[S_USER_QUOTE]));
  w_u64(&w, token_account_amount(&acc[S_POOL_BASE]));
  w_u64(&w, token_account_amount(&acc[S_POOL_QUOTE]));
  w_u64(&w, s->quote); /* quote_amount_in / quote_amount_out */
  w_u64(&w, x->fees.lp_bps);
  w_u64(&w, s->lp_fee);
  w_u64(&w, x->fees.protocol_bps);
  w_u64(&w, s->protocol_fee);
  w_u64(&w, x->is_buy ? s->quote + s->lp_fee : s->quote - s->lp_fee); /* with / without the LP fee */
  w_u64(&w, r->user_quote_amount);
  w_pubkey(&w, acc[S_POOL].key);
  w_pubkey(&w, acc[S_USER].key);
  w_pubkey(&w, acc[S_USER_BASE].key);
  w_pubkey(&w, acc[S_USER_QUOTE].key);
  w_pubkey(&w, acc[S_PROTOCOL_FEE_RECIPIENT].key);
  w_pubkey(&w, acc[S_PROTOCOL_FEE_RECIPIENT_ATA].key);
  w_bytes(&w, p + P_COIN_CREATOR, 32);
  w_u64(&w, x->fees.creator_bps);
  w_u64(&w, s->creator_fee);
  if (x->is_buy) {
    w_u8(&w, 0); /* track_volume */
    w_u64(&w, 0);
    w_u64(&w, 0);
    w_u64(&w, 0);
    w_u64(&w, 0);
    w_u64(&w, r->min_base_out);
    w_string(&w, r->ix_name, (u32)r->ix_name_len);
  }
  w_u64(&w, 0); /* cashback_fee_basis_points */
  w_u64(&w, 0); /* cashback */
  w_u64(&w, 0); /* buyback_fee_basis_points */
  w_u64(&w, 0); /* buyback_fee */
  w_bytes(&w, p + P_VIRTUAL_QUOTE_RESERVES, 16);
  w_u8(&w, 0); /* can_boost */
  w_u64(&w, mint_supply(&acc[S_BASE_MINT]));
  w_u64(&w, 0); /* holder_rewards_bps */
  w_u64(&w, 0); /* holder_rewards */
  if (w.overflow) return E_OVERFLOW;
  return emit_event(in, &acc[S_EVENT_AUTHORITY], buf, w.len);
}

static Result settle_buy(const SwapCtx *x, const Swap *s, const SwapReport *report) {
  const Input *in = x->in;
  TRY(ensure_fee_accounts(in));
  Move to_pool = {S_QUOTE_TOKEN_PROGRAM, S_USER_QUOTE, S_QUOTE_MINT, S_POOL_QUOTE, S_USER, s->quote + s->lp_fee};
  TRY(move_tokens(in, &to_pool, NULL));
  Move protocol = {S_QUOTE_TOKEN_PROGRAM, S_USER_QUOTE, S_QUOTE_MINT, S_PROTOCOL_FEE_RECIPIENT_ATA, S_USER, s->protocol_fee};
  TRY(move_tokens(in, &protocol, NULL));
  Move creator = {S_QUOTE_TOKEN_PROGRAM, S_USER_QUOTE, S_QUOTE_MINT, S_CREATOR_VAULT_ATA, S_USER, s->creator_fee};
  TRY(move_tokens(in, &creator, NULL));
  PoolSigner ps;
  pool_signer(&ps, in->accounts[S_POOL].data);
  Move base = {S_BASE_TOKEN_PROGRAM, S_POOL_BASE, S_BASE_MINT, S_USER_BASE, S_POOL, s->base};
  TRY(move_tokens(in, &base, &ps.signer));
  return emit_swap(report);
}

static Result buy(const Input *in) {
  SwapCtx x = {in, {0, 0, 0}, 0, 0, 0, true};
  TRY(expect_swap_accounts(&x, BUY_FEE_CONFIG, BUY_ACCOUNTS));
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u64 base_out = r_u64(&r), max_quote = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (base_out == 0) return E_ZERO_BASE_AMOUNT;
  if (base_out >= x.base_reserve) return E_BUY_MORE_BASE_AMOUNT_THAN_POOL_RESERVES;
  Swap s;
  s.base = base_out;
  u64 quote, total;
  if (!mul_div_ceil(x.effective_quote, base_out, x.base_reserve - base_out, &quote) || !swap_fees(quote, &x.fees, &s, &total)) return E_OVERFLOW;
  if (total > max_quote) return E_EXCEEDED_SLIPPAGE;
  static const u8 name[] = "buy";
  SwapReport report = {&x, &s, max_quote, 0, name, sizeof(name) - 1, total};
  return settle_buy(&x, &s, &report);
}

static Result buy_exact_quote_in(const Input *in) {
  SwapCtx x = {in, {0, 0, 0}, 0, 0, 0, true};
  TRY(expect_swap_accounts(&x, BUY_FEE_CONFIG, BUY_ACCOUNTS));
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u64 spendable = r_u64(&r), min_base = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (spendable == 0) return E_ZERO_QUOTE_AMOUNT;
  const PoolFeeRates *f = &x.fees;
  u64 quote, total = 0;
  Swap s;
  if (!mul_div_floor(spendable, BPS, BPS + f->lp_bps + f->protocol_bps + f->creator_bps, &quote)) return E_OVERFLOW;
  for (int step = 0; step < 4 && quote > 0; step++) {
    if (!swap_fees(quote, f, &s, &total)) return E_OVERFLOW;
    if (total <= spendable) break;
    quote -= 1;
  }
  if (quote == 0) return E_BUY_NOT_ENOUGH_QUOTE_TOKENS_TO_COVER_FEES;
  /* The most base that quote buys: ceil(Qe * b / (B - b)) <= quote  <=>  b <= quote * B / (Qe + quote). */
  u64 denominator, base;
  if (!add_u64(x.effective_quote, quote, &denominator) || !mul_div_floor(quote, x.base_reserve, denominator, &base)) return E_OVERFLOW;
  if (base == 0) return E_ZERO_BASE_AMOUNT;
  if (base < min_base) return E_BUY_SLIPPAGE_BELOW_MIN_BASE_AMOUNT_OUT;
  s.base = base;
  u64 cost;
  if (!mul_div_ceil(x.effective_quote, base, x.base_reserve - base, &cost) || !swap_fees(cost, f, &s, &total)) return E_OVERFLOW;
  if (total > spendable) return E_EXCEEDED_SLIPPAGE; /* cannot happen by the bound above; refused rather than overspent */
  static const u8 name[] = "buy_exact_quote_in";
  SwapReport report = {&x, &s, spendable, min_base, name, sizeof(name) - 1, total};
  return settle_buy(&x, &s, &report);
}

static Result sell(const Input *in) {
  SwapCtx x = {in, {0, 0, 0}, 0, 0, 0, false};
  TRY(expect_swap_accounts(&x, SELL_FEE_CONFIG, SELL_ACCOUNTS));
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u64 base_in = r_u64(&r), min_quote = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (base_in == 0) return E_ZERO_BASE_AMOUNT;
  Swap s;
  s.base = base_in;
  u64 denominator, quote, with_fees;
  if (!add_u64(x.base_reserve, base_in, &denominator) || !mul_div_floor(x.effective_quote, base_in, denominator, &quote)) return E_OVERFLOW;
  if (!swap_fees(quote, &x.fees, &s, &with_fees)) return E_OVERFLOW;
  u64 fees = s.lp_fee + s.protocol_fee + s.creator_fee, out;
  if (!sub_u64(quote, fees, &out) || quote > x.quote_reserve) return E_EXCEEDED_SLIPPAGE;
  if (out < min_quote) return E_EXCEEDED_SLIPPAGE;
  TRY(ensure_fee_accounts(in));
  Move to_pool = {S_BASE_TOKEN_PROGRAM, S_USER_BASE, S_BASE_MINT, S_POOL_BASE, S_USER, base_in};
  TRY(move_tokens(in, &to_pool, NULL));
  PoolSigner ps;
  pool_signer(&ps, in->accounts[S_POOL].data);
  Move to_user = {S_QUOTE_TOKEN_PROGRAM, S_POOL_QUOTE, S_QUOTE_MINT, S_USER_QUOTE, S_POOL, out};
  TRY(move_tokens(in, &to_user, &ps.signer));
  Move protocol = {S_QUOTE_TOKEN_PROGRAM, S_POOL_QUOTE, S_QUOTE_MINT, S_PROTOCOL_FEE_RECIPIENT_ATA, S_POOL, s.protocol_fee};
  TRY(move_tokens(in, &protocol, &ps.signer));
  Move creator = {S_QUOTE_TOKEN_PROGRAM, S_POOL_QUOTE, S_QUOTE_MINT, S_CREATOR_VAULT_ATA, S_POOL, s.creator_fee};
  TRY(move_tokens(in, &creator, &ps.signer));
  static const u8 name[] = "sell";
  SwapReport report = {&x, &s, min_quote, 0, name, sizeof(name) - 1, out};
  return emit_swap(&report);
}
