import { getAddressDecoder, getBase58Decoder, getBase58Encoder, type Address } from '@solana/kit';
import type { ChainAccount, ChainTransaction, TokenBalance, TransactionMeta } from '../../chain/types.js';
import { formatDecimalUnits } from '../../math/units.js';
import { isTokenAccount, tokenAccountFields, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../token-balances.js';
import { decodeWireTransaction, isStaticWritable } from '../wire-transaction.js';
import { invalidParams, RpcError, INVALID_REQUEST } from './rpc-error.js';

/** Encoders from the sandbox's records to the validator's JSON answers, per the `encoding` parameter. */

export type AccountEncoding = 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed' | 'binary';
export type TransactionEncoding = 'json' | 'jsonParsed' | 'base58' | 'base64';

const base58Text = getBase58Decoder();
const base58Bytes = getBase58Encoder();
const addressDecoder = getAddressDecoder();
const MAX_BASE58_BYTES = 128;

export function asAccountEncoding(value: unknown): AccountEncoding {
  if (value === undefined) return 'binary';
  if (value === 'base58' || value === 'base64' || value === 'jsonParsed' || value === 'binary') return value;
  if (value === 'base64+zstd') throw invalidParams('Invalid param: base64+zstd encoding is not supported by the sandbox; use base64');
  throw invalidParams(`Invalid param: unknown encoding ${JSON.stringify(value)}`);
}

export function asTransactionEncoding(value: unknown, fallback: TransactionEncoding): TransactionEncoding {
  if (value === undefined) return fallback;
  if (value === 'json' || value === 'jsonParsed' || value === 'base58' || value === 'base64') return value;
  throw invalidParams(`Invalid param: unknown encoding ${JSON.stringify(value)}`);
}

export interface DataSlice {
  readonly offset: number;
  readonly length: number;
}

export function base58Of(bytes: Uint8Array): string {
  return base58Text.decode(bytes);
}

export function bytesOfBase58(text: string): Uint8Array {
  return new Uint8Array(base58Bytes.encode(text));
}

function uiAmount(amount: bigint, decimals: number): { amount: string; decimals: number; uiAmount: number; uiAmountString: string } {
  const uiAmountString = formatDecimalUnits(amount, decimals);
  // The validator's `uiAmount` is a float by its own definition; `uiAmountString` is the exact figure.
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

export function uiTokenAmount(amount: bigint, decimals: number) {
  return uiAmount(amount, decimals);
}

function readOptionAddress(data: Uint8Array, at: number): Address | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return view.getUint32(at, true) === 1 ? addressDecoder.decode(data.subarray(at + 4, at + 36)) : null;
}

/** Token-2022 extensions without state, by type number, named as the validator's account decoder names them. */
const STATELESS_EXTENSIONS: Readonly<Record<number, string>> = { 7: 'immutableOwner', 9: 'nonTransferable', 13: 'nonTransferableAccount' };
/** Where a Token-2022 account's or mint's extensions start: after the 165-byte base and the account-type byte. */
const EXTENSIONS_OFFSET = 166;

/**
 * The validator's `extensions` list of a Token-2022 account or mint, in TLV order. Extensions with state
 * are reported as `unparseableExtension` (the validator decodes their state; the sandbox's own accounts
 * only carry `immutableOwner`).
 */
function extensionsOf(data: Uint8Array): { extension: string }[] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out: { extension: string }[] = [];
  for (let at = EXTENSIONS_OFFSET; at + 4 <= data.length; ) {
    const type = view.getUint16(at, true);
    if (type === 0) break;
    out.push({ extension: STATELESS_EXTENSIONS[type] ?? 'unparseableExtension' });
    at += 4 + view.getUint16(at + 2, true);
  }
  return out;
}

