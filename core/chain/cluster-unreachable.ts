import {
  isSolanaError,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
  SOLANA_ERROR__RPC_SUBSCRIPTIONS__CHANNEL_CONNECTION_CLOSED,
  SOLANA_ERROR__RPC_SUBSCRIPTIONS__CHANNEL_FAILED_TO_CONNECT,
} from '@solana/kit';

/**
 * A cluster that could not be reached, in words that name it: "the cluster at http://127.0.0.1:8899 did
 * not answer (connection refused)", never fetch's own "fetch failed". Only the URL's origin is said: a
 * provider's key often rides in the path or the query string, and the message goes to API callers and logs.
 */
export function clusterLabel(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? `${parsed.protocol}//${parsed.host}` : parsed.origin;
  } catch {
    return 'the configured URL';
  }
}

/** What Node's sockets and undici say, in plain words. */
const REASONS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'its host name could not be looked up',
  ETIMEDOUT: 'timed out',
  EHOSTUNREACH: 'no route to the host',
  ENETUNREACH: 'the network is unreachable',
  EADDRNOTAVAIL: 'the address is not available',
  UND_ERR_CONNECT_TIMEOUT: 'timed out connecting',
  UND_ERR_HEADERS_TIMEOUT: 'timed out waiting for an answer',
  UND_ERR_BODY_TIMEOUT: 'timed out reading the answer',
  UND_ERR_SOCKET: 'the connection was closed',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'its TLS certificate is not trusted',
  ERR_TLS_CERT_ALTNAME_INVALID: "its TLS certificate names another host",
};

const causesOf = (error: unknown): unknown[] => {
  const out: unknown[] = [];
  for (let e: unknown = error; e !== null && e !== undefined && out.length < 6; e = (e as { cause?: unknown }).cause) out.push(e);
  return out;
};

/**
 * The sentence for a request that never got a JSON-RPC answer from the cluster at `url` (its transport
 * failed, or an HTTP error came back instead), or null when the cluster did answer: a JSON-RPC error is
 * the cluster's own word and stays as it is.
 */
export function clusterUnreachable(error: unknown, url: string): string | null {
  const where = `the cluster at ${clusterLabel(url)}`;
  if (isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) {
    const { statusCode, message } = error.context;
    return `${where} answered HTTP ${statusCode}${message ? ` ${message}` : ''} instead of a result`;
  }
  // kit's WebSocket channel says no more than that it failed.
  if (isSolanaError(error, SOLANA_ERROR__RPC_SUBSCRIPTIONS__CHANNEL_FAILED_TO_CONNECT)) return `${where} did not answer (its WebSocket could not connect)`;
  if (isSolanaError(error, SOLANA_ERROR__RPC_SUBSCRIPTIONS__CHANNEL_CONNECTION_CLOSED)) return `${where} closed its WebSocket`;
  const chain = causesOf(error);
  // fetch refuses the URL itself (credentials in it, not parseable): its words, without the URL they quote.
  const first = chain[0];
  if (first instanceof TypeError && /\bURL\b/.test(first.message) && first.message !== 'fetch failed') {
    return `${where} was not asked: fetch cannot use its URL (${first.message.split(':')[0]!.trim().toLowerCase()})`;
  }
  // fetch's own failure is a TypeError "fetch failed" whose cause says why.
  if (!chain.some((e) => e instanceof TypeError && e.message === 'fetch failed')) return null;
  return `${where} did not answer (${reasonOf(chain)})`;
}

function reasonOf(chain: readonly unknown[]): string {
  for (const e of chain) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && REASONS[code]) return REASONS[code];
    // The fetch standard's blocked ports (1, 9, 25, 6000...): nothing is even tried.
    if (e instanceof Error && e.message === 'bad port') return 'fetch refuses to connect to that port';
  }
  const deepest = chain.at(-1);
  return deepest instanceof Error && deepest.message !== 'fetch failed' ? deepest.message : 'the connection failed';
}
