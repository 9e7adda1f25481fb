import { createRequire } from 'node:module';
import type * as PumpSdkModule from '@pump-fun/pump-sdk';
import type * as PumpSwapSdkModule from '@pump-fun/pump-swap-sdk';
import {
  AccountRole,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Address,
  type Instruction,
  type Signature,
} from '@solana/kit';
import type { AccountInfo, PublicKey, TransactionInstruction } from '@solana/web3.js';
import type * as SplTokenModule from '@solana/spl-token';
import { EVENT_IX_TAG } from '../../core/programs/anchor/event-authority.js';
import type { Sandbox } from '../../core/sandbox/sandbox.js';

/**
 * The official pump SDK (@pump-fun/pump-sdk 2.0.0) driven against the sandbox, offline. Its ESM entry
 * does not load under Node 20, so its CommonJS build is required, and so are the web3.js and bn.js it
 * is built on, so that every PublicKey and BN comes from the copies the SDK itself uses.
 * bn.js ships no types (the SDK's BN fields read as `any`), hence the small structural type below.
 */
const require = createRequire(import.meta.url);

export const pumpSdk = require('@pump-fun/pump-sdk') as typeof PumpSdkModule;
export const web3 = require('@solana/web3.js') as typeof import('@solana/web3.js');
/**
 * The AMM's own SDK (@pump-fun/pump-swap-sdk 1.20.0, which pump-sdk depends on: one copy in the tree),
 * and the spl-token it reads mints and token accounts with. CommonJS builds, as above.
 */
export const pumpSwapSdk = require('@pump-fun/pump-swap-sdk') as typeof PumpSwapSdkModule;
export const splToken = require('@solana/spl-token') as typeof SplTokenModule;

/** What the tests need of a bn.js BN. */
export interface BN {
  toString(base?: number): string;
  isZero(): boolean;
}
const BNClass = require('bn.js') as new (value: string, base?: number) => BN;

export const bn = (value: bigint): BN => new BNClass(value.toString(), 10);
export const big = (value: BN): bigint => BigInt(value.toString(10));
export const pk = (address: Address): PublicKey => new web3.PublicKey(address);
export const addr = (key: PublicKey): Address => key.toBase58() as Address;

/** A sandbox account as web3.js's `AccountInfo<Buffer>`, what the SDK's decoders and builders take. */
export function accountInfoOf(sandbox: Sandbox, address: Address | PublicKey): AccountInfo<Buffer> | null {
  const account = sandbox.cluster.getAccount(typeof address === 'string' ? address : addr(address));
  if (!account) return null;
  return { data: Buffer.from(account.data), executable: false, lamports: Number(account.lamports), owner: pk(account.owner), rentEpoch: 0 };
}

/** web3.js instruction -> kit instruction: the same program, accounts (roles from the flags) and data. */
export function toKitInstruction(ix: TransactionInstruction): Instruction {
  return {
    programAddress: addr(ix.programId),
    accounts: ix.keys.map((key) => ({
      address: addr(key.pubkey),
      role: key.isSigner
        ? key.isWritable
          ? AccountRole.WRITABLE_SIGNER
          : AccountRole.READONLY_SIGNER
        : key.isWritable
          ? AccountRole.WRITABLE
          : AccountRole.READONLY,
    })),
    data: Uint8Array.from(ix.data),
  };
}

/**
 * The Anchor self-CPI events a landed transaction emitted from `program`: every inner instruction run by
 * `program` whose data opens with EVENT_IX_TAG, as the event's bytes after the tag (8-byte event
 * discriminator, then the event).
 */
export function selfCpiEventsOf(sandbox: Sandbox, signature: Signature, program: Address): Buffer[] {
  const tx = sandbox.cluster.getTransaction(signature);
  if (!tx) throw new Error(`no transaction ${signature}`);
  const message = getCompiledTransactionMessageDecoder().decode(getTransactionDecoder().decode(tx.wire).messageBytes);
  const keys = [...message.staticAccounts, ...tx.meta.loadedAddresses.writable, ...tx.meta.loadedAddresses.readonly];
  return tx.meta.innerInstructions
    .flatMap((group) => group.instructions)
    .filter((ix) => keys[ix.programIdIndex] === program && EVENT_IX_TAG.every((byte, i) => ix.data[i] === byte))
    .map((ix) => Buffer.from(ix.data.subarray(EVENT_IX_TAG.length)));
}

