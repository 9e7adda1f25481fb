/*
 * set_reference (admin): writes a token's ZEC rate memory, the PriceRecord ["price", mint], creating it
 * the first time. `reference` floors native-pair conversions and values the stock pairs; `realised` is
 * written by conversions (the last one's rate) and left as it is here.
 *   data: reference u64 (zat per raw unit of the mint, times 1e12)
 *   accounts: admin (w, s), config, mint, price record (w), system program
 */
#pragma once
#include "state.h"

static const u8 IX_SET_REFERENCE[8] = {184, 96, 203, 159, 23, 67, 215, 242};

static Result set_reference(const Input *in) {
  TRY(expect_accounts(in, 5));
  const SolAccountInfo *a = in->accounts, *admin = &a[0], *config = &a[1], *mint = &a[2], *record = &a[3];
  TRY(expect_signer(admin));
  TRY(expect_writable(record));
  TRY(expect_key(&a[4], &SYSTEM_PROGRAM_ID));
  TRY(expect_config(in, config));
  if (!pubkey_eq_bytes(config->data + VC_ADMIN, admin->key)) return E_NOT_ADMIN;
  if (in->data_len != 16) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  u64 reference = get_u64(in->data + 8);
  if (reference == 0) return E_ZERO_REFERENCE;
  if (!is_token_program(mint->owner)) return E_NOT_A_COIN_MINT;
  u8 bump;
  SolBytes seeds[2] = {SEED(SEED_PRICE), {mint->key->x, 32}};
  TRY(expect_pda(record, seeds, 2, in->program_id, &bump));
  if (account_data_len(record) == 0) {
    SolSignerSeed parts[3] = {SEED(SEED_PRICE), {mint->key->x, 32}, {&bump, 1}};
    SolSignerSeeds signer = {parts, 3};
    CreateAccount create = {admin->key, record->key, PRICE_RECORD_SIZE, in->program_id, &signer};
    TRY(create_account(in, record, &create));
    copy_bytes(record->data, PRICE_RECORD_DISCRIMINATOR, 8);
    record->data[PRC_BUMP] = bump;
    copy_bytes(record->data + PRC_MINT, mint->key, 32);
  } else {
    TRY(expect_anchor_account(record, in->program_id, PRICE_RECORD_DISCRIMINATOR, PRICE_RECORD_SIZE));
  }
  Clock clock;
  sol_get_clock_sysvar(&clock);
  put_u64(record->data + PRC_REFERENCE, reference);
  put_u64(record->data + PRC_UPDATED_SLOT, clock.slot);
  return OK;
}
