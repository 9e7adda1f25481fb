/*
 * vault: the service's own program (design in README.md). Built so far:
 *   declare_payee, exactly as the spec's "Hand-built planting" step 4 (declare.h);
 *   init_config, the one VaultConfig with the split and the destinations (config.h);
 *   split, permissionless: a ZEC-paired coin's creator fees from the launchpad, split four ways (split.h);
 *   claim and change_payee (payee.h);
 *   holder-reward runs: open_run, pay_run, close_run (runs.h);
 *   set_reference, the ZEC rate memory per mint (price.h);
 *   native-paired coins: collect_native, split_native, add_liquidity (native.h).
 */
#include "config.h"
#include "declare.h"
#include "native.h"
#include "payee.h"
#include "price.h"
#include "runs.h"
#include "split.h"

Result entrypoint(const u8 *input) {
  SolAccountInfo accounts[RUN_MAX_ACCOUNTS];
  Input in;
  deserialize(input, accounts, ARRAY_LEN(accounts), &in);
  if (in.data_len < 8) return ERR_INSTRUCTION_FALLBACK_NOT_FOUND;
  if (bytes_equal(in.data, IX_DECLARE_PAYEE, 8)) return declare_payee(&in);
  if (bytes_equal(in.data, IX_SPLIT, 8)) return split_fees(&in);
  if (bytes_equal(in.data, IX_COLLECT_NATIVE, 8)) return collect_native(&in);
  if (bytes_equal(in.data, IX_SPLIT_NATIVE, 8)) return split_native(&in);
  if (bytes_equal(in.data, IX_ADD_LIQUIDITY, 8)) return add_liquidity(&in);
  if (bytes_equal(in.data, IX_CLAIM, 8)) return claim(&in);
  if (bytes_equal(in.data, IX_CHANGE_PAYEE, 8)) return change_payee(&in);
  if (bytes_equal(in.data, IX_OPEN_RUN, 8)) return open_run(&in);
  if (bytes_equal(in.data, IX_PAY_RUN, 8)) return pay_run(&in);
  if (bytes_equal(in.data, IX_CLOSE_RUN, 8)) return close_run(&in);
  if (bytes_equal(in.data, IX_SET_REFERENCE, 8)) return set_reference(&in);
  if (bytes_equal(in.data, IX_INIT_CONFIG, 8)) return init_config(&in);
  LOG("vault: unknown instruction");
  return ERR_INSTRUCTION_FALLBACK_NOT_FOUND;
}
