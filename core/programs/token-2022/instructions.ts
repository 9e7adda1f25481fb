import { AccountRole, getAddressEncoder, type AccountMeta, type AccountSignerMeta, type Address, type Instruction, type TransactionSigner } from '@solana/kit';
import { TOKEN_2022_PROGRAM } from '../token-account.js';
import { EXTENSION } from './mint.js';

/**
 * Token-2022 instructions for creating and governing an issuer's mint: the extensions' initialisers (each
 * before InitializeMint2), their updates, authority changes and token metadata. Layouts follow
 * spl-token-2022's instruction packing: a one-byte instruction, a one-byte sub-instruction for extension
 * groups, then Pod fields (an all-zero key for "none"); SetAuthority and InitializeMint2 keep the older
 * COption packing (a one-byte tag, then the key only when present). Checked against the real program in
 * the sandbox by test/stocks.
 */

const addressEncoder = getAddressEncoder();
const ZERO_KEY = new Uint8Array(32);

/** Who acts: one signer, or an SPL multisig and the members that sign for it. */
export interface Authority {
  readonly address: Address;
  readonly signers: readonly TransactionSigner[];
}

export const singleAuthority = (signer: TransactionSigner): Authority => ({ address: signer.address, signers: [signer] });

/** Authority kinds of SetAuthority (spl-token-2022 `AuthorityType`). */
export const AUTHORITY_TYPE = Object.freeze({
  mintTokens: 0,
  freezeAccount: 1,
  transferFeeConfig: 4,
  withheldWithdraw: 5,
  closeMint: 6,
  permanentDelegate: 8,
  confidentialTransferMint: 9,
  transferHookProgramId: 10,
  metadataPointer: 12,
  groupMemberPointer: 14,
  scaledUiAmount: 15,
  pause: 16,
});

function bytes(...parts: (Uint8Array | readonly number[])[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
const key = (address: Address | null): Uint8Array => (address === null ? ZERO_KEY : new Uint8Array(addressEncoder.encode(address)));
const coption = (address: Address | null): Uint8Array => (address === null ? new Uint8Array([0]) : bytes([1], key(address)));
function u16(value: number): Uint8Array {
  const out = new Uint8Array(2);
  new DataView(out.buffer).setUint16(0, value, true);
  return out;
}
function u64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, value, true);
  return out;
}
function i64(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigInt64(0, value, true);
  return out;
}
/** A multiplier as the mint stores it (binary64). The value is the issuer's decimal, converted once. */
function f64(value: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setFloat64(0, value, true);
  return out;
}

const writable = (address: Address): AccountMeta => ({ address, role: AccountRole.WRITABLE });
const readonly = (address: Address): AccountMeta => ({ address, role: AccountRole.READONLY });

/** The authority's accounts: itself as a signer, or the multisig (not signing) followed by its signing members. */
function authorityAccounts(authority: Authority): (AccountMeta | AccountSignerMeta)[] {
  const [only] = authority.signers;
  if (authority.signers.length === 1 && only!.address === authority.address) return [{ address: only!.address, role: AccountRole.READONLY_SIGNER, signer: only! }];
  return [readonly(authority.address), ...authority.signers.map((signer) => ({ address: signer.address, role: AccountRole.READONLY_SIGNER, signer }) as AccountSignerMeta)];
}

function instruction(accounts: (AccountMeta | AccountSignerMeta)[], data: Uint8Array): Instruction {
  return { programAddress: TOKEN_2022_PROGRAM, accounts, data };
}

// --- extension initialisers (mint created, not yet initialised) ---

export const initializeMintCloseAuthority = (mint: Address, authority: Address | null) => instruction([writable(mint)], bytes([25], coption(authority)));

export const initializeTransferFeeConfig = (mint: Address, configAuthority: Address | null, withdrawAuthority: Address | null, feeBps: number, maximumFee: bigint) =>
  instruction([writable(mint)], bytes([26, 0], coption(configAuthority), coption(withdrawAuthority), u16(feeBps), u64(maximumFee)));

export const initializeConfidentialTransferMint = (mint: Address, authority: Address | null, autoApprove: boolean) =>
  instruction([writable(mint)], bytes([27, 0], key(authority), [autoApprove ? 1 : 0], ZERO_KEY));

export const initializeDefaultAccountState = (mint: Address, state: 'initialized' | 'frozen') => instruction([writable(mint)], bytes([28, 0], [state === 'frozen' ? 2 : 1]));

export const initializePermanentDelegate = (mint: Address, delegate: Address) => instruction([writable(mint)], bytes([35], key(delegate)));

export const initializeTransferHook = (mint: Address, authority: Address | null, programId: Address | null) => instruction([writable(mint)], bytes([36, 0], key(authority), key(programId)));

export const initializeMetadataPointer = (mint: Address, authority: Address | null, metadataAddress: Address | null) =>
  instruction([writable(mint)], bytes([39, 0], key(authority), key(metadataAddress)));

export const initializeGroupMemberPointer = (mint: Address, authority: Address | null, memberAddress: Address | null) =>
  instruction([writable(mint)], bytes([41, 0], key(authority), key(memberAddress)));

