/*
 * memo: the SPL Memo program (v2, MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr) as the live one behaves.
 *   data: the memo itself, UTF-8, no discriminator.
 *   accounts: any number; every one must have signed.
 *   logs: "Signed by <address>" for each signer, then `Memo (len N): "<text>"` (N in bytes, the text as
 *   Rust's Debug writes a str).
 *   errors: an account that did not sign: MissingRequiredSignature (after the lines of those that did);
 *   data that is not UTF-8: "Invalid UTF-8, from byte N", InvalidInstructionData.
 */
#include "syscalls.h"
#include "text.h"

/* The runtime reads a result with the high half set as a builtin ProgramError: index << 32. */
#define ERR_INVALID_INSTRUCTION_DATA ((u64)3 << 32)
#define ERR_MISSING_REQUIRED_SIGNATURE ((u64)8 << 32)

#define NON_DUP_MARKER 0xff
#define MAX_PERMITTED_DATA_INCREASE 10240
/* The program heap (32 KiB from this address): room for the escaped memo, which may not fit the stack. */
#define HEAP ((u8 *)0x300000000UL)
#define HEAP_SIZE (32 * 1024)

static u64 write_text(u8 *out, const char *text) {
  u64 n = 0;
  while (text[n]) {
    out[n] = (u8)text[n];
    n++;
  }
  return n;
}

static u64 write_decimal(u8 *out, u64 value) {
  u8 digits[20];
  u64 n = 0;
  do {
    digits[n++] = (u8)('0' + value % 10);
    value /= 10;
  } while (value > 0);
  for (u64 i = 0; i < n; i++) out[i] = digits[n - 1 - i];
  return n;
}

/* Logs each signer and answers whether every account signed. A duplicate is its first occurrence again. */
static bool log_signers(const u8 *input, u64 *pos) {
  u64 count = *(const u64 *)input;
  const u8 *first_seen[256];
  bool all_signed = true;
  *pos = 8;
  for (u64 i = 0; i < count; i++) {
    const u8 *header = input + *pos;
    if (header[0] != NON_DUP_MARKER) {
      header = first_seen[header[0]];
      *pos += 8;
    } else {
      u64 data_len = *(const u64 *)(header + 80);
      *pos += 88 + data_len + MAX_PERMITTED_DATA_INCREASE;
      *pos = ((*pos + 7) & ~(u64)7) + 8; /* padding, then rent_epoch */
    }
    if (i < 256) first_seen[i] = header;
    if (!header[1]) {
      all_signed = false;
      continue;
    }
    u8 line[10 + 44];
    u64 n = write_text(line, "Signed by ");
    n += write_base58(header + 8, line + n);
    sol_log_((const char *)line, n);
  }
  return all_signed;
}

Result entrypoint(const u8 *input) {
  u64 pos;
  if (!log_signers(input, &pos)) return ERR_MISSING_REQUIRED_SIGNATURE;
  u64 len = *(const u64 *)(input + pos);
  const u8 *memo = input + pos + 8;
  u64 valid = utf8_valid_up_to(memo, len);
  u8 line[64];
  if (valid < len) {
    u64 n = write_text(line, "Invalid UTF-8, from byte ");
    n += write_decimal(line + n, valid);
    sol_log_((const char *)line, n);
    return ERR_INVALID_INSTRUCTION_DATA;
  }
  u8 *out = HEAP;
  u64 n = write_text(out, "Memo (len ");
  n += write_decimal(out + n, len);
  n += write_text(out + n, "): ");
  /* Only a cross-program call can pass a memo this long (a transaction holds under 1232 bytes). */
  if (n + 10 * len + 2 > HEAP_SIZE) sol_panic_("memo.c", 6, __LINE__, 0);
  n += write_debug_str(memo, len, out + n);
  sol_log_((const char *)out, n);
  return OK;
}
