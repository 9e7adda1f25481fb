/*
 * launchpad: the bonding-curve launchpad at the `pump` program's v2 interface (IDL in
 * @pump-fun/pump-sdk 2.0.0), for coins quoted in ZEC or the native coin. See README.md for the subset
 * and the sandbox's conventions; every other instruction is refused with InstructionFallbackNotFound.
 */
#include "admin.h"
#include "collect.h"
#include "create.h"
#include "migrate.h"
#include "route.h"
#include "trade.h"

/* Enough for create_v2 with its quote accounts and a trade's 27. */
#define MAX_ACCOUNTS 32

Result entrypoint(const u8 *input) {
  SolAccountInfo accounts[MAX_ACCOUNTS];
  Input in;
  deserialize(input, accounts, MAX_ACCOUNTS, &in);
  if (in.data_len < 8) return ERR_INSTRUCTION_FALLBACK_NOT_FOUND;
  const u8 *d = in.data;
  if (is_event_instruction(&in)) return accept_event_instruction(&in);
  if (bytes_equal(d, IX_BUY_V2, 8)) return buy_v2(&in);
  if (bytes_equal(d, IX_SELL_V2, 8)) return sell_v2(&in);
  if (bytes_equal(d, IX_BUY_EXACT_QUOTE_IN_V2, 8)) return buy_exact_quote_in_v2(&in);
  if (bytes_equal(d, IX_CREATE_V2, 8)) return create_v2(&in);
  if (bytes_equal(d, IX_COLLECT_CREATOR_FEE_V2, 8)) return collect_creator_fee_v2(&in);
  if (bytes_equal(d, IX_COLLECT_ROUTE_CREATOR_FEE, 8)) return collect_route_creator_fee(&in);
  if (bytes_equal(d, IX_MIGRATE_V2, 8)) return migrate_v2(&in);
  if (bytes_equal(d, IX_ROUTE_BUY, 8)) return route_buy(&in);
  if (bytes_equal(d, IX_ROUTE_SELL, 8)) return route_sell(&in);
  if (bytes_equal(d, IX_INITIALIZE, 8)) return initialize(&in);
  if (bytes_equal(d, IX_SET_PARAMS, 8)) return set_params(&in);
  if (bytes_equal(d, IX_ADD_QUOTE_MINT, 8)) return add_quote_mint(&in);
  if (bytes_equal(d, IX_SET_VIRTUAL_QUOTE_RESERVES, 8)) return set_virtual_quote_reserves(&in);
  if (bytes_equal(d, IX_UPDATE_BUYBACK_CONFIG, 8)) return update_buyback_config(&in);
  if (bytes_equal(d, IX_TOGGLE_CREATE_V2, 8)) return toggle_create_v2(&in);
  if (bytes_equal(d, IX_UPDATE_CREATOR_FEE_CONFIG, 8)) return update_creator_fee_config(&in);
  if (bytes_equal(d, IX_INITIALIZE_QUOTE_CONTROL, 8)) return initialize_quote_control(&in);
  if (bytes_equal(d, IX_ADD_QUOTE_CONTROL_MINT, 8)) return add_quote_control_mint(&in);
  LOG("launchpad: instruction not supported by the sandbox program");
  return ERR_INSTRUCTION_FALLBACK_NOT_FOUND;
}
