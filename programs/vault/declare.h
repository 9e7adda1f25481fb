/* declare_payee, exactly as the spec's "Hand-built planting" step 4 (see vault.c). */
#pragma once
#include "state.h"

static const u8 IX_DECLARE_PAYEE[8] = {51, 67, 68, 118, 241, 128, 196, 27};

enum { DP_DEPLOYER, DP_MINT, DP_RECORD, DP_ZEC_MINT, DP_RECORD_ZEC, DP_ZEC_TOKEN_PROGRAM, DP_COIN_TOKEN_PROGRAM, DP_ASSOCIATED_TOKEN_PROGRAM, DP_SYSTEM_PROGRAM, DP_ACCOUNTS };

static Result declare_payee(const Input *in) {
  TRY(expect_accounts(in, DP_ACCOUNTS));
  const SolAccountInfo *a = in->accounts, *deployer = &a[DP_DEPLOYER], *mint = &a[DP_MINT], *record = &a[DP_RECORD];
  TRY(expect_signer(deployer));
  TRY(expect_writable(deployer));
  TRY(expect_signer(mint));
  TRY(expect_writable(record));
  TRY(expect_writable(&a[DP_RECORD_ZEC]));
  TRY(expect_key(&a[DP_ZEC_TOKEN_PROGRAM], &TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[DP_COIN_TOKEN_PROGRAM], &TOKEN_2022_PROGRAM_ID));
  TRY(expect_key(&a[DP_ASSOCIATED_TOKEN_PROGRAM], &ASSOCIATED_TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[DP_SYSTEM_PROGRAM], &SYSTEM_PROGRAM_ID));
  /* The coin is created earlier in the same transaction (create_v2): an initialised Token-2022 mint. */
  if (!pubkey_eq(mint->owner, &TOKEN_2022_PROGRAM_ID) || account_data_len(mint) < MINT_SIZE || mint->data[45] != 1) return E_NOT_A_COIN_MINT;
  /* The record's fee account holds ZEC: an SPL Token mint of 8 decimals (the index compares the address with its own). */
  const SolAccountInfo *zec = &a[DP_ZEC_MINT];
  if (!pubkey_eq(zec->owner, &TOKEN_PROGRAM_ID) || account_data_len(zec) < MINT_SIZE || zec->data[45] != 1 || mint_decimals(zec) != 8) return E_NOT_ZEC_MINT;

  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u8 tag = r_u8(&r);
  static const Pubkey NO_PAYEE = {{0}};
  const Pubkey *payee = tag == 1 ? r_pubkey(&r) : &NO_PAYEE;
  if (r.bad) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (tag > 1) return E_BAD_PAYEE_TAG;
  if (tag == 1 && pubkey_is_zero(payee)) return E_ZERO_PAYEE;

  u8 bump;
  SolBytes seeds[2] = {{SEED_PAYEE, sizeof(SEED_PAYEE) - 1}, {mint->key->x, 32}};
  TRY(expect_pda(record, seeds, 2, in->program_id, &bump));
  if (!is_zec_ata(&a[DP_RECORD_ZEC], record->key, zec->key)) return ERR_CONSTRAINT_ASSOCIATED;

  SolSignerSeed parts[3] = {{SEED_PAYEE, sizeof(SEED_PAYEE) - 1}, {mint->key->x, 32}, {&bump, 1}};
  SolSignerSeeds signer = {parts, 3};
  CreateAccount create = {deployer->key, record->key, PAYEE_RECORD_SIZE, in->program_id, &signer};
  TRY(create_account(in, record, &create));
  u8 *d = record->data;
  copy_bytes(d, PAYEE_RECORD_DISCRIMINATOR, 8);
  d[PR_BUMP] = bump;
  copy_bytes(d + PR_MINT, mint->key, 32);
  d[PR_KIND] = tag;
  copy_bytes(d + PR_PAYEE, payee, 32);
  copy_bytes(d + PR_DEPLOYER, deployer->key, 32);
  put_u64(d + PR_TOTAL_PAID, 0);
  put_u32(d + PR_RUNS, 0);
  CreateAta fee_account = {deployer->key, a[DP_RECORD_ZEC].key, record->key, zec->key, &TOKEN_PROGRAM_ID};
  return ata_create_idempotent(in, &fee_account);
}

