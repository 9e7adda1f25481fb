import type { Address, Signature } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import type { World } from '../engine/world.js';
import { findAssociatedTokenAccount } from '../programs/launchpad/pdas.js';
import { MIGRATE_V2_COMPUTE_UNITS, migrateV2Instruction } from '../programs/launchpad/instructions/migrate-v2.js';
import { TOKEN_PROGRAM_ADDRESS } from '../programs/launchpad/spl-programs.js';
import { addLiquidityInstruction, collectNativeInstruction, splitNativeInstruction, AMM_EXCEEDED_SLIPPAGE, type NativeVenue } from '../programs/vault/native.js';
import { claimInstruction } from '../programs/vault/payee.js';
import { formatDecimalUnits, ZEC_DECIMALS } from '../math/units.js';
import { splitFeesInstruction } from '../programs/vault/split-fees.js';
import { RunRefused, type RunSender } from './run-sender.js';
import { readPayeeFees } from './payee-fees.js';

/** What one run did: words for the status board, and its transactions' signatures in order. */
export interface RunOutcome {
  readonly done: string;
  readonly signatures: readonly Signature[];
}

/** An unset slot of the AMM's recipient list. */
const ZERO_ADDRESS_TEXT = '11111111111111111111111111111111';

const nothing = (done: string): RunOutcome => ({ done, signatures: [] });

/**
 * The permissionless runs the service sends for every coin: the ZEC split, the native coin's collect →
 * split → liquidity, the payee's claim and a completed curve's migration. Each is idempotent on chain
 * (nothing to collect, split or claim is a success that moves nothing), so a run repeated after a crash
 * does no harm.
 */
export class FeeRuns {
  constructor(
    private readonly chain: Chain,
    private readonly sender: RunSender,
  ) {}

  private get me(): Address {
    return this.sender.authority.address;
  }

  /** split: the coin's creator fees collected from the launchpad and the AMM and split four ways. */
  async split(world: World, mint: Address): Promise<RunOutcome> {
    const ix = await splitFeesInstruction({ vault: world.programs.vault, launchpad: world.programs.launchpad, amm: world.programs.amm, zecMint: world.zec.address, mint, sender: this.me, config: world.vault });
    return { done: 'split the creator fees', signatures: [await this.sender.send(world, [ix])] };
  }

  /**
   * A native-paired coin: collect_native, split_native (the rootstock part burned, the liquidity part to
   * the pot, the rest sold for ZEC never below the price record's floor), then add_liquidity, each its own
   * transaction in that order. A pool that would pay below the floor stops the run before anything moves.
   */
  async native(world: World, mint: Address): Promise<RunOutcome> {
    const venue = nativeVenueOf(world);
    const signatures: Signature[] = [];
    signatures.push(await this.sender.send(world, [await collectNativeInstruction(venue, mint, this.me)]));
    try {
      signatures.push(await this.sender.send(world, [await splitNativeInstruction(venue, world.vault, mint, this.me)]));
    } catch (error) {
      if (error instanceof RunRefused && customCode(error) === AMM_EXCEEDED_SLIPPAGE) {
        throw new RunRefused('the native-coin/ZEC pool would pay less ZEC than the conversion floor from the price record: the collected native coin waits for the pool to recover', error.err, error.logs);
      }
      throw error;
    }
    signatures.push(await this.sender.send(world, [await addLiquidityInstruction(venue, world.vault.liquidityPot, this.me)]));
    return { done: 'collected, burned, added to liquidity and converted the creator fees', signatures };
  }

  /** claim: what waits in the fee account to the recorded payee, only into a ZEC account the payee already has (spec). */
  async claim(world: World, mint: Address): Promise<RunOutcome> {
    const vault = world.programs.vault;
    const { record, waiting } = await readPayeeFees(this.chain, world, mint);
    if (record.payee.kind !== 'wallet') return nothing('the payee is holder rewards: paid by the holder-reward runs');
    if (waiting === 0n) return nothing('nothing waited in the fee account');
    const payee = record.payee.wallet;
    const payeeZec = await findAssociatedTokenAccount(payee, world.zec.address, TOKEN_PROGRAM_ADDRESS);
    if ((await this.chain.getAccount(payeeZec, 'confirmed')) === null) {
      throw new RunRefused(`the payee ${payee} has no ZEC account: the service pays a payee only into its own ZEC account, and claims as soon as it has one (${formatDecimalUnits(waiting, ZEC_DECIMALS)} ZEC waits)`, null);
    }
    const ix = await claimInstruction({ vault, zecMint: world.zec.address, mint, sender: this.me, payee });
    return { done: `paid ${formatDecimalUnits(waiting, ZEC_DECIMALS)} ZEC to the payee`, signatures: [await this.sender.send(world, [ix])] };
  }

  /** migrate_v2: a completed curve becomes its coin's canonical pool. */
  async migrate(world: World, mint: Address, pair: 'zec' | 'native' | 'other'): Promise<RunOutcome> {
    const quote = pair === 'native' ? world.native : null;
    if (pair === 'native' && !quote) throw new RunRefused('this cluster names no native pair: a native-paired curve cannot migrate here', null);
    const ix = await migrateV2Instruction({
      launchpad: world.programs.launchpad,
      amm: world.programs.amm,
      mint,
      quoteMint: quote ? quote.mint : world.zec.address,
      quoteTokenProgram: quote ? quote.tokenProgram : world.zec.tokenProgram,
      user: this.me,
      withdrawAuthority: world.global.withdrawAuthority,
    });
    return { done: 'moved the completed curve to its pool', signatures: [await this.sender.send(world, [ix], MIGRATE_V2_COMPUTE_UNITS)] };
  }
}

export function nativeVenueOf(world: World): NativeVenue {
  const native = world.native;
  if (!native) throw new RunRefused('this cluster names no native pair', null);
  const recipient = world.ammConfig.protocolFeeRecipients.find((a) => a !== ZERO_ADDRESS_TEXT);
  if (!recipient) throw new RunRefused("the AMM's config names no protocol fee recipient", null);
  return {
    vault: world.programs.vault,
    launchpad: world.programs.launchpad,
    amm: world.programs.amm,
    fees: world.programs.fees,
    nativeMint: native.mint,
    zecMint: world.zec.address,
    pool: native.pool,
    protocolFeeRecipient: recipient,
  };
}

/** The custom error number of a refusal, when it has one. */
export function customCode(error: RunRefused): number | null {
  const err = error.err;
  if (typeof err !== 'object' || err === null || !Array.isArray((err as Record<string, unknown>)['InstructionError'])) return null;
  const inner = ((err as Record<string, unknown>)['InstructionError'] as [number, unknown])[1];
  return inner !== null && typeof inner === 'object' && 'Custom' in inner ? Number((inner as { Custom: number }).Custom) : null;
}
