/*
 * multi_hop_swap: the native route, exactly as the spec's "Route instruction" table: amount_in and
 * min_amount_out (u64 LE), 26 accounts, exact in, minimum out on the final hop. A buy lists its hops as it
 * runs them, [the native-coin/ZEC pool] at 16-20 then [the coin's venue] at 21-25; a sale lists the same two
 * in reverse order, the coin's venue at 16-20 and the pool at 21-25 (spec, "Route instruction"); the order is
 * read from the user's input account (ZEC for a buy, the coin for a sale) and a route in the other side's
 * order is refused with E_ROUTE_HOP_ORDER.
 * Below, hop 1 is always the pinned native-coin/ZEC pool (run fee-free) and hop 2
 * coin's curve (CPI into the launchpad's route_buy / route_sell, signed by this program's GlobalConfig PDA)
 * or its canonical native-coin pool. The protocol fee is charged once, in ZEC, into the buyback fee account
 * (one of the launchpad's buyback fee recipients'); the coin's creator fee (and a pool's LP fee) in the
 * native coin on hop 2. The native coin moves venue to venue; the trader never holds it.
 * Math: core/math/route.ts, to the base unit.
 */
#pragma once
#include "swap.h"

static const u8 IX_MULTI_HOP_SWAP[8] = {43, 100, 73, 19, 233, 246, 111, 148};
static const u8 LAUNCHPAD_ROUTE_BUY[8] = {82, 26, 244, 154, 108, 71, 15, 224};
static const u8 LAUNCHPAD_ROUTE_SELL[8] = {152, 132, 101, 205, 198, 36, 71, 57};
static const u8 LAUNCHPAD_GLOBAL_DISCRIMINATOR[8] = {167, 232, 232, 177, 200, 108, 114, 127};
static const u8 LAUNCHPAD_CURVE_DISCRIMINATOR[8] = {23, 183, 248, 55, 96, 216, 172, 96};
static const u8 SEED_BONDING_CURVE[] = "bonding-curve";
static const u8 SEED_POOL_AUTHORITY[] = "pool-authority";
static const Pubkey LAUNCHPAD_PROGRAM_ID = {{1, 86, 224, 246, 147, 102, 90, 207, 68, 219, 21, 104, 191, 23, 91, 170, 81, 137, 203, 151, 245, 210, 255, 59, 101, 93, 43, 182, 253, 109, 24, 176}}; /* 6EF8rrecthR5Dkzon8Nwu78hRvfCKubJ14M5uBEwF6P */
/* sha256("event:RouteEvent")[..8]: ours (the live program's route event is not published), emitted like the AMM's others. */
static const u8 ROUTE_EVENT[8] = {86, 61, 198, 99, 167, 76, 143, 42};
#define LG_BUYBACK_FEE_RECIPIENTS 741
#define LG_WHITELISTED_QUOTE_MINTS 1013

/* Our route refusals (the live program's codes for these are not published). */
#define E_ROUTE_INVALID_HOP 6100      /* a venue, vault or mint that is not the route's */
#define E_ROUTE_INVALID_ACCOUNT 6101  /* the user's input or output account is not its own for the right mint */
#define E_ROUTE_BUYBACK_ACCOUNT 6102  /* the buyback fee account is not a launchpad buyback recipient's ZEC account */
#define E_ROUTE_NOT_NATIVE_PAIR 6103  /* a coin paired with ZEC has no route */
#define E_ROUTE_MIN_OUT 6104          /* less than min_amount_out */
#define E_ROUTE_HOP_ORDER 6105        /* the hops listed in the other side's order (a sale lists the coin's venue first) */

