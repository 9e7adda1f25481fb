/*
 * The memo's text: UTF-8 checked as Rust's `str::from_utf8` checks it, and written as Rust's `{:?}` writes a
 * `str` (what the live program logs), and addresses in base58 as a `Pubkey`'s `{:?}` writes them.
 */
#pragma once
#include "types.h"

/* Where the first invalid sequence starts (Rust's `valid_up_to`); `n` when all of it is valid UTF-8. */
static u64 utf8_valid_up_to(const u8 *s, u64 n) {
  u64 i = 0;
  while (i < n) {
    u8 c = s[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    u64 width = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (width == 0 || i + width > n) return i;
    /* The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF. */
    u8 lo = c == 0xe0 ? 0xa0 : c == 0xf0 ? 0x90 : 0x80;
    u8 hi = c == 0xed ? 0x9f : c == 0xf4 ? 0x8f : 0xbf;
    if (s[i + 1] < lo || s[i + 1] > hi) return i;
    for (u64 k = 2; k < width; k++)
      if ((s[i + k] & 0xc0) != 0x80) return i;
    i += width;
  }
  return n;
}

/*
 * Code points Rust's Debug writes as `\u{…}`: controls, format characters, separators, spaces other than
 * ' ', private use, and the combining marks met in practice (accents, emoji variation selectors, keycaps,
 * tags). Rust also escapes the rarer combining marks and unassigned code points; those pass unescaped here.
 */
static const u32 ESCAPED_RANGES[][2] = {
    {0x00, 0x1f},       {0x7f, 0xa0},       {0xad, 0xad},       {0x300, 0x36f},     {0x61c, 0x61c},     {0x1680, 0x1680},
    {0x180e, 0x180e},   {0x2000, 0x200f},   {0x2028, 0x202f},   {0x205f, 0x206f},   {0x20d0, 0x20f0},   {0x3000, 0x3000},
    {0xe000, 0xf8ff},   {0xfe00, 0xfe0f},   {0xfeff, 0xfeff},   {0xfff9, 0xfffb},   {0xe0000, 0xe0fff}, {0xf0000, 0x10ffff},
};

static bool escaped(u32 cp) {
  for (u64 i = 0; i < ARRAY_LEN(ESCAPED_RANGES); i++)
    if (cp >= ESCAPED_RANGES[i][0] && cp <= ESCAPED_RANGES[i][1]) return true;
  return false;
}

/* Writes `s` (valid UTF-8) quoted and escaped into `out`; answers the length written (at most 10 per input byte + 2). */
static u64 write_debug_str(const u8 *s, u64 n, u8 *out) {
  static const char HEX[] = "0123456789abcdef";
  u64 o = 0;
  out[o++] = '"';
  for (u64 i = 0; i < n;) {
    u8 c = s[i];
    u64 width = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
    u32 cp = width == 1 ? c : width == 2 ? c & 0x1f : width == 3 ? c & 0x0f : c & 0x07;
    for (u64 k = 1; k < width; k++) cp = (cp << 6) | (s[i + k] & 0x3f);
    char short_escape = cp == 0 ? '0' : cp == '\t' ? 't' : cp == '\r' ? 'r' : cp == '\n' ? 'n' : cp == '\\' ? '\\' : cp == '"' ? '"' : 0;
    if (short_escape) {
      out[o++] = '\\';
      out[o++] = (u8)short_escape;
    } else if (escaped(cp)) {
      out[o++] = '\\';
      out[o++] = 'u';
      out[o++] = '{';
      int shift = 20;
      while (shift > 0 && ((cp >> shift) & 0xf) == 0) shift -= 4;
      for (; shift >= 0; shift -= 4) out[o++] = (u8)HEX[(cp >> shift) & 0xf];
      out[o++] = '}';
    } else {
      for (u64 k = 0; k < width; k++) out[o++] = s[i + k];
    }
    i += width;
  }
  out[o++] = '"';
  return o;
}

/* A 32-byte address in base58 (Bitcoin alphabet); answers the length written (at most 44). */
static u64 write_base58(const u8 *key, u8 *out) {
  static const char ALPHABET[] = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
  u8 digits[44];
  u64 len = 0;
  for (u64 i = 0; i < 32; i++) {
    u32 carry = key[i];
    for (u64 j = 0; j < len; j++) {
      carry += (u32)digits[j] << 8;
      digits[j] = (u8)(carry % 58);
      carry /= 58;
    }
    while (carry > 0) {
      digits[len++] = (u8)(carry % 58);
      carry /= 58;
    }
  }
  u64 o = 0;
  for (u64 i = 0; i < 32 && key[i] == 0; i++) out[o++] = '1';
  while (len > 0) out[o++] = (u8)ALPHABET[digits[--len]];
  return o;
}
