/*
 * The curve side of the native route (the AMM's multi_hop_swap), ours: accepted only when the AMM's
 * GlobalConfig PDA signs, i.e. from the AMM's route. The native coin moves venue to venue: on a buy the
 * AMM has already put `native_in` into the curve's quote account; on a sale the curve pays its native
 * proceeds straight into the native-coin/ZEC pool's native vault. The coin's creator fee is charged in
 * the native coin and accrues in the curve account (offset BC_ROUTE_CREATOR_FEES, beyond the IDL's fields),
 * held in the curve's quote account until the vault program collects it. Math (core/math/route.ts):
 *   buy   c = largest with c + ceil(c*creator/10000) <= native_in; tokens = (c*vT - 1) / (vQ + c);
 *         cost = tokens*vQ/(vT - tokens) + 1; creator fee = native_in - cost (takes the remainder); a buy
 *         that would take more than the real tokens takes exactly them, pays the creator ceil(cost*bps),
 *         and hands the native it did not use back to hop 1 (the AMM sells it back into the trader's ZEC)
 *   sell  out = tokens*vQ/(vT + tokens); creator fee = ceil(out*creator/10000); proceeds = out - fee
 */
#pragma once
#include "migrate.h"
#include "trade.h"

static const u8 IX_ROUTE_BUY[8] = {82, 26, 244, 154, 108, 71, 15, 224};
static const u8 IX_ROUTE_SELL[8] = {152, 132, 101, 205, 198, 36, 71, 57};
static const u8 SEED_AMM_GLOBAL_CONFIG[] = "global_config";
#define E_ROUTE_NOT_AUTHORIZED 6101  /* ours: only the AMM's route may call */

/* Where a route instruction keeps Global, the launchpad's fee config, the coin's mint and its curve. */
typedef struct {
  u64 global, fee_config, mint, curve;
} RouteAt;

/* The AMM's route authority signed, and the curve is a native-quoted one (not ZEC, Global's mint). */
static Result expect_route(const Input *in, const RouteAt *at, FeeRates *f) {
  const SolAccountInfo *acc = in->accounts, *curve = &acc[at->curve], *global = &acc[at->global];
  const Pubkey *mint = acc[at->mint].key;
  u64 fee_config_at = at->fee_config;
  SolBytes authority_seeds[1] = {SEED(SEED_AMM_GLOBAL_CONFIG)};
  if (!acc[0].is_signer || !is_pda(acc[0].key, authority_seeds, 1, &AMM_PROGRAM_ID, NULL)) return E_ROUTE_NOT_AUTHORIZED;
  TRY(expect_global(in, global));
  TRY(expect_writable(curve));
  TRY(expect_bonding_curve(in, curve, mint, NULL));
  TRY(expect_anchor_account(curve, in->program_id, BONDING_CURVE_DISCRIMINATOR, BONDING_CURVE_SIZE));
  if (curve->data[BC_COMPLETE]) return E_BONDING_CURVE_COMPLETE;
  if (pubkey_eq_bytes(global->data + G_WHITELISTED_QUOTE_MINTS, (const Pubkey *)(curve->data + BC_QUOTE_MINT))) return E_UNSUPPORTED_QUOTE_MINT;
  const SolAccountInfo *fee_config = &acc[fee_config_at];
  SolBytes fee_seeds[2] = {SEED(SEED_FEE_CONFIG), {in->program_id->x, 32}};
  TRY(expect_pda(fee_config, fee_seeds, 2, &FEE_PROGRAM_ID, NULL));
  TRY(expect_anchor_account(fee_config, &FEE_PROGRAM_ID, FEE_CONFIG_DISCRIMINATOR, 97));
  f->protocol_bps = 0; /* charged once, in ZEC, by the AMM's route */
  f->buyback_bps = 0;
  f->creator_bps = get_u64(fee_config->data + 41 + 16);
  u64 coin_bps = get_u64(curve->data + BC_CREATOR_FEE_BPS);
  if (global->data[G_CREATOR_FEE_CONFIGURABLE] && coin_bps != 0) f->creator_bps = coin_bps;
  if (f->creator_bps > BPS) return E_FEE_BASIS_POINTS_GREATER_THAN_MAXIMUM;
  return OK;
}

INLINE void accrue_route_fee(u8 *curve, u64 fee) { put_u64(curve + BC_ROUTE_CREATOR_FEES, get_u64(curve + BC_ROUTE_CREATOR_FEES) + fee); }

enum {
  RB_AUTHORITY, RB_GLOBAL, RB_FEE_CONFIG, RB_MINT, RB_CURVE, RB_CURVE_BASE, RB_CURVE_QUOTE, RB_USER_COIN, RB_USER, RB_REFUND, RB_NATIVE_MINT,
  RB_TOKEN_PROGRAM, RB_EVENT_AUTHORITY, RB_PROGRAM, RB_ACCOUNTS
};

