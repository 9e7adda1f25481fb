/*
 * Holder-reward runs (README.md): the run authority pays a holders coin's fee account to its holders pro
 * rata to a snapshot taken off chain (core/math/split proRataShares), in batches, with an on-chain
 * RewardRun record of each run and a RunPaid marker per holder so that nobody is paid twice in a run.
 *   open_run  data: recipients u32, snapshot_slot u64
 *     accounts: run authority (w, s), config, mint, payee record (w), the record's ZEC account (w),
 *               run [run, mint, n LE u32] (w), the run's ZEC account (w), ZEC mint, token, ATA, system
 *   pay_run   data: u64 share per holder
 *     accounts: run authority (w, s), config, run (w), the run's ZEC account (w), ZEC mint, token, ATA,
 *               system, then per holder: wallet, its ZEC account (w), marker [run-paid, run, wallet] (w)
 *   close_run accounts: run authority, config, run (w), the run's ZEC account (w), payee record,
 *               the record's ZEC account (w), ZEC mint, token. The dust goes back to the fee account.
 */
#pragma once
#include "state.h"

static const u8 IX_OPEN_RUN[8] = {252, 181, 149, 94, 46, 20, 82, 14};
static const u8 IX_PAY_RUN[8] = {220, 131, 18, 239, 23, 72, 169, 229};
static const u8 IX_CLOSE_RUN[8] = {31, 61, 130, 76, 74, 147, 171, 204};
#define RUN_MAX_ACCOUNTS 32 /* also above split's 22 */
/*
 * The runs' events (README.md, "Events"), so that an indexer reads each run, each payment and its
 * signature from the transactions alone: RunOpenEvent {mint, run, total, recipients, snapshot_slot},
 * RunPayEvent {mint, holder, run, share} per holder paid, RunCloseEvent {mint, run, paid, dust}.
 */
static const u8 RUN_OPEN_EVENT[8] = {155, 89, 160, 241, 186, 250, 177, 61};
static const u8 RUN_PAY_EVENT[8] = {136, 102, 62, 85, 106, 89, 139, 192};
static const u8 RUN_CLOSE_EVENT[8] = {171, 13, 179, 46, 124, 251, 253, 238};

static void emit_run_pay(const u8 *mint, const Pubkey *holder, u32 run, u64 share) {
  u8 buf[8 + 32 + 32 + 8 + 8];
  copy_bytes(buf, RUN_PAY_EVENT, 8);
  copy_bytes(buf + 8, mint, 32);
  copy_bytes(buf + 40, holder, 32);
  put_u64(buf + 72, run);
  put_u64(buf + 80, share);
  SolBytes parts[1] = {{buf, sizeof(buf)}};
  sol_log_data(parts, 1);
}

static Result expect_run_authority(const Input *in, const SolAccountInfo *authority, const SolAccountInfo *config) {
  TRY(expect_signer(authority));
  TRY(expect_config(in, config));
  return pubkey_eq_bytes(config->data + VC_RUN_AUTHORITY, authority->key) ? OK : E_NOT_RUN_AUTHORITY;
}

/* The run account, checked against its own seeds; its bump is in the data. */
static Result expect_run(const Input *in, const SolAccountInfo *run) {
  TRY(expect_anchor_account(run, in->program_id, REWARD_RUN_DISCRIMINATOR, REWARD_RUN_SIZE));
  TRY(expect_writable(run));
  SolBytes seeds[3] = {SEED(SEED_RUN), {run->data + RR_MINT, 32}, {run->data + RR_RUN, 4}};
  return expect_pda(run, seeds, 3, in->program_id, NULL);
}

/* from_to: the run's ZEC account and the destination (SBF calls take at most five arguments). */
static Result run_transfer(const Input *in, const SolAccountInfo *run, const SolAccountInfo *const from_to[2], const SolAccountInfo *zec_mint, u64 amount) {
  const SolAccountInfo *from = from_to[0], *to = from_to[1];
  u8 bump = run->data[RR_BUMP];
  SolSignerSeed parts[4] = {SEED(SEED_RUN), {run->data + RR_MINT, 32}, {run->data + RR_RUN, 4}, {&bump, 1}};
  SolSignerSeeds signer = {parts, 4};
  TransferChecked t = {&TOKEN_PROGRAM_ID, from->key, zec_mint->key, to->key, run->key, amount, mint_decimals(zec_mint)};
  return token_transfer_checked(in, &t, &signer);
}

enum { OR_AUTHORITY, OR_CONFIG, OR_MINT, OR_RECORD, OR_RECORD_ZEC, OR_RUN, OR_RUN_ZEC, OR_ZEC_MINT, OR_TOKEN, OR_ATA, OR_SYSTEM, OR_ACCOUNTS };

