import type { ContentStore } from './content-store.js';

/** What a coin's metadata document says beside its name, as the coin detail answers it (a local addition). */
export interface CoinMetadataLinks {
  readonly description: string | null;
  readonly website: string | null;
  readonly twitter: string | null;
  readonly telegram: string | null;
}

/** The CID an `ipfs://<cid>` uri names (the uri the upload answers), else null: another site's document is never fetched. */
const IPFS_URI = /^ipfs:\/\/(?:ipfs\/)?([a-z2-7]{20,120})$/;

/** An http or https address, else null (a `javascript:` link in a document is never passed on). */
function webLink(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value.trim());
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host !== '' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * The description and links of a coin whose metadata this server holds (uploaded here; content is
 * immutable, so a read is never stale); null when its uri names a document elsewhere or none intact.
 */
export async function coinMetadataLinks(store: ContentStore, uri: string): Promise<CoinMetadataLinks | null> {
  const cid = IPFS_URI.exec(uri.trim())?.[1];
  if (!cid) return null;
  const stored = await store.read(cid);
  if (!stored || stored.bytes[0] !== 0x7b) return null;
  let document: Record<string, unknown>;
  try {
    document = JSON.parse(stored.bytes.toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof document !== 'object' || document === null) return null;
  const description = typeof document['description'] === 'string' && document['description'].trim() !== '' ? document['description'].trim() : null;
  return { description, website: webLink(document['website']), twitter: webLink(document['twitter']), telegram: webLink(document['telegram']) };
}
