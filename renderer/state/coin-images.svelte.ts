import { SvelteMap } from 'svelte/reactivity';
import { isApiError } from '../api/api-error.js';
import { contentCidOf, imageUrlOf } from '../api/coin-image.js';
import type { DeskApi } from '../api/desk-api.js';

/** A few metadata reads at a time: a list of a hundred new coins must not queue ahead of the lists themselves. */
const PARALLEL = 4;

/**
 * Coin images by metadata uri: each uri that names content on this server is read once (stored content
 * never changes), then its image URL (or null: show the initial) is kept for every list that shows it.
 */
export class CoinImages {
  private readonly urls = new SvelteMap<string, string | null>();
  private readonly waiting: string[] = [];
  // Bookkeeping only, never drawn: a plain Set, so asking does not re-run the lists that ask.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly asked = new Set<string>();
  private running = 0;

  constructor(private readonly api: DeskApi) {}

  /** The image URL for a metadata uri: undefined while unknown (asked for now), null when there is none. */
  urlOf(uri: string): string | null | undefined {
    const known = this.urls.get(uri);
    if (known !== undefined) return known;
    if (!this.asked.has(uri)) {
      this.asked.add(uri);
      const cid = contentCidOf(uri);
      if (cid === null) queueMicrotask(() => this.urls.set(uri, null));
      else {
        this.waiting.push(uri);
        queueMicrotask(() => this.pump());
      }
    }
    return undefined;
  }

  private pump(): void {
    while (this.running < PARALLEL && this.waiting.length > 0) {
      const uri = this.waiting.shift()!;
      this.running += 1;
      this.api
        .content(contentCidOf(uri)!)
        .then((metadata) => this.urls.set(uri, imageUrlOf(metadata)))
        // Not stored here: the initial for good. Not reachable now: asked again when a list next shows it.
        .catch((error: unknown) => (isApiError(error) && error.code === 'not_found' ? this.urls.set(uri, null) : this.asked.delete(uri)))
        .finally(() => {
          this.running -= 1;
          this.pump();
        });
    }
  }
}
