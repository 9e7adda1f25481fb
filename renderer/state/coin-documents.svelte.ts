import { SvelteMap } from 'svelte/reactivity';
import { isApiError } from '../api/api-error.js';
import { coinDocumentOf, EMPTY_DOCUMENT, type CoinDocument } from '../api/coin-document.js';
import { contentCidOf } from '../api/coin-image.js';
import type { DeskApi } from '../api/desk-api.js';

/** A few metadata reads at a time: a list of a hundred new coins must not queue ahead of the lists themselves. */
const PARALLEL = 4;

/**
 * Coins' metadata documents by uri (image, description, links): each uri that names content on this server
 * is read once (stored content never changes), then kept for every list and page that shows the coin. A
 * uri elsewhere is never fetched: the coin shows its initial and no description or links.
 */
export class CoinDocuments {
  private readonly documents = new SvelteMap<string, CoinDocument>();
  private readonly waiting: string[] = [];
  // Bookkeeping only, never drawn: a plain Set, so asking does not re-run the lists that ask.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  private readonly asked = new Set<string>();
  private running = 0;

  constructor(private readonly api: DeskApi) {}

  /** The image URL for a metadata uri: undefined while unknown (asked for now), null when there is none. */
  urlOf(uri: string): string | null | undefined {
    return this.documentOf(uri)?.imageUrl;
  }

  /** The document a metadata uri names: undefined while unknown (asked for now), empty when none can be read. */
  documentOf(uri: string): CoinDocument | undefined {
    const known = this.documents.get(uri);
    if (known !== undefined) return known;
    if (!this.asked.has(uri)) {
      this.asked.add(uri);
      const cid = contentCidOf(uri);
      if (cid === null) queueMicrotask(() => this.documents.set(uri, EMPTY_DOCUMENT));
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
        .then((metadata) => this.documents.set(uri, coinDocumentOf(metadata)))
        // Not stored here: nothing to show, for good. Not reachable now: asked again when a list next shows it.
        .catch((error: unknown) => (isApiError(error) && error.code === 'not_found' ? this.documents.set(uri, EMPTY_DOCUMENT) : this.asked.delete(uri)))
        .finally(() => {
          this.running -= 1;
          this.pump();
        });
    }
  }
}