static Result route_buy(const Input *in) {
  TRY(expect_accounts(in, RB_ACCOUNTS));
  const SolAccountInfo *acc = in->accounts, *curve = &acc[RB_CURVE];
  const Pubkey *mint = acc[RB_MINT].key;
  FeeRates f;
  RouteAt at = {RB_GLOBAL, RB_FEE_CONFIG, RB_MINT, RB_CURVE};
  TRY(expect_route(in, &at, &f));
  TRY(expect_key(&acc[RB_TOKEN_PROGRAM], &TOKEN_2022_PROGRAM_ID));
  TRY(expect_ata(&acc[RB_CURVE_BASE], curve->key, &TOKEN_2022_PROGRAM_ID, mint));
  TRY(expect_ata(&acc[RB_CURVE_QUOTE], curve->key, &TOKEN_2022_PROGRAM_ID, (const Pubkey *)(curve->data + BC_QUOTE_MINT)));
  TRY(expect_event_authority(in, &acc[RB_EVENT_AUTHORITY]));
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u64 native_in = r_u64(&r), min_tokens = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (native_in == 0) return E_BUY_ZERO_AMOUNT;
  u8 *c = curve->data;
  u64 vt = get_u64(c + BC_VIRTUAL_TOKEN_RESERVES), vq = get_u64(c + BC_VIRTUAL_QUOTE_RESERVES), rt = get_u64(c + BC_REAL_TOKEN_RESERVES);
  /* The largest quote whose creator fee fits (at most one step down). */
  u64 quote, fee;
  if (!mul_div_floor(native_in, BPS, BPS + f.creator_bps, &quote)) return E_OVERFLOW;
  for (int step = 0; step < 3 && quote > 0; step++) {
    if (!mul_div_ceil(quote, f.creator_bps, BPS, &fee)) return E_OVERFLOW;
    if (quote + fee <= native_in) break;
    quote -= 1;
  }
  if (quote == 0) return E_BUY_ZERO_AMOUNT;
  U128 numerator;
  mul_64x64(quote, vt, &numerator);
  if (numerator.lo == 0) numerator.hi -= 1;
  numerator.lo -= 1;
  u64 denominator, tokens;
  if (!add_u64(vq, quote, &denominator) || !div_128_by_64(&numerator, denominator, &tokens, NULL)) return E_OVERFLOW;
  /* The buy that completes the curve takes exactly its last tokens; the native it does not need goes back
     to hop 1's native vault (`refund`), where the AMM sells it back into the trader's ZEC. */
  bool overfills = tokens > rt;
  if (overfills) tokens = rt;
  if (tokens == 0) return E_BUY_ZERO_AMOUNT;
  if (tokens < min_tokens) return E_BUY_SLIPPAGE_BELOW_MIN_TOKENS_OUT;
  Fills fills;
  u64 total, creator_fee, leftover = 0;
  if (!buy_cost(c, tokens, &f, &fills, &total) || fills.quote > native_in) return E_OVERFLOW;
  if (overfills) {
    creator_fee = fills.creator_fee;
    if (!sub_u64(native_in, total, &leftover)) return E_OVERFLOW;
  } else {
    creator_fee = native_in - fills.quote;
  }

  u8 bump;
  Pubkey scratch;
  SolBytes seeds[2] = {SEED(SEED_BONDING_CURVE), {mint->x, 32}};
  find_pda(seeds, 2, in->program_id, &scratch, &bump); /* the bump only */
  SolSignerSeed parts[3] = {SEED(SEED_BONDING_CURVE), {mint->x, 32}, {&bump, 1}};
  SolSignerSeeds signer = {parts, 3};
  TransferChecked out = {&TOKEN_2022_PROGRAM_ID, acc[RB_CURVE_BASE].key, mint, acc[RB_USER_COIN].key, curve->key, tokens, COIN_DECIMALS};
  TRY(token_transfer_checked(in, &out, &signer));
  if (leftover > 0) {
    if (!pubkey_eq_bytes(acc[RB_NATIVE_MINT].key->x, (const Pubkey *)(c + BC_QUOTE_MINT))) return E_UNSUPPORTED_QUOTE_MINT;
    TransferChecked refund = {&TOKEN_2022_PROGRAM_ID, acc[RB_CURVE_QUOTE].key, acc[RB_NATIVE_MINT].key, acc[RB_REFUND].key, curve->key, leftover,
                              mint_decimals(&acc[RB_NATIVE_MINT])};
    TRY(token_transfer_checked(in, &refund, &signer));
  }
  sol_set_return_data((const u8 *)&leftover, 8);

  put_u64(c + BC_VIRTUAL_TOKEN_RESERVES, vt - tokens);
  put_u64(c + BC_VIRTUAL_QUOTE_RESERVES, vq + fills.quote);
  put_u64(c + BC_REAL_TOKEN_RESERVES, rt - tokens);
  put_u64(c + BC_REAL_QUOTE_RESERVES, get_u64(c + BC_REAL_QUOTE_RESERVES) + fills.quote);
  if (rt - tokens == 0) c[BC_COMPLETE] = 1;
  accrue_route_fee(c, creator_fee);
  static const u8 name[] = "route_buy";
  Trade t = {mint, acc[RB_USER].key, acc[RB_AUTHORITY].key, (const Pubkey *)(c + BC_CREATOR), (const Pubkey *)(c + BC_QUOTE_MINT),
             name, sizeof(name) - 1, fills.quote, tokens, true, 0, 0, f.creator_bps, creator_fee, 0, 0, c};
  TRY(emit_trade(in, &acc[RB_EVENT_AUTHORITY], &t));
  if (c[BC_COMPLETE]) {
    Completion done = {acc[RB_USER].key, mint, curve->key, (const Pubkey *)(c + BC_QUOTE_MINT)};
    TRY(emit_complete(in, &acc[RB_EVENT_AUTHORITY], &done));
  }
  return OK;
}