/** jsonParsed for the token programs' accounts and mints; null for anything else (then base64 is used). */
function parsedAccount(account: ChainAccount, decimalsOf: (mint: Address) => number): unknown {
  if (account.owner !== TOKEN_PROGRAM && account.owner !== TOKEN_2022_PROGRAM) return null;
  const program = account.owner === TOKEN_PROGRAM ? 'spl-token' : 'spl-token-2022';
  const data = account.data;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (isTokenAccount(account)) {
    const { mint, owner, amount } = tokenAccountFields(data);
    const decimals = decimalsOf(mint);
    const state = data[108] === 2 ? 'frozen' : data[108] === 1 ? 'initialized' : 'uninitialized';
    const isNative = view.getUint32(109, true) === 1;
    const delegate = readOptionAddress(data, 72);
    const info: Record<string, unknown> = {
      isNative,
      mint,
      owner,
      state,
      tokenAmount: uiAmount(amount, decimals),
    };
    if (delegate) {
      info['delegate'] = delegate;
      info['delegatedAmount'] = uiAmount(view.getBigUint64(121, true), decimals);
    }
    if (isNative) info['rentExemptReserve'] = uiAmount(view.getBigUint64(113, true), decimals);
    const closeAuthority = readOptionAddress(data, 129);
    if (closeAuthority) info['closeAuthority'] = closeAuthority;
    const extensions = extensionsOf(data);
    if (extensions.length > 0) info['extensions'] = extensions;
    return { program, parsed: { info, type: 'account' }, space: data.length };
  }
  if (data.length >= 82 && data[45] === 1 && (data.length === 82 || data[165] === 1)) {
    const info: Record<string, unknown> = {
      decimals: data[44],
      freezeAuthority: readOptionAddress(data, 46),
      isInitialized: true,
      mintAuthority: readOptionAddress(data, 0),
      supply: view.getBigUint64(36, true).toString(),
    };
    const extensions = extensionsOf(data);
    if (extensions.length > 0) info['extensions'] = extensions;
    return { program, parsed: { info, type: 'mint' }, space: data.length };
  }
  return null;
}

