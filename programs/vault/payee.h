/*
 * claim and change_payee: what waits in a coin's fee account (the payee's 40%) goes to the payee the
 * record holds, never to the sender.
 *   claim (any wallet sends it; the sender pays for the payee's ZEC account if missing, gets nothing):
 *     sender (w, s), mint, payee record (w), the record's ZEC account (w), the payee's ZEC account (w),
 *     payee wallet, ZEC mint, token program, associated token program, system program
 *   change_payee (the current payee signs): data = option tag u8 (1 + new payee [32], or 0 = holders);
 *     current payee (w, s), mint, payee record (w), the record's ZEC account (w), the current payee's ZEC
 *     account (w), ZEC mint, token program, associated token program, system program.
 *     What waits is paid to the current payee first, in the same instruction. Holders is permanent.
 */
#pragma once
#include "state.h"

static const u8 IX_CLAIM[8] = {62, 198, 214, 193, 213, 159, 108, 210};
static const u8 IX_CHANGE_PAYEE[8] = {51, 201, 207, 205, 88, 135, 213, 186};

/* The record, checked as this mint's; its bump written. */
static Result expect_payee_record(const Input *in, const SolAccountInfo *record, const SolAccountInfo *mint) {
  TRY(expect_anchor_account(record, in->program_id, PAYEE_RECORD_DISCRIMINATOR, PAYEE_RECORD_SIZE));
  TRY(expect_writable(record));
  SolBytes seeds[2] = {SEED(SEED_PAYEE), {mint->key->x, 32}};
  return expect_pda(record, seeds, 2, in->program_id, NULL);
}

/* A payout's accounts (SBF calls take at most five arguments). */
typedef struct {
  const SolAccountInfo *payer, *mint, *record, *record_zec, *to, *zec_mint;
  const Pubkey *payee;
} Payout;

/* Pays everything in the record's ZEC account to `to` (the payee's ZEC account, created if missing, paid by `payer`). */
static Result pay_out(const Input *in, const Payout *p) {
  const SolAccountInfo *payer = p->payer, *mint = p->mint, *record = p->record, *record_zec = p->record_zec, *to = p->to, *zec_mint = p->zec_mint;
  const Pubkey *payee = p->payee;
  if (!is_zec_ata(record_zec, record->key, zec_mint->key)) return ERR_CONSTRAINT_ASSOCIATED;
  if (!is_zec_ata(to, payee, zec_mint->key)) return ERR_CONSTRAINT_ASSOCIATED;
  u64 amount = token_account_amount(record_zec);
  if (amount == 0) return OK;
  CreateAta create = {payer->key, to->key, payee, zec_mint->key, &TOKEN_PROGRAM_ID};
  TRY(ata_create_idempotent(in, &create));
  u8 record_bump = record->data[PR_BUMP];
  SolSignerSeed parts[3] = {SEED(SEED_PAYEE), {mint->key->x, 32}, {&record_bump, 1}};
  SolSignerSeeds signer = {parts, 3};
  TransferChecked t = {&TOKEN_PROGRAM_ID, record_zec->key, zec_mint->key, to->key, record->key, amount, mint_decimals(zec_mint)};
  TRY(token_transfer_checked(in, &t, &signer));
  u64 total;
  if (!add_u64(get_u64(record->data + PR_TOTAL_PAID), amount, &total)) total = (u64)-1;
  put_u64(record->data + PR_TOTAL_PAID, total);
  /* PayoutEvent: mint, payee, amount. */
  u8 buf[8 + 32 + 32 + 8];
  copy_bytes(buf, PAYOUT_EVENT, 8);
  copy_bytes(buf + 8, mint->key, 32);
  copy_bytes(buf + 40, payee, 32);
  put_u64(buf + 72, amount);
  SolBytes event[1] = {{buf, sizeof(buf)}};
  sol_log_data(event, 1);
  return OK;
}

static Result expect_payee_programs(const SolAccountInfo *token, const SolAccountInfo *ata, const SolAccountInfo *system) {
  TRY(expect_key(token, &TOKEN_PROGRAM_ID));
  TRY(expect_key(ata, &ASSOCIATED_TOKEN_PROGRAM_ID));
  return expect_key(system, &SYSTEM_PROGRAM_ID);
}