export const initializeScaledUiAmount = (mint: Address, authority: Address | null, multiplier: number) => instruction([writable(mint)], bytes([43, 0], key(authority), f64(multiplier)));

export const initializePausable = (mint: Address, authority: Address) => instruction([writable(mint)], bytes([44, 0], key(authority)));

export const initializeMint2 = (mint: Address, decimals: number, mintAuthority: Address, freezeAuthority: Address | null) =>
  instruction([writable(mint)], bytes([20, decimals], key(mintAuthority), coption(freezeAuthority)));

export const initializeMultisig2 = (multisig: Address, members: readonly Address[], threshold: number) =>
  instruction([writable(multisig), ...members.map(readonly)], bytes([19, threshold]));

// --- governance of a live mint ---

export const setAuthority = (owned: Address, type: number, authority: Authority, next: Address | null) =>
  instruction([writable(owned), ...authorityAccounts(authority)], bytes([6, type], coption(next)));

export const pause = (mint: Address, authority: Authority) => instruction([writable(mint), ...authorityAccounts(authority)], bytes([44, 1]));
export const resume = (mint: Address, authority: Authority) => instruction([writable(mint), ...authorityAccounts(authority)], bytes([44, 2]));

/** Schedules the share multiplier: in force from `effectiveTimestamp` (now or earlier: at once). */
export const updateMultiplier = (mint: Address, authority: Authority, multiplier: number, effectiveTimestamp: bigint) =>
  instruction([writable(mint), ...authorityAccounts(authority)], bytes([43, 1], f64(multiplier), i64(effectiveTimestamp)));

export const updateTransferHookProgram = (mint: Address, authority: Authority, programId: Address | null) =>
  instruction([writable(mint), ...authorityAccounts(authority)], bytes([36, 1], key(programId)));

export const updateConfidentialTransferMint = (mint: Address, authority: Authority, autoApprove: boolean) =>
  instruction([writable(mint), ...authorityAccounts(authority)], bytes([27, 1], [autoApprove ? 1 : 0], ZERO_KEY));

export const updateDefaultAccountState = (mint: Address, freezeAuthority: Authority, state: 'initialized' | 'frozen') =>
  instruction([writable(mint), ...authorityAccounts(freezeAuthority)], bytes([28, 1], [state === 'frozen' ? 2 : 1]));

/** CloseAccount (9) of a mint with no supply, by its mint close authority; the rent goes to `destination`. */
export const closeMint = (mint: Address, destination: Address, authority: Authority) => instruction([writable(mint), writable(destination), ...authorityAccounts(authority)], bytes([9]));

export const mintToChecked = (mint: Address, destination: Address, authority: Authority, amount: bigint, decimals: number) =>
  instruction([writable(mint), writable(destination), ...authorityAccounts(authority)], bytes([14], u64(amount), [decimals]));

// --- token metadata (spl-token-metadata-interface, served by Token-2022 for metadata kept in the mint) ---

/** The interface's discriminators: the first 8 bytes of sha256("spl_token_metadata_interface:<name>"). */
const METADATA_INITIALIZE = [210, 225, 30, 162, 88, 184, 77, 141];
const METADATA_UPDATE_AUTHORITY = [215, 228, 166, 228, 84, 100, 86, 123];

function borshString(value: string): Uint8Array {
  const encoded = new TextEncoder().encode(value);
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, encoded.length, true);
  return bytes(length, encoded);
}

export const initializeTokenMetadata = (mint: Address, updateAuthority: Address, mintAuthority: TransactionSigner, fields: { name: string; symbol: string; uri: string }) =>
  instruction(
    [writable(mint), readonly(updateAuthority), readonly(mint), { address: mintAuthority.address, role: AccountRole.READONLY_SIGNER, signer: mintAuthority }],
    bytes(METADATA_INITIALIZE, borshString(fields.name), borshString(fields.symbol), borshString(fields.uri)),
  );

export const updateTokenMetadataAuthority = (mint: Address, current: TransactionSigner, next: Address | null) =>
  instruction([writable(mint), { address: current.address, role: AccountRole.READONLY_SIGNER, signer: current }], bytes(METADATA_UPDATE_AUTHORITY, key(next)));

/** The mint's size for InitializeMint2 with these extensions (token metadata grows the account later). */
export function mintSizeWith(extensionLengths: readonly number[]): bigint {
  return extensionLengths.length === 0 ? 82n : BigInt(166 + extensionLengths.reduce((n, length) => n + 4 + length, 0));
}

/** Lengths of the fixed-size extensions, by type. */
export const EXTENSION_LENGTH: Readonly<Record<number, number>> = Object.freeze({
  [EXTENSION.transferFeeConfig]: 108,
  [EXTENSION.mintCloseAuthority]: 32,
  [EXTENSION.confidentialTransferMint]: 65,
  [EXTENSION.defaultAccountState]: 1,
  [EXTENSION.permanentDelegate]: 32,
  [EXTENSION.transferHook]: 64,
  [EXTENSION.metadataPointer]: 64,
  [EXTENSION.groupMemberPointer]: 64,
  [EXTENSION.scaledUiAmount]: 56,
  [EXTENSION.pausable]: 33,
});
