import type { Address, Instruction } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import { LISTING_RULES } from '../config/listing-rules.js';
import { DeskError } from '../errors.js';
import { findAssociatedTokenAccount } from '../programs/launchpad/pdas.js';
import type { Payee } from '../programs/vault/declare-payee.js';
import { decodePayeeRecord, type PayeeRecord } from '../programs/vault/payee-record.js';
import { changePayeeInstruction, claimInstruction } from '../programs/vault/payee.js';
import { findPayeeRecord } from '../programs/vault/pdas.js';
import { tokenAccountAmount } from '../programs/token-account.js';
import { expiresAtOf, newBuildId, totalSolCost, type Build } from './build.js';
import { payeeText } from './plant.js';
import { simulateTransaction, type SimulatedTransaction } from './simulate.js';
import { lookupTablesOf, type World } from './world.js';
import type { NothingToClaimDetail } from '../types/payee-payout.js';
import { claimProblem, payeeChangeProblem, type VaultRules } from '../verify/build-shape.js';
import { resolveTransaction, type ResolvedTransaction } from '../verify/message.js';

/**
 * Claims and payee changes (spec "POST /v1/claim/build", "POST /v1/payee/build", "Payee of a coin"):
 * both pay what waits in the coin's fee account (the payee record's ZEC account) to the payee recorded
 * on chain. A claim may be sent by any wallet; a change only by the current payee; holders is permanent.
 */
export interface PayeeState {
  readonly record: PayeeRecord;
  /** ZEC base units waiting in the record's fee account. */
  readonly waiting: bigint;
}

export async function readPayeeState(chain: Chain, world: World, mint: Address): Promise<PayeeState> {
  const recordAddress = await findPayeeRecord(world.programs.vault, mint);
  const feeAccount = await findAssociatedTokenAccount(recordAddress, world.zec.address, world.zec.tokenProgram);
  const [record, fees] = await chain.getAccounts([recordAddress, feeAccount], 'confirmed');
  if (!record || record.owner !== world.programs.vault) throw new DeskError('not_found', `coin ${mint} has no payee record: it was not planted through the vault (no deployer share to pay)`);
  return { record: decodePayeeRecord(record.data), waiting: fees ? tokenAccountAmount(fees.data) : 0n };
}

async function buildOne(chain: Chain, world: World, wallet: Address, instructions: Instruction[], now: number, computeUnitPrice: bigint | undefined) {
  const [lifetime, blockHeight] = await Promise.all([chain.getLatestBlockhash('confirmed'), chain.getBlockHeight('confirmed')]);
  const tx = await simulateTransaction(chain, world, { feePayer: wallet, instructions, lifetime, computeUnitPrice });
  return { tx, expiresAt: expiresAtOf(now, blockHeight, lifetime.lastValidBlockHeight) };
}

/** The accepted claims and payee changes on this cluster (core/verify/build-shape.ts); the payee is the record's. */
export const vaultRulesOf = (world: World): VaultRules => ({ vault: world.programs.vault, zecMint: world.zec.address, maxPriorityLamports: LISTING_RULES.maxPriorityLamports });

/** A build checked against its accepted shape before it is answered, as the client will check it. */
async function assertAccepted(world: World, what: string, tx: SimulatedTransaction, problemOf: (tx: ResolvedTransaction) => Promise<string | null>): Promise<void> {
  const tables = lookupTablesOf(world);
  const problem = await problemOf(resolveTransaction(tx.wire, tables));
  if (problem !== null) throw new DeskError('refused', `the build is not an accepted ${what}: ${problem}; it was not answered`);
}

/**
 * A claim: everything waiting goes to the recorded payee; the sender pays the fee and gets nothing. When
 * nothing waits the refusal says why in `nothingToClaim`'s words (the server's: the service just paid, a
 * split is still due, the payee has no ZEC account), else plainly.
 */
export async function buildClaim(
  chain: Chain,
  request: { readonly wallet: Address; readonly mint: Address; readonly computeUnitPrice?: bigint },
  world: World,
  now: number = Date.now(),
  nothingToClaim: (() => Promise<{ readonly message: string; readonly detail: NothingToClaimDetail } | null>) | null = null,
): Promise<Build> {
  const { record, waiting } = await readPayeeState(chain, world, request.mint);
  if (record.payee.kind === 'holders') {
    throw new DeskError('refused', `coin ${request.mint} pays its deployer share to holders: the service pays them on every run, there is nothing to claim`, { detail: { reason: 'holders' } satisfies NothingToClaimDetail });
  }
  if (waiting === 0n) {
    const why = nothingToClaim ? await nothingToClaim() : null;
    if (why) throw new DeskError('refused', why.message, { detail: why.detail });
    throw new DeskError('refused', `nothing waits in the fee account of coin ${request.mint}: there is nothing to claim now`, { detail: { reason: 'nothing-waits', payee: record.payee.wallet } satisfies NothingToClaimDetail });
  }
  const payee = record.payee.wallet;
  const ix = await claimInstruction({ vault: world.programs.vault, zecMint: world.zec.address, mint: request.mint, sender: request.wallet, payee });
  const { tx, expiresAt } = await buildOne(chain, world, request.wallet, [ix], now, request.computeUnitPrice);
  await assertAccepted(world, 'claim', tx, (built) => claimProblem(built, request, { ...vaultRulesOf(world), payee }));
  return {
    id: newBuildId(),
    kind: 'claim',
    wallet: request.wallet,
    mint: request.mint,
    transactions: [tx],
    solCostLamports: totalSolCost([tx]),
    expected: { zecOut: waiting },
    intent: { wallet: request.wallet, mint: request.mint, payee },
    createdAt: now,
    expiresAt,
    then: null,
    permanent: false,
  };
}

/** A payee change, signed by the current payee: what waits is paid to it first; `holders` is for good. */
export async function buildPayeeChange(chain: Chain, request: { readonly wallet: Address; readonly mint: Address; readonly payee: Payee; readonly computeUnitPrice?: bigint }, world: World, now: number = Date.now()): Promise<Build> {
  const { record, waiting } = await readPayeeState(chain, world, request.mint);
  if (record.payee.kind === 'holders') throw new DeskError('refused', `coin ${request.mint} pays holder rewards, which is permanent: no one can change its payee, the payee included`);
  const current = record.payee.wallet;
  if (current !== request.wallet) throw new DeskError('refused', `only the current payee (${current}) can change the payee of coin ${request.mint}; ${request.wallet} cannot`);
  if (request.payee.kind === 'wallet' && request.payee.wallet === current) throw new DeskError('refused', `${current} is already the payee of coin ${request.mint}`);
  const ix = await changePayeeInstruction({ vault: world.programs.vault, zecMint: world.zec.address, mint: request.mint, currentPayee: current, next: request.payee });
  const { tx, expiresAt } = await buildOne(chain, world, request.wallet, [ix], now, request.computeUnitPrice);
  const ask = { wallet: request.wallet, mint: request.mint, next: request.payee };
  await assertAccepted(world, 'payee change', tx, (built) => payeeChangeProblem(built, ask, { ...vaultRulesOf(world), currentPayee: current }));
  const permanent = request.payee.kind === 'holders';
  return {
    id: newBuildId(),
    kind: 'payee',
    wallet: request.wallet,
    mint: request.mint,
    transactions: [tx],
    solCostLamports: totalSolCost([tx]),
    expected: { zecOut: waiting },
    intent: { wallet: request.wallet, mint: request.mint, payee: payeeText(request.payee), currentPayee: current, permanent },
    createdAt: now,
    expiresAt,
    then: null,
    permanent,
  };
}