enum { CL_SENDER, CL_MINT, CL_RECORD, CL_RECORD_ZEC, CL_PAYEE_ZEC, CL_PAYEE, CL_ZEC_MINT, CL_TOKEN_PROGRAM, CL_ATA_PROGRAM, CL_SYSTEM_PROGRAM, CL_ACCOUNTS };

static Result claim(const Input *in) {
  TRY(expect_accounts(in, CL_ACCOUNTS));
  const SolAccountInfo *a = in->accounts;
  TRY(expect_signer(&a[CL_SENDER]));
  TRY(expect_payee_programs(&a[CL_TOKEN_PROGRAM], &a[CL_ATA_PROGRAM], &a[CL_SYSTEM_PROGRAM]));
  TRY(expect_payee_record(in, &a[CL_RECORD], &a[CL_MINT]));
  const u8 *record = a[CL_RECORD].data;
  if (record[PR_KIND] == 0) return E_HOLDER_REWARD_COIN;
  if (!pubkey_eq_bytes(record + PR_PAYEE, a[CL_PAYEE].key)) return E_NOT_RECORDED_PAYEE;
  Payout p = {&a[CL_SENDER], &a[CL_MINT], &a[CL_RECORD], &a[CL_RECORD_ZEC], &a[CL_PAYEE_ZEC], &a[CL_ZEC_MINT], a[CL_PAYEE].key};
  return pay_out(in, &p);
}

enum { CP_PAYEE, CP_MINT, CP_RECORD, CP_RECORD_ZEC, CP_PAYEE_ZEC, CP_ZEC_MINT, CP_TOKEN_PROGRAM, CP_ATA_PROGRAM, CP_SYSTEM_PROGRAM, CP_ACCOUNTS };

static Result change_payee(const Input *in) {
  TRY(expect_accounts(in, CP_ACCOUNTS));
  const SolAccountInfo *a = in->accounts, *current = &a[CP_PAYEE];
  TRY(expect_payee_programs(&a[CP_TOKEN_PROGRAM], &a[CP_ATA_PROGRAM], &a[CP_SYSTEM_PROGRAM]));
  TRY(expect_payee_record(in, &a[CP_RECORD], &a[CP_MINT]));
  u8 *record = a[CP_RECORD].data;
  if (record[PR_KIND] == 0) return E_PAYEE_IS_PERMANENT;
  if (!current->is_signer || !pubkey_eq_bytes(record + PR_PAYEE, current->key)) return E_NOT_CURRENT_PAYEE;
  Reader r = {in->data + 8, in->data_len - 8, 0, false};
  u8 tag = r_u8(&r);
  static const Pubkey HOLDERS = {{0}};
  const Pubkey *next = tag == 1 ? r_pubkey(&r) : &HOLDERS;
  if (r.bad || r.pos != r.len) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (tag > 1) return E_BAD_PAYEE_TAG;
  if (tag == 1 && pubkey_is_zero(next)) return E_ZERO_PAYEE;
  /* The current payee is paid what waits before the record changes. */
  Payout p = {current, &a[CP_MINT], &a[CP_RECORD], &a[CP_RECORD_ZEC], &a[CP_PAYEE_ZEC], &a[CP_ZEC_MINT], current->key};
  TRY(pay_out(in, &p));
  record[PR_KIND] = tag;
  copy_bytes(record + PR_PAYEE, next, 32);
  /* PayeeChangeEvent: mint, the payee before, the new kind (1 wallet, 0 holders) and payee (zero for holders). */
  u8 buf[8 + 32 + 32 + 1 + 32];
  copy_bytes(buf, PAYEE_CHANGE_EVENT, 8);
  copy_bytes(buf + 8, a[CP_MINT].key, 32);
  copy_bytes(buf + 40, current->key, 32);
  buf[72] = tag;
  copy_bytes(buf + 73, next, 32);
  SolBytes parts[1] = {{buf, sizeof(buf)}};
  sol_log_data(parts, 1);
  return OK;
}