enum {
  R_USER, R_USER_IN, R_USER_OUT, R_GLOBAL_CONFIG, R_FEE_CONFIG, R_USER_VOLUME, R_BUYBACK, R_TOKEN, R_TOKEN_2022, R_SYSTEM, R_EVENT_AUTHORITY,
  R_PROGRAM, R_LAUNCHPAD, R_LAUNCHPAD_GLOBAL, R_LAUNCHPAD_FEE_CONFIG, R_LAUNCHPAD_EVENT_AUTHORITY,
  R_FIRST_HOP, R_SECOND_HOP = R_FIRST_HOP + 5, R_ACCOUNTS = R_SECOND_HOP + 5
};
/* A hop's five accounts, from where it starts. */
enum { HOP_BASE, HOP_QUOTE, HOP_VENUE, HOP_VENUE_BASE, HOP_VENUE_QUOTE };
/* Hop 1 (the native-coin/ZEC pool) and hop 2 (the coin's venue) wherever the route lists them: each function
 * that names them holds the Route as `r` and reads its `h1` and `h2`. */
#define H1_BASE (r->h1 + HOP_BASE)
#define H1_QUOTE (r->h1 + HOP_QUOTE)
#define H1_VENUE (r->h1 + HOP_VENUE)
#define H1_VENUE_BASE (r->h1 + HOP_VENUE_BASE)
#define H1_VENUE_QUOTE (r->h1 + HOP_VENUE_QUOTE)
#define H2_BASE (r->h2 + HOP_BASE)
#define H2_QUOTE (r->h2 + HOP_QUOTE)
#define H2_VENUE (r->h2 + HOP_VENUE)
#define H2_VENUE_BASE (r->h2 + HOP_VENUE_BASE)
#define H2_VENUE_QUOTE (r->h2 + HOP_VENUE_QUOTE)

typedef struct {
  const Input *in;
  u64 protocol_bps, lp_bps, creator_bps;
  bool hop2_is_curve;
  bool buy;
  u64 h1, h2; /* where hop 1 (the native-coin/ZEC pool) and hop 2 (the coin's venue) start among the accounts */
  u64 b1, q1; /* hop 1 reserves (native, ZEC) before the route */
} Route;

/* The token program that owns a mint among the two the route names. */
INLINE const Pubkey *program_for(const Input *in, u64 mint_at) {
  return pubkey_eq(in->accounts[mint_at].owner, &TOKEN_2022_PROGRAM_ID) ? &TOKEN_2022_PROGRAM_ID : &TOKEN_PROGRAM_ID;
}

/* A transfer between two of the route's accounts; `authority` signs, with PDA seeds when given. */
typedef struct {
  u64 from, to, mint, authority, amount;
} RouteMove;

static Result route_move(const Input *in, const RouteMove *m, const SolSignerSeeds *signer) {
  if (m->amount == 0) return OK;
  const SolAccountInfo *acc = in->accounts;
  TransferChecked t = {program_for(in, m->mint), acc[m->from].key, acc[m->mint].key, acc[m->to].key, acc[m->authority].key, m->amount,
                       mint_decimals(&acc[m->mint])};
  return token_transfer_checked(in, &t, signer);
}

/* A pool venue: owned here, the named mints, its vaults as named; optional pinning of its creator. */
static Result expect_pool_hop(const Input *in, u64 venue, u64 base, u64 quote, const Pubkey *creator) {
  const SolAccountInfo *acc = in->accounts, *pool = &acc[venue];
  if (expect_pool(in, pool) != OK) return E_ROUTE_INVALID_HOP;
  const u8 *p = pool->data;
  if (!pubkey_eq_bytes(p + P_BASE_MINT, acc[base].key) || !pubkey_eq_bytes(p + P_QUOTE_MINT, acc[quote].key)) return E_ROUTE_INVALID_HOP;
  if (!pubkey_eq_bytes(p + P_POOL_BASE_TOKEN_ACCOUNT, acc[venue + 1].key) || !pubkey_eq_bytes(p + P_POOL_QUOTE_TOKEN_ACCOUNT, acc[venue + 2].key)) {
    return E_ROUTE_INVALID_HOP;
  }
  if (creator && !pubkey_eq_bytes(p + P_CREATOR, creator)) return E_ROUTE_INVALID_HOP;
  return OK;
}

