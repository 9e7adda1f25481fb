import type { Address, Signature } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import type { World } from '../engine/world.js';
import type { IndexReads } from '../index/store/index-reads.js';
import { proRataShares } from '../math/split.js';
import { formatDecimalUnits, ZEC_DECIMALS } from '../math/units.js';
import { tokenAccountAmount } from '../programs/token-account.js';
import { closeRunInstruction, decodeRewardRun, findRewardRun, findRunPaid, openRunInstruction, payRunInstruction, RUN_BATCH_MAX, type RewardRun } from '../programs/vault/runs.js';
import type { RunOutcome } from './fee-runs.js';
import { holdersOnChain } from '../index/chain-holders.js';
import { findBondingCurve } from '../programs/launchpad/pdas.js';
import type { RunJournal } from './store/run-journal.js';
import { RunRefused, type RunSender } from './run-sender.js';
import { readPayeeFees } from './payee-fees.js';

const zec = (zat: bigint) => formatDecimalUnits(zat, ZEC_DECIMALS);

/** A snapshot's holder and balance (raw units). */
export interface SnapshotHolder {
  readonly wallet: Address;
  readonly balance: bigint;
}

/** Where a run is, for a test or a progress line: after opening, after each batch, before closing. */
export type RunStep = { readonly step: 'opened'; readonly run: number } | { readonly step: 'paid'; readonly run: number; readonly batch: number } | { readonly step: 'closing'; readonly run: number };

/**
 * A holders coin's reward run (programs/vault runs.h): open_run with a snapshot of the coin's holders
 * as the chain has them (its token accounts, core/index/chain-holders.ts), pay_run in batches of RUN_BATCH_MAX holders, each its exact pro-rata share of what
 * the run holds (core/math/split), then close_run (the dust of flooring waits for the next run).
 *
 * Crash-safe without a second source of truth: the run on chain (PayeeRecord.runs, the RewardRun and
 * its RunPaid markers) says where it is. A run found open is finished first: its snapshot is the one
 * kept before opening (the journal), or else replayed from the index at the run's snapshot slot, and
 * only holders without a marker are paid. The program refuses a second payment to anyone, so even a
 * batch sent twice pays no one twice.
 */
export class HolderRuns {
  constructor(
    private readonly chain: Chain,
    private readonly store: IndexReads,
    private readonly journal: RunJournal,
    private readonly sender: RunSender,
    /** The least that must wait in the fee account for a new run (zat); never below one zat per holder. */
    private readonly minimumZec: bigint,
    private readonly onStep: (mint: Address, step: RunStep) => void = () => {},
  ) {}

  async run(world: World, mint: Address): Promise<RunOutcome> {
    if (world.vault.runAuthority !== this.sender.authority.address) {
      throw new RunRefused(`this machine's key ${this.sender.authority.address} is not the vault's run authority ${world.vault.runAuthority}: holder-reward runs are sent by the service that holds it`, null);
    }
    const vault = world.programs.vault;
    const { record, feeAccount, waiting: before } = await readPayeeFees(this.chain, world, mint);
    if (record.payee.kind !== 'holders') return { done: 'the payee is a wallet: its share is claimed, not run', signatures: [] };
    const signatures: Signature[] = [];
    let finished = '';
    if (record.runs > 0) {
      const open = await this.readRun(world, mint, record.runs);
      if (open && !open.closed) {
        signatures.push(...(await this.finish(world, open)));
        finished = `finished run ${open.run} (${open.recipients} holders); `;
      }
    }
    // What waits now (the dust of a run just finished included).
    const waiting = signatures.length > 0 ? await this.feeBalance(feeAccount) : before;
    // Who holds the coin is read from the chain, not from the trades the index saw: coins moved by a plain
    // transfer are paid to whoever holds them now, and burned or closed ones to nobody.
    const pool = (await this.store.coin(mint))?.pool ?? null;
    const venues = [await findBondingCurve(world.programs.launchpad, mint), ...(pool ? [pool] : [])];
    const { slot: snapshotSlot, holders } = await holdersOnChain(this.chain, mint, venues);
    if (holders.length === 0) return { done: `${finished}no holders to pay yet (${zec(waiting)} ZEC waits)`, signatures };
    const least = this.minimumZec > BigInt(holders.length) ? this.minimumZec : BigInt(holders.length);
    if (waiting < least) return { done: `${finished}${zec(waiting)} ZEC waits; a run starts from ${zec(least)} ZEC`, signatures };

    const number = record.runs + 1;
    // The snapshot is kept before the run exists, so a crash right after opening finds the same one.
    this.journal.keepSnapshot(mint, number, snapshotSlot, holders);
    signatures.push(await this.sender.send(world, [await openRunInstruction({ vault, zecMint: world.zec.address, mint, runAuthority: this.sender.authority.address, run: number, recipients: holders.length, snapshotSlot })]));
    this.onStep(mint, { step: 'opened', run: number });
    const opened = await this.readRun(world, mint, number);
    if (!opened) throw new RunRefused(`run ${number} of coin ${mint} was opened but cannot be read back`, null);
    signatures.push(...(await this.finish(world, opened)));
    return { done: `${finished}run ${number}: paid ${zec(opened.total)} ZEC to ${holders.length} holders`, signatures };
  }