export function encodeAccount(
  account: ChainAccount,
  encoding: AccountEncoding,
  slice: DataSlice | undefined,
  decimalsOf: (mint: Address) => number,
): Record<string, unknown> {
  const full = account.data;
  const data = slice ? full.subarray(slice.offset, slice.offset + slice.length) : full;
  let encoded: unknown;
  if (encoding === 'jsonParsed' && !slice) encoded = parsedAccount(account, decimalsOf);
  if (encoded === undefined || encoded === null) {
    if (encoding === 'binary' || encoding === 'base58') {
      if (data.length > MAX_BASE58_BYTES) {
        throw new RpcError(INVALID_REQUEST, 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.');
      }
      encoded = encoding === 'binary' ? base58Of(data) : [base58Of(data), 'base58'];
    } else {
      encoded = [Buffer.from(data).toString('base64'), 'base64'];
    }
  }
  return {
    data: encoded,
    executable: account.executable,
    lamports: account.lamports,
    owner: account.owner,
    rentEpoch: account.rentEpoch,
    space: full.length,
  };
}

function tokenBalanceJson(b: TokenBalance) {
  return {
    accountIndex: b.accountIndex,
    mint: b.mint,
    owner: b.owner,
    programId: b.programId,
    uiTokenAmount: uiAmount(b.amount, b.decimals),
  };
}

function metaJson(meta: TransactionMeta, parsedInner: ((programIdIndex: number, accounts: readonly number[], data: Uint8Array, stackHeight: number | null) => unknown) | null) {
  return {
    err: meta.err,
    status: meta.err === null ? { Ok: null } : { Err: meta.err },
    fee: meta.fee,
    preBalances: meta.preBalances,
    postBalances: meta.postBalances,
    innerInstructions: meta.innerInstructions.map((group) => ({
      index: group.index,
      instructions: group.instructions.map((ix) =>
        parsedInner
          ? parsedInner(ix.programIdIndex, ix.accounts, ix.data, ix.stackHeight)
          : { programIdIndex: ix.programIdIndex, accounts: ix.accounts, data: base58Of(ix.data), stackHeight: ix.stackHeight },
      ),
    })),
    logMessages: meta.logMessages,
    preTokenBalances: meta.preTokenBalances.map(tokenBalanceJson),
    postTokenBalances: meta.postTokenBalances.map(tokenBalanceJson),
    rewards: [],
    loadedAddresses: parsedInner ? undefined : meta.loadedAddresses,
    computeUnitsConsumed: meta.computeUnitsConsumed,
    returnData: meta.returnData ? { programId: meta.returnData.programId, data: [Buffer.from(meta.returnData.data).toString('base64'), 'base64'] } : undefined,
  };
}

/**
 * The `getTransaction` answer. `maxSupportedTransactionVersion` undefined means a legacy-only client:
 * a v0 transaction is then refused with the validator's error.
 */
export function encodeTransaction(
  record: ChainTransaction,
  encoding: TransactionEncoding,
  maxSupportedTransactionVersion: number | undefined,
): Record<string, unknown> {
  const tx = decodeWireTransaction(record.wire);
  if (tx.version === 0 && maxSupportedTransactionVersion === undefined) {
    throw new RpcError(
      -32015,
      'Transaction version (0) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );
  }
  const version = maxSupportedTransactionVersion === undefined ? undefined : tx.version;
  const message = tx.message;
  const signatures = readSignatures(record.wire);
  let transaction: unknown;
  let parsedInner: Parameters<typeof metaJson>[1] = null;
  if (encoding === 'base64') transaction = [Buffer.from(record.wire).toString('base64'), 'base64'];
  else if (encoding === 'base58') transaction = [base58Of(record.wire), 'base58'];
  else {
    // A v0 message always carries its lookups, `[]` when there are none (kit's decoder drops an empty list);
    // a legacy message has none. `@solana/web3.js` rebuilds a `MessageV0` from this list and iterates it.
    const lookups = tx.version === 0 ? ('addressTableLookups' in message && message.addressTableLookups ? message.addressTableLookups : []) : undefined;
    const header = {
      numRequiredSignatures: message.header.numSignerAccounts,
      numReadonlySignedAccounts: message.header.numReadonlySignerAccounts,
      numReadonlyUnsignedAccounts: message.header.numReadonlyNonSignerAccounts,
    };
    if (encoding === 'json') {
      transaction = {
        signatures,
        message: {
          header,
          accountKeys: message.staticAccounts,
          recentBlockhash: message.lifetimeToken,
          instructions: message.instructions.map((ix) => ({
            programIdIndex: ix.programAddressIndex,
            accounts: ix.accountIndices ?? [],
            data: base58Of(new Uint8Array(ix.data ?? [])),
            stackHeight: null,
          })),
          addressTableLookups: lookups?.map((l) => ({ accountKey: l.lookupTableAddress, writableIndexes: l.writableIndexes, readonlyIndexes: l.readonlyIndexes })),
        },
      };
    } else {
      // jsonParsed: account keys with their roles; instructions partially decoded (program, accounts, data).
      const loaded = record.meta.loadedAddresses;
      const keys = [...message.staticAccounts, ...loaded.writable, ...loaded.readonly];
      const staticCount = message.staticAccounts.length;
      const accountKeys = keys.map((pubkey, i) => ({
        pubkey,
        signer: i < message.header.numSignerAccounts,
        source: i < staticCount ? 'transaction' : 'lookupTable',
        writable: i < staticCount ? isStaticWritable(message, i) : i < staticCount + loaded.writable.length,
      }));
      const decoded = (programIdIndex: number, accounts: readonly number[], data: Uint8Array, stackHeight: number | null) => ({
        programId: keys[programIdIndex],
        accounts: accounts.map((a) => keys[a]),
        data: base58Of(data),
        stackHeight,
      });
      parsedInner = decoded;
      transaction = {
        signatures,
        message: {
          accountKeys,
          recentBlockhash: message.lifetimeToken,
          instructions: message.instructions.map((ix) => decoded(ix.programAddressIndex, ix.accountIndices ?? [], new Uint8Array(ix.data ?? []), null)),
          addressTableLookups: lookups?.map((l) => ({ accountKey: l.lookupTableAddress, writableIndexes: l.writableIndexes, readonlyIndexes: l.readonlyIndexes })),
        },
      };
    }
  }
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    version,
    transaction,
    meta: metaJson(record.meta, parsedInner),
  };
}

/** The signatures in wire order (a compact-u16 count, then 64 bytes each). */
export function readSignatures(wire: Uint8Array): string[] {
  let count = 0;
  let shift = 0;
  let at = 0;
  for (;;) {
    const byte = wire[at++] ?? 0;
    count |= (byte & 0x7f) << shift;
    if ((byte & 0x80) === 0) break;
    shift += 7;
  }
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(base58Of(wire.subarray(at + i * 64, at + (i + 1) * 64)));
  return out;
}
