/*
 * The program input (the runtime's aligned serialization, loaders v2/v3) taken apart into account infos
 * laid out exactly as `SolAccountInfo`, so that they can be handed to CPI unchanged.
 */
#pragma once
#include "syscalls.h"

typedef struct {
  Pubkey *key;
  u64 *lamports;
  u64 data_len; /* at entry; use account_data_len() after a CPI may have resized the account */
  u8 *data;
  Pubkey *owner;
  u64 rent_epoch;
  bool is_signer;
  bool is_writable;
  bool executable;
} SolAccountInfo;

typedef struct {
  SolAccountInfo *accounts;
  u64 count;
  const u8 *data;
  u64 data_len;
  const Pubkey *program_id;
} Input;

#define MAX_PERMITTED_DATA_INCREASE 10240
#define NON_DUP_MARKER 0xff

/* The current length of an account's data: the runtime updates it in the input buffer after a CPI. */
INLINE u64 account_data_len(const SolAccountInfo *a) { return *(const u64 *)(a->data - 8); }

/* Fills `accounts` (room for `max`); accounts past `max` are skipped but counted in `total`. */
static Result deserialize(const u8 *input, SolAccountInfo *accounts, u64 max, Input *out) {
  u64 total = *(const u64 *)input;
  u64 pos = 8;
  for (u64 i = 0; i < total; i++) {
    u8 dup = input[pos];
    if (dup != NON_DUP_MARKER) {
      if (i < max && dup < max) accounts[i] = accounts[dup];
      pos += 8;
      continue;
    }
    SolAccountInfo info;
    info.is_signer = input[pos + 1];
    info.is_writable = input[pos + 2];
    info.executable = input[pos + 3];
    pos += 8;
    info.key = (Pubkey *)(input + pos);
    pos += 32;
    info.owner = (Pubkey *)(input + pos);
    pos += 32;
    info.lamports = (u64 *)(input + pos);
    pos += 8;
    info.data_len = *(const u64 *)(input + pos);
    pos += 8;
    info.data = (u8 *)(input + pos);
    pos += info.data_len + MAX_PERMITTED_DATA_INCREASE;
    pos = (pos + 7) & ~(u64)7;
    info.rent_epoch = *(const u64 *)(input + pos);
    pos += 8;
    if (i < max) accounts[i] = info;
  }
  out->accounts = accounts;
  out->count = total < max ? total : max;
  out->data_len = *(const u64 *)(input + pos);
  pos += 8;
  out->data = input + pos;
  pos += out->data_len;
  out->program_id = (const Pubkey *)(input + pos);
  return OK;
}
