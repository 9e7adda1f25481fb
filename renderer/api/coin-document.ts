import { imageUrlOf } from './coin-image.js';

/** A link the planter gave (the metadata document's `website`, `twitter`, `telegram`). */
export interface CoinLink {
  readonly kind: 'website' | 'x' | 'telegram';
  /** What the link is, in words: "Website", "X", "Telegram". */
  readonly label: string;
  /** The whole address, as given (http or https only). */
  readonly url: string;
  /** The site it opens, named in the confirmation before it opens. */
  readonly host: string;
}

/** What a coin's metadata document says beside its name: the image, the description and the links. */
export interface CoinDocument {
  readonly imageUrl: string | null;
  readonly description: string | null;
  readonly links: readonly CoinLink[];
}

export const EMPTY_DOCUMENT: CoinDocument = Object.freeze({ imageUrl: null, description: null, links: Object.freeze([]) });

const LINK_FIELDS = [
  ['website', 'website', 'Website'],
  ['twitter', 'x', 'X'],
  ['telegram', 'telegram', 'Telegram'],
] as const;

/** The description's most characters shown (the upload takes more; a card shows a line of it). */
const DESCRIPTION_CHARS = 1_000;

/**
 * Reads a metadata document as stored content (anything may be in it): the image only when this server
 * holds it, the description as plain text, and each link only when it is an http or https address (a
 * `javascript:` or `data:` link is dropped, never shown).
 */
export function coinDocumentOf(metadata: unknown): CoinDocument {
  if (typeof metadata !== 'object' || metadata === null) return EMPTY_DOCUMENT;
  const fields = metadata as Record<string, unknown>;
  const description = typeof fields['description'] === 'string' && fields['description'].trim() !== '' ? fields['description'].trim().slice(0, DESCRIPTION_CHARS) : null;
  const links: CoinLink[] = [];
  for (const [field, kind, label] of LINK_FIELDS) {
    const value = fields[field];
    if (typeof value !== 'string') continue;
    const url = webAddressOf(value);
    if (url) links.push(Object.freeze({ kind, label, url: url.href, host: url.host }));
  }
  return Object.freeze({ imageUrl: imageUrlOf(metadata), description, links: Object.freeze(links) });
}

function webAddressOf(text: string): URL | null {
  try {
    const url = new URL(text.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host !== '' ? url : null;
  } catch {
    return null;
  }
}
