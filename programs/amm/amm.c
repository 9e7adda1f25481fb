/*
 * amm: constant-product pools at the `pump_amm` interface (IDL in @pump-fun/pump-sdk 2.0.0): the
 * canonical pool of a migrated coin and the sandbox's own pools (native coin/ZEC, WSOL/ZEC). See
 * README.md for the subset; every other instruction answers InstructionFallbackNotFound.
 */
#include "admin.h"
#include "collect.h"
#include "route.h"

#define MAX_ACCOUNTS 32

Result entrypoint(const u8 *input) {
  SolAccountInfo accounts[MAX_ACCOUNTS];
  Input in;
  deserialize(input, accounts, MAX_ACCOUNTS, &in);
  if (in.data_len < 8) return ERR_INSTRUCTION_FALLBACK_NOT_FOUND;
  const u8 *d = in.data;
  if (is_event_instruction(&in)) return accept_event_instruction(&in);
  if (bytes_equal(d, IX_BUY, 8)) return buy(&in);
  if (bytes_equal(d, IX_SELL, 8)) return sell(&in);
  if (bytes_equal(d, IX_BUY_EXACT_QUOTE_IN, 8)) return buy_exact_quote_in(&in);
  if (bytes_equal(d, IX_DEPOSIT, 8)) return deposit(&in);
  if (bytes_equal(d, IX_CREATE_POOL, 8)) return create_pool(&in);
  if (bytes_equal(d, IX_CREATE_CONFIG, 8)) return create_config(&in);
  if (bytes_equal(d, IX_MULTI_HOP_SWAP, 8)) return multi_hop_swap(&in);
  if (bytes_equal(d, IX_COLLECT_COIN_CREATOR_FEE, 8)) return collect_coin_creator_fee(&in);
  if (bytes_equal(d, IX_COLLECT_ROUTE_CREATOR_FEE, 8)) return collect_route_creator_fee(&in);
  LOG("amm: instruction not supported by the sandbox program");
  return ERR_INSTRUCTION_FALLBACK_NOT_FOUND;
}
