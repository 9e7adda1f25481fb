import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { isAddress, type Address } from '@solana/kit';
import { DeskError } from '../errors.js';
import type { StockReview } from '../stocks/review.js';

/**
 * A network profile: everything the product needs to know about a cluster's addresses. The sandbox
 * writes one for itself (`DIR/profile.json`); a user pointing the app at a real cluster supplies one.
 * No other place in the code holds an address of the launchpad world.
 */
export interface MintInfo {
  readonly address: Address;
  readonly decimals: number;
  readonly tokenProgram: Address;
}

export interface NetworkProfile {
  readonly version: 1;
  /** Sandbox only: the last genesis step applied (see core/sandbox/genesis/steps.ts). */
  readonly genesisVersion?: number;
  readonly cluster: {
    readonly kind: 'sandbox' | 'rpc';
    /** JSON-RPC endpoint; null while a sandbox runs without its facade. */
    readonly rpcUrl: string | null;
    readonly wsUrl: string | null;
  };
  readonly programs: Readonly<Record<string, Address>>;
  readonly mints: {
    readonly zec: MintInfo;
    readonly native: MintInfo;
    readonly wsol: MintInfo;
  } & Readonly<Record<string, MintInfo>>;
  /** Config and authority accounts (the faucet authority in the sandbox; program configs later). */
  readonly accounts: Readonly<Record<string, Address>>;
  /** Pairs other than ZEC (spec: `GET /v1/params` `pairs`). */
  readonly pairs?: { readonly native?: NativePair };
  /** Programs whose balance assertions a wallet may add to a built transaction before the relay sends it. */
  readonly balanceAssertionPrograms?: readonly Address[];
  /**
   * Wallets that fund many unrelated wallets on this cluster (an exchange's hot wallets): two launch buyers
   * funded by one of them are not a bundle. The sandbox's faucet counts without being named here.
   */
  readonly commonFunders?: readonly Address[];
  /** SHA-256 (hex) of each program's executable by role, pinned by whoever wrote the profile; the desk's program-version guard compares with them (core/signer/program-guard.ts). */
  readonly programHashes?: Readonly<Record<string, string>>;
  /**
   * A real cluster's pinning service for uploads (a Kubo-compatible RPC endpoint, core/content/pinning.ts);
   * without one uploads stay on this machine, served at /ipfs/<cid> (the sandbox's case).
   */
  readonly pinning?: { readonly url: string; readonly authorization?: string };
  /**
   * Another cluster's service runs (core/runs): the Solana CLI keypair file that sends them, relative to the
   * profile's directory. Absent: the runs are off there (the sandbox uses its own authority).
   */
  readonly runs?: { readonly authorityKeypair: string };
  /**
   * Sandbox only: whether genesis seeded a market (core/sandbox/market), with its seed and its traders'
   * addresses (their keys derive from the seed), or was asked to leave the sandbox empty.
   */
  readonly market?: { readonly state: 'seeded' | 'empty'; readonly seed?: string; readonly traders?: readonly Address[] };
  /**
   * Stock pairs: the review of each stock's issuer controls (what the issuer status compares the chain
   * with) and the service's switches. Absent: this cluster has no stock pairs (GET /v1/stocks/issuers 404).
   */
  readonly stocks?: StockReview;
}

/** The native pairing: what a route needs (spec, "Native pair block" and `pairs.native` in params). */
export interface NativePair {
  readonly mint: Address;
  /** The native coin's ticker (no planting may pass for it); NATIVE_SYMBOL when a profile leaves it out. */
  readonly symbol?: string;
  readonly decimals: number;
  readonly tokenProgram: Address;
  readonly pool: Address;
  readonly poolBaseVault: Address;
  readonly poolQuoteVault: Address;
  /** The route instruction and the program it belongs to. */
  readonly routeInstruction: 'multi_hop_swap';
  readonly routeProgram: Address;
  /** The route's protocol fee (charged once, in ZEC) and the pool's LP fee, in basis points. */
  readonly routeProtocolFeeBps: number;
  readonly poolLpFeeBps: number;
}

/** The sandbox's native coin ticker, and the default of `pairs.native.symbol`. */
export const NATIVE_SYMBOL = 'NATIVE';

export function isNetworkProfile(value: unknown): value is NetworkProfile {
  try {
    assertIsNetworkProfile(value);
    return true;
  } catch {
    return false;
  }
}

function fail(field: string, why: string): never {
  throw new DeskError('profile_invalid', `network profile: ${field} ${why}`);
}

function assertAddress(value: unknown, field: string): void {
  if (typeof value !== 'string' || !isAddress(value)) fail(field, 'must be a base58 address');
}