/*
 * The side and the hops' order, from the user's input account: its mint is ZEC on a buy, listed as the first
 * hop's quote (the pool: native, ZEC); the coin on a sale, listed as the first hop's base (the coin's venue).
 * The same mint where the other side's order puts it (a sale's coin as the second hop's base, a buy's ZEC as
 * the second hop's quote) is a route in the wrong order.
 */
static Result route_order(Route *r) {
  const SolAccountInfo *acc = r->in->accounts, *user_in = &acc[R_USER_IN];
  if (!is_token_program(user_in->owner) || account_data_len(user_in) < TOKEN_ACCOUNT_SIZE) return E_ROUTE_INVALID_ACCOUNT;
  const Pubkey *mint = token_account_mint(user_in);
  if (pubkey_eq(mint, acc[R_FIRST_HOP + HOP_QUOTE].key)) {
    r->buy = true, r->h1 = R_FIRST_HOP, r->h2 = R_SECOND_HOP;
    return OK;
  }
  if (pubkey_eq(mint, acc[R_FIRST_HOP + HOP_BASE].key)) {
    r->buy = false, r->h1 = R_SECOND_HOP, r->h2 = R_FIRST_HOP;
    return OK;
  }
  if (pubkey_eq(mint, acc[R_SECOND_HOP + HOP_BASE].key) || pubkey_eq(mint, acc[R_SECOND_HOP + HOP_QUOTE].key)) return E_ROUTE_HOP_ORDER;
  return E_ROUTE_INVALID_ACCOUNT;
}

