import type { Address } from '@solana/kit';
import { LISTING_RULES } from '../config/listing-rules.js';
import { DeskError } from '../errors.js';
import { ipfsUriOf, type Cid } from './cid.js';
import type { ContentStore } from './content-store.js';
import type { ImageType } from '../verify/image-type.js';

/** What `createdOn` says in every document this desk publishes (the launchpad's own app writes its site). */
export const CREATED_ON = 'launchdesk';

/** A coin's upload, read and checked by the API: the planting's uri will name its metadata document. */
export interface CoinUpload {
  readonly name: string;
  readonly symbol: string;
  readonly description: string;
  readonly twitter?: string;
  readonly telegram?: string;
  readonly website?: string;
  readonly payer?: Address;
  readonly mint?: Address;
  /** Whether the deployer's share will pay holder rewards. */
  readonly holders?: boolean;
  readonly image: { readonly bytes: Uint8Array; readonly type: ImageType };
}

/**
 * The metadata document: the launchpad's shape (`name, symbol, description, image, showName, createdOn`,
 * then the links it has), then this desk's planting fields. Keys are written in this order every time,
 * so the same upload is the same bytes and the same CID.
 */
export function coinMetadataOf(upload: CoinUpload, imageCid: Cid): Readonly<Record<string, string | boolean>> {
  const optional = <K extends 'twitter' | 'telegram' | 'website' | 'payer' | 'mint' | 'holders'>(key: K) => (upload[key] === undefined ? {} : { [key]: upload[key] });
  return Object.freeze({
    name: upload.name,
    symbol: upload.symbol,
    description: upload.description,
    image: ipfsUriOf(imageCid),
    showName: true,
    createdOn: CREATED_ON,
    ...optional('twitter'),
    ...optional('telegram'),
    ...optional('website'),
    ...optional('payer'),
    ...optional('mint'),
    ...optional('holders'),
  });
}

export interface PublishedCoin {
  readonly uri: string;
  readonly metadataCid: Cid;
  readonly imageCid: Cid;
}

/**
 * Publishes an upload: the operator's image lists first (nothing is stored for an image they hold back),
 * then the image, then the document naming it, so a stored document's image is always stored (and
 * pinned, with a pinning service) before it.
 */
export async function publishCoin(store: ContentStore, upload: CoinUpload): Promise<PublishedCoin> {
  const verdict = store.imageVerdict(upload.image.bytes);
  if (verdict === 'in_review') {
    throw new DeskError('image_in_review', 'image: the image needs review by a person; nothing was published; upload the same image again after review or choose another');
  }
  if (verdict === 'refused') throw new DeskError('image_refused', 'image: the image is not allowed (explicit content); nothing was published; choose another');
  const imageCid = await store.put(upload.image.bytes, upload.image.type);
  const document = Buffer.from(JSON.stringify(coinMetadataOf(upload, imageCid)), 'utf8');
  const metadataCid = await store.put(document, 'application/json');
  const uri = ipfsUriOf(metadataCid);
  if (uri.length > LISTING_RULES.uriMaxChars) throw new Error(`a metadata uri of ${uri.length} characters is over the planting's ${LISTING_RULES.uriMaxChars}`);
  return { uri, metadataCid, imageCid };
}