export function assertIsNetworkProfile(value: unknown): asserts value is NetworkProfile {
  if (typeof value !== 'object' || value === null) fail('(root)', 'must be an object');
  const p = value as Record<string, unknown>;
  if (p['version'] !== 1) fail('version', 'must be 1');
  if (p['genesisVersion'] !== undefined && (!Number.isInteger(p['genesisVersion']) || (p['genesisVersion'] as number) < 1)) {
    fail('genesisVersion', 'must be a positive integer when present');
  }
  const cluster = p['cluster'] as Record<string, unknown> | undefined;
  if (typeof cluster !== 'object' || cluster === null) fail('cluster', 'must be an object');
  if (cluster['kind'] !== 'sandbox' && cluster['kind'] !== 'rpc') fail('cluster.kind', 'must be "sandbox" or "rpc"');
  for (const key of ['rpcUrl', 'wsUrl']) {
    const url = cluster[key];
    if (url !== null && (typeof url !== 'string' || !/^(https?|wss?):\/\//.test(url))) fail(`cluster.${key}`, 'must be a URL or null');
  }
  for (const group of ['programs', 'accounts'] as const) {
    const entries = p[group];
    if (typeof entries !== 'object' || entries === null) fail(group, 'must be an object');
    for (const [name, address] of Object.entries(entries)) assertAddress(address, `${group}.${name}`);
  }
  const pairs = p['pairs'] as Record<string, unknown> | undefined;
  if (pairs !== undefined) {
    if (typeof pairs !== 'object' || pairs === null) fail('pairs', 'must be an object');
    const native = pairs['native'] as Record<string, unknown> | undefined;
    if (native !== undefined) {
      for (const field of ['mint', 'tokenProgram', 'pool', 'poolBaseVault', 'poolQuoteVault', 'routeProgram']) assertAddress(native[field], `pairs.native.${field}`);
      if (native['symbol'] !== undefined && (typeof native['symbol'] !== 'string' || !/^[A-Z0-9]{2,10}$/.test(native['symbol']))) {
        fail('pairs.native.symbol', 'must be 2 to 10 characters of A-Z and 0-9 when present');
      }
      if (native['routeInstruction'] !== 'multi_hop_swap') fail('pairs.native.routeInstruction', 'must be "multi_hop_swap"');
      for (const field of ['decimals', 'routeProtocolFeeBps', 'poolLpFeeBps']) {
        if (!Number.isInteger(native[field]) || (native[field] as number) < 0) fail(`pairs.native.${field}`, 'must be a non-negative integer');
      }
    }
  }
  const hashes = p['programHashes'];
  if (hashes !== undefined) {
    if (typeof hashes !== 'object' || hashes === null || Array.isArray(hashes)) fail('programHashes', 'must be an object of role to SHA-256 (hex) when present');
    for (const [role, hash] of Object.entries(hashes as Record<string, unknown>)) if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) fail(`programHashes.${role}`, 'must be a SHA-256 in 64 lowercase hex digits');
  }
  const assertions = p['balanceAssertionPrograms'];
  if (assertions !== undefined) {
    if (!Array.isArray(assertions)) fail('balanceAssertionPrograms', 'must be an array of addresses when present');
    assertions.forEach((address, i) => assertAddress(address, `balanceAssertionPrograms[${i}]`));
  }
  const funders = p['commonFunders'];
  if (funders !== undefined) {
    if (!Array.isArray(funders)) fail('commonFunders', 'must be an array of addresses when present');
    funders.forEach((address, i) => assertAddress(address, `commonFunders[${i}]`));
  }
  const pinning = p['pinning'] as Record<string, unknown> | undefined;
  if (pinning !== undefined) {
    if (typeof pinning !== 'object' || pinning === null || typeof pinning['url'] !== 'string' || !/^https?:\/\/\S+$/.test(pinning['url'])) fail('pinning.url', 'must be an http(s) URL when pinning is present');
    if (pinning['authorization'] !== undefined && typeof pinning['authorization'] !== 'string') fail('pinning.authorization', 'must be a string (the whole Authorization header value) when present');
  }
  const runs = p['runs'] as Record<string, unknown> | undefined;
  if (runs !== undefined && (typeof runs !== 'object' || runs === null || typeof runs['authorityKeypair'] !== 'string' || runs['authorityKeypair'] === '')) {
    fail('runs.authorityKeypair', 'must be the path of a Solana CLI keypair file when runs is present');
  }
  const mints = p['mints'] as Record<string, unknown> | undefined;
  if (typeof mints !== 'object' || mints === null) fail('mints', 'must be an object');
  for (const required of ['zec', 'native', 'wsol']) if (!(required in mints)) fail(`mints.${required}`, 'is missing');
  for (const [name, mint] of Object.entries(mints)) {
    const m = mint as Record<string, unknown>;
    assertAddress(m['address'], `mints.${name}.address`);
    assertAddress(m['tokenProgram'], `mints.${name}.tokenProgram`);
    if (!Number.isInteger(m['decimals']) || (m['decimals'] as number) < 0 || (m['decimals'] as number) > 18) {
      fail(`mints.${name}.decimals`, 'must be an integer from 0 to 18');
    }
  }
}

export function readProfile(path: string): NetworkProfile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new DeskError('profile_invalid', `cannot read network profile ${path}: ${(cause as Error).message}`, undefined, { cause });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new DeskError('profile_invalid', `network profile ${path} is not JSON: ${(cause as Error).message}`, undefined, { cause });
  }
  assertIsNetworkProfile(value);
  return value;
}

/** Written to a temporary name and renamed, so a reader never sees half a profile. */
export function writeProfile(path: string, profile: NetworkProfile): void {
  assertIsNetworkProfile(profile);
  writeFileSync(`${path}.tmp`, JSON.stringify(profile, null, 2) + '\n');
  renameSync(`${path}.tmp`, path);
}
