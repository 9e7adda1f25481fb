/*
 * aggregator: the sandbox's stand-in for a DEX aggregator. SOL to ZEC and ZEC to SOL through the AMM's
 * WSOL/ZEC pool, wrapping and unwrapping inside the instruction, with a minimum-out check on what the
 * user actually receives. On a real cluster the engine uses a real aggregator's HTTP API behind the same
 * interface. Our own interface (Anchor-style discriminators "global:sol_to_zec", "global:zec_to_sol"):
 *   data: discriminator, amount_in u64, min_amount_out u64
 *   accounts: see the A_* list below; the AMM's trade accounts for the WSOL/ZEC pool follow the user's.
 */
#include "borsh-writer.h"
#include "checked-math.h"
#include "checks.h"
#include "system.h"
#include "token.h"

static const u8 IX_SOL_TO_ZEC[8] = {18, 25, 161, 194, 139, 131, 53, 57};
static const u8 IX_ZEC_TO_SOL[8] = {123, 124, 135, 201, 221, 71, 56, 50};
static const u8 AMM_SELL[8] = {51, 230, 133, 164, 1, 127, 131, 173};
static const u8 AMM_BUY_EXACT_QUOTE_IN[8] = {198, 46, 21, 82, 180, 217, 232, 112};
static const Pubkey WSOL_MINT = {{6, 155, 136, 87, 254, 171, 129, 132, 251, 104, 127, 99, 70, 24, 192, 53, 218, 196, 57, 220, 26, 235, 59, 85, 152, 160, 240, 0, 0, 0, 0, 1}}; /* So11111111111111111111111111111111111111112 */

#define E_SLIPPAGE_EXCEEDED 6000 /* the user would receive less than min_amount_out */
#define E_ZERO_AMOUNT 6001
#define E_WRONG_MINT 6002        /* the pool is not WSOL/ZEC as named */

enum {
  A_USER, A_USER_WSOL, A_USER_ZEC, A_WSOL_MINT, A_ZEC_MINT, A_TOKEN_PROGRAM, A_SYSTEM_PROGRAM, A_ASSOCIATED_TOKEN_PROGRAM, A_AMM,
  A_POOL, A_AMM_GLOBAL_CONFIG, A_POOL_WSOL, A_POOL_ZEC, A_PROTOCOL_FEE_RECIPIENT, A_PROTOCOL_FEE_RECIPIENT_ATA, A_CREATOR_VAULT_ATA,
  A_CREATOR_VAULT_AUTHORITY, A_GLOBAL_VOLUME_ACCUMULATOR, A_USER_VOLUME_ACCUMULATOR, A_FEE_CONFIG, A_FEE_PROGRAM, A_AMM_EVENT_AUTHORITY,
  A_ACCOUNTS
};

/* The AMM trade (sell of WSOL or buy of WSOL with an exact ZEC amount), its accounts in IDL order. */
static Result amm_trade(const Input *in, bool sell_wsol, u64 amount, u64 limit) {
  const SolAccountInfo *a = in->accounts;
  u8 data[25];
  copy_bytes(data, sell_wsol ? AMM_SELL : AMM_BUY_EXACT_QUOTE_IN, 8);
  put_u64(data + 8, amount);
  put_u64(data + 16, limit);
  data[24] = 0; /* track_volume (buy only) */
  SolAccountMeta metas[23] = {
      {a[A_POOL].key, true, false},          {a[A_USER].key, true, true},           {a[A_AMM_GLOBAL_CONFIG].key, false, false},
      {a[A_WSOL_MINT].key, false, false},    {a[A_ZEC_MINT].key, false, false},     {a[A_USER_WSOL].key, true, false},
      {a[A_USER_ZEC].key, true, false},      {a[A_POOL_WSOL].key, true, false},     {a[A_POOL_ZEC].key, true, false},
      {a[A_PROTOCOL_FEE_RECIPIENT].key, false, false}, {a[A_PROTOCOL_FEE_RECIPIENT_ATA].key, true, false}, {a[A_TOKEN_PROGRAM].key, false, false},
      {a[A_TOKEN_PROGRAM].key, false, false}, {a[A_SYSTEM_PROGRAM].key, false, false}, {a[A_ASSOCIATED_TOKEN_PROGRAM].key, false, false},
      {a[A_AMM_EVENT_AUTHORITY].key, false, false}, {a[A_AMM].key, false, false}, {a[A_CREATOR_VAULT_ATA].key, true, false},
      {a[A_CREATOR_VAULT_AUTHORITY].key, false, false}, {a[A_GLOBAL_VOLUME_ACCUMULATOR].key, false, false},
      {a[A_USER_VOLUME_ACCUMULATOR].key, true, false}, {a[A_FEE_CONFIG].key, false, false}, {a[A_FEE_PROGRAM].key, false, false},
  };
  if (sell_wsol) {
    /* sell lists no volume accumulators: fee_config and fee_program follow the creator vault authority */
    metas[19] = metas[21];
    metas[20] = metas[22];
  }
  SolInstruction ix = {a[A_AMM].key, metas, sell_wsol ? 21 : 23, data, sell_wsol ? 24 : 25};
  return invoke(&ix, in);
}

