/*
 * buy_v2 (exact tokens out, max quote in), buy_exact_quote_in_v2 (exact quote in, min tokens out) and
 * sell_v2 (exact tokens in, min quote out) on a curve quoted in an admitted mint. The math is
 * core/math/curve.ts to the base unit:
 *   buy  cost   = tokens * vQ / (vT - tokens) + 1          (floor division)
 *   sell out    = tokens * vQ / (vT + tokens)              (floor division)
 *   each fee    = ceil(amount * bps / 10000), on the cost (buy) or the out (sell)
 *   exact-in    quote = spendable * 10000 / (10000 + fee bps), less 1 while quote + its fees > spendable
 *               (at most twice), then tokens = (quote * vT - 1) / (vQ + quote): the most tokens that quote buys
 * A buy takes at most the curve's real tokens (the last buy fills partially) and completes the curve.
 */
#pragma once
#include "events.h"

static const u8 IX_BUY_V2[8] = {184, 23, 238, 97, 103, 197, 211, 61};
static const u8 IX_BUY_EXACT_QUOTE_IN_V2[8] = {194, 171, 28, 70, 104, 77, 91, 47};
static const u8 IX_SELL_V2[8] = {93, 246, 130, 60, 231, 233, 64, 178};
static const u8 FEE_CONFIG_DISCRIMINATOR[8] = {143, 52, 146, 187, 219, 123, 76, 155};

/* Account positions shared by the three; the sell lacks global_volume_accumulator (index 19 on buys). */
enum {
  T_GLOBAL, T_BASE_MINT, T_QUOTE_MINT, T_BASE_TOKEN_PROGRAM, T_QUOTE_TOKEN_PROGRAM, T_ASSOCIATED_TOKEN_PROGRAM,
  T_FEE_RECIPIENT, T_FEE_RECIPIENT_ATA, T_BUYBACK_RECIPIENT, T_BUYBACK_RECIPIENT_ATA, T_CURVE, T_CURVE_BASE_ATA,
  T_CURVE_QUOTE_ATA, T_USER, T_USER_BASE_ATA, T_USER_QUOTE_ATA, T_CREATOR_VAULT, T_CREATOR_VAULT_ATA, T_SHARING_CONFIG
};

typedef struct {
  u64 user_volume_accumulator, fee_config, fee_program, system_program, event_authority;
  u64 count;
} TradeLayout;

static const TradeLayout BUY_LAYOUT = {20, 22, 23, 24, 25, 27};
static const TradeLayout SELL_LAYOUT = {19, 21, 22, 23, 24, 26};

typedef struct {
  u64 protocol_bps, creator_bps, buyback_bps;
} FeeRates;

typedef struct {
  u64 tokens, quote, protocol_fee, creator_fee, buyback_fee;
} Fills;

/* One trade's context: the input, which layout, the fee rates, the curve's bump and the quote decimals. */
typedef struct {
  const Input *in;
  const TradeLayout *layout;
  FeeRates fees;
  u8 curve_bump;
  u8 quote_decimals;
} TradeCtx;

INLINE bool fee_of(u64 amount, u64 bps, u64 *out) { return mul_div_ceil(amount, bps, BPS, out); }

static bool price_fees(u64 amount, const FeeRates *f, Fills *fills) {
  return fee_of(amount, f->protocol_bps, &fills->protocol_fee) && fee_of(amount, f->creator_bps, &fills->creator_fee) &&
         fee_of(amount, f->buyback_bps, &fills->buyback_fee);
}

/* The cost of buying `tokens` (fees included) on the curve `c`; false on overflow or tokens >= vT. */
static bool buy_cost(const u8 *c, u64 tokens, const FeeRates *f, Fills *fills, u64 *total) {
  u64 vt = get_u64(c + BC_VIRTUAL_TOKEN_RESERVES), vq = get_u64(c + BC_VIRTUAL_QUOTE_RESERVES);
  if (tokens >= vt) return false;
  u64 quote;
  if (!mul_div_floor(tokens, vq, vt - tokens, &quote) || !add_u64(quote, 1, &quote)) return false;
  fills->tokens = tokens;
  fills->quote = quote;
  if (!price_fees(quote, f, fills)) return false;
  return add_u64(quote, fills->protocol_fee, total) && add_u64(*total, fills->creator_fee, total) && add_u64(*total, fills->buyback_fee, total);
}

