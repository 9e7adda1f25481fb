/* The launchpad's events (IDL `events`), written as Borsh after their discriminators. */
#pragma once
#include "common.h"

static const u8 CREATE_EVENT[8] = {27, 114, 169, 77, 222, 235, 99, 118};
static const u8 TRADE_EVENT[8] = {189, 219, 127, 211, 78, 230, 97, 238};
static const u8 COMPLETE_EVENT[8] = {95, 114, 97, 156, 212, 46, 152, 8};
static const u8 COLLECT_CREATOR_FEE_EVENT[8] = {122, 2, 127, 1, 14, 191, 12, 175};

/* Everything TradeEvent reports about one trade. */
typedef struct {
  const Pubkey *mint;
  const Pubkey *user;
  const Pubkey *fee_recipient;
  const Pubkey *creator;
  const Pubkey *quote_mint;
  const u8 *ix_name;
  u64 ix_name_len;
  u64 quote_amount;
  u64 token_amount;
  bool is_buy;
  u64 protocol_fee_bps;
  u64 protocol_fee;
  u64 creator_fee_bps;
  u64 creator_fee;
  u64 buyback_fee_bps;
  u64 buyback_fee;
  const u8 *curve; /* the bonding curve's data after the trade */
} Trade;

static Result emit_trade(const Input *in, const SolAccountInfo *event_authority, const Trade *t) {
  u8 buf[512];
  Writer w = {buf, 0, sizeof(buf), false};
  i64 now = now_unix();
  u64 vt = get_u64(t->curve + BC_VIRTUAL_TOKEN_RESERVES), vq = get_u64(t->curve + BC_VIRTUAL_QUOTE_RESERVES);
  u64 rt = get_u64(t->curve + BC_REAL_TOKEN_RESERVES), rq = get_u64(t->curve + BC_REAL_QUOTE_RESERVES);
  write_discriminator(&w, TRADE_EVENT);
  w_pubkey(&w, t->mint);
  w_u64(&w, t->quote_amount); /* sol_amount: the quote amount (curves quoted in SOL report lamports) */
  w_u64(&w, t->token_amount);
  w_u8(&w, t->is_buy);
  w_pubkey(&w, t->user);
  w_u64(&w, (u64)now);
  w_u64(&w, vq); /* virtual_sol_reserves */
  w_u64(&w, vt);
  w_u64(&w, rq); /* real_sol_reserves */
  w_u64(&w, rt);
  w_pubkey(&w, t->fee_recipient);
  w_u64(&w, t->protocol_fee_bps);
  w_u64(&w, t->protocol_fee);
  w_pubkey(&w, t->creator);
  w_u64(&w, t->creator_fee_bps);
  w_u64(&w, t->creator_fee);
  w_u8(&w, 0);            /* track_volume: the sandbox keeps no volume incentives */
  w_u64(&w, 0);           /* total_unclaimed_tokens */
  w_u64(&w, 0);           /* total_claimed_tokens */
  w_u64(&w, 0);           /* current_sol_volume */
  w_u64(&w, 0);           /* last_update_timestamp */
  w_string(&w, t->ix_name, (u32)t->ix_name_len);
  w_u8(&w, 0);            /* mayhem_mode */
  w_u64(&w, 0);           /* cashback_fee_basis_points */
  w_u64(&w, 0);           /* cashback */
  w_u64(&w, t->buyback_fee_bps);
  w_u64(&w, t->buyback_fee);
  w_u32(&w, 0);           /* shareholders: none */
  w_pubkey(&w, t->quote_mint);
  w_u64(&w, t->quote_amount);
  w_u64(&w, vq);
  w_u64(&w, rq);
  w_u64(&w, 0);           /* holder_rewards_bps */
  w_u64(&w, 0);           /* holder_rewards */
  if (w.overflow) return E_OVERFLOW;
  return emit_event(in, event_authority, buf, w.len);
}

typedef struct {
  const Pubkey *user, *mint, *curve, *quote_mint;
} Completion;

static Result emit_complete(const Input *in, const SolAccountInfo *event_authority, const Completion *done) {
  u8 buf[8 + 32 * 4 + 8];
  Writer w = {buf, 0, sizeof(buf), false};
  write_discriminator(&w, COMPLETE_EVENT);
  w_pubkey(&w, done->user);
  w_pubkey(&w, done->mint);
  w_pubkey(&w, done->curve);
  w_u64(&w, (u64)now_unix());
  w_pubkey(&w, done->quote_mint);
  return emit_event(in, event_authority, buf, w.len);
}
