import { lamports, type Address } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import { DeskError, isDeskError } from '../errors.js';
import type { Faucet } from '../sandbox/faucet.js';
import type { TokenUnits, ZecUnits } from '../math/units.js';

export type FaucetAsset = 'SOL' | 'ZEC' | 'native';

/** The most one request gives of each asset, in base units. */
export const FAUCET_LIMITS: Readonly<Record<FaucetAsset, bigint>> = Object.freeze({ SOL: 1000n * 10n ** 9n, ZEC: 1000n * 10n ** 8n, native: 10n ** 12n });

const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** An amount the faucet gives in one request, or `invalid_param` naming the field. */
export function assertFaucetAmount(asset: FaucetAsset, amount: bigint, field: string): void {
  if (amount === 0n || amount > FAUCET_LIMITS[asset]) throw new DeskError('invalid_param', `${field}: the faucet gives from 1 base unit to ${FAUCET_LIMITS[asset]} base units of ${asset} at a time`, { field });
}

/**
 * One faucet payment, checked the same way for the desk's button and for /v1/sandbox/faucet: the amount
 * within the faucet's bounds, a wallet (not a program, a mint or a token account), then one transaction.
 * A refusal names the problem in the words the caller shows.
 */
export async function payFromFaucet(faucet: Faucet, chain: Chain, wallet: Address, asset: FaucetAsset, amount: bigint, field = 'amount'): Promise<string> {
  assertFaucetAmount(asset, amount, field);
  const problem = faucet.problem(wallet, asset, amount);
  if (problem !== null) throw new DeskError('refused', problem);
  // A wallet's account is the System Program's (or not made yet); a sysvar, a mint, a token account or a program's own account is not one.
  const account = await chain.getAccount(wallet);
  if (account !== null && account.owner !== SYSTEM_PROGRAM) {
    throw new DeskError('refused', `${wallet} is not a wallet: its account belongs to the program ${account.owner} (a sysvar, a mint, a token account or a program's own account); the faucet gives to wallets`);
  }
  try {
    return asset === 'SOL' ? await faucet.sol(wallet, lamports(amount)) : asset === 'ZEC' ? await faucet.zec(wallet, amount as ZecUnits) : await faucet.native(wallet, amount as TokenUnits);
  } catch (error) {
    if (isDeskError(error)) throw error;
    // The sandbox refused the faucet's own transaction: say so with its words, never as an outage.
    const words = error instanceof Error ? error.message.split('\n')[0]! : 'it did not land';
    throw new DeskError('refused', `the faucet's transaction for ${wallet} did not land: ${words.replace(/^sandbox transaction failed: /, '')}`);
  }
}