/* Checks the accounts every trade shares and reads the fee rates. */
static Result expect_trade_accounts(TradeCtx *x) {
  const Input *in = x->in;
  const TradeLayout *l = x->layout;
  FeeRates *f = &x->fees;
  u8 *curve_bump = &x->curve_bump;
  TRY(expect_accounts(in, l->count));
  const SolAccountInfo *acc = in->accounts;
  const SolAccountInfo *global = &acc[T_GLOBAL], *curve = &acc[T_CURVE], *user = &acc[T_USER];
  const Pubkey *base_mint = acc[T_BASE_MINT].key, *quote_mint = acc[T_QUOTE_MINT].key;
  const Pubkey *base_program = acc[T_BASE_TOKEN_PROGRAM].key, *quote_program = acc[T_QUOTE_TOKEN_PROGRAM].key;
  TRY(expect_global(in, global));
  TRY(expect_signer(user));
  TRY(expect_writable(curve));
  TRY(expect_bonding_curve(in, curve, base_mint, curve_bump));
  TRY(expect_anchor_account(curve, in->program_id, BONDING_CURVE_DISCRIMINATOR, BONDING_CURVE_SIZE));
  if (!pubkey_eq_bytes(curve->data + BC_QUOTE_MINT, quote_mint)) return E_UNSUPPORTED_QUOTE_MINT;
  if (!pubkey_eq(acc[T_BASE_MINT].owner, base_program) || !pubkey_eq_bytes(base_program->x, &TOKEN_2022_PROGRAM_ID)) return ERR_CONSTRAINT_TOKEN_MINT;
  if (!is_token_program(quote_program) || !pubkey_eq(acc[T_QUOTE_MINT].owner, quote_program)) return E_INVALID_QUOTE_TOKEN_PROGRAM;
  TRY(expect_key(&acc[T_ASSOCIATED_TOKEN_PROGRAM], &ASSOCIATED_TOKEN_PROGRAM_ID));
  TRY(expect_key(&acc[l->system_program], &SYSTEM_PROGRAM_ID));
  TRY(expect_event_authority(in, &acc[l->event_authority]));

  /* Fee recipients must be ones Global names. */
  const u8 *g = global->data;
  const Pubkey *fee_recipient = acc[T_FEE_RECIPIENT].key;
  bool known = pubkey_eq_bytes(g + G_FEE_RECIPIENT, fee_recipient);
  for (int i = 0; i < FEE_RECIPIENT_SLOTS && !known; i++) known = pubkey_eq_bytes(g + G_FEE_RECIPIENTS + 32 * i, fee_recipient);
  if (!known || pubkey_is_zero(fee_recipient)) return E_NOT_AUTHORIZED;
  const Pubkey *buyback = acc[T_BUYBACK_RECIPIENT].key;
  bool buyback_known = false;
  for (int i = 0; i < BUYBACK_RECIPIENT_SLOTS && !buyback_known; i++) buyback_known = pubkey_eq_bytes(g + G_BUYBACK_FEE_RECIPIENTS + 32 * i, buyback);
  if (!buyback_known || pubkey_is_zero(buyback)) return E_BUYBACK_FEE_RECIPIENT_NOT_AUTHORIZED;

  /* Every token account at its associated address. */
  TRY(expect_ata(&acc[T_FEE_RECIPIENT_ATA], fee_recipient, quote_program, quote_mint));
  TRY(expect_ata(&acc[T_BUYBACK_RECIPIENT_ATA], buyback, quote_program, quote_mint));
  TRY(expect_ata(&acc[T_CURVE_BASE_ATA], curve->key, base_program, base_mint));
  TRY(expect_ata(&acc[T_CURVE_QUOTE_ATA], curve->key, quote_program, quote_mint));
  TRY(expect_ata(&acc[T_USER_BASE_ATA], user->key, base_program, base_mint));
  TRY(expect_ata(&acc[T_USER_QUOTE_ATA], user->key, quote_program, quote_mint));
  SolBytes vault_seeds[2] = {SEED(SEED_CREATOR_VAULT), {curve->data + BC_CREATOR, 32}};
  TRY(expect_pda(&acc[T_CREATOR_VAULT], vault_seeds, 2, in->program_id, NULL));
  TRY(expect_ata(&acc[T_CREATOR_VAULT_ATA], acc[T_CREATOR_VAULT].key, quote_program, quote_mint));
  SolBytes sharing_seeds[2] = {SEED(SEED_SHARING_CONFIG), {base_mint->x, 32}};
  TRY(expect_pda(&acc[T_SHARING_CONFIG], sharing_seeds, 2, &FEE_PROGRAM_ID, NULL));
  SolBytes volume_seeds[2] = {SEED(SEED_USER_VOLUME_ACCUMULATOR), {user->key->x, 32}};
  TRY(expect_pda(&acc[l->user_volume_accumulator], volume_seeds, 2, in->program_id, NULL));

  /* Fees from the fee program's config for this launchpad: exotic flat fees when set, else flat fees. */
  const SolAccountInfo *fee_config = &acc[l->fee_config];
  TRY(expect_key(&acc[l->fee_program], &FEE_PROGRAM_ID));
  SolBytes fee_seeds[2] = {SEED(SEED_FEE_CONFIG), {in->program_id->x, 32}};
  TRY(expect_pda(fee_config, fee_seeds, 2, &FEE_PROGRAM_ID, NULL));
  TRY(expect_anchor_account(fee_config, &FEE_PROGRAM_ID, FEE_CONFIG_DISCRIMINATOR, 97));
  const u8 *fc = fee_config->data;
  u64 exotic_at = 73 + (u64)get_u32(fc + 65) * 40; /* after the two tier vectors */
  exotic_at += 4 + (u64)get_u32(fc + exotic_at) * 40;
  const u8 *fees = fc + 41;
  if (exotic_at + 24 <= account_data_len(fee_config) && (get_u64(fc + exotic_at) | get_u64(fc + exotic_at + 8) | get_u64(fc + exotic_at + 16)) != 0) {
    fees = fc + exotic_at;
  }
  f->protocol_bps = get_u64(fees + 8);
  f->creator_bps = get_u64(fees + 16);
  u64 coin_creator_bps = get_u64(curve->data + BC_CREATOR_FEE_BPS);
  if (g[G_CREATOR_FEE_CONFIGURABLE] && coin_creator_bps != 0) f->creator_bps = coin_creator_bps;
  f->buyback_bps = get_u64(g + G_BUYBACK_BASIS_POINTS);
  if (f->protocol_bps + f->creator_bps + f->buyback_bps > BPS) return E_FEE_BASIS_POINTS_GREATER_THAN_MAXIMUM;
  x->quote_decimals = mint_decimals(&acc[T_QUOTE_MINT]);
  return OK;
}

