import { generateKeyPairSigner, lamports, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import { getCreateAccountInstruction } from '@solana-program/system';
import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getInitializeMint2Instruction } from '@solana-program/token';
import type { TransactionError } from '../../core/chain/types.js';
import { buyExactTokens, curveState, type CurveState } from '../../core/math/curve.js';
import { feeRates, type FeeRates } from '../../core/math/curve-fees.js';
import type { Bps, TokenUnits, ZecUnits } from '../../core/math/units.js';
import { decodeBondingCurve } from '../../core/programs/launchpad/bonding-curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { createV2Instruction } from '../../core/programs/launchpad/instructions/create-v2.js';
import { findBondingCurve, type LaunchpadPrograms } from '../../core/programs/launchpad/pdas.js';
import type { TradeV2Parties } from '../../core/programs/launchpad/instructions/trade-v2-accounts.js';
import { trySendInstructions } from '../../core/sandbox/admin-transaction.js';
import type { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';

/** Test helpers around the launchpad in a sandbox: wallets with money, coins, trades, balances. */

export const SANDBOX_FEE_RATES: FeeRates = feeRates({ protocolBps: 5n, creatorBps: 200n, buybackBps: 0n });

export function programsOf(sandbox: Sandbox): LaunchpadPrograms {
  const p = sandbox.profile.programs;
  return { launchpad: p['launchpad']!, fees: p['fees']!, mayhem: p['mayhem']! };
}

export async function fundedWallet(sandbox: Sandbox, zec: bigint = 0n): Promise<KeyPairSigner> {
  const wallet = await generateKeyPairSigner();
  await sandbox.faucet.sol(wallet.address, lamports(100_000_000_000n));
  if (zec > 0n) await sandbox.faucet.zec(wallet.address, zec as ZecUnits);
  return wallet;
}

/** Attaches signers to the account metas that name them (kit signs with what the metas carry). */
export function withSigners(instruction: Instruction, signers: readonly KeyPairSigner[]): Instruction {
  return {
    ...instruction,
    accounts: instruction.accounts?.map((meta) => {
      const signer = signers.find((s) => s.address === meta.address);
      return signer && meta.role >= 2 ? { ...meta, signer } : meta;
    }),
  } as Instruction;
}

export async function send(sandbox: Sandbox, payer: KeyPairSigner, instructions: readonly Instruction[], signers: readonly KeyPairSigner[] = []) {
  sandbox.cluster.advanceSlots(1);
  return sendInSlot(sandbox, payer, instructions, signers);
}

/** As `send`, in the slot the sandbox is in now (several transactions of one slot: a bundle). */
export async function sendInSlot(sandbox: Sandbox, payer: KeyPairSigner, instructions: readonly Instruction[], signers: readonly KeyPairSigner[] = []) {
  return trySendInstructions(sandbox.cluster, payer, [
    getSetComputeUnitLimitInstruction({ units: 1_400_000 }),
    ...instructions.map((ix) => withSigners(ix, [payer, ...signers])),
  ]);
}

export async function tokenBalance(sandbox: Sandbox, owner: Address, mint: Address, tokenProgram: Address): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram });
  const account = sandbox.cluster.getAccount(ata);
  return account ? new DataView(account.data.buffer, account.data.byteOffset).getBigUint64(64, true) : 0n;
}

export interface Coin {
  readonly mint: Address;
  readonly curve: Address;
  readonly creator: Address;
}

