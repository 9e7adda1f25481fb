import { createHash } from 'node:crypto';
import type { Chain } from '../../chain/chain.js';
import { IssuerStatus, type IssuerStatusOptions } from '../issuer-status.js';
import type { StockReview } from '../review.js';

/** The issuer status on the server: Node's SHA-256 for the programs' bytes. (core/stocks/ itself is browser-safe.) */
export function issuerStatusOn(chain: Chain, review: () => StockReview | undefined, options: Omit<IssuerStatusOptions, 'sha256'> = {}): IssuerStatus {
  return new IssuerStatus(chain, review, { ...options, sha256: (bytes) => createHash('sha256').update(bytes).digest('hex') });
}