/* Pays `amount` of quote between two of the trade's accounts; `authority` is the user, or the curve with `signer`. */
typedef struct {
  u64 from, to, authority, amount;
} QuotePayment;

static Result pay_quote(const TradeCtx *x, const QuotePayment *p, const SolSignerSeeds *signer) {
  if (p->amount == 0) return OK;
  const SolAccountInfo *acc = x->in->accounts;
  TransferChecked t = {acc[T_QUOTE_TOKEN_PROGRAM].key, acc[p->from].key, acc[T_QUOTE_MINT].key, acc[p->to].key, acc[p->authority].key, p->amount,
                       x->quote_decimals};
  return token_transfer_checked(x->in, &t, signer);
}

/* Fee accounts are created when missing, at the trader's expense, as the live program does. */
static Result ensure_quote_ata(const Input *in, u64 ata, u64 owner) {
  if (account_data_len(&in->accounts[ata]) != 0) return OK;
  CreateAta c = {in->accounts[T_USER].key, in->accounts[ata].key, in->accounts[owner].key, in->accounts[T_QUOTE_MINT].key,
                 in->accounts[T_QUOTE_TOKEN_PROGRAM].key};
  return ata_create_idempotent(in, &c);
}

/* Moves the quote and the tokens of a priced buy, updates the curve, and reports it. */
static Result settle_buy(const TradeCtx *x, const Fills *fills, const u8 *ix_name, u64 ix_name_len) {
  const Input *in = x->in;
  const SolAccountInfo *acc = in->accounts, *curve = &acc[T_CURVE];
  const FeeRates *f = &x->fees;
  u8 *c = curve->data;
  TRY(ensure_quote_ata(in, T_FEE_RECIPIENT_ATA, T_FEE_RECIPIENT));
  TRY(ensure_quote_ata(in, T_CREATOR_VAULT_ATA, T_CREATOR_VAULT));
  if (fills->buyback_fee > 0) TRY(ensure_quote_ata(in, T_BUYBACK_RECIPIENT_ATA, T_BUYBACK_RECIPIENT));
  QuotePayment payments[4] = {{T_USER_QUOTE_ATA, T_CURVE_QUOTE_ATA, T_USER, fills->quote},
                              {T_USER_QUOTE_ATA, T_FEE_RECIPIENT_ATA, T_USER, fills->protocol_fee},
                              {T_USER_QUOTE_ATA, T_CREATOR_VAULT_ATA, T_USER, fills->creator_fee},
                              {T_USER_QUOTE_ATA, T_BUYBACK_RECIPIENT_ATA, T_USER, fills->buyback_fee}};
  for (int i = 0; i < 4; i++) TRY(pay_quote(x, &payments[i], NULL));

  u8 bump = x->curve_bump;
  SolSignerSeed parts[3] = {SEED(SEED_BONDING_CURVE), {acc[T_BASE_MINT].key->x, 32}, {&bump, 1}};
  SolSignerSeeds signer = {parts, 3};
  TransferChecked tokens = {acc[T_BASE_TOKEN_PROGRAM].key, acc[T_CURVE_BASE_ATA].key, acc[T_BASE_MINT].key,
                            acc[T_USER_BASE_ATA].key, curve->key, fills->tokens, COIN_DECIMALS};
  TRY(token_transfer_checked(in, &tokens, &signer));

  u64 vt = get_u64(c + BC_VIRTUAL_TOKEN_RESERVES), vq = get_u64(c + BC_VIRTUAL_QUOTE_RESERVES);
  u64 rt = get_u64(c + BC_REAL_TOKEN_RESERVES), rq = get_u64(c + BC_REAL_QUOTE_RESERVES);
  if (!sub_u64(vt, fills->tokens, &vt) || !add_u64(vq, fills->quote, &vq) || !sub_u64(rt, fills->tokens, &rt) || !add_u64(rq, fills->quote, &rq)) {
    return E_OVERFLOW;
  }
  put_u64(c + BC_VIRTUAL_TOKEN_RESERVES, vt);
  put_u64(c + BC_VIRTUAL_QUOTE_RESERVES, vq);
  put_u64(c + BC_REAL_TOKEN_RESERVES, rt);
  put_u64(c + BC_REAL_QUOTE_RESERVES, rq);
  if (rt == 0) c[BC_COMPLETE] = 1;

  Trade t = {acc[T_BASE_MINT].key, acc[T_USER].key, acc[T_FEE_RECIPIENT].key, (const Pubkey *)(c + BC_CREATOR), acc[T_QUOTE_MINT].key,
             ix_name, ix_name_len, fills->quote, fills->tokens, true, f->protocol_bps, fills->protocol_fee, f->creator_bps, fills->creator_fee,
             f->buyback_bps, fills->buyback_fee, c};
  const SolAccountInfo *event_authority = &acc[x->layout->event_authority];
  TRY(emit_trade(in, event_authority, &t));
  if (c[BC_COMPLETE]) {
    Completion done = {acc[T_USER].key, acc[T_BASE_MINT].key, curve->key, acc[T_QUOTE_MINT].key};
    TRY(emit_complete(in, event_authority, &done));
  }
  return OK;
}

