import type { Address, Signature } from '@solana/kit';
import type { Chain } from '../../chain/chain.js';
import { viewTransaction } from '../../chain/transaction-view.js';
import type { SignatureInfo } from '../../chain/types.js';
import { funderIn, type Funding } from '../funding.js';

/** Signatures per history page (a validator's most). */
const PAGE = 1_000;
/**
 * How far back a wallet's history is read for its first SOL: three pages. A wallet with more history than
 * that is no fresh wallet made for a launch, and its funder stays unknown (null).
 */
export const FUNDER_HISTORY_PAGES = 3;
/** How many of a wallet's oldest transactions are tried for the one that funded it. */
const OLDEST_TRIED = 3;

/**
 * Who funded a wallet: the sender of its first SOL, from its oldest transactions (getSignaturesForAddress read
 * back to the start of its history, then getTransaction). The same on the sandbox and over an RPC cluster: a
 * wallet's funding is not a launchpad transaction, so the ingest never saw it. A history longer than
 * FUNDER_HISTORY_PAGES, or a start no longer kept, answers null.
 */
export async function lookUpFunder(chain: Chain, wallet: Address): Promise<Funding> {
  const unknown: Funding = { wallet, funder: null, signature: null, slot: null };
  const history: SignatureInfo[] = [];
  let before: Signature | undefined;
  for (let page = 0; ; page++) {
    if (page === FUNDER_HISTORY_PAGES) return unknown;
    const infos = await chain.getSignaturesForAddress(wallet, { before, limit: PAGE });
    history.push(...infos);
    if (infos.length < PAGE) break;
    before = infos[infos.length - 1]!.signature;
  }
  const oldest = history.filter((info) => info.err === null).reverse().slice(0, OLDEST_TRIED);
  for (const info of oldest) {
    const tx = await chain.getTransaction(info.signature, 'confirmed');
    if (!tx) return unknown; // the start of its history is no longer kept
    const funder = funderIn(viewTransaction(tx), wallet);
    if (funder !== null) return { wallet, funder, signature: info.signature, slot: tx.slot };
  }
  return unknown;
}
