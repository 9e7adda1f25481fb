import type { Address } from '@solana/kit';
import { findAssociatedTokenAccount } from '../programs/launchpad/pdas.js';
import type { PayoutFacts, RunTiming } from '../types/payee-payout.js';
import type { ApiContext } from './api-context.js';

/** How many of a coin's latest fee movements are looked through for its latest payout. */
const PAYOUT_LOOKBACK = 200;

/**
 * Where a coin's deployer share stands for its wallet payee (core/types/payee-payout.ts), from the index
 * (what waits, whether a split is due, the latest payout), the chain (whether the payee has a ZEC account)
 * and this machine's runs (when the split and the claim go). Null for a coin whose payee is not a wallet
 * (holder rewards, or none recorded) or that is not listed.
 */
export async function readPayoutFacts(ctx: ApiContext, mint: Address): Promise<PayoutFacts | null> {
  const facts = (await ctx.store.runs.runFacts(mint))[0];
  if (!facts || facts.payeeKind !== 'wallet' || facts.payee === null) return null;
  const payee = facts.payee;
  const zec = ctx.profile.mints.zec;
  const payeeZec = await findAssociatedTokenAccount(payee, zec.address, zec.tokenProgram);
  const account = await ctx.chain.getAccount(payeeZec, 'confirmed');
  const payout = (await ctx.store.feeEventsPage(mint, PAYOUT_LOOKBACK, null)).rows.find((row) => row.kind === 'payout' && row.party === payee) ?? null;
  const runs = ctx.runs?.state.on === true;
  const jobs = runs ? ctx.runs!.jobs(mint) : [];
  const timing = (kind: string): RunTiming | null => {
    const job = jobs.find((j) => j.kind === kind);
    return job ? { state: job.state, dueAt: job.dueAt } : null;
  };
  return {
    waitingZec: facts.waitingZec > 0n ? facts.waitingZec : 0n,
    unsplit: facts.feesSinceCollect,
    payeeZecAccount: account !== null,
    payee,
    lastPayout: payout ? { signature: payout.signature, at: Number(payout.at), zec: payout.zec } : null,
    runs,
    split: timing(facts.pair === 'native' ? 'native' : 'split'),
    claim: timing('claim'),
  };
}
