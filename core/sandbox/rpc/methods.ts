import type { StockAdminAction } from '../stock-admin.js';
import { isAddress, type Address, type Lamports, type Signature } from '@solana/kit';
import { isSignatureText } from '../../programs/signature-text.js';
import { getCompiledTransactionMessageDecoder } from '@solana/kit';
import type { AccountFilter, ChainAccount, Commitment } from '../../chain/types.js';
import { matchesFilters } from '../../chain/account-filter.js';
import { COMMITMENT_RANK } from '../../chain/types.js';
import { isDeskError } from '../../errors.js';
import type { TokenUnits, ZecUnits } from '../../math/units.js';
import type { Sandbox } from '../sandbox.js';
import { isTokenAccount, tokenAccountFields, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../token-balances.js';
import { describeTransactionError } from '../../chain/transaction-errors.js';
import { transactionFee } from '../fee.js';
import { decodeWireTransaction, type CompiledTransactionMessage, type WireTransaction } from '../wire-transaction.js';
import {
  asAccountEncoding,
  asTransactionEncoding,
  bytesOfBase58,
  encodeAccount,
  encodeTransaction,
  uiTokenAmount,
  type DataSlice,
} from './encoding.js';
import {
  invalidParams,
  RpcError,
  INVALID_PARAMS,
  SEND_TRANSACTION_PREFLIGHT_FAILURE,
  TRANSACTION_SIGNATURE_VERIFICATION_FAILURE,
} from './rpc-error.js';

/**
 * The JSON-RPC methods of the facade, each answering as a validator does: same result shapes, same
 * error codes and, where clients show them, the same words.
 */

export const API_VERSION = '2.2.0';
export type Params = readonly unknown[];
export type Method = (params: Params) => unknown | Promise<unknown>;

type Config = Record<string, unknown>;

function configAt(params: Params, index: number): Config {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams(`Invalid params: config at position ${index} must be an object`);
  return value as Config;
}

function addressAt(params: Params, index: number, what = 'pubkey'): Address {
  const value = params[index];
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParams(`Invalid param: ${what} at position ${index} is not a valid address: ${JSON.stringify(value)}`);
  return value;
}

function signatureOf(value: unknown): Signature {
  if (!isSignatureText(value)) throw invalidParams(`Invalid param: not a valid signature: ${JSON.stringify(value)}`);
  return value;
}

function commitmentOf(config: Config): Commitment {
  const value = config['commitment'];
  if (value === undefined) return 'finalized';
  // Deprecated names still sent by old clients.
  if (value === 'recent' || value === 'single' || value === 'singleGossip') return value === 'recent' ? 'processed' : 'confirmed';
  if (value === 'max' || value === 'root') return 'finalized';
  if (value === 'processed' || value === 'confirmed' || value === 'finalized') return value;
  throw invalidParams(`Invalid param: unknown commitment ${JSON.stringify(value)}`);
}

function u64Of(value: unknown, what: string): bigint {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  if (typeof value === 'bigint' && value >= 0n) return value;
  throw invalidParams(`Invalid param: ${what} must be a non-negative integer, got ${JSON.stringify(value)}`);
}

function sliceOf(config: Config): DataSlice | undefined {
  const slice = config['dataSlice'];
  if (slice === undefined || slice === null) return undefined;
  const { offset, length } = slice as { offset?: unknown; length?: unknown };
  return { offset: Number(u64Of(offset, 'dataSlice.offset')), length: Number(u64Of(length, 'dataSlice.length')) };
}

function wireOf(value: unknown, encoding: unknown): Uint8Array {
  if (typeof value !== 'string') throw invalidParams('Invalid params: the transaction must be an encoded string');
  const enc = encoding ?? 'base58';
  try {
    if (enc === 'base64') return new Uint8Array(Buffer.from(value, 'base64'));
    if (enc === 'base58') return bytesOfBase58(value);
  } catch {
    throw invalidParams(`invalid transaction: failed to decode ${String(enc)}`);
  }
  throw invalidParams(`Invalid param: unknown encoding ${JSON.stringify(encoding)}; use base58 or base64`);
}

export function filtersOf(value: unknown): AccountFilter[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidParams('Invalid param: filters must be an array');
  if (value.length > 4) throw invalidParams('Too many filters provided; max 4');
  return value.map((f: unknown) => {
    const filter = f as Record<string, unknown>;
    if (filter && 'dataSize' in filter) return { dataSize: u64Of(filter['dataSize'], 'dataSize') };
    const memcmp = filter?.['memcmp'] as Record<string, unknown> | undefined;
    if (memcmp && typeof memcmp['bytes'] === 'string') {
      const encoding = memcmp['encoding'] ?? 'base58';
      let bytes: Uint8Array;
      try {
        bytes = encoding === 'base64' ? new Uint8Array(Buffer.from(memcmp['bytes'], 'base64')) : bytesOfBase58(memcmp['bytes']);
      } catch {
        throw invalidParams(`Invalid param: memcmp bytes are not ${String(encoding)}`);
      }
      if (bytes.length > 128) throw invalidParams('Invalid param: memcmp bytes longer than 128');
      return { memcmp: { offset: u64Of(memcmp['offset'], 'memcmp.offset'), bytes } };
    }
    throw invalidParams(`Invalid param: unknown filter ${JSON.stringify(f)}`);
  });
}

export function createMethods(sandbox: Sandbox): Record<string, Method> {
  const cluster = sandbox.cluster;
  const decimalsOf = (mint: Address): number => cluster.getAccount(mint)?.data[44] ?? 0;
  const context = (commitment: Commitment = 'processed') => ({ slot: cluster.slotAt(commitment), apiVersion: API_VERSION });
  const withContext = (value: unknown, commitment?: Commitment) => ({ context: context(commitment), value });
  const blockHeightAt = (commitment: Commitment) => cluster.blockHeight - (cluster.slot - cluster.slotAt(commitment));
  const genesisHash = 'CmpNeggWJ4JaWJeJ8YKN1Zypmk7uvQq3PECGUCAEMbky';

  const tokenAccountsOf = (owner: Address, selector: Config): ChainAccount[] => {
    let programs: Address[];
    let mint: Address | null = null;
    if (typeof selector['mint'] === 'string') {
      if (!isAddress(selector['mint'])) throw invalidParams('Invalid param: mint is not a valid address');
      mint = selector['mint'];
      const mintAccount = cluster.getAccount(mint);
      if (!mintAccount) throw invalidParams('Invalid param: could not find mint');
      programs = [mintAccount.owner];
    } else if (typeof selector['programId'] === 'string') {
      if (selector['programId'] !== TOKEN_PROGRAM && selector['programId'] !== TOKEN_2022_PROGRAM) {
        throw invalidParams('Invalid param: unrecognized Token program id');
      }
      programs = [selector['programId'] as Address];
    } else throw invalidParams('Invalid param: expected {"mint": ...} or {"programId": ...} as the second parameter');
    return programs.flatMap((program) =>
      cluster.getProgramAccounts(program).filter((account) => {
        if (!isTokenAccount(account)) return false;
        const fields = tokenAccountFields(account.data);
        return fields.owner === owner && (mint === null || fields.mint === mint);
      }),
    );
  };

  const methods: Record<string, Method> = {
    getHealth: () => 'ok',
    getVersion: () => ({ 'solana-core': API_VERSION, 'feature-set': 0 }),
    getGenesisHash: () => genesisHash,
    getIdentity: () => ({ identity: sandbox.profile.accounts['faucetAuthority'] }),
    getSlot: (p) => cluster.slotAt(commitmentOf(configAt(p, 0))),
    getBlockHeight: (p) => blockHeightAt(commitmentOf(configAt(p, 0))),
    getTransactionCount: () => BigInt(cluster.transactionCount),
    // Where the kept history starts: older transactions were pruned (SandboxClusterOptions.keepTransactions).
    minimumLedgerSlot: () => cluster.firstAvailableSlot,
    getFirstAvailableBlock: () => cluster.firstAvailableSlot,
    getEpochSchedule: () => {
      const { slotsPerEpoch } = cluster.epochSchedule();
      return { slotsPerEpoch, leaderScheduleSlotOffset: slotsPerEpoch, warmup: false, firstNormalEpoch: 0n, firstNormalSlot: 0n };
    },
    getEpochInfo: (p) => {
      const commitment = commitmentOf(configAt(p, 0));
      const slot = cluster.slotAt(commitment);
      const { slotsPerEpoch } = cluster.epochSchedule();
      return {
        absoluteSlot: slot,
        blockHeight: blockHeightAt(commitment),
        epoch: slot / slotsPerEpoch,
        slotIndex: slot % slotsPerEpoch,
        slotsInEpoch: slotsPerEpoch,
        transactionCount: BigInt(cluster.transactionCount),
      };
    },
    getLatestBlockhash: (p) => {
      const commitment = commitmentOf(configAt(p, 0));
      return withContext(cluster.latestBlockhash(), commitment);
    },
    isBlockhashValid: (p) => {
      if (typeof p[0] !== 'string') throw invalidParams('Invalid param: blockhash must be a string');
      return withContext(cluster.isBlockhashValid(p[0]));
    },
    getMinimumBalanceForRentExemption: (p) => cluster.minimumBalanceForRentExemption(u64Of(p[0] ?? 0, 'data length')),
    getFeeForMessage: (p) => {
      if (typeof p[0] !== 'string') throw invalidParams('Invalid param: message must be a base64 string');
      let message: CompiledTransactionMessage;
      try {
        message = getCompiledTransactionMessageDecoder().decode(Buffer.from(p[0], 'base64')) as CompiledTransactionMessage;
      } catch {
        throw invalidParams('invalid message: failed to deserialize');
      }
      const valid = cluster.isBlockhashValid((message as { lifetimeToken?: string }).lifetimeToken ?? '');
      return withContext(valid ? transactionFee(message, message.header.numSignerAccounts) : null);
    },
    getBalance: (p) => {
      const address = addressAt(p, 0);
      const config = configAt(p, 1);
      return withContext(cluster.getAccount(address)?.lamports ?? 0n, commitmentOf(config));
    },
    getAccountInfo: (p) => {
      const address = addressAt(p, 0);
      const config = configAt(p, 1);
      const encoding = asAccountEncoding(config['encoding']);
      commitmentOf(config);
      const account = cluster.getAccount(address);
      return withContext(account ? encodeAccount(account, encoding, sliceOf(config), decimalsOf) : null);
    },
    getMultipleAccounts: (p) => {
      if (!Array.isArray(p[0])) throw invalidParams('Invalid param: expected an array of addresses');
      if (p[0].length > 100) throw invalidParams('Too many inputs provided; max 100');
      const config = configAt(p, 1);
      const encoding = asAccountEncoding(config['encoding']);
      commitmentOf(config);
      const slice = sliceOf(config);
      return withContext(
        (p[0] as unknown[]).map((_, i) => {
          const account = cluster.getAccount(addressAt(p[0] as unknown[], i));
          return account ? encodeAccount(account, encoding, slice, decimalsOf) : null;
        }),
      );
    },
    getProgramAccounts: (p) => {
      const program = addressAt(p, 0, 'program id');
      const config = configAt(p, 1);
      const encoding = asAccountEncoding(config['encoding']);
      commitmentOf(config);
      const filters = filtersOf(config['filters']);
      const slice = sliceOf(config);
      const list = cluster
        .getProgramAccounts(program)
        .filter((account) => matchesFilters(account, filters))
        .map((account) => ({ pubkey: account.address, account: encodeAccount(account, encoding, slice, decimalsOf) }));
      return config['withContext'] === true ? withContext(list) : list;
    },
    getTokenAccountsByOwner: (p) => {
      const owner = addressAt(p, 0, 'owner');
      const selector = configAt(p, 1);
      const config = configAt(p, 2);
      const encoding = asAccountEncoding(config['encoding']);
      commitmentOf(config);
      const slice = sliceOf(config);
      return withContext(
        tokenAccountsOf(owner, selector).map((account) => ({ pubkey: account.address, account: encodeAccount(account, encoding, slice, decimalsOf) })),
      );
    },
    getTokenAccountBalance: (p) => {
      const address = addressAt(p, 0);
      const account = cluster.getAccount(address);
      if (!account || !isTokenAccount(account)) throw invalidParams('Invalid param: not a Token account');
      const { mint, amount } = tokenAccountFields(account.data);
      return withContext(uiTokenAmount(amount, decimalsOf(mint)));
    },
    getTokenSupply: (p) => {
      const address = addressAt(p, 0);
      const account = cluster.getAccount(address);
      if (!account || (account.owner !== TOKEN_PROGRAM && account.owner !== TOKEN_2022_PROGRAM) || isTokenAccount(account) || account.data.length < 82) {
        throw invalidParams('Invalid param: not a Token mint');
      }
      const supply = new DataView(account.data.buffer, account.data.byteOffset).getBigUint64(36, true);
      return withContext(uiTokenAmount(supply, account.data[44] ?? 0));
    },
    // The validator's answer: the mint's 20 largest token accounts, largest first (a mint of either program).
    getTokenLargestAccounts: (p) => {
      const mint = addressAt(p, 0);
      commitmentOf(configAt(p, 1));
      const account = cluster.getAccount(mint);
      if (!account || (account.owner !== TOKEN_PROGRAM && account.owner !== TOKEN_2022_PROGRAM) || isTokenAccount(account) || account.data.length < 82) {
        throw invalidParams('Invalid param: not a Token mint');
      }
      const decimals = account.data[44] ?? 0;
      const mintBytes = bytesOfBase58(mint);
      const largest = cluster
        .getProgramAccounts(account.owner)
        .filter((a) => isTokenAccount(a) && matchesFilters(a, [{ memcmp: { offset: 0n, bytes: mintBytes } }]))
        .map((a) => ({ address: a.address, amount: tokenAccountFields(a.data).amount }))
        .sort((a, b) => (a.amount === b.amount ? (a.address < b.address ? -1 : 1) : a.amount > b.amount ? -1 : 1))
        .slice(0, 20);
      return withContext(largest.map((a) => ({ address: a.address, ...uiTokenAmount(a.amount, decimals) })));
    },
    getSignatureStatuses: (p) => {
      if (!Array.isArray(p[0])) throw invalidParams('Invalid param: expected an array of signatures');
      if (p[0].length > 256) throw invalidParams('Too many inputs provided; max 256');
      return withContext(
        (p[0] as unknown[]).map((s) => {
          const status = cluster.signatureStatus(signatureOf(s));
          return status ? { ...status, status: status.err === null ? { Ok: null } : { Err: status.err } } : null;
        }),
      );
    },
    getTransaction: (p) => {
      const signature = signatureOf(p[0]);
      const config = typeof p[1] === 'string' ? { encoding: p[1] } : configAt(p, 1);
      const commitment = commitmentOf(config);
      if (commitment === 'processed') throw invalidParams('Method does not support commitment below `confirmed`');
      const max = config['maxSupportedTransactionVersion'];
      if (max !== undefined && max !== 0) throw invalidParams(`Invalid param: maxSupportedTransactionVersion must be 0, got ${JSON.stringify(max)}`);
      const status = cluster.signatureStatus(signature);
      if (!status || COMMITMENT_RANK[status.confirmationStatus] < COMMITMENT_RANK[commitment]) return null;
      const record = cluster.getTransaction(signature);
      return record ? encodeTransaction(record, asTransactionEncoding(config['encoding'], 'json'), max as number | undefined) : null;
    },
    getSignaturesForAddress: (p) => {
      const address = addressAt(p, 0, 'address');
      const config = configAt(p, 1);
      const commitment = commitmentOf(config);
      if (commitment === 'processed') throw invalidParams('Method does not support commitment below `confirmed`');
      const limit = config['limit'] === undefined ? 1000 : Number(u64Of(config['limit'], 'limit'));
      if (limit < 1 || limit > 1000) throw invalidParams('Invalid limit; max 1000');
      const before = config['before'] === undefined ? undefined : signatureOf(config['before']);
      const until = config['until'] === undefined ? undefined : signatureOf(config['until']);
      const floor = COMMITMENT_RANK[commitment];
      // Entries too fresh for the commitment are skipped, then the limit applies.
      return cluster
        .signaturesForAddress(address, { before, until, limit: limit + 64 })
        .map((entry) => ({ entry, status: cluster.commitmentOf(entry.slot) }))
        .filter(({ status }) => COMMITMENT_RANK[status] >= floor)
        .slice(0, limit)
        .map(({ entry, status }) => ({
          signature: entry.signature,
          slot: entry.slot,
          err: entry.err,
          memo: null,
          blockTime: entry.blockTime,
          confirmationStatus: status,
        }));
    },
    requestAirdrop: async (p) => {
      const address = addressAt(p, 0);
      const lamports = u64Of(p[1], 'lamports') as Lamports;
      try {
        return await sandbox.faucet.sol(address, lamports);
      } catch (error) {
        if (isDeskError(error)) throw new RpcError(INVALID_PARAMS, error.message);
        throw error;
      }
    },
    /** Sandbox only: ZEC or the native coin from the faucet, into the wallet's associated account. */
    requestTokenAirdrop: async (p) => {
      const address = addressAt(p, 0);
      const amount = u64Of(p[1], 'amount');
      const token = configAt(p, 2)['token'] ?? 'zec';
      if (token !== 'zec' && token !== 'native') throw invalidParams(`Invalid param: token must be "zec" or "native", got ${JSON.stringify(token)}`);
      try {
        return token === 'zec' ? await sandbox.faucet.zec(address, amount as ZecUnits) : await sandbox.faucet.native(address, amount as TokenUnits);
      } catch (error) {
        if (isDeskError(error)) throw new RpcError(INVALID_PARAMS, error.message);
        throw error;
      }
    },
    /** The sandbox's stock admin (core/sandbox/stock-admin.ts): [stock key, action object]; answers what was done. */
    sandboxStockAdmin: async (p) => {
      const key = p[0];
      const action = p[1];
      if (typeof key !== 'string' || typeof action !== 'object' || action === null) throw invalidParams('Invalid params: expected [stock key, action]');
      try {
        return await sandbox.stockAdmin(key, action as StockAdminAction);
      } catch (error) {
        if (isDeskError(error)) throw new RpcError(INVALID_PARAMS, error.message);
        throw error;
      }
    },
    simulateTransaction: (p) => {
      const config = configAt(p, 1);
      const wire = wireOf(p[0], config['encoding']);
      const sigVerify = config['sigVerify'] === true;
      const replace = config['replaceRecentBlockhash'] === true;
      if (sigVerify && replace) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
      try {
        decodeWireTransaction(wire);
      } catch (error) {
        throw invalidParams(`invalid transaction: ${(error as Error).message}`);
      }
      const accountsConfig = config['accounts'] as { addresses?: unknown[]; encoding?: unknown } | undefined;
      const wanted = accountsConfig && Array.isArray(accountsConfig.addresses) ? accountsConfig.addresses.map((_, i) => addressAt(accountsConfig.addresses!, i)) : null;
      const encoding = wanted ? asAccountEncoding(accountsConfig!.encoding ?? 'base64') : null;
      const result = cluster.simulate(wire, { sigVerify, replaceRecentBlockhash: replace, ...(wanted ? { accounts: wanted } : {}) });
      // As a validator: the accounts as the transaction leaves them (none when it fails).
      const accounts = wanted && encoding
        ? wanted.map((_, i) => {
            const account = result.err === null ? result.accounts[i] : null;
            return account ? encodeAccount(account, encoding, undefined, decimalsOf) : null;
          })
        : null;
      return withContext({
        err: result.err,
        logs: result.logs,
        accounts,
        unitsConsumed: result.unitsConsumed,
        returnData: result.returnData ? { programId: result.returnData.programId, data: [Buffer.from(result.returnData.data).toString('base64'), 'base64'] } : null,
        innerInstructions: config['innerInstructions'] === true ? result.innerInstructions.map((g) => ({ index: g.index, instructions: g.instructions.map((ix) => ({ programIdIndex: ix.programIdIndex, accounts: ix.accounts, data: Buffer.from(ix.data).toString('base64'), stackHeight: ix.stackHeight })) })) : undefined,
        replacementBlockhash: replace ? cluster.latestBlockhash() : undefined,
      });
    },
    sendTransaction: (p) => {
      const config = configAt(p, 1);
      const wire = wireOf(p[0], config['encoding']);
      let decoded: WireTransaction;
      try {
        decoded = decodeWireTransaction(wire);
      } catch (error) {
        throw invalidParams(`invalid transaction: ${(error as Error).message}`);
      }
      const signature = decoded.signature;
      // A preflight that passes is asked no more than that; one that fails is simulated again for its answer.
      if (config['skipPreflight'] !== true && cluster.simulationFails(wire, decoded, true)) {
        const simulation = cluster.simulate(wire, { sigVerify: true }, decoded);
        if (simulation.err !== null) {
          if (simulation.err === 'SignatureFailure') {
            throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');
          }
          throw new RpcError(SEND_TRANSACTION_PREFLIGHT_FAILURE, `Transaction simulation failed: ${describeTransactionError(simulation.err)}`, {
            accounts: null,
            err: simulation.err,
            innerInstructions: null,
            logs: simulation.logs,
            replacementBlockhash: null,
            returnData: null,
            unitsConsumed: simulation.unitsConsumed,
          });
        }
      }
      const outcome = cluster.send(wire, decoded);
      if (!outcome.landed && outcome.err === 'SignatureFailure') {
        throw new RpcError(TRANSACTION_SIGNATURE_VERIFICATION_FAILURE, 'Transaction signature verification failure');
      }
      if (!outcome.landed && outcome.err === 'SanitizeFailure') throw invalidParams('invalid transaction: Transaction failed to sanitize accounts offsets correctly');
      // Like a validator with skipPreflight, anything else that did not land is dropped silently.
      return signature;
    },
  };
  return methods;
}
