import { isAddress, type Address, type KeyPairSigner } from '@solana/kit';
import type { Static } from 'typebox';
import type { OrderAnswer, OrderDetailAnswer, OrderListAnswer } from '../api/schemas/orders.js';
import { isLaunchdeskError, LaunchdeskError, V1Client } from '../client/index.js';
import { errorOf } from '../client/v1-client.js';
import { DeskError } from '../errors.js';
import { OsKeychain, type Keychain } from '../signer/keychain.js';
import type { WalletBook } from '../signer/wallet-book.js';
import { dataDirOf, textOf, type CommandValues } from './command-values.js';
import type { OrderBodyJson } from './order-flags.js';
import { signInForKey } from './key-commands.js';
import { keyFileSigner } from './key-file.js';
import { keyFileOf } from './signing-wallet.js';
import { apiUrlOf } from './trade-connection.js';
import { findWallet, openWalletBook } from './wallet-commands.js';

/**
 * How `launchdesk order …` reaches the local orders (`/local/orders` on the server of this machine) and
 * proves who asks. Orders spend keychain wallets, so the server takes only the desk token (any wallet of
 * the desk) or an API key signed in with the order's own wallet. Without either in the environment, the
 * CLI signs in with the wallet's keychain key and keeps the key it gets in the OS keychain under a service
 * of its own, one entry per server and wallet: keys per wallet are capped, so it never makes one per call.
 * A key the server no longer takes (401) is replaced by signing in once more. A wallet given as a keypair
 * file (`--key-file`, for a bot with no keychain) signs in for the one command and revokes that key after:
 * nothing is kept, and the cap is never reached.
 */

export type OrderJson = Static<typeof OrderAnswer>;
export type OrderDetailJson = Static<typeof OrderDetailAnswer>;
export type OrderListJson = Static<typeof OrderListAnswer>;
export type OrderListFilter = { readonly wallet?: string; readonly mint?: string; readonly state?: string };

/** The OS keychain's service under which the CLI keeps the API keys it signed in for. */
export const ORDER_KEYS_SERVICE = 'launchdesk-order-keys';
export const DESK_TOKEN_ENV = 'LAUNCHDESK_DESK_TOKEN';
export const API_KEY_ENV = 'LAUNCHDESK_API_KEY';

type AuthHeaders = Readonly<Record<string, string>>;

/** The headers that say who asks, and how to get fresh ones after a 401 (null: given, so not renewed). */
interface Credential {
  readonly headers: () => Promise<AuthHeaders>;
  readonly renew: (() => Promise<void>) | null;
}

/** The keychain entry of one server's key for one wallet. */
const keyAccount = (baseUrl: string, wallet: Address) => `${baseUrl} ${wallet}`;

/** Signs in with the wallet's keychain key (one SIWS message, no funds), keeping the API key it gets. */
function signedInCredential(baseUrl: string, book: WalletBook, wallet: Address, keys: Keychain): Credential {
  let key: string | null = null;
  const signIn = async (): Promise<string> => {
    const created = await signInForKey(baseUrl, await book.signer(wallet));
    await keys.write(keyAccount(baseUrl, wallet), created.key);
    return created.key;
  };
  return {
    headers: async () => {
      key ??= (await keys.read(keyAccount(baseUrl, wallet))) ?? (await signIn());
      return { authorization: `Bearer ${key}` };
    },
    renew: async () => {
      key = await signIn();
    },
  };
}

/**
 * Signs in with a keypair file's key for this command only: the key is made on the first call and revoked
 * when the command is done (`close`), so nothing is kept on a machine that may have no keychain.
 */
function oneCommandCredential(baseUrl: string, signer: KeyPairSigner): Credential & { readonly close: () => Promise<void> } {
  let made: { readonly key: string; readonly id: string; readonly prefix: string } | null = null;
  return {
    headers: async () => {
      made ??= await signInForKey(baseUrl, signer);
      return { authorization: `Bearer ${made.key}` };
    },
    renew: null,
    close: async () => {
      if (!made) return;
      const { key, id, prefix } = made;
      made = null;
      try {
        await new V1Client({ baseUrl, apiKey: key }).revokeKey(id);
      } catch (error) {
        process.stderr.write(`launchdesk: the key ${prefix}… this command signed in with could not be revoked (${(error as Error).message}); it stays live until revoked (DELETE /v1/keys/${id})\n`);
      }
    },
  };
}

