import type { Address } from '@solana/kit';
import { derivePda } from '../derive-address.js';

/** The PDA ["__event_authority"] an Anchor program signs its self-CPI events with. */
export async function findEventAuthority(program: Address): Promise<Address> {
  return derivePda(program, ['__event_authority']);
}

/** sha256("anchor:event")[..8]: the prefix of a self-CPI event instruction. */
export const EVENT_IX_TAG = new Uint8Array([0xe4, 0x45, 0xa5, 0x2e, 0x51, 0xcb, 0x9a, 0x1d]);
