import type { Address } from '@solana/kit';
import { addressOfBytes } from '../address-text.js';
import { TOKEN_2022_PROGRAM } from '../token-account.js';

/**
 * A Token-2022 mint as its bytes hold it: the base mint (82 bytes, padded to 165), the account-type byte,
 * then the extensions as type-length-value entries. Only the extensions the issuer status reads are
 * decoded; the others are listed by type so that "this mint grew an extension" can be seen too.
 * Layouts: spl-token-2022's `extension` module (Pod structs, little endian, an all-zero key for "none").
 */

export const EXTENSION = Object.freeze({
  transferFeeConfig: 1,
  mintCloseAuthority: 3,
  confidentialTransferMint: 4,
  defaultAccountState: 6,
  permanentDelegate: 12,
  transferHook: 14,
  metadataPointer: 18,
  tokenMetadata: 19,
  groupMemberPointer: 22,
  scaledUiAmount: 25,
  pausable: 26,
});

const BASE_MINT_SIZE = 82;
const ACCOUNT_TYPE_OFFSET = 165;
const ACCOUNT_TYPE_MINT = 1;

export type AccountState = 'uninitialized' | 'initialized' | 'frozen';
const ACCOUNT_STATES: readonly AccountState[] = ['uninitialized', 'initialized', 'frozen'];

/** The share multiplier exactly as the mint stores it: IEEE-754 binary64 bytes, read without arithmetic. */
export interface ScaledUiAmountConfig {
  readonly authority: Address | null;
  readonly multiplier: number;
  readonly newMultiplierEffectiveTimestamp: bigint;
  readonly newMultiplier: number;
}

export interface TokenMetadataFields {
  readonly updateAuthority: Address | null;
  readonly mint: Address;
  readonly name: string;
  readonly symbol: string;
  readonly uri: string;
  readonly additional: readonly (readonly [string, string])[];
}

export interface Token2022Mint {
  readonly mintAuthority: Address | null;
  readonly supply: bigint;
  readonly decimals: number;
  readonly isInitialized: boolean;
  readonly freezeAuthority: Address | null;
  /** Every extension type present, in the order the account holds them. */
  readonly extensionTypes: readonly number[];
  readonly transferFeeConfig?: { readonly configAuthority: Address | null; readonly withdrawWithheldAuthority: Address | null; readonly newerFeeBps: number; readonly newerMaximumFee: bigint };
  readonly mintCloseAuthority?: Address | null;
  readonly confidentialTransferMint?: { readonly authority: Address | null; readonly autoApproveNewAccounts: boolean };
  readonly defaultAccountState?: AccountState;
  readonly permanentDelegate?: Address | null;
  readonly transferHook?: { readonly authority: Address | null; readonly programId: Address | null };
  readonly metadataPointer?: { readonly authority: Address | null; readonly metadataAddress: Address | null };
  readonly tokenMetadata?: TokenMetadataFields;
  readonly groupMemberPointer?: { readonly authority: Address | null; readonly memberAddress: Address | null };
  readonly scaledUiAmount?: ScaledUiAmountConfig;
  readonly pausable?: { readonly authority: Address | null; readonly paused: boolean };
}

/** An all-zero key means "none" in the extensions' Pod layouts (OptionalNonZeroPubkey). */
function optionalKey(bytes: Uint8Array): Address | null {
  return bytes.every((b) => b === 0) ? null : addressOfBytes(bytes);
}

/** The base mint's COption<Pubkey>: a u32 tag, then the key. */
function coptionKey(data: Uint8Array, at: number): Address | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return view.getUint32(at, true) === 0 ? null : addressOfBytes(data.subarray(at + 4, at + 36));
}

/**
 * Decodes a Token-2022 mint account; null when the bytes are not one (wrong owner, a token account, too
 * short, or extension entries that run past the end).
 */
