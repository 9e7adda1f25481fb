import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Clock, LiteSVM } from 'litesvm';
import {
  getBase58Decoder,
  type Address,
  type EncodedAccount,
  type Lamports,
  type Signature,
} from '@solana/kit';
import type {
  ChainAccount,
  ChainTransaction,
  Commitment,
  LatestBlockhash,
  SignatureStatus,
  SimulationResult,
  TransactionError,
} from '../chain/types.js';
import { transactionFee } from './fee.js';
import { BlockhashWindow } from './blockhash-window.js';
import { Ledger, type LedgerEntry } from './ledger.js';
import { readSnapshot, writeSnapshot, type SnapshotHeader } from './snapshot.js';
import { readTokenBalances, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from './token-balances.js';
import { landsDespiteError, toTransactionError } from '../chain/transaction-errors.js';
import { isFeesOnlyError, programLoadError } from './program-load.js';
import { decodeWireTransaction, isStaticWritable, resolveLookups, type WireTransaction } from './wire-transaction.js';
import { addressBytes, addressOfBytes } from '../programs/address-text.js';
import { innerOf, nativeOf, returnDataOf, type NativeAccount, type NativeMeta, type NativeSimulation, type NativeSvm } from './native-svm.js';

/** Slots advance in real time, as on a cluster. */
export const DEFAULT_SLOT_MS = 400;
/**
 * How many blocks a blockhash stays valid. The spec promises a build "about a minute and a half" of life:
 * 225 blocks of 400 ms. `lastValidBlockHeight` reported to clients is exactly this bound.
 */
export const DEFAULT_BLOCKHASH_LIFE_BLOCKS = 225n;
/** Slots behind the tip at which a slot counts as finalized (a validator's supermajority root lag). */
export const FINALIZED_DEPTH = 32n;
const SLOT_HASHES_KEPT = 150;

export interface SandboxClusterOptions {
  /** Where state and history live; null keeps everything in memory. */
  readonly dataDir: string | null;
  /** Milliseconds per slot; 0 stops the clock (tests then call `advanceSlots`). */
  readonly slotMs?: number;
  readonly blockhashLifeBlocks?: bigint;
  /** How often a changed state is snapshotted (the ledger covers the time between). */
  readonly snapshotIntervalMs?: number;
  /**
   * How many of the latest transactions keep their full records (getTransaction, getSignaturesForAddress);
   * older ones are forgotten, as by a validator with a ledger size limit. Null keeps everything.
   */
  readonly keepTransactions?: number | null;
}

/**
 * The default of `keepTransactions`: everything. The sandbox is its own archive: an index rebuilt from the chain
 * (a schema upgrade drops it, a user may delete it) reads the whole history, and a transaction pruned here would be
 * missing from it for good. Pruning is for whoever asks (`--keep-transactions N`), knowing that.
 */
export const DEFAULT_KEEP_TRANSACTIONS = null;
/** Fewer would forget transactions whose blockhash is still valid (their duplicates must be refused). */
export const MIN_KEEP_TRANSACTIONS = 10_000;

/** What happened to a sent transaction. */
export type SendOutcome =
  | { readonly landed: true; readonly signature: Signature; readonly slot: bigint; readonly err: TransactionError | null }
  | { readonly landed: false; readonly signature: Signature | null; readonly err: TransactionError; readonly logs: readonly string[] };

export interface LandedTransaction {
  readonly signature: Signature;
  readonly slot: bigint;
  readonly err: TransactionError | null;
  readonly logs: readonly string[];
  readonly accountKeys: readonly Address[];
  readonly writableKeys: readonly Address[];
}

const base58 = getBase58Decoder();
const SYSTEM_PROGRAM = '11111111111111111111111111111111' as Address;
const NO_DATA = new Uint8Array(0);
type BalanceView = { readonly lamports: Lamports; readonly owner: Address; readonly data: Uint8Array };
/** Accounts whose last recorded state is kept for the next transaction's pre-balances (then it starts over). */
const KNOWN_BALANCES_LIMIT = 10_000;

/**
 * An embedded Solana cluster: the real SVM (LiteSVM) with a clock, a window of recent blockhashes,
 * a recorded history and persistence. Every state change goes through a transaction that lands in a slot.
 */
export class SandboxCluster {
  private svm: LiteSVM;
  private native: NativeSvm;
  private readonly ledger: Ledger;
  private slotValue = 0n;
  private blockHeightValue = 0n;
  private readonly window: BlockhashWindow;
  private readonly mintDecimals = new Map<string, number>();
  /**
   * Per account, its state as last read for a transaction's record (null: none), valid until something
   * changes it. Only a transaction naming an account writable changes it, and `send` then reads it again;
   * every other change to the state (genesis, the faucet's bootstrap, a fees-only charge, a program
   * install, an account rewrite, a new slot's sysvars) empties the whole map. So a transaction's
   * pre-balances mostly come from here instead of a native read per account.
   */
  private readonly knownBalances = new Map<string, BalanceView | null>();
  /** The unix time last given to the Clock sysvar (null: not set by this process yet, ask LiteSVM). */
  private clockUnixTimestamp: bigint | null = null;
  private timer: NodeJS.Timeout | null = null;
  private snapshotTimer: NodeJS.Timeout | null = null;
  private dirty = false;
  private stateVersionValue = 0;
  private closed = false;
  private readonly slotListeners = new Set<(slot: bigint) => void>();
  private readonly transactionListeners = new Set<(landed: LandedTransaction) => void>();
  /** Per slot still short of finalized: what landed in it, for commitment notifications. */
  private readonly recentSlots = new Map<bigint, LandedTransaction[]>();
  private readonly commitmentListeners = new Set<(commitment: Commitment, slot: bigint, landed: readonly LandedTransaction[]) => void>();
  readonly blockhashLifeBlocks: bigint;
  readonly slotMs: number;
  /** Full records kept (null: all); see SandboxClusterOptions.keepTransactions. */
  readonly keepTransactions: number | null;

  private constructor(
    svm: LiteSVM,
    ledger: Ledger,
    readonly dataDir: string | null,
    options: SandboxClusterOptions,
  ) {
    this.svm = svm;
    this.native = nativeOf(svm);
    this.ledger = ledger;
    this.blockhashLifeBlocks = options.blockhashLifeBlocks ?? DEFAULT_BLOCKHASH_LIFE_BLOCKS;
    this.slotMs = options.slotMs ?? DEFAULT_SLOT_MS;
    this.keepTransactions = options.keepTransactions === undefined ? DEFAULT_KEEP_TRANSACTIONS : options.keepTransactions;
    // LiteSVM keeps only its latest blockhash; the window of recent ones is ours (FACTS.md).
    this.native.setBlockhashCheck(false);
    this.window = new BlockhashWindow(this.blockhashLifeBlocks, SLOT_HASHES_KEPT);
  }

  /**
   * Opens the cluster stored in `dataDir` (snapshot plus the ledger written after it), or a new empty
   * one when there is none. `fresh` tells the caller to run genesis.
   */
  static open(options: SandboxClusterOptions): { cluster: SandboxCluster; fresh: boolean } {
    const dir = options.dataDir;
    if (dir === null) {
      const cluster = new SandboxCluster(newSvm(), Ledger.inMemory(), null, options);
      cluster.startGenesisClock();
      return { cluster, fresh: true };
    }
    mkdirSync(dir, { recursive: true });
    const snapshot = readSnapshot(join(dir, 'state.snapshot'));
    if (!snapshot) {
      // No snapshot means genesis never finished: whatever a broken genesis left is thrown away.
      const ledger = Ledger.open(join(dir, 'ledger.jsonl'));
      if (ledger.transactionCount > 0) {
        ledger.close();
        throw new Error(`${dir} holds a ledger but no state.snapshot; move it away or pass another --data directory`);
      }
      const cluster = new SandboxCluster(newSvm(), ledger, dir, options);
      cluster.startGenesisClock();
      return { cluster, fresh: true };
    }
    const ledger = Ledger.open(join(dir, 'ledger.jsonl'));
    if (snapshot.header.ledgerOffset < ledger.firstOffset) {
      ledger.close();
      throw new Error(`${dir}: state.snapshot holds the ledger up to byte ${snapshot.header.ledgerOffset}, but the ledger starts at ${ledger.firstOffset}`);
    }
    const cluster = new SandboxCluster(LiteSVM.fromBytes(snapshot.state), ledger, dir, options);
    cluster.restore(snapshot.header);
    return { cluster, fresh: false };
  }

  private startGenesisClock(): void {
    this.slotValue = 0n;
    this.blockHeightValue = 0n;
    this.setClock(this.slotValue);
    this.pushBlockhash(this.svm.latestBlockhash());
  }

  private restore(header: SnapshotHeader): void {
    this.slotValue = BigInt(header.slot);
    this.blockHeightValue = BigInt(header.blockHeight);
    this.window.restore({ latest: header.latestBlockhash, blockhashes: header.blockhashes, slotHashes: header.slotHashes });
    // Replay what landed after the snapshot: the ledger is the write-ahead log of the state.
    const pending = this.ledger.entriesFrom(header.ledgerOffset);
    if (pending.length > 0) {
      this.native.setSigverify(false);
      for (const entry of pending) {
        const tx = this.ledger.read(entry);
        this.setClock(entry.slot, entry.blockTime);
        if (entry.err !== null && isFeesOnlyError(entry.err)) {
          // Nothing of it ran: its fee is all it changed.
          this.chargeFeesOnly(decodeWireTransaction(tx.wire).message, tx.meta.fee);
          if (entry.slot > this.slotValue) this.slotValue = entry.slot;
          continue;
        }
        const result = this.native.sendVersionedTransaction(tx.wire);
        const err = 'meta' in result && typeof result.err === 'function' ? this.validatorErrorOf(decodeWireTransaction(tx.wire), result.err()) : null;
        if (JSON.stringify(err) !== JSON.stringify(entry.err)) {
          throw new Error(`replaying ${entry.signature} gave ${JSON.stringify(err)}, the ledger says ${JSON.stringify(entry.err)}`);
        }
        if (entry.slot > this.slotValue) this.slotValue = entry.slot;
      }
      this.native.setSigverify(true);
      this.changed();
    }
    this.setClock(this.slotValue);
    // A restarted cluster opens a new slot: what landed before the stop is then at least confirmed.
    this.advanceSlots(1);
  }

  /** Starts the slot clock and the periodic snapshot. */
  start(): this {
    if (this.slotMs > 0 && this.timer === null) {
      this.timer = setInterval(() => this.advanceSlots(1), this.slotMs);
      this.timer.unref();
    }
    if (this.dataDir !== null && this.snapshotTimer === null) {
      this.snapshotTimer = setInterval(() => {
        if (this.dirty) this.snapshot();
      }, 2000);
      this.snapshotTimer.unref();
    }
    return this;
  }

  get slot(): bigint {
    return this.slotValue;
  }
  get blockHeight(): bigint {
    return this.blockHeightValue;
  }
  /** The chain clock's unix time (the Clock sysvar programs read). */
  get unixTimestamp(): bigint {
    return this.clockUnixTimestamp ?? this.svm.getClock().unixTimestamp;
  }
  get transactionCount(): number {
    return this.ledger.transactionCount;
  }
  /** The slot of the oldest transaction whose record is kept (0 when none was ever pruned). */
  get firstAvailableSlot(): bigint {
    return this.ledger.firstAvailableSlot;
  }

  /**
   * Moves the clock on `count` slots: new blockhashes, commitment progress, notifications. `unixTimestamp`
   * sets the block time of the new slots (a seeded market's history spread over past hours; it must not
   * go backwards); otherwise it is the wall clock's.
   */
  advanceSlots(count: number, unixTimestamp?: bigint): void {
    for (let i = 0; i < count; i++) {
      this.slotValue += 1n;
      this.blockHeightValue += 1n;
      this.setClock(this.slotValue, unixTimestamp);
      this.svm.expireBlockhash();
      this.pushBlockhash(this.svm.latestBlockhash());
      this.emitCommitments();
      for (const listener of this.slotListeners) listener(this.slotValue);
    }
    this.changed();
  }

  private setClock(slot: bigint, unixTimestamp: bigint = BigInt(Math.floor(Date.now() / 1000))): void {
    const slotsPerEpoch = this.svm.getEpochSchedule().slotsPerEpoch;
    const epoch = slot / slotsPerEpoch;
    this.svm.setClock(new Clock(slot, unixTimestamp, epoch, epoch + 1n, unixTimestamp));
    this.clockUnixTimestamp = unixTimestamp;
    this.knownBalances.clear();
  }

  private pushBlockhash(hash: string): void {
    this.window.push(hash, this.slotValue, this.blockHeightValue);
    this.svm.setSlotHashes(this.window.recentSlotHashes().map(({ slot, hash: h }) => ({ slot, hash: h })) as never);
    this.knownBalances.clear();
  }

  private emitCommitments(): void {
    const confirmedSlot = this.slotValue - 1n;
    const finalizedSlot = this.slotValue - FINALIZED_DEPTH;
    const confirmed = this.recentSlots.get(confirmedSlot);
    if (confirmed) for (const l of this.commitmentListeners) l('confirmed', confirmedSlot, confirmed);
    const finalized = this.recentSlots.get(finalizedSlot);
    if (finalized) {
      for (const l of this.commitmentListeners) l('finalized', finalizedSlot, finalized);
      this.recentSlots.delete(finalizedSlot);
    }
  }

  latestBlockhash(): LatestBlockhash {
    return this.window.latestBlockhash(this.blockHeightValue);
  }

  isBlockhashValid(hash: string): boolean {
    return this.window.isValid(hash, this.blockHeightValue);
  }

  /** The highest slot at a commitment: the tip, one behind it, or the finalized root. */
  slotAt(commitment: Commitment = 'finalized'): bigint {
    if (commitment === 'processed') return this.slotValue;
    if (commitment === 'confirmed') return this.slotValue > 0n ? this.slotValue - 1n : 0n;
    return this.slotValue > FINALIZED_DEPTH ? this.slotValue - FINALIZED_DEPTH : 0n;
  }

  getAccount(address: Address): ChainAccount | null {
    // Straight to the native object: the kit wrapper re-encodes addresses, which dominated send().
    return this.chainAccountOf(address, this.native.getAccount(this.addressBytes(address)));
  }

  private chainAccountOf(address: Address, account: NativeAccount | null): ChainAccount | null {
    if (account === null) return null;
    const lamports = account.lamports();
    // LiteSVM answers an emptied account (0 lamports) as existing; a validator does not.
    if (lamports === 0n) return null;
    return {
      address,
      lamports: lamports as Lamports,
      owner: this.addressOf(account.owner()),
      executable: account.executable(),
      rentEpoch: 18446744073709551615n,
      data: account.data(),
    };
  }

  /** Base58 <-> bytes for addresses, cached (core/verify/base58): the same few accounts are read over and over. */
  private addressBytes(address: Address): Uint8Array {
    return addressBytes(address);
  }
  private addressOf(bytes: Uint8Array): Address {
    return addressOfBytes(bytes);
  }

  getProgramAccounts(program: Address): ChainAccount[] {
    return this.svm.getProgramAccounts(program).map((a: EncodedAccount) => ({
      address: a.address,
      lamports: a.lamports,
      owner: a.programAddress,
      executable: a.executable,
      rentEpoch: 18446744073709551615n,
      data: a.data as Uint8Array,
    }));
  }

  minimumBalanceForRentExemption(dataLength: bigint): Lamports {
    return this.svm.minimumBalanceForRentExemption(dataLength) as Lamports;
  }

  epochSchedule(): { slotsPerEpoch: bigint } {
    return { slotsPerEpoch: this.svm.getEpochSchedule().slotsPerEpoch };
  }

  /** Checks a transaction's lifetime the way a validator does: a recent blockhash, or a durable nonce. */
  private lifetimeError(tx: WireTransaction): TransactionError | null {
    if (this.isBlockhashValid(tx.recentBlockhash)) return null;
    const first = tx.message.instructions[0];
    if (first && tx.message.staticAccounts[first.programAddressIndex] === SYSTEM_PROGRAM) {
      const data = first.data;
      const nonceIndex = first.accountIndices?.[0];
      // AdvanceNonceAccount (4) with the nonce account's stored value as the lifetime.
      if (data && data.length >= 4 && data[0] === 4 && data[1] === 0 && nonceIndex !== undefined) {
        const nonceAddress = tx.message.staticAccounts[nonceIndex];
        const nonce = nonceAddress ? this.getAccount(nonceAddress) : null;
        if (nonce && nonce.data.length >= 72 && base58.decode(nonce.data.subarray(40, 72)) === tx.recentBlockhash) return null;
      }
    }
    return 'BlockhashNotFound';
  }

  private accountKeysOf(
    tx: WireTransaction,
  ): { ok: true; keys: Address[]; writable: Address[]; loaded: { writable: Address[]; readonly: Address[] } } | { ok: false; err: TransactionError } {
    const loaded = resolveLookups(tx.message, (table) => {
      const account = this.getAccount(table);
      return account && account.owner === 'AddressLookupTab1e1111111111111111111111111' ? account.data : null;
    });
    if (!loaded) return { ok: false, err: 'AddressLookupTableNotFound' };
    const keys = [...tx.message.staticAccounts, ...loaded.writable, ...loaded.readonly];
    const writable = tx.message.staticAccounts.filter((_, i) => isStaticWritable(tx.message, i));
    writable.push(...loaded.writable);
    return { ok: true, keys, writable, loaded };
  }

  /** `decoded` saves decoding again when the caller already took the transaction apart. */
  simulate(wire: Uint8Array, options: { sigVerify?: boolean; replaceRecentBlockhash?: boolean; accounts?: readonly Address[] } = {}, decoded?: WireTransaction): SimulationResult {
    let tx: WireTransaction;
    try {
      tx = decoded ?? decodeWireTransaction(wire);
    } catch {
      return { err: 'SanitizeFailure', logs: [], unitsConsumed: 0n, returnData: null, innerInstructions: [], accounts: [] };
    }
    if (!options.replaceRecentBlockhash) {
      const lifetime = this.lifetimeError(tx);
      if (lifetime) return { err: lifetime, logs: [], unitsConsumed: 0n, returnData: null, innerInstructions: [], accounts: [] };
    }
    this.native.setSigverify(options.sigVerify ?? false);
    try {
      const result = this.native.simulateVersionedTransaction(wire);
      const failed = typeof result.err === 'function';
      const meta = failed ? (result as { meta(): NativeMeta }).meta() : (result as NativeSimulation).meta();
      // The logs, inner instructions and return data are taken apart only if read (a build's simulation that passes
      // reads none of them: copying its logs out of LiteSVM was a seventh of the simulation).
      let inner: SimulationResult['innerInstructions'] | null = null;
      let returned: SimulationResult['returnData'] | undefined;
      let logs: readonly string[] | null = null;
      return {
        err: failed ? this.validatorErrorOf(tx, (result as { err(): unknown }).err()) : null,
        get logs() {
          return (logs ??= meta.logs());
        },
        unitsConsumed: meta.computeUnitsConsumed(),
        get returnData() {
          if (returned === undefined) returned = returnDataOf(meta);
          return returned;
        },
        get innerInstructions() {
          return (inner ??= innerOf(meta));
        },
        accounts: failed || !options.accounts ? [] : this.postAccountsOf(result as NativeSimulation, options.accounts),
      };
    } finally {
      this.native.setSigverify(true);
    }
  }

  /** The simulation's account states for `addresses`: those it wrote, else as they are now. */
  private postAccountsOf(simulation: NativeSimulation, addresses: readonly Address[]): (ChainAccount | null)[] {
    // Only the accounts asked for are read out of the simulation (their data is copied across), found by
    // their bytes: naming every entry's address in base58 cost a build a third of a simulation. The entries
    // follow the message's accounts, so a fee payer is found first and the rest is never read.
    const wanted = addresses.map((address) => this.addressBytes(address));
    const found = new Array<ChainAccount | null | undefined>(addresses.length).fill(undefined);
    let left = addresses.length;
    const entries = simulation.postAccounts() as { address: Uint8Array; account(): NativeAccount }[];
    for (let e = 0; e < entries.length && left > 0; e++) {
      const entry = entries[e]!;
      const bytes = entry.address;
      for (let i = 0; i < wanted.length; i++) {
        if (found[i] !== undefined || !sameAddressBytes(bytes, wanted[i]!)) continue;
        found[i] = this.chainAccountOf(addresses[i]!, entry.account());
        left--;
      }
    }
    return addresses.map((address, i) => (found[i] !== undefined ? found[i] : this.getAccount(address)));
  }

  /**
   * Executes a transaction in the current slot. One that fails while executing still lands (with its
   * error, fee charged) as on a validator; one refused before executing does not.
   */
  send(wire: Uint8Array, decoded?: WireTransaction): SendOutcome {
    if (this.closed) throw new Error('the sandbox is stopped');
    let tx: WireTransaction;
    try {
      tx = decoded ?? decodeWireTransaction(wire);
    } catch {
      return { landed: false, signature: null, err: 'SanitizeFailure', logs: [] };
    }
    // Our own record of every landed signature answers duplicates for any age (LiteSVM's history is bounded).
    if (this.ledger.find(tx.signature) !== undefined) return { landed: false, signature: tx.signature, err: 'AlreadyProcessed', logs: [] };
    const lifetime = this.lifetimeError(tx);
    if (lifetime) return { landed: false, signature: tx.signature, err: lifetime, logs: [] };
    const accounts = this.accountKeysOf(tx);
    if (!accounts.ok) return { landed: false, signature: tx.signature, err: accounts.err, logs: [] };
    const preAccounts = accounts.keys.map((key) => this.knownBalanceOf(key));
    const result = this.native.sendVersionedTransaction(wire);
    const failed = typeof result.err === 'function';
    const meta: NativeMeta = failed ? (result as { meta(): NativeMeta }).meta() : (result as NativeMeta);
    const err = failed ? this.validatorErrorOf(tx, (result as { err(): unknown }).err()) : null;
    const feesOnly = err !== null && isFeesOnlyError(err);
    if (err !== null && !feesOnly && !landsDespiteError(err)) {
      // Nothing of it was committed; what was read for it is forgotten all the same.
      for (const key of accounts.keys) this.knownBalances.delete(key);
      return { landed: false, signature: tx.signature, err, logs: meta.logs() };
    }
    const fee = transactionFee(tx.message, tx.signers.length);
    // LiteSVM checked the signatures and that the fee payer can pay before it tried to load the programs.
    if (feesOnly) this.chargeFeesOnly(tx.message, fee);
    // A transaction changes only the accounts it names writable (the runtime refuses a change to a
    // read-only one): those are read again, the others are as they were before it.
    const writable = new Set<string>(accounts.writable);
    const postAccounts = accounts.keys.map((key, i) => (writable.has(key) ? this.readBalance(key) : preAccounts[i]!));
    const record: ChainTransaction = {
      signature: tx.signature,
      slot: this.slotValue,
      blockTime: this.unixTimestamp,
      wire,
      meta: {
        err,
        fee,
        preBalances: preAccounts.map((a) => a?.lamports ?? (0n as Lamports)),
        postBalances: postAccounts.map((a) => a?.lamports ?? (0n as Lamports)),
        preTokenBalances: readTokenBalances(preAccounts, this.mintDecimalsOf),
        postTokenBalances: readTokenBalances(postAccounts, this.mintDecimalsOf),
        logMessages: meta.logs(),
        innerInstructions: innerOf(meta),
        computeUnitsConsumed: meta.computeUnitsConsumed(),
        returnData: returnDataOf(meta),
        loadedAddresses: accounts.loaded,
      },
    };
    this.ledger.append(record, accounts.keys);
    this.changed();
    const landed: LandedTransaction = {
      signature: tx.signature,
      slot: this.slotValue,
      err,
      logs: record.meta.logMessages,
      accountKeys: accounts.keys,
      writableKeys: accounts.writable,
    };
    const inSlot = this.recentSlots.get(this.slotValue) ?? [];
    inSlot.push(landed);
    this.recentSlots.set(this.slotValue, inSlot);
    for (const listener of this.transactionListeners) listener(landed);
    return { landed: true, signature: tx.signature, slot: this.slotValue, err };
  }

  /**
   * What a transaction's record needs of an account: its lamports and owner, and its data only when it
   * is a token program's (for the token balances): a program's or a pool's data is not copied out twice
   * per transaction for nothing. Null as getAccount answers it (none, or emptied).
   */
  private balanceOf(address: Uint8Array): BalanceView | null {
    const account = this.native.getAccount(address);
    if (account === null) return null;
    const lamports = account.lamports() as Lamports;
    if (lamports === 0n) return null;
    const owner = this.addressOf(account.owner());
    return { lamports, owner, data: owner === TOKEN_PROGRAM || owner === TOKEN_2022_PROGRAM ? account.data() : NO_DATA };
  }

  /** `balanceOf` now, remembered in `knownBalances`. */
  private readBalance(address: Address): BalanceView | null {
    const view = this.balanceOf(this.addressBytes(address));
    if (this.knownBalances.size >= KNOWN_BALANCES_LIMIT) this.knownBalances.clear();
    this.knownBalances.set(address, view);
    return view;
  }

  /** `balanceOf` as last read, if nothing can have changed it since. */
  private knownBalanceOf(address: Address): BalanceView | null {
    const known = this.knownBalances.get(address);
    return known !== undefined ? known : this.readBalance(address);
  }

  /**
   * Whether `simulate` would answer an error now (its signatures checked only if asked): that and nothing
   * else of the simulation is read out (no logs, units, return data). What a send's preflight asks first;
   * only a failing one is simulated again for the details.
   */
  simulationFails(wire: Uint8Array, decoded: WireTransaction, sigVerify = false): boolean {
    if (this.lifetimeError(decoded)) return true;
    this.native.setSigverify(sigVerify);
    try {
      return typeof this.native.simulateVersionedTransaction(wire).err === 'function';
    } finally {
      this.native.setSigverify(true);
    }
  }

  /** LiteSVM's error in the validator's words: a program load failure is told apart as a validator does. */
  private validatorErrorOf(tx: WireTransaction, raw: unknown): TransactionError {
    const err = toTransactionError(raw);
    if (err !== 'InvalidProgramForExecution') return err;
    return programLoadError(tx.message, (address) => this.getAccount(address)) ?? err;
  }

  /** A fees-only commit: the fee payer pays the fee and nothing else happens. */
  private chargeFeesOnly(message: WireTransaction['message'], fee: Lamports): void {
    const payer = this.svm.getAccount(message.staticAccounts[0]!);
    if (!payer.exists) throw new Error(`the fee payer ${message.staticAccounts[0]} of a fees-only transaction has no account`);
    this.svm.setAccount({ ...payer, lamports: (payer.lamports - fee) as Lamports });
    this.knownBalances.clear();
    this.changed();
  }

  /** `decimalsOf` as a function made once (not per transaction). */
  private readonly mintDecimalsOf = (mint: Address): number => this.decimalsOf(mint);

  private decimalsOf(mint: Address): number {
    let decimals = this.mintDecimals.get(mint);
    if (decimals === undefined) {
      decimals = this.getAccount(mint)?.data[44] ?? 0;
      this.mintDecimals.set(mint, decimals);
    }
    return decimals;
  }

  commitmentOf(slot: bigint): Commitment {
    if (slot <= this.slotAt('finalized') && this.slotValue >= FINALIZED_DEPTH) return 'finalized';
    if (slot < this.slotValue) return 'confirmed';
    return 'processed';
  }

  signatureStatus(signature: Signature): SignatureStatus | null {
    const entry = this.ledger.find(signature);
    if (!entry) return null;
    const confirmationStatus = this.commitmentOf(entry.slot);
    return {
      slot: entry.slot,
      err: entry.err,
      confirmationStatus,
      confirmations: confirmationStatus === 'finalized' ? null : Number(this.slotValue - entry.slot),
    };
  }

  getTransaction(signature: Signature): ChainTransaction | null {
    const entry = this.ledger.find(signature);
    return entry ? this.ledger.read(entry) : null;
  }

  /** Newest first, as `getSignaturesForAddress` answers. */
  signaturesForAddress(address: Address, options: { before?: string; until?: string; limit?: number } = {}): LedgerEntry[] {
    return this.ledger.forAddress(address, options);
  }

  onSlot(listener: (slot: bigint) => void): () => void {
    this.slotListeners.add(listener);
    return () => this.slotListeners.delete(listener);
  }
  onTransaction(listener: (landed: LandedTransaction) => void): () => void {
    this.transactionListeners.add(listener);
    return () => this.transactionListeners.delete(listener);
  }
  /** Fires once a slot with transactions in it becomes confirmed, and again when finalized. */
  onCommitment(listener: (commitment: Commitment, slot: bigint, landed: readonly LandedTransaction[]) => void): () => void {
    this.commitmentListeners.add(listener);
    return () => this.commitmentListeners.delete(listener);
  }

  /** Writes the whole state atomically; the ledger up to here is then inside it. */
  snapshot(): void {
    if (this.dataDir === null || this.closed) return;
    this.ledger.flush();
    const header: SnapshotHeader = {
      version: 1,
      slot: this.slotValue.toString(),
      blockHeight: this.blockHeightValue.toString(),
      ...(({ latest, blockhashes, slotHashes }) => ({ latestBlockhash: latest, blockhashes, slotHashes }))(this.window.toJSON()),
      ledgerOffset: this.ledger.byteLength,
    };
    writeSnapshot(join(this.dataDir, 'state.snapshot'), header, this.svm.toBytes());
    this.dirty = false;
    this.pruneIfDue();
  }

  /**
   * Forgets the oldest records once a quarter more than `keepTransactions` are kept (so a pruning
   * rewrites the ledger about every keep/4 transactions, not at each one). Only right after a snapshot:
   * what is pruned is then inside the state, never to be replayed. A transaction whose blockhash is still
   * valid is never pruned (its duplicate must still be refused).
   */
  private pruneIfDue(): void {
    const keep = this.keepTransactions;
    if (keep === null || this.ledger.keptCount <= keep + Math.floor(keep / 4)) return;
    const stillValid = this.slotValue > this.blockhashLifeBlocks ? this.slotValue - this.blockhashLifeBlocks : 0n;
    this.ledger.prune(keep, stillValid);
  }

  /** Stops the clock and saves (unless `save` is false: a failed genesis leaves nothing that looks done). */
  close(save = true): void {
    if (this.closed) return;
    if (this.timer) clearInterval(this.timer);
    if (this.snapshotTimer) clearInterval(this.snapshotTimer);
    this.timer = this.snapshotTimer = null;
    if (save) this.snapshot();
    this.closed = true;
    this.ledger.close();
    this.slotListeners.clear();
    this.transactionListeners.clear();
    this.commitmentListeners.clear();
  }

  /**
   * Direct state access for genesis and the faucet's bootstrap only (the faucet's own lamports come
   * from LiteSVM's airdrop account, as a test validator's faucet does from its genesis allocation).
   */
  fundFromGenesis(address: Address, lamports: Lamports): void {
    this.svm.setAccount({
      address,
      lamports,
      programAddress: SYSTEM_PROGRAM,
      executable: false,
      data: new Uint8Array(0),
      space: 0n,
    });
    this.knownBalances.clear();
    this.changed();
  }

  /**
   * Loads a program at a fixed address (genesis only), as `solana-test-validator --bpf-program` does;
   * under the upgradeable loader unless another is named (a program the live cluster runs under an older one).
   * Tests deploy the same bytes through the upgradeable loader to prove they pass its stricter checks.
   */
  installProgram(address: Address, elf: Uint8Array, loader?: Address): void {
    if (loader) this.svm.addProgramWithLoader(address, elf, loader);
    else this.svm.addProgram(address, elf);
    this.knownBalances.clear();
    this.changed();
  }

  /**
   * Rewrites an existing account's data in place, as only a cluster's operator could: the sandbox's admin
   * commands use it for what no instruction can do (an SPL multisig's members are fixed once created).
   * Snapshotted at once, since the ledger replays transactions only.
   */
  rewriteAccountData(address: Address, data: Uint8Array): void {
    const account = this.svm.getAccount(address);
    if (!account.exists) throw new Error(`no account ${address} to rewrite`);
    this.svm.setAccount({ ...account, data, space: BigInt(data.length) });
    this.knownBalances.clear();
    this.changed();
    this.snapshot();
  }

  /** Adds the wrapped-SOL mints (genesis only). */
  installNativeMints(): void {
    this.svm.withNativeMints();
    this.knownBalances.clear();
    this.changed();
  }

  /** Something in the state may have changed: a snapshot is due, and the state's version moves on. */
  private changed(): void {
    this.dirty = true;
    this.stateVersionValue += 1;
  }

  /**
   * Moves on whenever an account may have changed (a transaction landed, a slot passed, genesis or an operator
   * wrote): what was read from the state while it stands still may be kept (core/engine/world.ts).
   */
  get stateVersion(): number {
    return this.stateVersionValue;
  }

  static exists(dataDir: string): boolean {
    return existsSync(join(dataDir, 'state.snapshot'));
  }
}

function newSvm(): LiteSVM {
  return new LiteSVM();
}

/** Whether two addresses' 32 bytes are the same. */
function sameAddressBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
