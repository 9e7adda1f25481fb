/**
 * Serialised answers of reads that are a function of the index alone (a coin list's page), kept until the
 * index changes. A page of 50 coins costs a query over every listed coin's order and ~45 KB of JSON; many
 * clients (the desk, bots) ask for the same first pages over and over between two ingest batches.
 *
 * Validity is one mark for the whole index (IndexQueries.version: every row written on the store's
 * connection and every commit from another one moves it): when it moves, every entry goes. An entry is
 * stored under the mark read before its answer was made, so a write landing while it was being made only
 * makes the next request miss, never serve what that write changed.
 */
/** The content type a kept answer is sent with (its bytes are the route's own serialiser's). */
const JSON_TYPE = 'application/json; charset=utf-8';

/** What of a Fastify reply a kept answer is sent with. */
interface KeptReply {
  type(contentType: string): { send(payload: never): unknown };
  serialize(payload: unknown): unknown;
}

export class AnswerCache {
  private readonly entries = new Map<string, Buffer | string>();
  private mark: string | null = null;

  constructor(
    /** Entries kept at most; the oldest goes first (a client paging deep through a list must not grow it without bound). */
    private readonly capacity = 256,
  ) {}

  /** The answer kept for `key` while the index is at `mark`, if any: its bytes, made from its text on the first ask. */
  get(key: string, mark: string): Buffer | undefined {
    if (mark !== this.mark) {
      this.entries.clear();
      this.mark = mark;
      return undefined;
    }
    const kept = this.entries.get(key);
    if (typeof kept !== 'string') return kept;
    const bytes = Buffer.from(kept);
    this.entries.set(key, bytes);
    return bytes;
  }

  /** Sends the answer kept for `key` while the index is at `mark`, if any: the bytes the route's own serialiser made. */
  sendKept<R extends KeptReply>(reply: R, key: string, mark: string): R | null {
    const kept = this.get(key, mark);
    return kept ? (reply.type(JSON_TYPE).send(kept as never) as R) : null;
  }

  /** Serialises `answer` as the route would, keeps it for `key` at `mark`, and sends it. */
  keepAndSend<R extends KeptReply>(reply: R, key: string, mark: string, answer: unknown): R {
    const body = reply.serialize(answer) as string;
    this.set(key, mark, body);
    return reply.type(JSON_TYPE).send(body as never) as R;
  }

  /**
   * Keeps `body` for `key`, made while the index was at `mark` (dropped if it has moved since). As text: most answers
   * are never asked for again (a crawler's, a quiet coin's), and their bytes would be a copy made for nothing.
   */
  set(key: string, mark: string, body: Buffer | string): void {
    if (mark !== this.mark) return;
    if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, body);
  }
}