static Result open_run(const Input *in) {
  TRY(expect_accounts(in, OR_ACCOUNTS));
  const SolAccountInfo *a = in->accounts, *record = &a[OR_RECORD], *run = &a[OR_RUN], *mint = &a[OR_MINT];
  TRY(expect_run_authority(in, &a[OR_AUTHORITY], &a[OR_CONFIG]));
  TRY(expect_key(&a[OR_TOKEN], &TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[OR_ATA], &ASSOCIATED_TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[OR_SYSTEM], &SYSTEM_PROGRAM_ID));
  TRY(expect_anchor_account(record, in->program_id, PAYEE_RECORD_DISCRIMINATOR, PAYEE_RECORD_SIZE));
  TRY(expect_writable(record));
  SolBytes record_seeds[2] = {SEED(SEED_PAYEE), {mint->key->x, 32}};
  TRY(expect_pda(record, record_seeds, 2, in->program_id, NULL));
  if (record->data[PR_KIND] != 0) return E_NOT_HOLDER_REWARD_COIN;
  if (in->data_len != 8 + 4 + 8) return ERR_INSTRUCTION_DID_NOT_DESERIALIZE;
  if (!is_zec_ata(&a[OR_RECORD_ZEC], record->key, a[OR_ZEC_MINT].key)) return ERR_CONSTRAINT_ASSOCIATED;
  if (!is_zec_ata(&a[OR_RUN_ZEC], run->key, a[OR_ZEC_MINT].key)) return ERR_CONSTRAINT_ASSOCIATED;

  u8 number[4];
  put_u32(number, get_u32(record->data + PR_RUNS) + 1);
  u8 bump;
  SolBytes seeds[3] = {SEED(SEED_RUN), {mint->key->x, 32}, {number, 4}};
  TRY(expect_pda(run, seeds, 3, in->program_id, &bump));
  SolSignerSeed parts[4] = {SEED(SEED_RUN), {mint->key->x, 32}, {number, 4}, {&bump, 1}};
  SolSignerSeeds signer = {parts, 4};
  CreateAccount create = {a[OR_AUTHORITY].key, run->key, REWARD_RUN_SIZE, in->program_id, &signer};
  TRY(create_account(in, run, &create));
  CreateAta run_zec = {a[OR_AUTHORITY].key, a[OR_RUN_ZEC].key, run->key, a[OR_ZEC_MINT].key, &TOKEN_PROGRAM_ID};
  TRY(ata_create_idempotent(in, &run_zec));

  /* Everything waiting now belongs to this run; fees arriving later wait for the next one. */
  u64 total = token_account_amount(&a[OR_RECORD_ZEC]);
  if (total > 0) {
    u8 record_bump = record->data[PR_BUMP];
    SolSignerSeed rparts[3] = {SEED(SEED_PAYEE), {mint->key->x, 32}, {&record_bump, 1}};
    SolSignerSeeds rsigner = {rparts, 3};
    TransferChecked t = {&TOKEN_PROGRAM_ID, a[OR_RECORD_ZEC].key, a[OR_ZEC_MINT].key, a[OR_RUN_ZEC].key, record->key, total, mint_decimals(&a[OR_ZEC_MINT])};
    TRY(token_transfer_checked(in, &t, &rsigner));
  }
  u8 *d = run->data;
  copy_bytes(d, REWARD_RUN_DISCRIMINATOR, 8);
  d[RR_BUMP] = bump;
  copy_bytes(d + RR_MINT, mint->key, 32);
  copy_bytes(d + RR_RUN, number, 4);
  copy_bytes(d + RR_RECIPIENTS, in->data + 8, 4);
  copy_bytes(d + RR_SNAPSHOT_SLOT, in->data + 12, 8);
  put_u64(d + RR_TOTAL, total);
  put_u32(record->data + PR_RUNS, get_u32(number));
  u64 total_paid;
  if (!add_u64(get_u64(record->data + PR_TOTAL_PAID), total, &total_paid)) total_paid = (u64)-1;
  put_u64(record->data + PR_TOTAL_PAID, total_paid);
  u64 figures[4] = {get_u32(number), total, get_u32(in->data + 8), get_u64(in->data + 12)};
  emit_mint_event(RUN_OPEN_EVENT, mint->key, figures, 4);
  return OK;
}

enum { PRN_AUTHORITY, PRN_CONFIG, PRN_RUN, PRN_RUN_ZEC, PRN_ZEC_MINT, PRN_TOKEN, PRN_ATA, PRN_SYSTEM, PRN_FIXED };

