/*
 * SPL Token / Token-2022 by CPI (the two share these instruction layouts), the associated token account
 * program, and reading token accounts and mints.
 */
#pragma once
#include "cpi.h"
#include "known-programs.h"
#include "system.h"

#define TOKEN_ACCOUNT_SIZE 165
#define MINT_SIZE 82

/* A token account's fields, read from its data (owner checked by the caller). */
INLINE const Pubkey *token_account_mint(const SolAccountInfo *a) { return (const Pubkey *)a->data; }
INLINE const Pubkey *token_account_owner(const SolAccountInfo *a) { return (const Pubkey *)(a->data + 32); }
INLINE u64 token_account_amount(const SolAccountInfo *a) { return get_u64(a->data + 64); }
INLINE u8 mint_decimals(const SolAccountInfo *mint) { return mint->data[44]; }
INLINE u64 mint_supply(const SolAccountInfo *mint) { return get_u64(mint->data + 36); }

/* Is `a` an initialized token account of one of the token programs (mint and owner as given)? */
INLINE bool is_token_account_of(const SolAccountInfo *a, const Pubkey *mint, const Pubkey *owner) {
  if (!is_token_program(a->owner) || account_data_len(a) < TOKEN_ACCOUNT_SIZE) return false;
  if (account_data_len(a) > TOKEN_ACCOUNT_SIZE && a->data[TOKEN_ACCOUNT_SIZE] != 2) return false;
  return a->data[108] != 0 && pubkey_eq_bytes(a->data, mint) && (owner == NULL || pubkey_eq_bytes(a->data + 32, owner));
}

typedef struct {
  const Pubkey *token_program;
  const Pubkey *source;
  const Pubkey *mint;
  const Pubkey *destination;
  const Pubkey *authority;
  u64 amount;
  u8 decimals;
} TransferChecked;

static Result token_transfer_checked(const Input *in, const TransferChecked *t, const SolSignerSeeds *signer) {
  u8 data[10];
  data[0] = 12;
  put_u64(data + 1, t->amount);
  data[9] = t->decimals;
  SolAccountMeta metas[4] = {{t->source, true, false}, {t->mint, false, false}, {t->destination, true, false}, {t->authority, false, true}};
  SolInstruction ix = {t->token_program, metas, 4, data, sizeof(data)};
  return invoke_signed(&ix, in, signer, signer ? 1 : 0);
}

typedef struct {
  const Pubkey *token_program;
  const Pubkey *mint;
  const Pubkey *destination;
  const Pubkey *authority;
  u64 amount;
} MintTo;

static Result token_mint_to(const Input *in, const MintTo *m, const SolSignerSeeds *signer) {
  u8 data[9];
  data[0] = 7;
  put_u64(data + 1, m->amount);
  SolAccountMeta metas[3] = {{m->mint, true, false}, {m->destination, true, false}, {m->authority, false, true}};
  SolInstruction ix = {m->token_program, metas, 3, data, sizeof(data)};
  return invoke_signed(&ix, in, signer, signer ? 1 : 0);
}

#define AUTHORITY_MINT_TOKENS 0
#define AUTHORITY_FREEZE 1

typedef struct {
  const Pubkey *token_program;
  const Pubkey *target;
  const Pubkey *current;
  u8 kind;
} RevokeAuthority;

/* SetAuthority to none (revokes it for good). */
static Result token_revoke_authority(const Input *in, const RevokeAuthority *a, const SolSignerSeeds *signer) {
  u8 data[3] = {6, a->kind, 0};
  SolAccountMeta metas[2] = {{a->target, true, false}, {a->current, false, true}};
  SolInstruction ix = {a->token_program, metas, 2, data, sizeof(data)};
  return invoke_signed(&ix, in, signer, signer ? 1 : 0);
}

/* InitializeMint2: mint authority as given, no freeze authority. */
static Result token_initialize_mint2(const Input *in, const Pubkey *token_program, const Pubkey *mint, u8 decimals,
                                     const Pubkey *mint_authority) {
  u8 data[67];
  data[0] = 20;
  data[1] = decimals;
  copy_bytes(data + 2, mint_authority, 32);
  data[34] = 0; /* COption::None for the freeze authority */
  zero_bytes(data + 35, 32);
  SolAccountMeta metas[1] = {{mint, true, false}};
  SolInstruction ix = {token_program, metas, 1, data, sizeof(data)};
  return invoke(&ix, in);
}

/* Associated token account, created if missing (CreateIdempotent). */
typedef struct {
  const Pubkey *payer;
  const Pubkey *ata;
  const Pubkey *owner;
  const Pubkey *mint;
  const Pubkey *token_program;
} CreateAta;

static Result ata_create_idempotent(const Input *in, const CreateAta *c) {
  u8 data[1] = {1};
  SolAccountMeta metas[6] = {{c->payer, true, true},       {c->ata, true, false},           {c->owner, false, false},
                             {c->mint, false, false},      {&SYSTEM_PROGRAM_ID, false, false}, {c->token_program, false, false}};
  SolInstruction ix = {&ASSOCIATED_TOKEN_PROGRAM_ID, metas, 6, data, sizeof(data)};
  return invoke(&ix, in);
}

/* The associated token address of (owner, token program, mint). */
INLINE void ata_address(const Pubkey *owner, const Pubkey *token_program, const Pubkey *mint, Pubkey *out, u8 *bump) {
  SolBytes seeds[3] = {{owner->x, 32}, {token_program->x, 32}, {mint->x, 32}};
  find_pda(seeds, 3, &ASSOCIATED_TOKEN_PROGRAM_ID, out, bump);
}

/* Is `account` the associated token account of (owner, token program, mint)? */
INLINE bool is_ata(const SolAccountInfo *account, const Pubkey *owner, const Pubkey *token_program, const Pubkey *mint) {
  Pubkey expected;
  u8 bump;
  ata_address(owner, token_program, mint, &expected, &bump);
  return pubkey_eq(account->key, &expected);
}

/* The associated token account of (owner, token program, mint), refused with Anchor's ConstraintSeeds. */
INLINE Result expect_ata(const SolAccountInfo *account, const Pubkey *owner, const Pubkey *token_program, const Pubkey *mint) {
  return is_ata(account, owner, token_program, mint) ? OK : ERR_CONSTRAINT_SEEDS;
}

typedef struct {
  const Pubkey *token_program;
  const Pubkey *account;
  const Pubkey *mint;
  const Pubkey *authority;
  u64 amount;
  u8 decimals;
} BurnChecked;

/* BurnChecked (15): destroys `amount` from `account`; the mint's supply falls by as much. */
static Result token_burn_checked(const Input *in, const BurnChecked *b, const SolSignerSeeds *signer) {
  u8 data[10];
  data[0] = 15;
  put_u64(data + 1, b->amount);
  data[9] = b->decimals;
  SolAccountMeta metas[3] = {{b->account, true, false}, {b->mint, true, false}, {b->authority, false, true}};
  SolInstruction ix = {b->token_program, metas, 3, data, sizeof(data)};
  return invoke_signed(&ix, in, signer, signer ? 1 : 0);
}
