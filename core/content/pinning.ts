import { DeskError } from '../errors.js';
import type { Cid } from './cid.js';

/**
 * A remote that keeps content reachable on IPFS beyond this machine. The local content store always
 * holds what it serves; on a real cluster a configured pinning service is handed each block as well.
 * `pin` resolves once the remote holds the bytes under exactly `cid`; anything else rejects with
 * `unavailable`.
 */
export interface PinningService {
  pin(cid: Cid, bytes: Uint8Array, contentType: string): Promise<void>;
}

/** Where a pinning service is: the base URL of a Kubo-compatible RPC endpoint, and how to authorise. */
export interface PinningConfig {
  readonly url: string;
  /** The whole Authorization header value (`Bearer …` or `Basic …`), when the endpoint wants one. */
  readonly authorization?: string;
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/**
 * Kubo's RPC `block/put` with `pin=true`: it takes the bytes themselves and names them with the same raw
 * sha2-256 CIDv1 we computed, so the answer's `Key` is checked against ours. (The Pinning Service API's
 * `POST /pins` takes only a CID and fetches the content from the IPFS network, which a desktop behind a
 * router does not serve.) Blocks over 1 MiB need `allow-big-block`; bitswap does not move such blocks,
 * so a gateway serves them only from the pinning node itself.
 */
export class KuboBlockPinning implements PinningService {
  private readonly endpoint: URL;
  private readonly authorization: string | undefined;
  private readonly timeoutMs: number;

  constructor(config: PinningConfig) {
    let base: URL;
    try {
      base = new URL(config.url.endsWith('/') ? config.url : `${config.url}/`);
    } catch {
      throw new DeskError('profile_invalid', `pinning service: ${JSON.stringify(config.url.slice(0, 100))} is not a URL`);
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new DeskError('profile_invalid', 'pinning service: the URL must be http or https');
    if (base.username || base.password) throw new DeskError('profile_invalid', 'pinning service: give credentials as `authorization`, not in the URL');
    this.endpoint = new URL('api/v0/block/put', base);
    this.endpoint.search = new URLSearchParams({ 'cid-codec': 'raw', mhtype: 'sha2-256', mhlen: '32', pin: 'true', 'allow-big-block': 'true' }).toString();
    this.authorization = config.authorization;
    this.timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  async pin(cid: Cid, bytes: Uint8Array, contentType: string): Promise<void> {
    const where = `the pinning service at ${this.endpoint.origin}`;
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type: contentType }), cid);
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: 'POST',
        body: form,
        headers: this.authorization === undefined ? {} : { authorization: this.authorization },
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (cause) {
      throw new DeskError('unavailable', `${where} could not be reached (${(cause as Error).message}); try again`, { cid }, { cause });
    }
    const text = await response.text().catch(() => '');
    if (!response.ok) {
      const said = /"Message"\s*:\s*"([^"]{1,200})"/.exec(text)?.[1];
      throw new DeskError('unavailable', `${where} answered ${response.status}${said ? ` (${said})` : ''}; try again`, { cid });
    }
    let answer: { Key?: unknown; Size?: unknown };
    try {
      answer = JSON.parse(text) as { Key?: unknown; Size?: unknown };
    } catch {
      throw new DeskError('unavailable', `${where} answered something that is not JSON`, { cid });
    }
    if (answer.Key !== cid) throw new DeskError('unavailable', `${where} keeps the block as ${JSON.stringify(String(answer.Key).slice(0, 80))}, not ${cid}`, { cid });
    if (answer.Size !== undefined && Number(answer.Size) !== bytes.length) {
      throw new DeskError('unavailable', `${where} holds ${String(answer.Size)} bytes of ${cid}, not ${bytes.length}`, { cid });
    }
  }
}

export const pinningServiceOf = (config: PinningConfig | undefined): PinningService | null => (config === undefined ? null : new KuboBlockPinning(config));