/** One call of /local/orders with the credential; a 401 renews a kept key once and asks again. */
export class LocalOrders {
  constructor(
    readonly baseUrl: string,
    private readonly credential: Credential,
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  list(filter: OrderListFilter): Promise<OrderListJson> {
    const query = new URLSearchParams(Object.entries(filter).filter((e): e is [string, string] => e[1] !== undefined));
    return this.call('GET', query.size > 0 ? `/local/orders?${query}` : '/local/orders');
  }
  add(body: OrderBodyJson): Promise<OrderDetailJson> {
    return this.call('POST', '/local/orders', body);
  }
  show(id: string): Promise<OrderDetailJson> {
    return this.call('GET', `/local/orders/${encodeURIComponent(id)}`);
  }
  cancel(id: string): Promise<OrderDetailJson> {
    return this.call('DELETE', `/local/orders/${encodeURIComponent(id)}`);
  }
  resume(id: string): Promise<OrderDetailJson> {
    return this.call('POST', `/local/orders/${encodeURIComponent(id)}/resume`);
  }

  private async call<T>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<T> {
    try {
      return await this.once<T>(method, route, body);
    } catch (error) {
      if (!(isLaunchdeskError(error, 'unauthorized') && error.status === 401 && this.credential.renew)) throw error;
      await this.credential.renew();
      return this.once<T>(method, route, body);
    }
  }

  private async once<T>(method: 'GET' | 'POST' | 'DELETE', route: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json', ...(await this.credential.headers()) };
    if (body !== undefined) headers['content-type'] = 'application/json';
    let response: Response;
    try {
      response = await this.fetcher(`${this.baseUrl}${route}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    } catch (error) {
      throw new LaunchdeskError('unavailable', `${this.baseUrl} does not answer (${(error as Error).message}): is \`launchdesk start\` (or \`serve\`) running?`, null);
    }
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok) throw errorOf(response, answer, `${method} ${route.split('?')[0]}`);
    return answer as T;
  }
}

/** The wallet --wallet names (label or address), else the default one; null when none is named and none is the default. */
function namedWallet(values: CommandValues, book: WalletBook | null): { address: Address; inBook: boolean } | null {
  const named = textOf(values, 'wallet');
  if (named === undefined) {
    const active = book?.list().active ?? null;
    return active === null ? null : { address: active, inBook: true };
  }
  const trimmed = named.trim();
  const listed = book?.list().wallets.find((w) => w.address === trimmed || w.label.toLowerCase() === trimmed.toLowerCase());
  if (listed) return { address: listed.address, inBook: true };
  // With the desk token or a key, an address this book does not list is the server's to judge.
  if (isAddress(trimmed)) return { address: trimmed, inBook: false };
  if (book !== null) findWallet(book, named, values);
  throw new DeskError('invalid_param', `--wallet: ${JSON.stringify(named.slice(0, 60))} is neither a wallet's label nor an address`);
}

export interface OrderDesk {
  readonly orders: LocalOrders;
  /** The wallet the command is about: the one signed in with, or the one --wallet named; null with the desk token and no --wallet. */
  readonly wallet: Address | null;
  /** Whether the CLI signs in with that wallet (its key sees that wallet's orders only). */
  readonly signedIn: boolean;
  /** Called when the command is done: revokes a key made for this command alone. */
  readonly close: () => Promise<void>;
}

const NOTHING_TO_CLOSE = async (): Promise<void> => {};

/**
 * The local orders client for one command, with its credential: the desk token or API key from the
 * environment, else the key kept for (or signed in with) the wallet. `needsWallet`: the command is about
 * one wallet even with the desk token (placing an order).
 */
export async function orderDesk(values: CommandValues, needsWallet: boolean, options: { readonly keychain?: Keychain; readonly env?: NodeJS.ProcessEnv } = {}): Promise<OrderDesk> {
  const baseUrl = apiUrlOf(values);
  const env = options.env ?? process.env;
  const token = env[DESK_TOKEN_ENV];
  const key = env[API_KEY_ENV];
  const given = token || key;
  const keyFile = keyFileOf(values);
  if (keyFile) {
    // A keypair file: no wallet book and no keychain at all.
    const signer = await keyFileSigner(keyFile.path);
    if (given) {
      const headers: AuthHeaders = token ? { 'x-desk-token': token } : { authorization: `Bearer ${key}` };
      return { orders: new LocalOrders(baseUrl, { headers: async () => headers, renew: null }), wallet: signer.address, signedIn: false, close: NOTHING_TO_CLOSE };
    }
    const credential = oneCommandCredential(baseUrl, signer);
    return { orders: new LocalOrders(baseUrl, credential), wallet: signer.address, signedIn: true, close: credential.close };
  }
  let book: WalletBook | null = null;
  try {
    book = await openWalletBook(values);
  } catch (error) {
    if (!given) throw error;
  }
  const wallet = namedWallet(values, book);
  if (given) {
    if (needsWallet && wallet === null) throw new DeskError('usage', `name the wallet with --wallet: there is no default wallet in ${dataDirOf(values)}`);
    const headers: AuthHeaders = token ? { 'x-desk-token': token } : { authorization: `Bearer ${key}` };
    // Asked without --wallet, the desk token lists every wallet's orders, not the default one's.
    const chosen = needsWallet || textOf(values, 'wallet') !== undefined ? wallet : null;
    return { orders: new LocalOrders(baseUrl, { headers: async () => headers, renew: null }), wallet: chosen?.address ?? null, signedIn: false, close: NOTHING_TO_CLOSE };
  }
  if (wallet === null) throw new DeskError('invalid_param', `no wallet to sign in with in ${dataDirOf(values)}: make one with \`launchdesk wallet new LABEL\`, name one with --wallet, or set ${DESK_TOKEN_ENV}`);
  if (!wallet.inBook) findWallet(book!, wallet.address, values);
  const keychain = options.keychain ?? new OsKeychain(ORDER_KEYS_SERVICE);
  return { orders: new LocalOrders(baseUrl, signedInCredential(baseUrl, book!, wallet.address, keychain)), wallet: wallet.address, signedIn: true, close: NOTHING_TO_CLOSE };
}
