import { containsBytes, type Codec, type ReadonlyUint8Array } from '@solana/kit';
import { EVENT_IX_TAG } from './event-authority.js';

/**
 * A program's Anchor events as they travel: a self-CPI whose instruction data is EVENT_IX_TAG, the
 * event's 8-byte discriminator, then the event in Borsh. One implementation for every program's set
 * (launchpad, AMM): each supplies its discriminators and codecs.
 */
const HEADER = EVENT_IX_TAG.length + 8;

/** Whether the data is a self-CPI event (any event) by its tag. */
export function isEventInstructionData(data: ReadonlyUint8Array): boolean {
  return data.length >= HEADER && containsBytes(data, EVENT_IX_TAG, 0);
}

export interface AnchorEventSet<E extends { readonly name: string; readonly data: unknown }> {
  /** The event in the data, or null when it is not an event or one this set does not know. A known event that does not decode throws. */
  decode(data: ReadonlyUint8Array): E | null;
  /** The known events among a transaction's inner instruction data, in order. */
  pick(innerInstructionData: Iterable<ReadonlyUint8Array>): E[];
  /** The self-CPI instruction data of an event, as the program emits it. */
  encode(event: E): Uint8Array;
}

export function anchorEventSet<E extends { readonly name: string; readonly data: unknown }>(
  discriminators: { readonly [N in E['name']]: ReadonlyUint8Array },
  codecs: { readonly [N in E['name']]: Codec<Extract<E, { name: N }>['data']> },
): AnchorEventSet<E> {
  const names = Object.keys(discriminators) as E['name'][];
  const decode = (data: ReadonlyUint8Array): E | null => {
    if (!isEventInstructionData(data)) return null;
    const name = names.find((n) => containsBytes(data, discriminators[n], EVENT_IX_TAG.length));
    if (name === undefined) return null;
    const event = Object.freeze((codecs[name] as Codec<E['data']>).decode(data, HEADER));
    return Object.freeze({ name, data: event }) as unknown as E;
  };
  return {
    decode,
    pick(innerInstructionData) {
      const events: E[] = [];
      for (const data of innerInstructionData) {
        const event = decode(data);
        if (event) events.push(event);
      }
      return events;
    },
    encode(event) {
      const name = event.name as E['name'];
      const body = (codecs[name] as Codec<E['data']>).encode(event.data);
      const out = new Uint8Array(HEADER + body.length);
      out.set(EVENT_IX_TAG, 0);
      out.set(discriminators[name], EVENT_IX_TAG.length);
      out.set(body, HEADER);
      return out;
    },
  };
}
