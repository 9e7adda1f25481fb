/* System program instructions by CPI: transfer, and creating an account (a PDA signs with its seeds). */
#pragma once
#include "cpi.h"
#include "rent.h"

static const Pubkey SYSTEM_PROGRAM_ID = {{0}};

INLINE Result system_transfer(const Input *in, const Pubkey *from, const Pubkey *to, u64 lamports,
                              const SolSignerSeeds *signer) {
  u8 data[12];
  put_u32(data, 2);
  put_u64(data + 4, lamports);
  SolAccountMeta metas[2] = {{from, true, true}, {to, true, false}};
  SolInstruction ix = {&SYSTEM_PROGRAM_ID, metas, 2, data, sizeof(data)};
  return invoke_signed(&ix, in, signer, signer ? 1 : 0);
}

typedef struct {
  const Pubkey *payer;
  const Pubkey *account;
  u64 space;
  const Pubkey *owner;
  const SolSignerSeeds *account_seeds; /* NULL when the new account signs the transaction itself */
} CreateAccount;

/*
 * Creates an account funded to rent exemption. An address that already holds lamports (anyone may send
 * some to a PDA) cannot take CreateAccount, so it is topped up, allocated and assigned instead.
 */
static Result create_account(const Input *in, const SolAccountInfo *target, const CreateAccount *c) {
  u64 needed;
  TRY(rent_exempt_minimum(c->space, &needed));
  if (!pubkey_is_zero(target->owner) || account_data_len(target) != 0) {
    LOG("create_account: account already in use");
    return ERR_ACCOUNT_IN_USE;
  }
  u64 have = *target->lamports;
  u64 signer_count = c->account_seeds ? 1 : 0;
  if (have == 0) {
    u8 data[52];
    put_u32(data, 0);
    put_u64(data + 4, needed);
    put_u64(data + 12, c->space);
    copy_bytes(data + 20, c->owner, 32);
    SolAccountMeta metas[2] = {{c->payer, true, true}, {c->account, true, true}};
    SolInstruction ix = {&SYSTEM_PROGRAM_ID, metas, 2, data, sizeof(data)};
    return invoke_signed(&ix, in, c->account_seeds, signer_count);
  }
  if (have < needed) TRY(system_transfer(in, c->payer, c->account, needed - have, NULL));
  u8 allocate[12];
  put_u32(allocate, 8);
  put_u64(allocate + 4, c->space);
  SolAccountMeta one[1] = {{c->account, true, true}};
  SolInstruction ix_allocate = {&SYSTEM_PROGRAM_ID, one, 1, allocate, sizeof(allocate)};
  TRY(invoke_signed(&ix_allocate, in, c->account_seeds, signer_count));
  u8 assign[36];
  put_u32(assign, 1);
  copy_bytes(assign + 4, c->owner, 32);
  SolInstruction ix_assign = {&SYSTEM_PROGRAM_ID, one, 1, assign, sizeof(assign)};
  return invoke_signed(&ix_assign, in, c->account_seeds, signer_count);
}