/** The SDK's decoded values made comparable: PublicKey -> base58 Address, BN -> bigint, recursively. */
export function plain(value: unknown): unknown {
  if (value instanceof web3.PublicKey) return addr(value);
  if (value instanceof (BNClass as unknown as new () => object)) return big(value as BN);
  if (Array.isArray(value)) return value.map(plain);
  if (value instanceof Uint8Array) return value;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** `accountInfoOf` for an account that must exist. */
export function existingAccountInfoOf(sandbox: Sandbox, address: Address | PublicKey): AccountInfo<Buffer> {
  const account = accountInfoOf(sandbox, address);
  if (!account) throw new Error(`no account ${typeof address === 'string' ? address : address.toBase58()}`);
  return account;
}

/*
 * What pump-swap-sdk's `OnlinePumpAmmSdk` gathers over RPC before it builds (`swapSolanaState`,
 * `liquiditySolanaState`, `createPoolSolanaState`), gathered from the sandbox instead, step for step and
 * with the SDK's own decoders: GlobalConfig, FeeConfig and pools by `PUMP_AMM_SDK`, mints and token
 * accounts by the spl-token layouts it uses, the token programs as the mints' owners, the user's token
 * accounts at their associated addresses (off-curve owners allowed, as the SDK derives them).
 */

const swapSdkState = (sandbox: Sandbox, poolKey: Address, user: Address) => {
  const { PUMP_AMM_SDK, GLOBAL_CONFIG_PDA } = pumpSwapSdk;
  const globalConfig = PUMP_AMM_SDK.decodeGlobalConfig(existingAccountInfoOf(sandbox, GLOBAL_CONFIG_PDA));
  const poolAccountInfo = existingAccountInfoOf(sandbox, poolKey);
  const pool = PUMP_AMM_SDK.decodePool(poolAccountInfo);
  const baseMintInfo = existingAccountInfoOf(sandbox, pool.baseMint);
  const baseTokenProgram = baseMintInfo.owner;
  const quoteTokenProgram = existingAccountInfoOf(sandbox, pool.quoteMint).owner;
  const amountOf = (key: PublicKey) => splToken.AccountLayout.decode(existingAccountInfoOf(sandbox, key).data);
  const userBaseTokenAccount = splToken.getAssociatedTokenAddressSync(pool.baseMint, pk(user), true, baseTokenProgram);
  const userQuoteTokenAccount = splToken.getAssociatedTokenAddressSync(pool.quoteMint, pk(user), true, quoteTokenProgram);
  return {
    globalConfig,
    poolKey: pk(poolKey),
    poolAccountInfo,
    pool,
    poolBaseTokenAccount: amountOf(pool.poolBaseTokenAccount),
    poolQuoteTokenAccount: amountOf(pool.poolQuoteTokenAccount),
    baseTokenProgram,
    quoteTokenProgram,
    baseMintAccount: splToken.MintLayout.decode(baseMintInfo.data),
    user: pk(user),
    userBaseTokenAccount,
    userQuoteTokenAccount,
    userBaseAccountInfo: accountInfoOf(sandbox, userBaseTokenAccount),
    userQuoteAccountInfo: accountInfoOf(sandbox, userQuoteTokenAccount),
  };
};

/** `OnlinePumpAmmSdk.swapSolanaState`, offline: what buy/sell builders and quote functions take. */
export function swapSolanaStateOf(sandbox: Sandbox, poolKey: Address, user: Address): PumpSwapSdkModule.SwapSolanaState {
  const { poolBaseTokenAccount, poolQuoteTokenAccount, ...common } = swapSdkState(sandbox, poolKey, user);
  const feeConfigAccountInfo = accountInfoOf(sandbox, pumpSwapSdk.PUMP_AMM_FEE_CONFIG_PDA);
  return {
    ...common,
    feeConfig: feeConfigAccountInfo ? pumpSwapSdk.PUMP_AMM_SDK.decodeFeeConfig(feeConfigAccountInfo) : null,
    poolBaseAmount: bn(poolBaseTokenAccount.amount),
    poolQuoteAmount: bn(poolQuoteTokenAccount.amount),
    baseMint: common.pool.baseMint,
  };
}

/** `OnlinePumpAmmSdk.liquiditySolanaState`, offline: what deposit and withdraw builders take. */
export function liquiditySolanaStateOf(sandbox: Sandbox, poolKey: Address, user: Address): PumpSwapSdkModule.LiquiditySolanaState {
  const { baseMintAccount: _mint, ...common } = swapSdkState(sandbox, poolKey, user);
  const userPoolTokenAccount = splToken.getAssociatedTokenAddressSync(common.pool.lpMint, pk(user), true, splToken.TOKEN_2022_PROGRAM_ID);
  return { ...common, userPoolTokenAccount, userPoolAccountInfo: accountInfoOf(sandbox, userPoolTokenAccount) };
}

/** `OnlinePumpAmmSdk.createPoolSolanaState`, offline: what `createPoolInstructions` takes. */
export function createPoolSolanaStateOf(sandbox: Sandbox, index: number, creator: Address, baseMint: Address, quoteMint: Address): PumpSwapSdkModule.CreatePoolSolanaState {
  const globalConfig = pumpSwapSdk.PUMP_AMM_SDK.decodeGlobalConfig(existingAccountInfoOf(sandbox, pumpSwapSdk.GLOBAL_CONFIG_PDA));
  const baseTokenProgram = existingAccountInfoOf(sandbox, baseMint).owner;
  const quoteTokenProgram = existingAccountInfoOf(sandbox, quoteMint).owner;
  const poolKey = pumpSwapSdk.poolPda(index, pk(creator), pk(baseMint), pk(quoteMint));
  const poolBaseTokenAccount = splToken.getAssociatedTokenAddressSync(pk(baseMint), poolKey, true, baseTokenProgram);
  const poolQuoteTokenAccount = splToken.getAssociatedTokenAddressSync(pk(quoteMint), poolKey, true, quoteTokenProgram);
  const userBaseTokenAccount = splToken.getAssociatedTokenAddressSync(pk(baseMint), pk(creator), true, baseTokenProgram);
  const userQuoteTokenAccount = splToken.getAssociatedTokenAddressSync(pk(quoteMint), pk(creator), true, quoteTokenProgram);
  return {
    index,
    baseMint: pk(baseMint),
    quoteMint: pk(quoteMint),
    creator: pk(creator),
    globalConfig,
    poolKey,
    poolBaseTokenAccount,
    poolQuoteTokenAccount,
    baseTokenProgram,
    quoteTokenProgram,
    userBaseTokenAccount,
    userQuoteTokenAccount,
    userBaseAccountInfo: accountInfoOf(sandbox, userBaseTokenAccount),
    userQuoteAccountInfo: accountInfoOf(sandbox, userQuoteTokenAccount),
    poolBaseAccountInfo: accountInfoOf(sandbox, poolBaseTokenAccount),
    poolQuoteAccountInfo: accountInfoOf(sandbox, poolQuoteTokenAccount),
  };
}
