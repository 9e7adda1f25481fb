/**
 * Where a coin's image is, read from its metadata uri, only when this server holds it: an `ipfs://<cid>`
 * uri, or a gateway URL whose path is `/ipfs/<cid>`, is looked up at this server's /ipfs/<cid>. Anything
 * else (another site's URL) is never fetched: the desk shows the coin's initial instead, and no third
 * party learns which coins are being looked at.
 */
const CID = /^b[a-z2-7]{20,120}$/;

/** The CID a metadata or image uri names, or null when it names none this server could hold. */
export function contentCidOf(uri: string): string | null {
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?([^/?#]+)$/.exec(uri.trim());
  if (ipfs) return CID.test(ipfs[1]!) ? ipfs[1]! : null;
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const path = /^\/ipfs\/([^/]+)\/?$/.exec(url.pathname);
  return path && CID.test(path[1]!) ? path[1]! : null;
}

/** The local URL of the image a metadata document names, or null. */
export function imageUrlOf(metadata: unknown): string | null {
  const image = (metadata as { image?: unknown } | null)?.image;
  if (typeof image !== 'string') return null;
  const cid = contentCidOf(image);
  return cid === null ? null : `/ipfs/${cid}`;
}