static Result expect_route_accounts(Route *r) {
  const Input *in = r->in;
  TRY(expect_accounts(in, R_ACCOUNTS));
  const SolAccountInfo *acc = in->accounts;
  TRY(expect_signer(&acc[R_USER]));
  TRY(route_order(r));
  TRY(expect_global_config(in, &acc[R_GLOBAL_CONFIG]));
  const u8 *config = acc[R_GLOBAL_CONFIG].data;
  TRY(expect_key(&acc[R_TOKEN], &TOKEN_PROGRAM_ID));
  TRY(expect_key(&acc[R_TOKEN_2022], &TOKEN_2022_PROGRAM_ID));
  TRY(expect_key(&acc[R_SYSTEM], &SYSTEM_PROGRAM_ID));
  TRY(expect_event_authority(in, &acc[R_EVENT_AUTHORITY]));
  if (!pubkey_eq(acc[R_PROGRAM].key, in->program_id) || !pubkey_eq_bytes(acc[R_LAUNCHPAD].key->x, &LAUNCHPAD_PROGRAM_ID)) return E_ROUTE_INVALID_HOP;

  /* The launchpad's Global: its whitelisted ZEC is hop 1's quote, its buyback recipients the fee account's owners. */
  const SolAccountInfo *lg = &acc[R_LAUNCHPAD_GLOBAL];
  SolBytes global_seeds[1] = {{(const u8 *)"global", 6}};
  if (!is_pda(lg->key, global_seeds, 1, &LAUNCHPAD_PROGRAM_ID, NULL) || !pubkey_eq_bytes(lg->owner->x, &LAUNCHPAD_PROGRAM_ID) ||
      account_data_len(lg) < LG_WHITELISTED_QUOTE_MINTS + 32 || !bytes_equal(lg->data, LAUNCHPAD_GLOBAL_DISCRIMINATOR, 8)) {
    return E_ROUTE_INVALID_HOP;
  }
  const Pubkey *zec = acc[H1_QUOTE].key, *native = acc[H1_BASE].key, *coin = acc[H2_BASE].key;
  if (!pubkey_eq_bytes(lg->data + LG_WHITELISTED_QUOTE_MINTS, zec)) return E_ROUTE_INVALID_HOP;
  if (!pubkey_eq(acc[H2_QUOTE].key, native)) return pubkey_eq(acc[H2_QUOTE].key, zec) ? E_ROUTE_NOT_NATIVE_PAIR : E_ROUTE_INVALID_HOP;

  /* Hop 1: the native-coin/ZEC pool this AMM's admin created (the pinned one). */
  TRY(expect_pool_hop(in, H1_VENUE, H1_BASE, H1_QUOTE, (const Pubkey *)(config + GC_ADMIN)));

  /* Hop 2: the coin's curve while it trades there, else its canonical pool (created by the pool authority). */
  const SolAccountInfo *venue = &acc[H2_VENUE];
  r->hop2_is_curve = pubkey_eq_bytes(venue->owner->x, &LAUNCHPAD_PROGRAM_ID);
  if (r->hop2_is_curve) {
    SolBytes curve_seeds[2] = {SEED(SEED_BONDING_CURVE), {coin->x, 32}};
    if (!is_pda(venue->key, curve_seeds, 2, &LAUNCHPAD_PROGRAM_ID, NULL) || account_data_len(venue) < 125 ||
        !bytes_equal(venue->data, LAUNCHPAD_CURVE_DISCRIMINATOR, 8) || !pubkey_eq_bytes(venue->data + 83, native)) {
      return E_ROUTE_INVALID_HOP;
    }
    if (expect_ata(&acc[H2_VENUE_BASE], venue->key, &TOKEN_2022_PROGRAM_ID, coin) != OK) return E_ROUTE_INVALID_HOP;
    if (expect_ata(&acc[H2_VENUE_QUOTE], venue->key, &TOKEN_2022_PROGRAM_ID, native) != OK) return E_ROUTE_INVALID_HOP;
  } else {
    Pubkey authority;
    u8 bump;
    SolBytes authority_seeds[2] = {SEED(SEED_POOL_AUTHORITY), {coin->x, 32}};
    find_pda(authority_seeds, 2, &LAUNCHPAD_PROGRAM_ID, &authority, &bump);
    TRY(expect_pool_hop(in, H2_VENUE, H2_BASE, H2_QUOTE, &authority));
  }

  /* The user's own accounts: ZEC and the coin, at their associated addresses. */
  const Pubkey *user = acc[R_USER].key;
  bool buy = r->buy;
  const Pubkey *in_mint = buy ? zec : coin, *out_mint = buy ? coin : zec;
  if (expect_ata(&acc[R_USER_IN], user, buy ? &TOKEN_PROGRAM_ID : &TOKEN_2022_PROGRAM_ID, in_mint) != OK) return E_ROUTE_INVALID_ACCOUNT;
  if (expect_ata(&acc[R_USER_OUT], user, buy ? &TOKEN_2022_PROGRAM_ID : &TOKEN_PROGRAM_ID, out_mint) != OK) return E_ROUTE_INVALID_ACCOUNT;
  if (!pubkey_eq(program_for(in, H1_QUOTE), &TOKEN_PROGRAM_ID) || !pubkey_eq(program_for(in, H1_BASE), &TOKEN_2022_PROGRAM_ID)) return E_ROUTE_INVALID_HOP;

  /* The buyback fee account: the ZEC account of one of the launchpad's buyback fee recipients. */
  const SolAccountInfo *buyback = &acc[R_BUYBACK];
  if (!is_token_account_of(buyback, zec, NULL)) return E_ROUTE_BUYBACK_ACCOUNT;
  const Pubkey *owner = token_account_owner(buyback);
  bool listed = false;
  for (int i = 0; i < 8 && !listed; i++) listed = pubkey_eq_bytes(lg->data + LG_BUYBACK_FEE_RECIPIENTS + 32 * i, owner);
  if (!listed || expect_ata(buyback, owner, &TOKEN_PROGRAM_ID, zec) != OK) return E_ROUTE_BUYBACK_ACCOUNT;

  /* Rates from this AMM's fee config: protocol once in ZEC; LP and creator on a hop-2 pool. */
  PoolFeeRates f;
  const u8 *hop2_pool = r->hop2_is_curve ? acc[H1_VENUE].data : venue->data;
  TRY(pool_fee_rates(in, &acc[R_FEE_CONFIG], config, hop2_pool, &f));
  r->protocol_bps = f.protocol_bps;
  r->lp_bps = f.lp_bps;
  r->creator_bps = f.creator_bps;
  r->b1 = token_account_amount(&acc[H1_VENUE_BASE]);
  if (!sub_u64(token_account_amount(&acc[H1_VENUE_QUOTE]), get_u64(acc[H1_VENUE].data + P_ROUTE_CREATOR_FEES), &r->q1)) return E_OVERFLOW;
  SolBytes volume_seeds[2] = {SEED(SEED_USER_VOLUME_ACCUMULATOR), {user->x, 32}};
  if (!is_pda(acc[R_USER_VOLUME].key, volume_seeds, 2, in->program_id, NULL)) return ERR_CONSTRAINT_SEEDS;
  return OK;
}

