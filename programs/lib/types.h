/* Basic types for SBF v0 programs built with clang-19 -target bpf -mcpu=v2 (no libc). */
#pragma once

typedef unsigned char u8;
typedef unsigned short u16;
typedef unsigned int u32;
typedef unsigned long u64;
typedef signed char i8;
typedef int i32;
typedef long i64;
typedef u8 bool;
#define true 1
#define false 0
#define NULL ((void *)0)

typedef struct {
  u8 x[32];
} Pubkey;

/* The program's result: 0 is success; a custom error is its code (the runtime reports Custom(code)). */
typedef u64 Result;
#define OK 0

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))
#define INLINE static inline __attribute__((always_inline))
#define NOINLINE static __attribute__((noinline))

/* Propagates a non-zero result. */
#define TRY(expr)                                                                                                      \
  do {                                                                                                                 \
    Result try_result_ = (expr);                                                                                       \
    if (try_result_ != OK) return try_result_;                                                                         \
  } while (0)