export function decodeToken2022Mint(account: { readonly owner: Address; readonly data: Uint8Array }): Token2022Mint | null {
  const { data } = account;
  if (account.owner !== TOKEN_2022_PROGRAM || data.length < BASE_MINT_SIZE) return null;
  if (data.length > BASE_MINT_SIZE && (data.length <= ACCOUNT_TYPE_OFFSET || data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE_MINT)) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const mint: { -readonly [K in keyof Token2022Mint]: Token2022Mint[K] } = {
    mintAuthority: coptionKey(data, 0),
    supply: view.getBigUint64(36, true),
    decimals: data[44]!,
    isInitialized: data[45] === 1,
    freezeAuthority: coptionKey(data, 46),
    extensionTypes: [],
  };
  const types: number[] = [];
  let at = ACCOUNT_TYPE_OFFSET + 1;
  while (at + 4 <= data.length) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === 0) break; // the rest is unused space
    const body = data.subarray(at + 4, at + 4 + length);
    if (body.length !== length) return null;
    types.push(type);
    decodeExtension(mint, type, body);
    at += 4 + length;
  }
  mint.extensionTypes = types;
  return mint;
}

function decodeExtension(mint: { -readonly [K in keyof Token2022Mint]: Token2022Mint[K] }, type: number, body: Uint8Array): void {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const key = (offset: number) => optionalKey(body.subarray(offset, offset + 32));
  switch (type) {
    case EXTENSION.transferFeeConfig:
      // authority, withdraw authority, withheld u64, older {epoch u64, maximum u64, bps u16}, newer {the same}
      mint.transferFeeConfig = { configAuthority: key(0), withdrawWithheldAuthority: key(32), newerMaximumFee: view.getBigUint64(98, true), newerFeeBps: view.getUint16(106, true) };
      break;
    case EXTENSION.mintCloseAuthority:
      mint.mintCloseAuthority = key(0);
      break;
    case EXTENSION.confidentialTransferMint:
      mint.confidentialTransferMint = { authority: key(0), autoApproveNewAccounts: body[32] === 1 };
      break;
    case EXTENSION.defaultAccountState:
      mint.defaultAccountState = ACCOUNT_STATES[body[0]!] ?? 'uninitialized';
      break;
    case EXTENSION.permanentDelegate:
      mint.permanentDelegate = key(0);
      break;
    case EXTENSION.transferHook:
      mint.transferHook = { authority: key(0), programId: key(32) };
      break;
    case EXTENSION.metadataPointer:
      mint.metadataPointer = { authority: key(0), metadataAddress: key(32) };
      break;
    case EXTENSION.tokenMetadata:
      mint.tokenMetadata = decodeTokenMetadata(body) ?? undefined;
      break;
    case EXTENSION.groupMemberPointer:
      mint.groupMemberPointer = { authority: key(0), memberAddress: key(32) };
      break;
    case EXTENSION.scaledUiAmount:
      mint.scaledUiAmount = {
        authority: key(0),
        multiplier: view.getFloat64(32, true),
        newMultiplierEffectiveTimestamp: view.getBigInt64(40, true),
        newMultiplier: view.getFloat64(48, true),
      };
      break;
    case EXTENSION.pausable:
      mint.pausable = { authority: key(0), paused: body[32] === 1 };
      break;
    default:
      break;
  }
}

/** Token metadata (spl-token-metadata-interface): update authority, mint, then Borsh strings and pairs. */
function decodeTokenMetadata(body: Uint8Array): TokenMetadataFields | null {
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  const text = new TextDecoder();
  let at = 64;
  const string = (): string => {
    const length = view.getUint32(at, true);
    const value = text.decode(body.subarray(at + 4, at + 4 + length));
    at += 4 + length;
    return value;
  };
  try {
    const name = string();
    const symbol = string();
    const uri = string();
    const count = view.getUint32(at, true);
    at += 4;
    const additional: [string, string][] = [];
    for (let i = 0; i < count; i++) additional.push([string(), string()]);
    return { updateAuthority: optionalKey(body.subarray(0, 32)), mint: addressOfBytes(body.subarray(32, 64)), name, symbol, uri, additional };
  } catch {
    return null;
  }
}

/**
 * The share multiplier in force at a chain time: the scheduled one once its time has come (the mint keeps
 * the previous one beside it until the next update).
 */
export function multiplierInForce(config: ScaledUiAmountConfig, unixTimestamp: bigint): number {
  return unixTimestamp >= config.newMultiplierEffectiveTimestamp ? config.newMultiplier : config.multiplier;
}