/* The AMM's GlobalConfig PDA signs the launchpad's route instructions. */
static Result route_curve_cpi(const Route *r, bool buy, u64 amount, u64 min_tokens) {
  const Input *in = r->in;
  const SolAccountInfo *acc = in->accounts;
  u8 bump;
  Pubkey scratch;
  SolBytes seeds[1] = {SEED(SEED_GLOBAL_CONFIG)};
  find_pda(seeds, 1, in->program_id, &scratch, &bump);
  SolSignerSeed parts[2] = {SEED(SEED_GLOBAL_CONFIG), {&bump, 1}};
  SolSignerSeeds signer = {parts, 2};
  u8 data[24];
  copy_bytes(data, buy ? LAUNCHPAD_ROUTE_BUY : LAUNCHPAD_ROUTE_SELL, 8);
  put_u64(data + 8, amount);
  put_u64(data + 16, min_tokens);
  if (buy) {
    SolAccountMeta metas[14] = {
        {acc[R_GLOBAL_CONFIG].key, false, true}, {acc[R_LAUNCHPAD_GLOBAL].key, false, false}, {acc[R_LAUNCHPAD_FEE_CONFIG].key, false, false},
        {acc[H2_BASE].key, false, false},        {acc[H2_VENUE].key, true, false},             {acc[H2_VENUE_BASE].key, true, false},
        {acc[H2_VENUE_QUOTE].key, true, false},  {acc[R_USER_OUT].key, true, false},           {acc[R_USER].key, false, false},
        {acc[H1_VENUE_BASE].key, true, false},   {acc[H1_BASE].key, false, false},             {&TOKEN_2022_PROGRAM_ID, false, false},
        {acc[R_LAUNCHPAD_EVENT_AUTHORITY].key, false, false}, {acc[R_LAUNCHPAD].key, false, false},
    };
    SolInstruction ix = {acc[R_LAUNCHPAD].key, metas, 14, data, 24};
    return invoke_signed(&ix, in, &signer, 1);
  }
  SolAccountMeta metas[14] = {
      {acc[R_GLOBAL_CONFIG].key, false, true}, {acc[R_LAUNCHPAD_GLOBAL].key, false, false}, {acc[R_LAUNCHPAD_FEE_CONFIG].key, false, false},
      {acc[H2_BASE].key, false, false},        {acc[H2_QUOTE].key, false, false},            {acc[H2_VENUE].key, true, false},
      {acc[H2_VENUE_BASE].key, true, false},   {acc[H2_VENUE_QUOTE].key, true, false},       {acc[R_USER].key, false, true},
      {acc[R_USER_IN].key, true, false},       {acc[H1_VENUE_BASE].key, true, false},        {&TOKEN_2022_PROGRAM_ID, false, false},
      {acc[R_LAUNCHPAD_EVENT_AUTHORITY].key, false, false}, {acc[R_LAUNCHPAD].key, false, false},
  };
  SolInstruction ix = {acc[R_LAUNCHPAD].key, metas, 14, data, 16};
  return invoke_signed(&ix, in, &signer, 1);
}

/* What hop 2 did, in the native coin: the venue's quote before fees, and the fees it kept. */
typedef struct {
  u64 quote, creator_fee, lp_fee;
} Hop2;

