/* Program ids every Solana program refers to by value (SPL Token, Token-2022, Associated Token). */
#pragma once
#include "types.h"

static const Pubkey TOKEN_PROGRAM_ID = {{6, 221, 246, 225, 215, 101, 161, 147, 217, 203, 225, 70, 206, 235, 121, 172, 28, 180, 133, 237, 95, 91, 55, 145, 58, 140, 245, 133, 126, 255, 0, 169}}; /* TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA */
static const Pubkey TOKEN_2022_PROGRAM_ID = {{6, 221, 246, 225, 238, 117, 143, 222, 24, 66, 93, 188, 228, 108, 205, 218, 182, 26, 252, 77, 131, 185, 13, 39, 254, 189, 249, 40, 216, 161, 139, 252}}; /* TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb */
static const Pubkey ASSOCIATED_TOKEN_PROGRAM_ID = {{140, 151, 37, 143, 78, 36, 137, 241, 187, 61, 16, 41, 20, 142, 13, 131, 11, 90, 19, 153, 218, 255, 16, 132, 4, 142, 123, 216, 219, 233, 248, 89}}; /* ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL */

INLINE bool is_token_program(const Pubkey *p) { return pubkey_eq_bytes(p->x, &TOKEN_PROGRAM_ID) || pubkey_eq_bytes(p->x, &TOKEN_2022_PROGRAM_ID); }
