/**
 * The DNS-rebinding defence of every local route, /v1 and its stream alike: a page on another site that
 * resolves its own name to 127.0.0.1 still sends its own Host (and, for a WebSocket, its own Origin).
 */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Why `host` is not this server's loopback address on `port`, or null when it is. */
export function loopbackHostProblem(host: string | undefined, port: number | undefined): string | null {
  const value = host ?? '';
  const match = /^(\[::1\]|[^:]+)(?::(\d+))?$/.exec(value);
  if (match && LOOPBACK_HOSTS.has(match[1]!.toLowerCase()) && (match[2] === undefined || match[2] === String(port ?? 0))) return null;
  return `Host: ${JSON.stringify(value.slice(0, 100))} is not this machine's loopback address; this server answers 127.0.0.1, localhost and [::1] only`;
}

/**
 * Why a browser's `origin` may not use this server, or null: no Origin (a bot, a CLI) or a page this
 * server itself served (any loopback name on its port). Browsers let any page open a WebSocket anywhere,
 * so the stream checks what CORS would have checked for a fetch.
 */
export function loopbackOriginProblem(origin: string | undefined, port: number | undefined): string | null {
  if (origin === undefined) return null;
  let url: URL | null = null;
  try {
    url = new URL(origin);
  } catch {
    // answered below
  }
  if (url && url.protocol === 'http:' && loopbackHostProblem(url.host, port) === null) return null;
  return `Origin: ${JSON.stringify(origin.slice(0, 100))} is not a page of this server; the stream answers this machine's desk and clients without an Origin`;
}
