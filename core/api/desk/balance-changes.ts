import type { Address } from '@solana/kit';
import type { Chain } from '../../chain/chain.js';
import type { ChainAccount } from '../../chain/types.js';
import { DeskError } from '../../errors.js';
import { plainSimulationError } from '../../engine/program-error.js';
import type { World } from '../../engine/world.js';

/** One of the wallet's balances before and after, as the simulation of the build predicts it. */
export interface BalanceChange {
  readonly account: Address;
  readonly label: string;
  readonly asset: string;
  readonly decimals: number;
  readonly before: bigint;
  readonly after: bigint;
}

/** An account other than the wallet's balances that the transaction opens or closes, with its lamports (rent). */
export interface RentChange {
  readonly account: Address;
  readonly lamports: bigint;
}

export interface PredictedBalances {
  readonly changes: BalanceChange[];
  /** Accounts that do not exist before and hold data after: the fee payer (the wallet) pays their rent. */
  readonly opened: RentChange[];
  /** Accounts that hold lamports before and none after: their rent goes where the close names (the review says whose). */
  readonly closed: RentChange[];
}

export interface WatchedBalance {
  readonly account: Address;
  readonly label: string;
  readonly asset: string;
  readonly decimals: number;
  /** SOL: the account's lamports; a token: the token account's amount. */
  readonly kind: 'lamports' | 'token';
}

/** A token account's amount (bytes 64..72, the same in Token and Token-2022); 0 when it does not exist. */
const tokenAmount = (account: ChainAccount | null | undefined): bigint =>
  account && account.data.length >= 72 ? new DataView(account.data.buffer, account.data.byteOffset + 64, 8).getBigUint64(0, true) : 0n;
const valueOf = (account: ChainAccount | null | undefined, kind: WatchedBalance['kind']): bigint => (kind === 'lamports' ? (account?.lamports ?? 0n) : tokenAmount(account));

/**
 * The wallet's balances before and after the transaction, from one simulation that returns the watched
 * accounts as they would be: what the review shows the person will see move. SOL includes the network
 * and priority fees, and the rent of what the transaction opens and closes; the same simulation returns
 * every other account it writes (`writable`), so that the review can say which accounts' rent that is.
 * A simulation that fails answers `simulation_failed` with the program's reason.
 */
export async function predictedBalances(chain: Chain, world: World, wire: Uint8Array, watched: readonly WatchedBalance[], writable: readonly Address[]): Promise<PredictedBalances> {
  const own = new Set(watched.map((w) => w.account));
  const others = [...new Set(writable)].filter((a) => !own.has(a));
  const addresses = [...watched.map((w) => w.account), ...others];
  const [before, result] = await Promise.all([chain.getAccounts(addresses, 'confirmed'), chain.simulate(wire, { sigVerify: false, accounts: addresses })]);
  if (result.err !== null) throw new DeskError('simulation_failed', `the build would fail now: ${plainSimulationError(world, result.err, result.logs)}; build again`);
  const changes = watched
    .map((w, i) => ({ account: w.account, label: w.label, asset: w.asset, decimals: w.decimals, before: valueOf(before[i], w.kind), after: valueOf(result.accounts[i], w.kind) }))
    .filter((c, i) => c.before !== c.after || watched[i]!.kind === 'lamports');
  const opened: RentChange[] = [];
  const closed: RentChange[] = [];
  addresses.forEach((account, i) => {
    if (account === watched[0]?.account && watched[0].kind === 'lamports') return; // the wallet itself
    const was = before[i]?.lamports ?? 0n;
    const is = result.accounts[i]?.lamports ?? 0n;
    if (was === 0n && is > 0n && (result.accounts[i]?.data.length ?? 0) > 0) opened.push({ account, lamports: is });
    if (was > 0n && is === 0n) closed.push({ account, lamports: was });
  });
  return { changes, opened, closed };
}
