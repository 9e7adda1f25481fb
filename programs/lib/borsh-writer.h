/* A bounded little-endian (Borsh) writer for event payloads and instruction data. */
#pragma once
#include "syscalls.h"

typedef struct {
  u8 *buf;
  u64 len;
  u64 cap;
  bool overflow;
} Writer;

INLINE void w_bytes(Writer *w, const void *src, u64 n) {
  if (w->len + n > w->cap) {
    w->overflow = true;
    return;
  }
  copy_bytes(w->buf + w->len, src, n);
  w->len += n;
}
INLINE void w_u8(Writer *w, u8 v) {
  if (w->len + 1 > w->cap) {
    w->overflow = true;
    return;
  }
  w->buf[w->len++] = v;
}
INLINE void w_u64(Writer *w, u64 v) {
  if (w->len + 8 > w->cap) {
    w->overflow = true;
    return;
  }
  for (int i = 0; i < 8; i++) w->buf[w->len + i] = (u8)(v >> (8 * i));
  w->len += 8;
}
INLINE void w_u32(Writer *w, u32 v) {
  if (w->len + 4 > w->cap) {
    w->overflow = true;
    return;
  }
  for (int i = 0; i < 4; i++) w->buf[w->len + i] = (u8)(v >> (8 * i));
  w->len += 4;
}
INLINE void w_pubkey(Writer *w, const Pubkey *p) { w_bytes(w, p->x, 32); }
INLINE void w_string(Writer *w, const u8 *s, u32 n) {
  w_u32(w, n);
  w_bytes(w, s, n);
}

/* A bounded Borsh reader for instruction arguments. */
typedef struct {
  const u8 *buf;
  u64 len;
  u64 pos;
  bool bad;
} Reader;

INLINE u8 r_u8(Reader *r) {
  if (r->pos + 1 > r->len) {
    r->bad = true;
    return 0;
  }
  return r->buf[r->pos++];
}
INLINE u64 r_u64(Reader *r) {
  if (r->pos + 8 > r->len) {
    r->bad = true;
    return 0;
  }
  u64 v = 0;
  for (int i = 7; i >= 0; i--) v = (v << 8) | r->buf[r->pos + i];
  r->pos += 8;
  return v;
}
INLINE u32 r_u32(Reader *r) {
  if (r->pos + 4 > r->len) {
    r->bad = true;
    return 0;
  }
  u32 v = (u32)r->buf[r->pos] | ((u32)r->buf[r->pos + 1] << 8) | ((u32)r->buf[r->pos + 2] << 16) | ((u32)r->buf[r->pos + 3] << 24);
  r->pos += 4;
  return v;
}
/* A string or byte vector: points into the input, no copy. */
INLINE const u8 *r_string(Reader *r, u32 *n) {
  *n = r_u32(r);
  if (r->bad || r->pos + *n > r->len) {
    r->bad = true;
    return NULL;
  }
  const u8 *at = r->buf + r->pos;
  r->pos += *n;
  return at;
}
INLINE const Pubkey *r_pubkey(Reader *r) {
  if (r->pos + 32 > r->len) {
    r->bad = true;
    return NULL;
  }
  const Pubkey *at = (const Pubkey *)(r->buf + r->pos);
  r->pos += 32;
  return at;
}
