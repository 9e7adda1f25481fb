import { join } from 'node:path';
import { readProfile, type NetworkProfile } from '../config/profile.js';
import { defaultSandboxDir } from '../config/paths.js';
import type { ParamsJson } from './api-types.js';

/**
 * Addresses a client pins itself (spec "Hand-built planting": compare the vault program, treasury, ZEC
 * mint and launchpad program the API names with addresses pinned yourself, and refuse on mismatch). The
 * optional ones are compared too when given.
 */
export interface Pins {
  readonly launchpad: string;
  readonly vault: string;
  readonly treasury: string;
  readonly zecMint: string;
  readonly amm?: string;
  readonly fees?: string;
  /** The native-coin/ZEC pool, hop 1 of every native route. */
  readonly nativePool?: string;
}

/** The pins of a network profile (a sandbox writes its own: DIR/profile.json). */
export function pinsOfProfile(profile: NetworkProfile): Pins {
  const need = (value: string | undefined, what: string): string => {
    if (!value) throw new Error(`the network profile names no ${what}: it cannot be pinned from it`);
    return value;
  };
  return {
    launchpad: need(profile.programs['launchpad'], 'launchpad program'),
    vault: need(profile.programs['vault'], 'vault program'),
    treasury: need(profile.accounts['treasury'], 'treasury'),
    zecMint: profile.mints.zec.address,
    ...(profile.programs['amm'] ? { amm: profile.programs['amm'] } : {}),
    ...(profile.programs['fees'] ? { fees: profile.programs['fees'] } : {}),
    ...(profile.pairs?.native?.pool ? { nativePool: profile.pairs.native.pool } : {}),
  };
}

/** The pins of the sandbox on this machine (its data directory's profile.json; the default one without `dataDir`). */
export function sandboxPins(dataDir: string = defaultSandboxDir()): Pins {
  return sandboxConnection(dataDir).pins;
}

/**
 * The sandbox on this machine as a bot reaches it: its pins and its JSON-RPC (written to its profile while
 * `launchdesk serve` or `start` runs it; null when it is not running with its RPC).
 */
export function sandboxConnection(dataDir: string = defaultSandboxDir()): { readonly pins: Pins; readonly rpcUrl: string | null; readonly wsUrl: string | null } {
  const profile = readProfile(join(dataDir, 'profile.json'));
  return { pins: pinsOfProfile(profile), rpcUrl: profile.cluster.rpcUrl, wsUrl: profile.cluster.wsUrl };
}

/** Each address the API names that differs from one pinned, in words; empty when all agree. */
export function pinDifferences(pins: Pins, params: ParamsJson): string[] {
  const named: [keyof Pins, string, string | undefined][] = [
    ['launchpad', 'the launchpad program', params.programs.launchpad],
    ['vault', 'the vault program', params.programs.nativeVault],
    ['treasury', 'the treasury', params.treasury],
    ['zecMint', 'the ZEC mint', params.zecMint],
    ['amm', 'the AMM program', params.programs.amm],
    ['fees', 'the fee program', params.programs.fees],
    ['nativePool', 'the native-coin/ZEC pool', params.pairs.native?.pool],
  ];
  const out: string[] = [];
  for (const [key, what, answered] of named) {
    const pinned = pins[key];
    if (pinned === undefined) continue;
    if (answered !== pinned) out.push(`the API names ${answered ?? 'no address'} as ${what}, but you pinned ${pinned}`);
  }
  return out;
}