INLINE u64 balance_of(const SolAccountInfo *account) { return account_data_len(account) >= TOKEN_ACCOUNT_SIZE ? token_account_amount(account) : 0; }

static Result close_wsol(const Input *in) {
  const SolAccountInfo *a = in->accounts;
  u8 data[1] = {9}; /* CloseAccount: all lamports, wrapped SOL included, back to the user */
  SolAccountMeta metas[3] = {{a[A_USER_WSOL].key, true, false}, {a[A_USER].key, true, false}, {a[A_USER].key, false, true}};
  SolInstruction ix = {a[A_TOKEN_PROGRAM].key, metas, 3, data, 1};
  return invoke(&ix, in);
}

static Result swap(const Input *in, bool sol_to_zec) {
  TRY(expect_accounts(in, A_ACCOUNTS));
  const SolAccountInfo *a = in->accounts, *user = &a[A_USER];
  TRY(expect_signer(user));
  TRY(expect_key(&a[A_WSOL_MINT], &WSOL_MINT));
  TRY(expect_key(&a[A_TOKEN_PROGRAM], &TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[A_SYSTEM_PROGRAM], &SYSTEM_PROGRAM_ID));
  TRY(expect_key(&a[A_ASSOCIATED_TOKEN_PROGRAM], &ASSOCIATED_TOKEN_PROGRAM_ID));
  if (!pubkey_eq(a[A_ZEC_MINT].owner, &TOKEN_PROGRAM_ID)) return E_WRONG_MINT;
  Pubkey expected;
  u8 bump;
  ata_address(user->key, &TOKEN_PROGRAM_ID, &WSOL_MINT, &expected, &bump);
  if (!pubkey_eq(a[A_USER_WSOL].key, &expected)) return ERR_CONSTRAINT_SEEDS;
  ata_address(user->key, &TOKEN_PROGRAM_ID, a[A_ZEC_MINT].key, &expected, &bump);
  if (!pubkey_eq(a[A_USER_ZEC].key, &expected)) return ERR_CONSTRAINT_SEEDS;

  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u64 amount_in = r_u64(&r), min_out = r_u64(&r);
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (amount_in == 0) return E_ZERO_AMOUNT;

  CreateAta wsol = {user->key, a[A_USER_WSOL].key, user->key, &WSOL_MINT, &TOKEN_PROGRAM_ID};
  TRY(ata_create_idempotent(in, &wsol));
  CreateAta zec = {user->key, a[A_USER_ZEC].key, user->key, a[A_ZEC_MINT].key, &TOKEN_PROGRAM_ID};
  TRY(ata_create_idempotent(in, &zec));

  u64 received;
  if (sol_to_zec) {
    /* Wrap exactly amount_in lamports, sell them for ZEC, unwrap whatever WSOL remains. */
    TRY(system_transfer(in, user->key, a[A_USER_WSOL].key, amount_in, NULL));
    u8 sync[1] = {17};
    SolAccountMeta sync_meta[1] = {{a[A_USER_WSOL].key, true, false}};
    SolInstruction ix_sync = {&TOKEN_PROGRAM_ID, sync_meta, 1, sync, 1};
    TRY(invoke(&ix_sync, in));
    u64 zec_before = balance_of(&a[A_USER_ZEC]);
    TRY(amm_trade(in, true, amount_in, min_out));
    u64 zec_after = balance_of(&a[A_USER_ZEC]);
    if (!sub_u64(zec_after, zec_before, &received)) return E_SLIPPAGE_EXCEEDED;
  } else {
    /* Buy WSOL with exactly amount_in ZEC; what counts is the WSOL bought, unwrapped below. */
    u64 wsol_before = balance_of(&a[A_USER_WSOL]);
    TRY(amm_trade(in, false, amount_in, 1));
    u64 wsol_after = balance_of(&a[A_USER_WSOL]);
    if (!sub_u64(wsol_after, wsol_before, &received)) return E_SLIPPAGE_EXCEEDED;
  }
  if (received < min_out) return E_SLIPPAGE_EXCEEDED;
  /* Unwrap: the WSOL account closes back into SOL (a wrapped balance the user held before comes along). */
  TRY(close_wsol(in));
  sol_set_return_data((const u8 *)&received, 8);
  return OK;
}

Result entrypoint(const u8 *input) {
  SolAccountInfo accounts[A_ACCOUNTS + 2];
  Input in;
  deserialize(input, accounts, ARRAY_LEN(accounts), &in);
  if (in.data_len < 8) return ERR_INSTRUCTION_FALLBACK_NOT_FOUND;
  if (bytes_equal(in.data, IX_SOL_TO_ZEC, 8)) return swap(&in, true);
  if (bytes_equal(in.data, IX_ZEC_TO_SOL, 8)) return swap(&in, false);
  LOG("aggregator: unknown instruction");
  return ERR_INSTRUCTION_FALLBACK_NOT_FOUND;
}
