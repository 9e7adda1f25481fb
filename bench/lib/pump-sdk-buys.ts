import type { Address } from '@solana/kit';
import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { COMPUTE_UNIT_PRICE_MICRO_LAMPORTS, MEASURE_COMPUTE_UNITS } from '../../core/engine/transaction.js';
import type { Sandbox } from '../../core/sandbox/sandbox.js';
import { accountInfoOf, bn, existingAccountInfoOf, pk, pumpSdk, pumpSwapSdk, splToken, swapSolanaStateOf, web3 } from '../../test/helpers/pump-sdk.js';
import type { Staged } from './staged-samples.js';

/**
 * The official SDKs' buy paths, as the peers of our trade builds: each fed the sandbox accounts its
 * online half would fetch over RPC (as web3.js AccountInfo, decoded by the SDK's own decoders), each
 * marking the laps `quote` and `instructions` (and `world` where it reads its Global apart), then
 * compiled by web3.js into a v0 transaction as a client would send it.
 */

export type V0Compiler = (payer: PublicKey, instructions: readonly TransactionInstruction[]) => Uint8Array;

/** web3.js's v0 compile of a peer's instructions: the same compute budget first, the same lookup table. */
export function web3V0Compiler(sandbox: Sandbox): V0Compiler {
  const tableAddress = sandbox.profile.accounts['lookupTable'];
  if (!tableAddress) throw new Error('the sandbox profile names no lookup table');
  // Read and decoded once, as a client caches a frozen table (ours reads it once per process too).
  const table = new web3.AddressLookupTableAccount({ key: pk(tableAddress), state: web3.AddressLookupTableAccount.deserialize(existingAccountInfoOf(sandbox, tableAddress).data) });
  return (payer, instructions) => {
    const message = new web3.TransactionMessage({
      payerKey: payer,
      recentBlockhash: sandbox.cluster.latestBlockhash().blockhash,
      instructions: [
        web3.ComputeBudgetProgram.setComputeUnitLimit({ units: MEASURE_COMPUTE_UNITS }),
        web3.ComputeBudgetProgram.setComputeUnitPrice({ microLamports: COMPUTE_UNIT_PRICE_MICRO_LAMPORTS }),
        ...instructions,
      ],
    }).compileToV0Message([table]);
    return new web3.VersionedTransaction(message).serialize();
  };
}

/** @pump-fun/pump-sdk's buy for `spend` quote units on a curve, from the accounts its online half would fetch. */
export function pumpSdkCurveBuy(sandbox: Sandbox, user: Address, mint: Address, spend: bigint, compile: V0Compiler): Staged {
  const sdk = pumpSdk.PUMP_SDK;
  const [mintKey, userKey, zecKey] = [pk(mint), pk(user), pk(sandbox.profile.mints.zec.address)];
  const tokenProgram = splToken.TOKEN_2022_PROGRAM_ID;
  const amountIn = bn(spend);
  return async (lap) => {
    // fetchGlobal, fetchFeeConfig
    const global = sdk.decodeGlobal(existingAccountInfoOf(sandbox, pumpSdk.GLOBAL_PDA));
    const feeConfig = sdk.decodeFeeConfig(existingAccountInfoOf(sandbox, pumpSdk.PUMP_FEE_CONFIG_PDA));
    lap('world');
    // fetchBuyState with the quote mint as hint: the curve, the user's coin account and the quote mint in one batch.
    const curveInfo = existingAccountInfoOf(sandbox, pumpSdk.bondingCurvePda(mintKey));
    const userInfo = accountInfoOf(sandbox, splToken.getAssociatedTokenAddressSync(mintKey, userKey, true, tokenProgram));
    const quoteInfo = existingAccountInfoOf(sandbox, zecKey);
    const bondingCurve = sdk.decodeBondingCurve(curveInfo);
    const quoteMint = pumpSdk.normalizeQuoteMint(bondingCurve.quoteMint);
    const quoteTokenProgram = quoteInfo.owner;
    const amount = pumpSdk.getBuyTokenAmountFromSolAmount({ global, feeConfig, mintSupply: global.tokenTotalSupply, bondingCurve, amount: amountIn, quoteMint });
    lap('quote');
    const instructions = await sdk.buyV2Instructions({
      global, bondingCurveAccountInfo: curveInfo, bondingCurve, associatedUserAccountInfo: userInfo, mint: mintKey, user: userKey, amount, quoteAmount: amountIn, slippage: 1, tokenProgram, quoteTokenProgram,
    });
    lap('instructions');
    return compile(userKey, instructions);
  };
}

/** @pump-fun/pump-swap-sdk's buy for `spend` quote units on a pool, from the swap state its online half would fetch. */
export function pumpSwapSdkPoolBuy(sandbox: Sandbox, user: Address, pool: Address, spend: bigint, compile: V0Compiler): Staged {
  const [userKey, amountIn] = [pk(user), bn(spend)];
  return async (lap) => {
    const state = swapSolanaStateOf(sandbox, pool, user);
    lap('quote');
    const instructions = await pumpSwapSdk.PUMP_AMM_SDK.buyQuoteInput(state, amountIn, 1);
    lap('instructions');
    return compile(userKey, instructions);
  };
}
