import { getAddressDecoder } from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import type { InnerInstructions, ReturnData } from '../chain/types.js';

/**
 * The native LiteSVM object under its kit-typed wrapper, and reading its results. The wrapper decodes
 * and re-encodes every transaction and address; the sandbox's hot paths talk to the native object.
 */

/** The native LiteSVM object under the kit-typed wrapper: it takes wire bytes as they came. */
export interface NativeAccount {
  lamports(): bigint;
  data(): Uint8Array;
  owner(): Uint8Array;
  executable(): boolean;
}
export interface NativeSvm {
  getAccount(address: Uint8Array): NativeAccount | null;
  sendVersionedTransaction(bytes: Uint8Array): NativeResult;
  simulateVersionedTransaction(bytes: Uint8Array): NativeResult | NativeSimulation;
  setBlockhashCheck(check: boolean): void;
  setSigverify(check: boolean): void;
}
export interface NativeMeta {
  signature(): Uint8Array;
  logs(): string[];
  innerInstructions(): NativeInner[][];
  computeUnitsConsumed(): bigint;
  returnData(): { programId(): Uint8Array; data(): Uint8Array };
}
export interface NativeInner {
  instruction(): { programIdIndex(): number; accounts(): Uint8Array; data(): Uint8Array };
  stackHeight(): number;
}
export type NativeResult = (NativeMeta & { err?: undefined }) | { err(): unknown; meta(): NativeMeta };
export interface NativeSimulation {
  meta(): NativeMeta;
  postAccounts(): unknown[];
  err?: undefined;
}

const addressDecoder = getAddressDecoder();

export function nativeOf(svm: LiteSVM): NativeSvm {
  // The kit-typed wrapper decodes and re-encodes every transaction; the native object takes the bytes.
  return (svm as unknown as { inner: NativeSvm }).inner;
}

export function innerOf(meta: NativeMeta): InnerInstructions[] {
  const groups: InnerInstructions[] = [];
  meta.innerInstructions().forEach((list, index) => {
    if (list.length === 0) return;
    groups.push({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction();
        return {
          programIdIndex: ix.programIdIndex(),
          accounts: [...ix.accounts()],
          data: ix.data(),
          stackHeight: inner.stackHeight(),
        };
      }),
    });
  });
  return groups;
}

export function returnDataOf(meta: NativeMeta): ReturnData | null {
  const ret = meta.returnData();
  const data = ret.data();
  if (data.length === 0) return null;
  return { programId: addressDecoder.decode(ret.programId()), data };
}