static Result buy_v2(const Input *in) {
  TradeCtx x = {in, &BUY_LAYOUT, {0, 0, 0}, 0, 0};
  TRY(expect_trade_accounts(&x));
  const u8 *c = in->accounts[T_CURVE].data;
  if (c[BC_COMPLETE]) return E_BONDING_CURVE_COMPLETE;
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u64 amount = r_u64(&r), max_quote = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  u64 rt = get_u64(c + BC_REAL_TOKEN_RESERVES);
  u64 tokens = amount < rt ? amount : rt;
  if (tokens == 0) return E_BUY_ZERO_AMOUNT;
  Fills fills;
  u64 total;
  if (!buy_cost(c, tokens, &x.fees, &fills, &total)) return E_OVERFLOW;
  if (total > max_quote) return E_TOO_MUCH_SOL_REQUIRED;
  static const u8 name[] = "buy_v2";
  return settle_buy(&x, &fills, name, sizeof(name) - 1);
}

static Result buy_exact_quote_in_v2(const Input *in) {
  TradeCtx x = {in, &BUY_LAYOUT, {0, 0, 0}, 0, 0};
  TRY(expect_trade_accounts(&x));
  const FeeRates *f = &x.fees;
  const u8 *c = in->accounts[T_CURVE].data;
  if (c[BC_COMPLETE]) return E_BONDING_CURVE_COMPLETE;
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u64 spendable = r_u64(&r), min_tokens = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (spendable == 0) return E_BUY_ZERO_AMOUNT;
  u64 vt = get_u64(c + BC_VIRTUAL_TOKEN_RESERVES), vq = get_u64(c + BC_VIRTUAL_QUOTE_RESERVES), rt = get_u64(c + BC_REAL_TOKEN_RESERVES);
  /* The largest quote cost whose fees still fit: at most two steps down (one per extra nonzero fee). */
  u64 quote, with_fees;
  if (!mul_div_floor(spendable, BPS, BPS + f->protocol_bps + f->creator_bps + f->buyback_bps, &quote)) return E_OVERFLOW;
  Fills fills;
  for (int step = 0; step < 4 && quote > 0; step++) {
    if (!price_fees(quote, f, &fills) || !add_u64(quote, fills.protocol_fee, &with_fees) || !add_u64(with_fees, fills.creator_fee, &with_fees) ||
        !add_u64(with_fees, fills.buyback_fee, &with_fees)) {
      return E_OVERFLOW;
    }
    if (with_fees <= spendable) break;
    quote -= 1;
  }
  if (quote == 0) return E_BUY_ZERO_AMOUNT;
  /* The most tokens that quote buys: cost(t) = t*vQ/(vT-t) + 1 <= quote  <=>  t <= (quote*vT - 1) / (vQ + quote). */
  U128 numerator;
  mul_64x64(quote, vt, &numerator);
  if (numerator.lo == 0) numerator.hi -= 1;
  numerator.lo -= 1;
  u64 denominator, tokens;
  if (!add_u64(vq, quote, &denominator) || !div_128_by_64(&numerator, denominator, &tokens, NULL)) return E_OVERFLOW;
  if (tokens > rt) tokens = rt;
  if (tokens == 0) return E_BUY_ZERO_AMOUNT;
  u64 total;
  if (!buy_cost(c, tokens, f, &fills, &total)) return E_OVERFLOW;
  if (total > spendable) return E_TOO_MUCH_SOL_REQUIRED; /* cannot happen by the bound above; refused rather than overspent */
  if (tokens < min_tokens) return E_BUY_SLIPPAGE_BELOW_MIN_TOKENS_OUT;
  static const u8 name[] = "buy_exact_quote_in_v2";
  return settle_buy(&x, &fills, name, sizeof(name) - 1);
}