enum {
  RS_AUTHORITY, RS_GLOBAL, RS_FEE_CONFIG, RS_MINT, RS_NATIVE_MINT, RS_CURVE, RS_CURVE_BASE, RS_CURVE_QUOTE, RS_USER, RS_USER_COIN,
  RS_DESTINATION, RS_TOKEN_PROGRAM, RS_EVENT_AUTHORITY, RS_PROGRAM, RS_ACCOUNTS
};

static Result route_sell(const Input *in) {
  TRY(expect_accounts(in, RS_ACCOUNTS));
  const SolAccountInfo *acc = in->accounts, *curve = &acc[RS_CURVE];
  const Pubkey *mint = acc[RS_MINT].key, *native = acc[RS_NATIVE_MINT].key;
  FeeRates f;
  RouteAt at = {RS_GLOBAL, RS_FEE_CONFIG, RS_MINT, RS_CURVE};
  TRY(expect_route(in, &at, &f));
  TRY(expect_signer(&acc[RS_USER]));
  TRY(expect_key(&acc[RS_TOKEN_PROGRAM], &TOKEN_2022_PROGRAM_ID));
  if (!pubkey_eq_bytes(curve->data + BC_QUOTE_MINT, native)) return E_UNSUPPORTED_QUOTE_MINT;
  TRY(expect_ata(&acc[RS_CURVE_BASE], curve->key, &TOKEN_2022_PROGRAM_ID, mint));
  TRY(expect_ata(&acc[RS_CURVE_QUOTE], curve->key, &TOKEN_2022_PROGRAM_ID, native));
  TRY(expect_event_authority(in, &acc[RS_EVENT_AUTHORITY]));
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u64 tokens = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (tokens == 0) return E_SELL_ZERO_AMOUNT;
  u8 *c = curve->data;
  u64 vt = get_u64(c + BC_VIRTUAL_TOKEN_RESERVES), vq = get_u64(c + BC_VIRTUAL_QUOTE_RESERVES);
  u64 rt = get_u64(c + BC_REAL_TOKEN_RESERVES), rq = get_u64(c + BC_REAL_QUOTE_RESERVES);
  u64 denominator, out, fee, proceeds;
  if (!add_u64(vt, tokens, &denominator) || !mul_div_floor(tokens, vq, denominator, &out)) return E_OVERFLOW;
  if (out > rq) return E_NOT_ENOUGH_TOKENS_TO_SELL;
  if (!mul_div_ceil(out, f.creator_bps, BPS, &fee) || !sub_u64(out, fee, &proceeds) || proceeds == 0) return E_TOO_LITTLE_SOL_RECEIVED;

  TransferChecked in_tokens = {&TOKEN_2022_PROGRAM_ID, acc[RS_USER_COIN].key, mint, acc[RS_CURVE_BASE].key, acc[RS_USER].key, tokens, COIN_DECIMALS};
  TRY(token_transfer_checked(in, &in_tokens, NULL));
  u8 bump;
  Pubkey scratch;
  SolBytes seeds[2] = {SEED(SEED_BONDING_CURVE), {mint->x, 32}};
  find_pda(seeds, 2, in->program_id, &scratch, &bump);
  SolSignerSeed parts[3] = {SEED(SEED_BONDING_CURVE), {mint->x, 32}, {&bump, 1}};
  SolSignerSeeds signer = {parts, 3};
  TransferChecked pay = {&TOKEN_2022_PROGRAM_ID, acc[RS_CURVE_QUOTE].key, native, acc[RS_DESTINATION].key, curve->key, proceeds, mint_decimals(&acc[RS_NATIVE_MINT])};
  TRY(token_transfer_checked(in, &pay, &signer));

  put_u64(c + BC_VIRTUAL_TOKEN_RESERVES, vt + tokens);
  put_u64(c + BC_VIRTUAL_QUOTE_RESERVES, vq - out);
  put_u64(c + BC_REAL_TOKEN_RESERVES, rt + tokens);
  put_u64(c + BC_REAL_QUOTE_RESERVES, rq - out);
  accrue_route_fee(c, fee);
  static const u8 name[] = "route_sell";
  Trade t = {mint, acc[RS_USER].key, acc[RS_AUTHORITY].key, (const Pubkey *)(c + BC_CREATOR), native, name, sizeof(name) - 1, out, tokens, false,
             0, 0, f.creator_bps, fee, 0, 0, c};
  return emit_trade(in, &acc[RS_EVENT_AUTHORITY], &t);
}
