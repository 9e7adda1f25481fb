/* The AMM's accounts, byte for byte as the pump_amm IDL (@pump-fun/pump-sdk 2.0.0) lays them out. */
#pragma once
#include "types.h"

static const u8 GLOBAL_CONFIG_DISCRIMINATOR[8] = {149, 8, 156, 202, 160, 252, 176, 217};
static const u8 POOL_DISCRIMINATOR[8] = {241, 154, 109, 4, 17, 177, 109, 188};

/* GlobalConfig, PDA ["global_config"] */
#define GC_ADMIN 8
#define GC_LP_FEE_BASIS_POINTS 40
#define GC_PROTOCOL_FEE_BASIS_POINTS 48
#define GC_DISABLE_FLAGS 56
#define GC_PROTOCOL_FEE_RECIPIENTS 57 /* [Pubkey; 8] */
#define GC_COIN_CREATOR_FEE_BASIS_POINTS 313
#define GC_ADMIN_SET_COIN_CREATOR_AUTHORITY 321
#define GC_WHITELIST_PDA 353
#define GC_RESERVED_FEE_RECIPIENT 385
#define GC_MAYHEM_MODE_ENABLED 417
#define GC_RESERVED_FEE_RECIPIENTS 418 /* [Pubkey; 7] */
#define GC_IS_CASHBACK_ENABLED 642
#define GC_BUYBACK_FEE_RECIPIENTS 643 /* [Pubkey; 8] */
#define GC_BUYBACK_BASIS_POINTS 899
#define GC_BOOST_AUTHORITY 907
#define GC_BOOST_ENABLED 939
#define GC_CREATOR_FEE_CONFIGURABLE 940
#define GC_MAX_CONFIGURABLE_CREATOR_FEE_BPS 941
#define GLOBAL_CONFIG_SIZE 949
#define PROTOCOL_FEE_RECIPIENT_SLOTS 8

/* Pool, PDA ["pool", index u16 LE, creator, base_mint, quote_mint] */
#define P_POOL_BUMP 8
#define P_INDEX 9
#define P_CREATOR 11
#define P_BASE_MINT 43
#define P_QUOTE_MINT 75
#define P_LP_MINT 107
#define P_POOL_BASE_TOKEN_ACCOUNT 139
#define P_POOL_QUOTE_TOKEN_ACCOUNT 171
#define P_LP_SUPPLY 203
#define P_COIN_CREATOR 211
#define P_IS_MAYHEM_MODE 243
#define P_IS_CASHBACK_COIN 244
#define P_VIRTUAL_QUOTE_RESERVES 245 /* i128 */
#define P_CREATOR_FEE_BPS 261
#define P_CAN_EDIT_CREATOR_FEE 269
#define P_IS_HOLDER_REWARD 270
#define POOL_SIZE 271
/* Allocated as the live program allocates pools (pump-swap-sdk extends shorter ones before trading). */
#define POOL_ACCOUNT_SIZE 300
/* u64 beyond the IDL's fields: coin-creator fees charged by native routes, held in the quote vault, not reserves. */
#define P_ROUTE_CREATOR_FEES 271

#define LP_MINT_DECIMALS 9