static Result pay_run(const Input *in) {
  TRY(expect_accounts(in, PRN_FIXED));
  const SolAccountInfo *a = in->accounts, *run = &a[PRN_RUN];
  TRY(expect_run_authority(in, &a[PRN_AUTHORITY], &a[PRN_CONFIG]));
  TRY(expect_key(&a[PRN_TOKEN], &TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[PRN_ATA], &ASSOCIATED_TOKEN_PROGRAM_ID));
  TRY(expect_key(&a[PRN_SYSTEM], &SYSTEM_PROGRAM_ID));
  TRY(expect_run(in, run));
  u8 *d = run->data;
  if (d[RR_CLOSED]) return E_RUN_CLOSED;
  u64 holders = (in->count - PRN_FIXED) / 3;
  if ((in->count - PRN_FIXED) % 3 != 0 || holders == 0 || in->data_len != 8 + 8 * holders) return E_BAD_BATCH;
  if (!is_zec_ata(&a[PRN_RUN_ZEC], run->key, a[PRN_ZEC_MINT].key)) return ERR_CONSTRAINT_ASSOCIATED;
  u64 paid = get_u64(d + RR_PAID), total = get_u64(d + RR_TOTAL);
  u32 paid_recipients = get_u32(d + RR_PAID_RECIPIENTS);
  for (u64 i = 0; i < holders; i++) {
    const SolAccountInfo *wallet = &a[PRN_FIXED + 3 * i], *zec_account = &a[PRN_FIXED + 3 * i + 1], *marker = &a[PRN_FIXED + 3 * i + 2];
    u64 share = get_u64(in->data + 8 + 8 * i);
    if (!add_u64(paid, share, &paid) || paid > total) return E_RUN_OVERPAID;
    if (!is_zec_ata(zec_account, wallet->key, a[PRN_ZEC_MINT].key)) return ERR_CONSTRAINT_ASSOCIATED;
    /* The marker: creating it fails (4102) if this holder was already paid in this run. */
    u8 marker_bump;
    SolBytes seeds[3] = {SEED(SEED_RUN_PAID), {run->key->x, 32}, {wallet->key->x, 32}};
    TRY(expect_pda(marker, seeds, 3, in->program_id, &marker_bump));
    SolSignerSeed parts[4] = {SEED(SEED_RUN_PAID), {run->key->x, 32}, {wallet->key->x, 32}, {&marker_bump, 1}};
    SolSignerSeeds signer = {parts, 4};
    CreateAccount create = {a[PRN_AUTHORITY].key, marker->key, RUN_PAID_SIZE, in->program_id, &signer};
    TRY(create_account(in, marker, &create));
    if (share > 0) {
      CreateAta holder_zec = {a[PRN_AUTHORITY].key, zec_account->key, wallet->key, a[PRN_ZEC_MINT].key, &TOKEN_PROGRAM_ID};
      TRY(ata_create_idempotent(in, &holder_zec));
      const SolAccountInfo *const from_to[2] = {&a[PRN_RUN_ZEC], zec_account};
      TRY(run_transfer(in, run, from_to, &a[PRN_ZEC_MINT], share));
    }
    emit_run_pay(d + RR_MINT, wallet->key, get_u32(d + RR_RUN), share);
    paid_recipients++;
  }
  put_u64(d + RR_PAID, paid);
  put_u32(d + RR_PAID_RECIPIENTS, paid_recipients);
  return OK;
}

enum { CR_AUTHORITY, CR_CONFIG, CR_RUN, CR_RUN_ZEC, CR_RECORD, CR_RECORD_ZEC, CR_ZEC_MINT, CR_TOKEN, CR_ACCOUNTS };

static Result close_run(const Input *in) {
  TRY(expect_accounts(in, CR_ACCOUNTS));
  const SolAccountInfo *a = in->accounts, *run = &a[CR_RUN], *record = &a[CR_RECORD];
  TRY(expect_run_authority(in, &a[CR_AUTHORITY], &a[CR_CONFIG]));
  TRY(expect_key(&a[CR_TOKEN], &TOKEN_PROGRAM_ID));
  TRY(expect_run(in, run));
  u8 *d = run->data;
  if (d[RR_CLOSED]) return E_RUN_CLOSED;
  if (get_u32(d + RR_PAID_RECIPIENTS) < get_u32(d + RR_RECIPIENTS)) return E_RUN_INCOMPLETE;
  SolBytes record_seeds[2] = {SEED(SEED_PAYEE), {d + RR_MINT, 32}};
  TRY(expect_pda(record, record_seeds, 2, in->program_id, NULL));
  if (!is_zec_ata(&a[CR_RECORD_ZEC], record->key, a[CR_ZEC_MINT].key)) return ERR_CONSTRAINT_ASSOCIATED;
  if (!is_zec_ata(&a[CR_RUN_ZEC], run->key, a[CR_ZEC_MINT].key)) return ERR_CONSTRAINT_ASSOCIATED;
  /* The dust of pro-rata flooring goes back to the fee account, for the next run. */
  u64 dust = token_account_amount(&a[CR_RUN_ZEC]);
  const SolAccountInfo *const from_to[2] = {&a[CR_RUN_ZEC], &a[CR_RECORD_ZEC]};
  if (dust > 0) TRY(run_transfer(in, run, from_to, &a[CR_ZEC_MINT], dust));
  d[RR_CLOSED] = 1;
  u64 figures[3] = {get_u32(d + RR_RUN), get_u64(d + RR_PAID), dust};
  emit_mint_event(RUN_CLOSE_EVENT, (const Pubkey *)(d + RR_MINT), figures, 3);
  return OK;
}
