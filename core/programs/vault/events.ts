import { type Address, type ReadonlyUint8Array } from '@solana/kit';
import { addressDecoder } from '../address-codec.js';
import { hasDiscriminator } from '../launchpad/borsh.js';
import { decodeNativeSplitEvent, type NativeSplitEvent } from './native.js';

/**
 * The vault's events (programs/vault/state.h), logged as Anchor's emit! writes them: one "Program data:"
 * line, the discriminator sha256("event:<Name>")[..8] then the fields. Read them with programDataOf so
 * only the vault's own lines are taken.
 */
export interface SplitEvent {
  readonly mint: Address;
  /** ZEC split, and its four parts (liquidity + rootstock + treasury + payee = amount). */
  readonly amount: bigint;
  readonly liquidity: bigint;
  readonly rootstock: bigint;
  readonly treasury: bigint;
  readonly payee: bigint;
}

/** ZEC paid from a coin's fee account to its payee (claim, or change_payee paying out first). */
export interface PayoutEvent {
  readonly mint: Address;
  readonly payee: Address;
  readonly amount: bigint;
}

export interface PayeeChangeEvent {
  readonly mint: Address;
  readonly previous: Address;
  /** The new payee: a wallet, or holder rewards (permanent). */
  readonly next: { readonly kind: 'wallet'; readonly wallet: Address } | { readonly kind: 'holders' };
}

/** Native coin collected into a native-paired coin's coin-authority account (collect_native). */
export interface NativeCollectEvent {
  readonly mint: Address;
  readonly collected: bigint;
}

/** A holder-reward run opened: what waited in the fee account now belongs to run `run` (open_run). */
export interface RunOpenEvent {
  readonly mint: Address;
  readonly run: number;
  readonly total: bigint;
  readonly recipients: number;
  readonly snapshotSlot: bigint;
}

/** One holder paid in a run (pay_run logs one per holder of its batch, a share of 0 included). */
export interface RunPayEvent {
  readonly mint: Address;
  readonly holder: Address;
  readonly run: number;
  readonly share: bigint;
}

/** A run closed: every declared recipient paid; the dust went back to the fee account for the next run. */
export interface RunCloseEvent {
  readonly mint: Address;
  readonly run: number;
  readonly paid: bigint;
  readonly dust: bigint;
}

export type VaultEvent =
  | { readonly name: 'SplitEvent'; readonly data: SplitEvent }
  | { readonly name: 'PayoutEvent'; readonly data: PayoutEvent }
  | { readonly name: 'PayeeChangeEvent'; readonly data: PayeeChangeEvent }
  | { readonly name: 'NativeCollectEvent'; readonly data: NativeCollectEvent }
  | { readonly name: 'NativeSplitEvent'; readonly data: NativeSplitEvent }
  | { readonly name: 'RunOpenEvent'; readonly data: RunOpenEvent }
  | { readonly name: 'RunPayEvent'; readonly data: RunPayEvent }
  | { readonly name: 'RunCloseEvent'; readonly data: RunCloseEvent };

export const VAULT_EVENT_DISCRIMINATORS = Object.freeze({
  SplitEvent: new Uint8Array([125, 26, 187, 212, 51, 173, 228, 1]),
  PayoutEvent: new Uint8Array([84, 234, 195, 72, 143, 79, 70, 82]),
  PayeeChangeEvent: new Uint8Array([251, 130, 238, 27, 50, 182, 129, 202]),
  NativeCollectEvent: new Uint8Array([22, 81, 247, 26, 217, 90, 110, 106]),
  RunOpenEvent: new Uint8Array([155, 89, 160, 241, 186, 250, 177, 61]),
  RunPayEvent: new Uint8Array([136, 102, 62, 85, 106, 89, 139, 192]),
  RunCloseEvent: new Uint8Array([171, 13, 179, 46, 124, 251, 253, 238]),
});

const address = addressDecoder;

/** The vault event in a "Program data:" payload; null for anything else (or a payload of the wrong size). */
export function decodeVaultEvent(data: ReadonlyUint8Array): VaultEvent | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const u64 = (offset: number) => view.getBigUint64(offset, true);
  const mint = () => address.decode(data.subarray(8, 40));
  const is = (discriminator: Uint8Array, size: number) => data.length === size && hasDiscriminator(data, discriminator);
  const d = VAULT_EVENT_DISCRIMINATORS;
  if (is(d.SplitEvent, 80)) {
    return { name: 'SplitEvent', data: { mint: mint(), amount: u64(40), liquidity: u64(48), rootstock: u64(56), treasury: u64(64), payee: u64(72) } };
  }
  if (is(d.PayoutEvent, 80)) return { name: 'PayoutEvent', data: { mint: mint(), payee: address.decode(data.subarray(40, 72)), amount: u64(72) } };
  if (is(d.PayeeChangeEvent, 105)) {
    const next = data[72] === 1 ? { kind: 'wallet' as const, wallet: address.decode(data.subarray(73, 105)) } : { kind: 'holders' as const };
    return { name: 'PayeeChangeEvent', data: { mint: mint(), previous: address.decode(data.subarray(40, 72)), next } };
  }
  if (is(d.NativeCollectEvent, 48)) return { name: 'NativeCollectEvent', data: { mint: mint(), collected: u64(40) } };
  // Runs are numbered by u32 on chain; the events widen them to u64 like every other figure.
  if (is(d.RunOpenEvent, 72)) return { name: 'RunOpenEvent', data: { mint: mint(), run: Number(u64(40)), total: u64(48), recipients: Number(u64(56)), snapshotSlot: u64(64) } };
  if (is(d.RunPayEvent, 88)) return { name: 'RunPayEvent', data: { mint: mint(), holder: address.decode(data.subarray(40, 72)), run: Number(u64(72)), share: u64(80) } };
  if (is(d.RunCloseEvent, 64)) return { name: 'RunCloseEvent', data: { mint: mint(), run: Number(u64(40)), paid: u64(48), dust: u64(56) } };
  const split = decodeNativeSplitEvent(data);
  return split ? { name: 'NativeSplitEvent', data: split } : null;
}
