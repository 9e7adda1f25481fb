import { getU16Encoder, type Address, type ReadonlyUint8Array } from '@solana/kit';
import { addressSeed, derivePda } from '../derive-address.js';
import { findFeeConfig } from '../fees/fee-config.js';
import { findAssociatedTokenAccount } from '../launchpad/pdas.js';
import { TOKEN_2022_PROGRAM_ADDRESS } from '../launchpad/spl-programs.js';

/**
 * The program-derived addresses of the AMM (`pump_amm` interface), seeds as the IDL in
 * @pump-fun/pump-sdk 2.0.0 declares them. Program ids are parameters: they come from the network profile.
 */
export interface AmmPrograms {
  /** The AMM program (`pump_amm` interface). */
  readonly amm: Address;
  /** The fee program (`pump_fees` interface): the AMM's fee config lives under it. */
  readonly fees: Address;
}

/** SPL Token's native mint (wrapped SOL): the quote of a canonical pool whose curve was quoted in SOL. */
export const WSOL_MINT_ADDRESS = 'So11111111111111111111111111111111111111112' as Address<'So11111111111111111111111111111111111111112'>;
/** The zero key: no coin creator in a Pool; SOL in a bonding curve written before quote mints. */
export const ZERO_KEY = '11111111111111111111111111111111' as Address;

/** An address seed: decoded once and kept (core/programs/derive-address.ts). */
const addressBytes = addressSeed;

const pda = derivePda;

/** ["global_config"] */
export const findGlobalConfig = (amm: Address) => pda(amm, ['global_config']);

/** The pool index as its seed: a u16, little-endian (2 bytes). */
function indexSeed(index: number): ReadonlyUint8Array {
  if (!Number.isInteger(index) || index < 0 || index > 0xffff) throw new RangeError(`pool index ${index} is not a u16`);
  return getU16Encoder().encode(index);
}

/** ["pool", index (u16 LE), creator, base_mint, quote_mint] */
export const findPool = (amm: Address, index: number, creator: Address, baseMint: Address, quoteMint: Address) =>
  pda(amm, ['pool', indexSeed(index), addressBytes(creator), addressBytes(baseMint), addressBytes(quoteMint)]);

/** ["pool_lp_mint", pool]: the pool's LP mint (a Token-2022 mint). */
export const findLpMint = (amm: Address, pool: Address) => pda(amm, ['pool_lp_mint', addressBytes(pool)]);

/** The pool's token account for `mint` (base or quote): the pool's ATA under the mint's token program. */
export const findPoolTokenAccount = (pool: Address, mint: Address, tokenProgram: Address) =>
  findAssociatedTokenAccount(pool, mint, tokenProgram);

/** An LP holder's token account: `owner`'s ATA for the LP mint under Token-2022. */
export const findLpTokenAccount = (owner: Address, lpMint: Address) => findAssociatedTokenAccount(owner, lpMint, TOKEN_2022_PROGRAM_ADDRESS);

/** ["creator_vault", coin_creator] (underscore, unlike the launchpad's "creator-vault"): owns the coin creator's quote fees. */
export const findCoinCreatorVaultAuthority = (amm: Address, coinCreator: Address) =>
  pda(amm, ['creator_vault', addressBytes(coinCreator)]);

/** The coin creator vault authority's ATA for the pool's quote mint: where trades pay the creator fee. */
export async function findCoinCreatorVaultAta(amm: Address, coinCreator: Address, quoteMint: Address, quoteTokenProgram: Address): Promise<Address> {
  return findAssociatedTokenAccount(await findCoinCreatorVaultAuthority(amm, coinCreator), quoteMint, quoteTokenProgram);
}

/** ["global_volume_accumulator"] */
export const findAmmGlobalVolumeAccumulator = (amm: Address) => pda(amm, ['global_volume_accumulator']);

/** ["user_volume_accumulator", user] */
export const findAmmUserVolumeAccumulator = (amm: Address, user: Address) => pda(amm, ['user_volume_accumulator', addressBytes(user)]);

/**
 * ["pool-v2", base_mint] (hyphen): not in the IDL's account lists; the SDK passes it as a remaining
 * account of buy/sell on pools that have a coin creator.
 */
export const findPoolV2 = (amm: Address, baseMint: Address) => pda(amm, ['pool-v2', addressBytes(baseMint)]);

/** ["fee_config", amm] under the fee program: the fee schedule the AMM reads. */
export const findAmmFeeConfig = (programs: AmmPrograms) => findFeeConfig(programs.fees, programs.amm);

/** ["pool-authority", mint] under the launchpad: the creator of the pool a coin graduates into. */
export const findPumpPoolAuthority = (launchpad: Address, mint: Address) => pda(launchpad, ['pool-authority', addressBytes(mint)]);

/**
 * The canonical pool a launchpad coin graduates into: index 0, created by its pool authority, quoted in
 * the curve's quote mint (the zero key a SOL curve stores names WSOL).
 */
export async function findCanonicalPool(programs: { readonly amm: Address; readonly launchpad: Address }, mint: Address, quoteMint: Address = WSOL_MINT_ADDRESS): Promise<Address> {
  const quote = quoteMint === ZERO_KEY ? WSOL_MINT_ADDRESS : quoteMint;
  return findPool(programs.amm, 0, await findPumpPoolAuthority(programs.launchpad, mint), mint, quote);
}