/* Hop 2 on a pool, buying with native already in its quote vault (`native_in`); returns base out. */
static Result pool_hop_buy(const Route *r, u64 native_in, u64 *base_out, Hop2 *h) {
  const Input *in = r->in;
  const SolAccountInfo *acc = in->accounts;
  u8 *p = acc[H2_VENUE].data;
  u64 accrued = get_u64(p + P_ROUTE_CREATOR_FEES), b = token_account_amount(&acc[H2_VENUE_BASE]), q, c, lp, creator, denominator, base, cost;
  /* Reserves before the native arrived, fees accrued excluded. */
  if (!sub_u64(token_account_amount(&acc[H2_VENUE_QUOTE]), native_in, &q) || !sub_u64(q, accrued, &q)) return E_OVERFLOW;
  if (!mul_div_floor(native_in, BPS, BPS + r->lp_bps + r->creator_bps, &c)) return E_OVERFLOW;
  for (int step = 0; step < 4 && c > 0; step++) {
    if (!mul_div_ceil(c, r->lp_bps, BPS, &lp) || !mul_div_ceil(c, r->creator_bps, BPS, &creator)) return E_OVERFLOW;
    if (c + lp + creator <= native_in) break;
    c -= 1;
  }
  if (c == 0 || !add_u64(q, c, &denominator) || !mul_div_floor(c, b, denominator, &base) || base == 0 || base >= b) return E_ZERO_BASE_AMOUNT;
  if (!mul_div_ceil(q, base, b - base, &cost) || !mul_div_ceil(cost, r->lp_bps, BPS, &lp) || cost + lp > native_in) return E_OVERFLOW;
  put_u64(p + P_ROUTE_CREATOR_FEES, accrued + (native_in - cost - lp));
  h->quote = cost;
  h->lp_fee = lp;
  h->creator_fee = native_in - cost - lp;
  PoolSigner s;
  pool_signer(&s, p);
  RouteMove out = {H2_VENUE_BASE, R_USER_OUT, H2_BASE, H2_VENUE, base};
  TRY(route_move(in, &out, &s.signer));
  *base_out = base;
  return OK;
}

/* Hop 2 on a pool, selling `tokens` of the user's: native proceeds go into hop 1's native vault. */
static Result pool_hop_sell(const Route *r, u64 tokens, u64 *native_out, Hop2 *h) {
  const Input *in = r->in;
  const SolAccountInfo *acc = in->accounts;
  u8 *p = acc[H2_VENUE].data;
  u64 accrued = get_u64(p + P_ROUTE_CREATOR_FEES), b = token_account_amount(&acc[H2_VENUE_BASE]), q, denominator, out, lp, creator, native;
  if (!sub_u64(token_account_amount(&acc[H2_VENUE_QUOTE]), accrued, &q)) return E_OVERFLOW;
  if (!add_u64(b, tokens, &denominator) || !mul_div_floor(q, tokens, denominator, &out)) return E_OVERFLOW;
  if (!mul_div_ceil(out, r->lp_bps, BPS, &lp) || !mul_div_ceil(out, r->creator_bps, BPS, &creator) || out < lp + creator) return E_ROUTE_MIN_OUT;
  native = out - lp - creator;
  if (native == 0) return E_ROUTE_MIN_OUT;
  h->quote = out;
  h->lp_fee = lp;
  h->creator_fee = creator;
  RouteMove in_tokens = {R_USER_IN, H2_VENUE_BASE, H2_BASE, R_USER, tokens};
  TRY(route_move(in, &in_tokens, NULL));
  put_u64(p + P_ROUTE_CREATOR_FEES, accrued + creator);
  PoolSigner s;
  pool_signer(&s, p);
  RouteMove proceeds = {H2_VENUE_QUOTE, H1_VENUE_BASE, H2_QUOTE, H2_VENUE, native};
  TRY(route_move(in, &proceeds, &s.signer));
  *native_out = native;
  return OK;
}

/* The route as it ran, for indexers: the trader's ZEC and coin, the native coin between the hops, the fees. */
typedef struct {
  u64 amount_in, min_out, zec, tokens, protocol_fee, native, hop1_zec;
  Hop2 hop2;
} RouteReport;