static Result sell_v2(const Input *in) {
  TradeCtx x = {in, &SELL_LAYOUT, {0, 0, 0}, 0, 0};
  TRY(expect_trade_accounts(&x));
  const FeeRates *fr = &x.fees;
  const SolAccountInfo *acc = in->accounts, *curve = &acc[T_CURVE];
  u8 *c = curve->data;
  if (c[BC_COMPLETE]) return E_BONDING_CURVE_COMPLETE;
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u64 tokens = r_u64(&r), min_out = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (tokens == 0) return E_SELL_ZERO_AMOUNT;
  u64 vt = get_u64(c + BC_VIRTUAL_TOKEN_RESERVES), vq = get_u64(c + BC_VIRTUAL_QUOTE_RESERVES);
  u64 rt = get_u64(c + BC_REAL_TOKEN_RESERVES), rq = get_u64(c + BC_REAL_QUOTE_RESERVES);
  u64 denominator, quote;
  if (!add_u64(vt, tokens, &denominator) || !mul_div_floor(tokens, vq, denominator, &quote)) return E_OVERFLOW;
  if (quote > rq) return E_NOT_ENOUGH_TOKENS_TO_SELL;
  Fills fills;
  fills.tokens = tokens;
  fills.quote = quote;
  if (!price_fees(quote, fr, &fills)) return E_OVERFLOW;
  u64 fees_total, out;
  if (!add_u64(fills.protocol_fee, fills.creator_fee, &fees_total) || !add_u64(fees_total, fills.buyback_fee, &fees_total) || !sub_u64(quote, fees_total, &out)) {
    return E_TOO_LITTLE_SOL_RECEIVED;
  }
  if (out < min_out) return E_TOO_LITTLE_SOL_RECEIVED;

  TransferChecked in_tokens = {acc[T_BASE_TOKEN_PROGRAM].key, acc[T_USER_BASE_ATA].key, acc[T_BASE_MINT].key,
                               acc[T_CURVE_BASE_ATA].key, acc[T_USER].key, tokens, COIN_DECIMALS};
  TRY(token_transfer_checked(in, &in_tokens, NULL));
  TRY(ensure_quote_ata(in, T_FEE_RECIPIENT_ATA, T_FEE_RECIPIENT));
  TRY(ensure_quote_ata(in, T_CREATOR_VAULT_ATA, T_CREATOR_VAULT));
  if (fills.buyback_fee > 0) TRY(ensure_quote_ata(in, T_BUYBACK_RECIPIENT_ATA, T_BUYBACK_RECIPIENT));
  u8 bump = x.curve_bump;
  SolSignerSeed parts[3] = {SEED(SEED_BONDING_CURVE), {acc[T_BASE_MINT].key->x, 32}, {&bump, 1}};
  SolSignerSeeds signer = {parts, 3};
  QuotePayment payments[4] = {{T_CURVE_QUOTE_ATA, T_USER_QUOTE_ATA, T_CURVE, out},
                              {T_CURVE_QUOTE_ATA, T_FEE_RECIPIENT_ATA, T_CURVE, fills.protocol_fee},
                              {T_CURVE_QUOTE_ATA, T_CREATOR_VAULT_ATA, T_CURVE, fills.creator_fee},
                              {T_CURVE_QUOTE_ATA, T_BUYBACK_RECIPIENT_ATA, T_CURVE, fills.buyback_fee}};
  for (int i = 0; i < 4; i++) TRY(pay_quote(&x, &payments[i], &signer));

  if (!add_u64(vt, tokens, &vt) || !sub_u64(vq, quote, &vq) || !add_u64(rt, tokens, &rt) || !sub_u64(rq, quote, &rq)) return E_OVERFLOW;
  put_u64(c + BC_VIRTUAL_TOKEN_RESERVES, vt);
  put_u64(c + BC_VIRTUAL_QUOTE_RESERVES, vq);
  put_u64(c + BC_REAL_TOKEN_RESERVES, rt);
  put_u64(c + BC_REAL_QUOTE_RESERVES, rq);

  static const u8 name[] = "sell_v2";
  Trade t = {acc[T_BASE_MINT].key, acc[T_USER].key, acc[T_FEE_RECIPIENT].key, (const Pubkey *)(c + BC_CREATOR), acc[T_QUOTE_MINT].key,
             name, sizeof(name) - 1, quote, tokens, false, fr->protocol_bps, fills.protocol_fee, fr->creator_bps, fills.creator_fee,
             fr->buyback_bps, fills.buyback_fee, c};
  return emit_trade(in, &acc[SELL_LAYOUT.event_authority], &t);
}
