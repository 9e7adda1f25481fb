import type { Address } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import type { MintInfo, NetworkProfile } from '../config/profile.js';
import { readWorld, type World } from '../engine/world.js';
import { TOKEN_PROGRAM } from '../programs/token-account.js';
import type { ParamsJson } from './api-types.js';
import { asLaunchdeskError, LaunchdeskError } from './client-error.js';

const WSOL_MINT = 'So11111111111111111111111111111111111111112' as Address;
/** A mint account's decimals byte (SPL Token and Token-2022 share the base layout). */
const MINT_DECIMALS_OFFSET = 44;

/**
 * The network as a client sees it: the addresses GET /v1/params names (already compared with the
 * caller's pins) turned into the profile the engine's readers take, with the ZEC mint's decimals and
 * token program read from chain, never from the API. The client then reads the launchpad world through
 * its own RPC with the same readers the server builds with (core/engine/world.ts), so both sides judge
 * a build by one set of rules.
 */
export async function clusterProfileOf(params: ParamsJson, chain: Chain): Promise<NetworkProfile> {
  const zec = await zecMintOf(chain, params.zecMint as Address);
  const native = params.pairs.native;
  const accounts: Record<string, Address> = { treasury: params.treasury as Address };
  if (params.lookupTable) accounts['lookupTable'] = params.lookupTable as Address;
  if (params.swap) Object.assign(accounts, { wsolPool: params.swap.pool, wsolPoolBaseVault: params.swap.poolWsolVault, wsolPoolQuoteVault: params.swap.poolZecVault });
  return {
    version: 1,
    cluster: { kind: params.cluster.kind, rpcUrl: params.cluster.rpcUrl, wsUrl: params.cluster.wsUrl },
    programs: {
      launchpad: params.programs.launchpad as Address,
      amm: params.programs.amm as Address,
      fees: params.programs.fees as Address,
      vault: params.programs.nativeVault as Address,
      mayhem: params.programs.mayhem as Address,
      ...(params.swap ? { aggregator: params.swap.aggregator as Address } : {}),
    },
    mints: {
      zec,
      native: native ? { address: native.mint as Address, decimals: native.decimals, tokenProgram: native.tokenProgram as Address } : zec,
      wsol: { address: WSOL_MINT, decimals: 9, tokenProgram: TOKEN_PROGRAM },
    },
    accounts,
    ...(native
      ? {
          pairs: {
            native: {
              mint: native.mint as Address,
              symbol: native.symbol,
              decimals: native.decimals,
              tokenProgram: native.tokenProgram as Address,
              pool: native.pool as Address,
              poolBaseVault: native.poolBaseVault as Address,
              poolQuoteVault: native.poolQuoteVault as Address,
              routeInstruction: native.routeInstruction,
              routeProgram: native.routeProgram as Address,
              routeProtocolFeeBps: native.routeProtocolFeeBps,
              poolLpFeeBps: native.poolLpFeeBps,
            },
          },
        }
      : {}),
  };
}

/** A mint's decimals and token program never change: read once per chain. */
const mints = new WeakMap<Chain, Map<Address, MintInfo>>();

async function zecMintOf(chain: Chain, address: Address): Promise<MintInfo> {
  let known = mints.get(chain);
  if (!known) mints.set(chain, (known = new Map()));
  const cached = known.get(address);
  if (cached) return cached;
  const account = await chain.getAccount(address, 'confirmed');
  if (!account) throw new LaunchdeskError('unavailable', `the ZEC mint ${address} is not on the cluster your RPC reaches: is it the same cluster as the API's?`, null);
  const info = { address, decimals: account.data[MINT_DECIMALS_OFFSET]!, tokenProgram: account.owner };
  known.set(address, info);
  return info;
}

/**
 * The launchpad world read through the caller's own chain, as the server reads it for a build. A chain
 * that fails is the client's own error (an RPC that does not answer: `unavailable` naming its URL).
 */
export async function clientWorld(params: ParamsJson, chain: Chain): Promise<World> {
  try {
    return await readWorld(chain, await clusterProfileOf(params, chain));
  } catch (error) {
    throw asLaunchdeskError(error);
  }
}