/* A venue's quote reserve: its quote vault less the route creator fees waiting in it. */
INLINE u64 pool_quote_reserve(const SolAccountInfo *pool, const SolAccountInfo *quote_vault) {
  u64 q = token_account_amount(quote_vault), accrued = get_u64(pool->data + P_ROUTE_CREATOR_FEES);
  return q > accrued ? q - accrued : 0;
}

static Result emit_route(const Route *r, const RouteReport *x) {
  const Input *in = r->in;
  const SolAccountInfo *acc = in->accounts;
  u8 buf[8 + 8 + 32 * 4 + 2 + 8 * 16];
  Writer w = {buf, 0, sizeof(buf), false};
  w_bytes(&w, ROUTE_EVENT, 8);
  w_u64(&w, (u64)now_unix());
  w_pubkey(&w, acc[R_USER].key);
  w_pubkey(&w, acc[H2_BASE].key);
  w_pubkey(&w, acc[H1_VENUE].key);
  w_pubkey(&w, acc[H2_VENUE].key);
  w_u8(&w, r->buy ? 1 : 0);
  w_u8(&w, r->hop2_is_curve ? 1 : 0);
  w_u64(&w, x->amount_in);
  w_u64(&w, x->min_out);
  w_u64(&w, x->zec);
  w_u64(&w, x->tokens);
  w_u64(&w, x->protocol_fee);
  w_u64(&w, x->native);
  w_u64(&w, x->hop1_zec);
  w_u64(&w, x->hop2.quote);
  w_u64(&w, x->hop2.creator_fee);
  w_u64(&w, x->hop2.lp_fee);
  w_u64(&w, token_account_amount(&acc[H1_VENUE_BASE]));
  w_u64(&w, pool_quote_reserve(&acc[H1_VENUE], &acc[H1_VENUE_QUOTE]));
  if (r->hop2_is_curve) {
    /* The curve's virtual and real reserves after the trade (BondingCurve offsets 8..40). */
    const u8 *c = acc[H2_VENUE].data;
    for (int i = 0; i < 4; i++) w_u64(&w, get_u64(c + 8 + 8 * i));
  } else {
    w_u64(&w, token_account_amount(&acc[H2_VENUE_BASE]));
    w_u64(&w, pool_quote_reserve(&acc[H2_VENUE], &acc[H2_VENUE_QUOTE]));
    w_u64(&w, 0);
    w_u64(&w, 0);
  }
  if (w.overflow) return E_OVERFLOW;
  return emit_event(in, &acc[R_EVENT_AUTHORITY], buf, w.len);
}

/* The curve's route creator fees waiting in it (offset 125, beyond the IDL's fields). */
INLINE u64 curve_route_fees(const SolAccountInfo *curve) { return get_u64(curve->data + 125); }

