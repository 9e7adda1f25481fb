/*
 * The launchpad's accounts, byte for byte as the pump IDL (@pump-fun/pump-sdk 2.0.0) lays them out:
 * an 8-byte Anchor discriminator, then Borsh fields in order (no padding).
 */
#pragma once
#include "types.h"

static const u8 GLOBAL_DISCRIMINATOR[8] = {167, 232, 232, 177, 200, 108, 114, 127};
static const u8 BONDING_CURVE_DISCRIMINATOR[8] = {23, 183, 248, 55, 96, 216, 172, 96};
static const u8 QUOTE_CONTROL_DISCRIMINATOR[8] = {56, 244, 35, 238, 193, 213, 162, 201};

/* Global, PDA ["global"] */
#define G_INITIALIZED 8
#define G_AUTHORITY 9
#define G_FEE_RECIPIENT 41
#define G_INITIAL_VIRTUAL_TOKEN_RESERVES 73
#define G_INITIAL_VIRTUAL_SOL_RESERVES 81
#define G_INITIAL_REAL_TOKEN_RESERVES 89
#define G_TOKEN_TOTAL_SUPPLY 97
#define G_FEE_BASIS_POINTS 105
#define G_WITHDRAW_AUTHORITY 113
#define G_ENABLE_MIGRATE 145
#define G_POOL_MIGRATION_FEE 146
#define G_CREATOR_FEE_BASIS_POINTS 154
#define G_FEE_RECIPIENTS 162 /* [Pubkey; 7] */
#define G_SET_CREATOR_AUTHORITY 386
#define G_ADMIN_SET_CREATOR_AUTHORITY 418
#define G_CREATE_V2_ENABLED 450
#define G_WHITELIST_PDA 451
#define G_RESERVED_FEE_RECIPIENT 483
#define G_MAYHEM_MODE_ENABLED 515
#define G_RESERVED_FEE_RECIPIENTS 516 /* [Pubkey; 7] */
#define G_IS_CASHBACK_ENABLED 740
#define G_BUYBACK_FEE_RECIPIENTS 741 /* [Pubkey; 8] */
#define G_BUYBACK_BASIS_POINTS 997
#define G_INITIAL_VIRTUAL_QUOTE_RESERVES 1005
#define G_WHITELISTED_QUOTE_MINTS 1013 /* [Pubkey; 1] */
#define G_CREATOR_FEE_CONFIGURABLE 1045
#define G_MAX_CONFIGURABLE_CREATOR_FEE_BPS 1046
#define G_HOLDER_REWARD_CLAIM_AUTHORITY 1054
#define G_IS_HOLDER_REWARD_ENABLED 1086
#define GLOBAL_SIZE 1087
#define FEE_RECIPIENT_SLOTS 7
#define BUYBACK_RECIPIENT_SLOTS 8

/* BondingCurve, PDA ["bonding-curve", mint] */
#define BC_VIRTUAL_TOKEN_RESERVES 8
#define BC_VIRTUAL_QUOTE_RESERVES 16
#define BC_REAL_TOKEN_RESERVES 24
#define BC_REAL_QUOTE_RESERVES 32
#define BC_TOKEN_TOTAL_SUPPLY 40
#define BC_COMPLETE 48
#define BC_CREATOR 49
#define BC_IS_MAYHEM_MODE 81
#define BC_IS_CASHBACK_COIN 82
#define BC_QUOTE_MINT 83
#define BC_CREATOR_FEE_BPS 115
#define BC_CAN_EDIT_CREATOR_FEE 123
#define BC_IS_HOLDER_REWARD 124
#define BONDING_CURVE_SIZE 125
/* Allocated at the live program's extended size; the tail holds what the sandbox adds. */
#define BONDING_CURVE_ACCOUNT_SIZE 151
/* u64: the coin's creator fees charged by native routes, in the quote (native coin), held in the curve's quote account. */
#define BC_ROUTE_CREATOR_FEES 125

/* QuoteControl, PDA ["quote-control"]: admin, 64 reserved bytes, Vec<{mint, initial_virtual_quote_reserves}> */
#define QC_ADMIN 8
#define QC_MINTS_LEN 104
#define QC_MINTS 108
#define QC_ENTRY_SIZE 40
#define QC_MAX_MINTS 16
#define QUOTE_CONTROL_SIZE (QC_MINTS + QC_MAX_MINTS * QC_ENTRY_SIZE)

/* The curve every coin starts with: 1e9 whole tokens of 6 decimals. */
#define COIN_DECIMALS 6
