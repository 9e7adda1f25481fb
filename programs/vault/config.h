/*
 * init_config: the vault's one VaultConfig, PDA ["vault-config"], created once; the signer becomes its
 * admin. On a real cluster it is sent in the deploy transaction (nobody else can front-run it there);
 * the sandbox's genesis sends it with the sandbox authority.
 *   data: discriminator, run_authority [32], treasury [32], rootstock [32], liquidity_pot [32],
 *         liquidity_bps u16, rootstock_bps u16, treasury_bps u16, payee_bps u16, creator_fee_bps u16,
 *         launch_fee_lamports u64, conversion_tolerance_bps u16
 *   accounts: admin (w, s), config (w), system program
 */
#pragma once
#include "state.h"

static const u8 IX_INIT_CONFIG[8] = {23, 235, 115, 232, 168, 96, 1, 231};
#define INIT_CONFIG_ARGS (32 * 4 + 2 * 5 + 8 + 2)

static Result init_config(const Input *in) {
  TRY(expect_accounts(in, 3));
  const SolAccountInfo *admin = &in->accounts[0], *config = &in->accounts[1];
  TRY(expect_signer(admin));
  TRY(expect_writable(config));
  TRY(expect_key(&in->accounts[2], &SYSTEM_PROGRAM_ID));
  if (in->data_len != 8 + INIT_CONFIG_ARGS) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  const u8 *args = in->data + 8;
  const u8 *split = args + 128;
  u64 sum = (u64)get_u16(split) + get_u16(split + 2) + get_u16(split + 4) + get_u16(split + 6);
  if (sum != 10000 || get_u16(args + 136) > 10000 || get_u16(args + 146) >= 10000) return E_INVALID_SPLIT;
  u8 bump;
  SolBytes seeds[1] = {SEED(SEED_CONFIG)};
  TRY(expect_pda(config, seeds, 1, in->program_id, &bump));
  SolSignerSeed parts[2] = {SEED(SEED_CONFIG), {&bump, 1}};
  SolSignerSeeds signer = {parts, 2};
  CreateAccount create = {admin->key, config->key, VAULT_CONFIG_SIZE, in->program_id, &signer};
  TRY(create_account(in, config, &create));
  u8 *d = config->data;
  copy_bytes(d, VAULT_CONFIG_DISCRIMINATOR, 8);
  d[VC_BUMP] = bump;
  copy_bytes(d + VC_ADMIN, admin->key, 32);
  copy_bytes(d + VC_RUN_AUTHORITY, args, INIT_CONFIG_ARGS); /* the arguments are the rest of the layout, in order */
  return OK;
}