  private async feeBalance(feeAccount: Address): Promise<bigint> {
    const account = await this.chain.getAccount(feeAccount, 'confirmed');
    return account ? tokenAccountAmount(account.data) : 0n;
  }

  private async readRun(world: World, mint: Address, number: number): Promise<RewardRun | null> {
    const account = await this.chain.getAccount(await findRewardRun(world.programs.vault, mint, number), 'confirmed');
    return account ? decodeRewardRun(account.data) : null;
  }

  /** The snapshot a run was opened with: the one kept before opening, else replayed from the index at its slot. */
  private async snapshotOf(run: RewardRun): Promise<readonly SnapshotHolder[]> {
    const kept = this.journal.keptSnapshot(run.mint, run.run);
    const holders = kept && kept.slot === run.snapshotSlot ? kept.holders : await this.store.holdersAt(run.mint, run.snapshotSlot);
    if (holders.length !== run.recipients) {
      throw new RunRefused(
        `run ${run.run} of coin ${run.mint} declared ${run.recipients} holders at slot ${run.snapshotSlot} but the snapshot has ${holders.length}: it cannot be finished until the index holds every transaction of that slot`,
        null,
      );
    }
    return holders;
  }

  /** Pays every holder of the run without a RunPaid marker, in batches, then closes the run. */
  private async finish(world: World, run: RewardRun): Promise<Signature[]> {
    const vault = world.programs.vault;
    const holders = await this.snapshotOf(run);
    const { shares } = proRataShares(run.total, holders.map((h) => h.balance));
    const runAddress = await findRewardRun(vault, run.mint, run.run);
    const markers = await Promise.all(holders.map((h) => findRunPaid(vault, runAddress, h.wallet)));
    const paid: boolean[] = [];
    for (let i = 0; i < markers.length; i += 100) {
      for (const account of await this.chain.getAccounts(markers.slice(i, i + 100), 'confirmed')) paid.push(account !== null);
    }
    const unpaid = holders.map((h, i) => ({ wallet: h.wallet, share: shares[i]! })).filter((_, i) => !paid[i]);
    const signatures: Signature[] = [];
    const accounts = { vault, zecMint: world.zec.address, mint: run.mint, runAuthority: this.sender.authority.address, run: run.run };
    for (let i = 0; i < unpaid.length; i += RUN_BATCH_MAX) {
      signatures.push(await this.sender.send(world, [await payRunInstruction({ ...accounts, payments: unpaid.slice(i, i + RUN_BATCH_MAX) })], 1_000_000));
      this.onStep(run.mint, { step: 'paid', run: run.run, batch: i / RUN_BATCH_MAX });
    }
    this.onStep(run.mint, { step: 'closing', run: run.run });
    signatures.push(await this.sender.send(world, [await closeRunInstruction(accounts)]));
    this.journal.dropSnapshot(run.mint, run.run);
    return signatures;
  }
}