/** Plants a ZEC-quoted coin; answers the outcome too, for refusal tests. */
export async function plantCoin(
  sandbox: Sandbox,
  payer: KeyPairSigner,
  overrides: Partial<{ name: string; symbol: string; creator: Address; creatorFeeBps: bigint; quoteMint: Address; quoteTokenProgram: Address; isCashbackEnabled: boolean; isMayhemMode: boolean; isHolderReward: boolean }> = {},
): Promise<{ coin: Coin; err: TransactionError | null; logs: readonly string[] }> {
  const mint = await generateKeyPairSigner();
  const creator = overrides.creator ?? (await generateKeyPairSigner()).address;
  const zec = sandbox.profile.mints.zec;
  const instruction = await createV2Instruction(
    {
      programs: programsOf(sandbox),
      mint: mint.address,
      user: payer.address,
      quote: { mint: overrides.quoteMint ?? zec.address, tokenProgram: overrides.quoteTokenProgram ?? zec.tokenProgram },
    },
    {
      name: overrides.name ?? 'Test Coin',
      symbol: overrides.symbol ?? 'TEST',
      uri: 'https://example.com/coin.json',
      creator,
      isMayhemMode: overrides.isMayhemMode ?? false,
      isCashbackEnabled: overrides.isCashbackEnabled ?? false,
      creatorFeeBps: (overrides.creatorFeeBps ?? 200n) as Bps,
      isHolderReward: overrides.isHolderReward ?? false,
    },
  );
  const result = await send(sandbox, payer, [instruction], [mint]);
  const curve = await findBondingCurve(programsOf(sandbox).launchpad, mint.address);
  return { coin: { mint: mint.address, curve, creator }, err: result.err, logs: result.logs };
}

export function curveOf(sandbox: Sandbox, coin: Coin): CurveState {
  const c = decodeBondingCurve(sandbox.cluster.getAccount(coin.curve)!.data);
  return curveState({
    virtualTokenReserves: c.virtualTokenReserves,
    virtualQuoteReserves: c.virtualQuoteReserves,
    realTokenReserves: c.realTokenReserves,
    realQuoteReserves: c.realQuoteReserves,
    complete: c.complete,
  });
}

/** A trade's parties on the coin's curve, quoted in the curve's own quote mint (ZEC before the curve exists). */
export function partiesFor(sandbox: Sandbox, coin: Coin, user: Address): TradeV2Parties {
  const { zec, native } = sandbox.profile.mints;
  const curve = sandbox.cluster.getAccount(coin.curve);
  // Refusal tests pass other accounts as the curve: anything that is not the launchpad's curve is ZEC-quoted here.
  const isCurve = curve !== null && curve.owner === programsOf(sandbox).launchpad && curve.data.length >= 115;
  const quote = isCurve && decodeBondingCurve(curve.data).quoteMint === native.address ? native : zec;
  return {
    programs: programsOf(sandbox),
    baseMint: coin.mint,
    baseTokenProgram: TOKEN_2022_PROGRAM,
    quoteMint: quote.address,
    quoteTokenProgram: quote.tokenProgram,
    user,
    creator: coin.creator,
    feeRecipient: sandbox.profile.accounts['feeRecipient']!,
    buybackFeeRecipient: sandbox.profile.accounts['buybackFeeRecipient']!,
  };
}

/** The trader's coin account, opened idempotently (what every client puts before its first buy). */
export async function openCoinAccount(payer: KeyPairSigner, coin: Coin): Promise<Instruction> {
  const [ata] = await findAssociatedTokenPda({ owner: payer.address, mint: coin.mint, tokenProgram: TOKEN_2022_PROGRAM });
  return getCreateAssociatedTokenIdempotentInstruction({ payer, ata, owner: payer.address, mint: coin.mint, tokenProgram: TOKEN_2022_PROGRAM });
}

export const tokens = (value: bigint) => value as TokenUnits;

/** A plain mint (for refusal tests): created and initialised, the payer as mint authority. */
export function createMintInstructions(sandbox: Sandbox, payer: KeyPairSigner, mint: KeyPairSigner, decimals: number, tokenProgram: Address): Instruction[] {
  return [
    getCreateAccountInstruction({ payer, newAccount: mint, lamports: sandbox.cluster.minimumBalanceForRentExemption(82n), space: 82n, programAddress: tokenProgram }),
    getInitializeMint2Instruction({ mint: mint.address, decimals, mintAuthority: payer.address, freezeAuthority: null }, { programAddress: tokenProgram }),
  ];
}

/** Buys every token left on the coin's curve (completing it), opening the buyer's coin account first. */
export async function buyOutCurve(sandbox: Sandbox, buyer: KeyPairSigner, coin: Coin) {
  const curve = curveOf(sandbox, coin);
  const all = buyExactTokens(curve, tokens(curve.realTokenReserves), SANDBOX_FEE_RATES);
  return send(sandbox, buyer, [await openCoinAccount(buyer, coin), await buyV2Instruction(partiesFor(sandbox, coin, buyer.address), { amount: all.tokens, maxQuoteCost: all.totalCost })]);
}
