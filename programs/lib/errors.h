/*
 * Error codes. Our programs implement published Anchor interfaces, so refusals use the same codes the
 * live programs use: Anchor's framework codes (100-4999) and each program's own (6000+).
 */
#pragma once

#define ERR_INSTRUCTION_FALLBACK_NOT_FOUND 101 /* unknown instruction discriminator */
#define ERR_INSTRUCTION_DID_NOT_DESERIALIZE 102
#define ERR_CONSTRAINT_MUT 2000
#define ERR_CONSTRAINT_HAS_ONE 2001
#define ERR_CONSTRAINT_SIGNER 2002
#define ERR_CONSTRAINT_RAW 2003
#define ERR_CONSTRAINT_SEEDS 2006
#define ERR_CONSTRAINT_ADDRESS 2012
#define ERR_CONSTRAINT_TOKEN_MINT 2014
#define ERR_CONSTRAINT_TOKEN_OWNER 2015
#define ERR_CONSTRAINT_ASSOCIATED 2009
#define ERR_ACCOUNT_DISCRIMINATOR_MISMATCH 3002
#define ERR_ACCOUNT_NOT_ENOUGH_KEYS 3005
#define ERR_ACCOUNT_OWNED_BY_WRONG_PROGRAM 3007
#define ERR_INVALID_PROGRAM_ID 3008
#define ERR_ACCOUNT_NOT_INITIALIZED 3012
#define ERR_ACCOUNT_DUPLICATE 3013 /* ours: the same account where two distinct ones are required */
#define ERR_CPI_FAILED 4100       /* ours: a cross-program call failed (its own error is in the logs) */
#define ERR_ACCOUNT_IN_USE 4102   /* ours: the account to create already belongs to a program */