static Result multi_hop_swap(const Input *in) {
  Route route = {in, 0, 0, 0, false, false, 0, 0, 0, 0};
  Route *r = &route;
  TRY(expect_route_accounts(r));
  bool buy = r->buy;
  const SolAccountInfo *acc = in->accounts;
  Reader rd = {in->data + 8, in->data_len - 8, 0, false};
  u64 amount_in = r_u64(&rd), min_out = r_u64(&rd);
  if (rd.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (amount_in == 0) return E_ZERO_QUOTE_AMOUNT;
  PoolSigner hop1;
  pool_signer(&hop1, acc[H1_VENUE].data);

  if (buy) {
    u64 protocol_fee, zec_in, native, denominator;
    if (!mul_div_ceil(amount_in, r->protocol_bps, BPS, &protocol_fee) || !sub_u64(amount_in, protocol_fee, &zec_in) || zec_in == 0) return E_ZERO_QUOTE_AMOUNT;
    if (!add_u64(r->q1, zec_in, &denominator) || !mul_div_floor(zec_in, r->b1, denominator, &native) || native == 0) return E_ZERO_BASE_AMOUNT;
    RouteMove fee = {R_USER_IN, R_BUYBACK, H1_QUOTE, R_USER, protocol_fee};
    TRY(route_move(in, &fee, NULL));
    RouteMove pay = {R_USER_IN, H1_VENUE_QUOTE, H1_QUOTE, R_USER, zec_in};
    TRY(route_move(in, &pay, NULL));
    RouteMove hand_over = {H1_VENUE_BASE, H2_VENUE_QUOTE, H1_BASE, H1_VENUE, native};
    TRY(route_move(in, &hand_over, &hop1.signer));
    u64 before = token_account_amount(&acc[R_USER_OUT]), tokens;
    RouteReport report = {amount_in, min_out, amount_in, 0, protocol_fee, native, zec_in, {0, 0, 0}};
    if (r->hop2_is_curve) {
      u64 fees_before = curve_route_fees(&acc[H2_VENUE]);
      TRY(route_curve_cpi(r, true, native, min_out));
      tokens = token_account_amount(&acc[R_USER_OUT]) - before;
      /* A buy that completed the curve handed back the native it did not use: sold back into ZEC. */
      u64 hop1_base = r->b1 - native, leftover = token_account_amount(&acc[H1_VENUE_BASE]) - hop1_base;
      if (leftover > 0) {
        u64 hop1_quote = r->q1 + zec_in, back, denominator2;
        if (!add_u64(hop1_base, leftover, &denominator2) || !mul_div_floor(hop1_quote, leftover, denominator2, &back)) return E_OVERFLOW;
        RouteMove refund = {H1_VENUE_QUOTE, R_USER_IN, H1_QUOTE, H1_VENUE, back};
        TRY(route_move(in, &refund, &hop1.signer));
        report.zec -= back;
        report.hop1_zec -= back;
        report.native -= leftover;
      }
      report.hop2.creator_fee = curve_route_fees(&acc[H2_VENUE]) - fees_before;
      report.hop2.quote = report.native - report.hop2.creator_fee;
    } else {
      TRY(pool_hop_buy(r, native, &tokens, &report.hop2));
    }
    if (tokens < min_out) return E_ROUTE_MIN_OUT;
    report.tokens = tokens;
    return emit_route(r, &report);
  }

  /* A sale: hop 2 first (coin to native, into hop 1's native vault), then hop 1 (native to ZEC). */
  u64 native;
  Hop2 hop2 = {0, 0, 0};
  if (r->hop2_is_curve) {
    u64 before = token_account_amount(&acc[H1_VENUE_BASE]), fees_before = curve_route_fees(&acc[H2_VENUE]);
    TRY(route_curve_cpi(r, false, amount_in, 0));
    native = token_account_amount(&acc[H1_VENUE_BASE]) - before;
    hop2.creator_fee = curve_route_fees(&acc[H2_VENUE]) - fees_before;
    hop2.quote = native + hop2.creator_fee;
  } else {
    TRY(pool_hop_sell(r, amount_in, &native, &hop2));
  }
  u64 denominator, zec_out, protocol_fee, receives;
  if (!add_u64(r->b1, native, &denominator) || !mul_div_floor(r->q1, native, denominator, &zec_out)) return E_OVERFLOW;
  if (!mul_div_ceil(zec_out, r->protocol_bps, BPS, &protocol_fee) || !sub_u64(zec_out, protocol_fee, &receives)) return E_ROUTE_MIN_OUT;
  if (receives < min_out) return E_ROUTE_MIN_OUT;
  RouteMove fee = {H1_VENUE_QUOTE, R_BUYBACK, H1_QUOTE, H1_VENUE, protocol_fee};
  TRY(route_move(in, &fee, &hop1.signer));
  RouteMove pay = {H1_VENUE_QUOTE, R_USER_OUT, H1_QUOTE, H1_VENUE, receives};
  TRY(route_move(in, &pay, &hop1.signer));
  RouteReport report = {amount_in, min_out, receives, amount_in, protocol_fee, native, zec_out, hop2};
  return emit_route(r, &report);
}
