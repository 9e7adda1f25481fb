/*
 * vault: the service's own program (design in README.md). This build holds declare_payee only, exactly
 * as the spec's "Hand-built planting" step 4 gives it:
 *   data: [51,67,68,118,241,128,196,27], option tag u8 (1 + payee [32], or 0 = holder rewards)
 *   accounts: deployer (w, s), mint (s), payee record [payee, mint] (w), ZEC mint, the record's ZEC
 *   account (w), ZEC token program, coin token program (Token-2022), associated token program, system
 * It creates the PayeeRecord and its ZEC fee account. A second declaration for the same mint fails in
 * account creation (ERR_ACCOUNT_IN_USE). The split, claims, payee changes and holder-reward runs follow.
 */
#include "borsh-writer.h"
#include "checks.h"
#include "system.h"
#include "token.h"

static const u8 IX_DECLARE_PAYEE[8] = {51, 67, 68, 118, 241, 128, 196, 27};
/* sha256("account:PayeeRecord")[..8] */
static const u8 PAYEE_RECORD_DISCRIMINATOR[8] = {241, 45, 56, 42, 236, 167, 132, 242};
static const u8 SEED_PAYEE[] = "payee";

#define E_BAD_PAYEE_TAG 6200   /* the option tag is neither 0 (holders) nor 1 (a payee key follows) */
#define E_NOT_A_COIN_MINT 6201 /* the mint is not an initialised Token-2022 mint */
#define E_NOT_ZEC_MINT 6202    /* the ZEC mint is not an SPL Token mint of 8 decimals */
#define E_ZERO_PAYEE 6203      /* a payee key of all zeros (holders are declared with tag 0) */

/* PayeeRecord: discriminator, bump u8, mint [32], kind u8 (1 wallet, 0 holders), payee [32], deployer [32], total_paid u64, runs u32 */
#define PR_BUMP 8
#define PR_MINT 9
#define PR_KIND 41
#define PR_PAYEE 42
#define PR_DEPLOYER 74
#define PR_TOTAL_PAID 106
#define PR_RUNS 114
#define PAYEE_RECORD_SIZE 118
#define MINT_SIZE 82

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
  Pubkey expected;
  u8 ata_bump;
  ata_address(record->key, &TOKEN_PROGRAM_ID, zec->key, &expected, &ata_bump);
  if (!pubkey_eq(a[DP_RECORD_ZEC].key, &expected)) return ERR_CONSTRAINT_ASSOCIATED;

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

Result entrypoint(const u8 *input) {
  SolAccountInfo accounts[DP_ACCOUNTS + 2];
  Input in;
  deserialize(input, accounts, ARRAY_LEN(accounts), &in);
  if (in.data_len < 8) return ERR_INSTRUCTION_FALLBACK_NOT_FOUND;
  if (bytes_equal(in.data, IX_DECLARE_PAYEE, 8)) return declare_payee(&in);
  LOG("vault: unknown instruction");
  return ERR_INSTRUCTION_FALLBACK_NOT_FOUND;
}
