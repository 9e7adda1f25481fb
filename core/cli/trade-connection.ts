import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { TransactionPartialSigner } from '@solana/kit';
import { Launchdesk, pinsOfProfile, type LaunchdeskOptions, type Pins } from '../client/index.js';
import { readProfile, type NetworkProfile } from '../config/profile.js';
import { DeskError } from '../errors.js';
import { CLI_ENV } from './cli-environment.js';
import { choiceOf, dataDirOf, flagOrEnv, textOf, type CommandValues } from './command-values.js';
import { DEFAULT_API_URL } from './trade-usage.js';
import { signingWallet, type SigningWallet } from './signing-wallet.js';

/**
 * What a trading command talks to, from its flags: the /v1 server (`--api`, the local one by default), the
 * addresses pinned from a network profile (the sandbox's in DIR, or `--profile`), the caller's own RPC of
 * that cluster (`--rpc`, else the profile's), and the wallet that signs (core/cli/signing-wallet.ts). Nothing here trusts the server:
 * the pins and the RPC are this machine's own, and launchdesk/client checks every build against them.
 */

export interface Cluster {
  readonly profile: NetworkProfile;
  readonly pins: Pins;
  readonly rpc: { readonly url: string; readonly wsUrl?: string };
}

/** `--api URL`, else LAUNCHDESK_API, else the local server; without a trailing `/` or `/v1`. */
export function apiUrlOf(values: CommandValues): string {
  const { text, from } = flagOrEnv(values, 'api', CLI_ENV.api) ?? { text: DEFAULT_API_URL, from: '--api' };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DeskError('invalid_param', `${from} must be an http(s) URL, got ${JSON.stringify(text.slice(0, 80))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new DeskError('invalid_param', `${from} must be an http(s) URL, got ${JSON.stringify(text.slice(0, 80))}`);
  return text.replace(/\/+$/, '').replace(/\/v1$/, '');
}

export function clusterOf(values: CommandValues): Cluster {
  const dataDir = dataDirOf(values);
  const profileFile = textOf(values, 'profile');
  const path = profileFile !== undefined ? resolve(profileFile) : join(dataDir, 'profile.json');
  if (!existsSync(path)) {
    throw new DeskError('invalid_param', profileFile !== undefined ? `--profile: no file ${path}` : `no sandbox in ${dataDir} (no profile.json): run \`launchdesk serve --data ${dataDir}\`, or name another cluster with --profile FILE and --rpc URL`);
  }
  const profile = readProfile(path);
  const rpcFlag = textOf(values, 'rpc');
  const url = rpcFlag ?? profile.cluster.rpcUrl;
  if (!url) throw new DeskError('unavailable', `the sandbox in ${dataDir} is not serving its JSON-RPC (its profile names no RPC URL): run \`launchdesk serve --data ${dataDir}\`, or give --rpc URL`);
  if (!/^https?:\/\//.test(url)) throw new DeskError('invalid_param', `--rpc must be an http(s) URL, got ${JSON.stringify(url.slice(0, 80))}`);
  const wsUrl = rpcFlag === undefined ? profile.cluster.wsUrl : null;
  let pins: Pins;
  try {
    pins = pinsOfProfile(profile);
  } catch (error) {
    throw new DeskError('invalid_param', `${path}: ${(error as Error).message}`);
  }
  return { profile, pins, rpc: { url, ...(wsUrl ? { wsUrl } : {}) } };
}

export interface TradeDesk {
  readonly desk: Launchdesk;
  readonly wallet: SigningWallet;
  readonly signer: TransactionPartialSigner;
  readonly cluster: Cluster;
}

/** Everything a trading command needs, read from its flags, before anything is asked of the server. */
export async function tradeDesk(values: CommandValues, options: Pick<LaunchdeskOptions, 'onProgress' | 'confirm'>): Promise<TradeDesk> {
  // The signer first: two named at once is a command line refused (status 2) before any value is judged.
  const wallet = await signingWallet(values);
  const baseUrl = apiUrlOf(values);
  const cluster = clusterOf(values);
  const send = choiceOf(values, 'send', ['relay', 'rpc'] as const, 'relay');
  // A key raises the server's rate limits; it comes from the environment, never argv (where `ps` shows it).
  const apiKey = process.env['LAUNCHDESK_API_KEY'];
  const desk = new Launchdesk({ baseUrl, rpc: cluster.rpc, pins: cluster.pins, send, ...(apiKey ? { apiKey } : {}), ...options });
  return { desk, wallet, signer: wallet.signer, cluster };
}
