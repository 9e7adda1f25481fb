/**
 * How many /v1/stream sockets the server holds at once (docs/api.md, "The push stream"). A socket costs
 * about 130–180 KB (its buffers, its subscription, its place in every range the hub presents), so the
 * total bounds the stream near 45 MB on a desktop. One bot needs one socket (a subscription takes any number
 * of topics); 16 per client leave room for several bots on one address, for reconnections the server has
 * not yet seen close, and for the desk open in several windows. The stream takes no API key (its upgrade
 * reads no Authorization), so a client is its remote address, and the pages this server served (their
 * Origin is this server) count apart from the address's other sockets: a bot's sockets never use up the desk's.
 */
export const STREAM_CAPS = Object.freeze({
  /** Sockets of one client at once: one remote address's sockets without an Origin, or its pages'. */
  perClient: 16,
  /** Sockets of every client together. */
  total: 256,
  /** The last of the total that only this server's pages may take, so that bots filling it leave the desk room. */
  keptForPages: 16,
});

export type StreamCaps = typeof STREAM_CAPS;

/**
 * The close code of a socket over a cap: 1013, "Try Again Later" (a temporary condition of the server: a
 * place frees as soon as another socket closes). Not 1008 (policy violation): the client did nothing
 * wrong, and the desk's own reconnection (and any client's backoff) recovers by itself.
 */
export const OVER_CAP_CLOSE_CODE = 1013;

/** Who a socket counts as: its remote address, and whether it was opened by a page this server served. */
export interface StreamPeer {
  readonly address: string;
  readonly page: boolean;
}

/** Counts the open sockets per client and in total, and says why a new one is over a cap. */
export class StreamCapCount {
  private readonly perClient = new Map<string, number>();
  private all = 0;

  constructor(private readonly caps: StreamCaps = STREAM_CAPS) {}

  /** Counts `peer`'s new socket, or answers the close reason (plain words naming the cap, at most 123 bytes). */
  admit(peer: StreamPeer): string | null {
    const client = clientOf(peer);
    const held = this.perClient.get(client) ?? 0;
    if (held >= this.caps.perClient) {
      return `too many stream sockets from this client: at most ${this.caps.perClient} at once; close one, then connect again`;
    }
    const total = peer.page ? this.caps.total : this.caps.total - this.caps.keptForPages;
    if (this.all >= total) {
      return peer.page
        ? `the stream is full: at most ${this.caps.total} sockets in total; try again later`
        : `the stream is full: at most ${this.caps.total} sockets in total, the last ${this.caps.keptForPages} kept for the desk; try again later`;
    }
    this.perClient.set(client, held + 1);
    this.all += 1;
    return null;
  }

  /** A counted socket closed. */
  release(peer: StreamPeer): void {
    const client = clientOf(peer);
    const held = this.perClient.get(client) ?? 0;
    if (held <= 1) this.perClient.delete(client);
    else this.perClient.set(client, held - 1);
    this.all = Math.max(0, this.all - 1);
  }
}

const clientOf = (peer: StreamPeer): string => `${peer.page ? 'page' : 'bot'} ${peer.address}`;
