import { loopbackHostProblem, loopbackOriginProblem } from './loopback.js';

/**
 * Which Host a request may name and which pages (Origin) may change state or open the stream. The desktop's
 * server answers its loopback names only (loopback.ts: the DNS-rebinding defence). The hosted /v1 answers the
 * host names it is given (behind a TLS-terminating proxy, docs/hosting.md) and nothing else, and since it
 * serves no pages, a browser page may change state only from one of those names.
 */
export interface HostPolicy {
  /** Why `host` is not a name this server answers, or null. */
  hostProblem(host: string | undefined, port: number | undefined): string | null;
  /** Why a page at `origin` may not change state or open the stream, or null (no Origin: a bot). */
  originProblem(origin: string | undefined, port: number | undefined): string | null;
}

export const LOOPBACK_POLICY: HostPolicy = { hostProblem: loopbackHostProblem, originProblem: loopbackOriginProblem };

/** The name part of a Host header (`api.example.com:443` → `api.example.com`), lower case. */
function nameOf(host: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(host);
  if (bracketed) return `[${bracketed[1]!.toLowerCase()}]`;
  return host.replace(/:\d+$/, '').toLowerCase();
}

/** The hosted /v1's policy: `hosts` (names, any port) and nothing else. */
export function hostedPolicy(hosts: readonly string[]): HostPolicy {
  const names = new Set(hosts.map((h) => nameOf(h.trim())));
  const list = [...names].join(', ');
  return {
    hostProblem(host) {
      if (host !== undefined && names.has(nameOf(host))) return null;
      return `Host: ${JSON.stringify((host ?? '').slice(0, 100))} is not a name this server answers (${list})`;
    },
    originProblem(origin) {
      if (origin === undefined) return null;
      try {
        const url = new URL(origin);
        if ((url.protocol === 'https:' || url.protocol === 'http:') && names.has(nameOf(url.host))) return null;
      } catch {
        // answered below
      }
      return `Origin: ${JSON.stringify(origin.slice(0, 100))} is not a page of this service (${list}); clients that send no Origin may`;
    },
  };
}

/** A host name as `--host` takes it: letters, digits, dots and hyphens (an IP literal too), or null with why not. */
export function hostNameProblem(name: string): string | null {
  if (/^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(name) || /^\[[0-9a-fA-F:]+\]$/.test(name)) return null;
  return `${JSON.stringify(name.slice(0, 80))} is not a host name (letters, digits, dots and hyphens, like api.example.com)`;
}
