import {
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  getBase58Encoder,
  isSolanaError,
  type Address,
  type Base64EncodedWireTransaction,
  type Lamports,
  type Signature,
} from '@solana/kit';
import { DeskError } from '../errors.js';
import type { Chain } from './chain.js';
import { clusterLabel, clusterUnreachable } from './cluster-unreachable.js';
import {
  COMMITMENT_RANK,
  type AccountFilter,
  type ChainAccount,
  type ChainTransaction,
  type Commitment,
  type InnerInstructions,
  type LatestBlockhash,
  type LogNotice,
  type SignatureInfo,
  type SignatureStatus,
  type SimulateOptions,
  type SimulationResult,
  type SubscriptionEvents,
  type TokenBalance,
  type TransactionError,
  type Unsubscribe,
} from './types.js';

/**
 * The `Chain` of any Solana JSON-RPC endpoint (a validator, a provider, or the sandbox's own facade),
 * built on `@solana/kit`. Loose shapes from the wire are narrowed here, once.
 */

const base58 = getBase58Encoder();
const MAX_ACCOUNTS_PER_CALL = 100;
const POLL_MS = 400;

type Json = Record<string, unknown>;

function bytesOfData(data: unknown): Uint8Array {
  const [text, encoding] = data as [string, string];
  if (encoding !== 'base64') throw new DeskError('chain_error', `expected base64 account data, got ${encoding}`);
  return new Uint8Array(Buffer.from(text, 'base64'));
}

function accountOf(address: Address, value: Json | null): ChainAccount | null {
  if (!value) return null;
  return {
    address,
    lamports: BigInt(value['lamports'] as bigint) as Lamports,
    owner: value['owner'] as Address,
    executable: value['executable'] as boolean,
    rentEpoch: BigInt(value['rentEpoch'] as bigint),
    data: bytesOfData(value['data']),
  };
}

/** kit reads every JSON number as a bigint; a transaction error's indexes and codes are small numbers. */
function errorOf(value: unknown): TransactionError | null {
  if (value === null || value === undefined) return null;
  const plain = (v: unknown): unknown => {
    if (typeof v === 'bigint') return Number(v);
    if (Array.isArray(v)) return v.map(plain);
    if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
    return v;
  };
  return plain(value) as TransactionError;
}

/**
 * A failed call as the project's error: a cluster that could not be reached says so naming its URL (the
 * API answers it as `503 unavailable`); anything else keeps the call's name and the cluster's words.
 */
function toChainError(error: unknown, what: string, url: string): DeskError {
  if (error instanceof DeskError) return error;
  const unreachable = clusterUnreachable(error, url);
  if (unreachable !== null) return new DeskError('unavailable', unreachable, { call: what, url: clusterLabel(url) }, { cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new DeskError('unavailable', `${what}: ${message}`, undefined, { cause: error });
}

/**
 * The longest one JSON-RPC call waits (a mint's token accounts over a public endpoint take seconds, not tens
 * of them); without it, Node's own limit is five minutes of a desk that looks frozen.
 */
export const RPC_CALL_TIMEOUT_MS = 30_000;

export class RpcChain implements Chain {
  readonly kind = 'rpc' as const;
  private readonly rpc: ReturnType<typeof createSolanaRpc>;
  private readonly subscriptions: ReturnType<typeof createSolanaRpcSubscriptions> | null;
  private readonly aborts = new Set<AbortController>();

  constructor(
    readonly rpcUrl: string,
    readonly wsUrl: string | null = null,
    /** How long one call may wait for its answer: a cluster that takes the connection and never answers is away. */
    private readonly callTimeoutMs: number = RPC_CALL_TIMEOUT_MS,
  ) {
    this.rpc = createSolanaRpc(rpcUrl);
    this.subscriptions = wsUrl ? createSolanaRpcSubscriptions(wsUrl) : null;
  }

  /** A remote cluster's state moves without telling: nothing read from it is kept on the strength of a mark. */
  stateMark(): null {
    return null;
  }

  private async call<T>(what: string, request: { send(options?: { abortSignal?: AbortSignal }): Promise<T> }): Promise<T> {
    const abortSignal = AbortSignal.timeout(this.callTimeoutMs);
    try {
      return await request.send({ abortSignal });
    } catch (error) {
      if (abortSignal.aborted) throw this.timedOut(what, error);
      throw toChainError(error, what, this.rpcUrl);
    }
  }

  private timedOut(what: string, cause: unknown): DeskError {
    const where = clusterLabel(this.rpcUrl);
    return new DeskError('unavailable', `the cluster at ${where} did not answer ${what} within ${this.callTimeoutMs / 1000} s`, { call: what, url: where }, { cause });
  }

  async getAccount(address: Address, commitment: Commitment = 'confirmed'): Promise<ChainAccount | null> {
    const { value } = await this.call('getAccountInfo', this.rpc.getAccountInfo(address, { encoding: 'base64', commitment }));
    return accountOf(address, value as unknown as Json | null);
  }

  async getAccounts(addresses: readonly Address[], commitment: Commitment = 'confirmed'): Promise<(ChainAccount | null)[]> {
    const out: (ChainAccount | null)[] = [];
    for (let i = 0; i < addresses.length; i += MAX_ACCOUNTS_PER_CALL) {
      const chunk = addresses.slice(i, i + MAX_ACCOUNTS_PER_CALL);
      const { value } = await this.call('getMultipleAccounts', this.rpc.getMultipleAccounts(chunk, { encoding: 'base64', commitment }));
      value.forEach((v, j) => out.push(accountOf(chunk[j]!, v as unknown as Json | null)));
    }
    return out;
  }

  async getAccountsAt(addresses: readonly Address[], commitment: Commitment = 'confirmed'): Promise<{ slot: bigint; accounts: (ChainAccount | null)[] }> {
    const chunks: Address[][] = [];
    for (let i = 0; i < addresses.length; i += MAX_ACCOUNTS_PER_CALL) chunks.push(addresses.slice(i, i + MAX_ACCOUNTS_PER_CALL));
    const answers = await Promise.all(chunks.map((chunk) => this.call('getMultipleAccounts', this.rpc.getMultipleAccounts(chunk, { encoding: 'base64', commitment }))));
    const accounts: (ChainAccount | null)[] = [];
    let slot: bigint | null = null;
    answers.forEach(({ context, value }, c) => {
      if (slot === null || context.slot < slot) slot = context.slot;
      value.forEach((v, j) => accounts.push(accountOf(chunks[c]![j]!, v as unknown as Json | null)));
    });
    return { slot: slot ?? (await this.getSlot(commitment)), accounts };
  }

  async getProgramAccounts(program: Address, filters: readonly AccountFilter[] = []): Promise<ChainAccount[]> {
    const rpcFilters = filters.map((f) =>
      'dataSize' in f
        ? { dataSize: f.dataSize }
        : { memcmp: { offset: f.memcmp.offset, bytes: Buffer.from(f.memcmp.bytes).toString('base64'), encoding: 'base64' } },
    );
    const list = (await this.call(
      'getProgramAccounts',
      this.rpc.getProgramAccounts(program, { encoding: 'base64', commitment: 'confirmed', filters: rpcFilters as never }),
    )) as unknown as { pubkey: Address; account: Json }[];
    return list.map(({ pubkey, account }) => accountOf(pubkey, account)!);
  }

  async getBalance(address: Address, commitment: Commitment = 'confirmed'): Promise<Lamports> {
    return (await this.call('getBalance', this.rpc.getBalance(address, { commitment }))).value;
  }

  async getLatestBlockhash(commitment: Commitment = 'confirmed'): Promise<LatestBlockhash> {
    return (await this.call('getLatestBlockhash', this.rpc.getLatestBlockhash({ commitment }))).value;
  }

  async getBlockHeight(commitment: Commitment = 'confirmed'): Promise<bigint> {
    return this.call('getBlockHeight', this.rpc.getBlockHeight({ commitment }));
  }

  async isBlockhashValid(blockhash: string, commitment: Commitment = 'confirmed'): Promise<boolean> {
    return (await this.call('isBlockhashValid', this.rpc.isBlockhashValid(blockhash as Parameters<typeof this.rpc.isBlockhashValid>[0], { commitment }))).value;
  }

  async getSlot(commitment: Commitment = 'confirmed'): Promise<bigint> {
    return this.call('getSlot', this.rpc.getSlot({ commitment }));
  }

  async simulate(wire: Uint8Array, options: SimulateOptions = {}): Promise<SimulationResult> {
    const encoded = Buffer.from(wire).toString('base64') as Base64EncodedWireTransaction;
    const { value } = await this.call(
      'simulateTransaction',
      this.rpc.simulateTransaction(encoded, {
        encoding: 'base64',
        sigVerify: options.sigVerify ?? false,
        commitment: 'confirmed',
        innerInstructions: true,
        ...(options.accounts ? { accounts: { addresses: [...options.accounts], encoding: 'base64' as const } } : {}),
      }),
    );
    const v = value as unknown as Json;
    const ret = v['returnData'] as { programId: Address; data: [string, string] } | null;
    return {
      err: errorOf(v['err']),
      logs: (v['logs'] as string[] | null) ?? [],
      unitsConsumed: BigInt((v['unitsConsumed'] as bigint | undefined) ?? 0n),
      returnData: ret ? { programId: ret.programId, data: new Uint8Array(Buffer.from(ret.data[0], 'base64')) } : null,
      innerInstructions: innerOf(v['innerInstructions'], 'base64'),
      accounts: ((v['accounts'] as (Json | null)[] | null) ?? []).map((account, i) =>
        account === null ? null : accountOf(options.accounts![i]!, account),
      ),
    };
  }

  async send(wire: Uint8Array, options: { skipPreflight?: boolean } = {}): Promise<Signature> {
    const encoded = Buffer.from(wire).toString('base64') as Base64EncodedWireTransaction;
    const abortSignal = AbortSignal.timeout(this.callTimeoutMs);
    try {
      return await this.rpc
        .sendTransaction(encoded, { encoding: 'base64', skipPreflight: options.skipPreflight ?? false, preflightCommitment: 'confirmed' })
        .send({ abortSignal });
    } catch (error) {
      // Whether it reached the cluster is unknown: the caller's confirm (by signature) tells.
      if (abortSignal.aborted) throw this.timedOut('sendTransaction', error);
      if (isSolanaError(error) && clusterUnreachable(error, this.rpcUrl) === null) {
        const cause = (error as { cause?: unknown }).cause;
        const context = (error as { context?: Json }).context ?? {};
        const causeText = cause instanceof Error ? cause.message : '';
        const expired = /blockhash not found/i.test(`${causeText} ${error.message}`) || JSON.stringify(cause ?? {}).includes('BlockhashNotFound');
        // kit keeps the words of the failure in the cause and the program's logs in the context; a
        // person needs both, so the last failing log line goes into the message.
        const logs = (context['logs'] as string[] | undefined) ?? [];
        const failure = [...logs].reverse().find((line) => / failed: /.test(line));
        const detail = [causeText, failure].filter(Boolean).join('; ');
        throw new DeskError(
          expired ? 'blockhash_expired' : 'refused',
          `transaction ${expired ? 'expired' : 'refused'}: ${error.message}${detail ? ` (${detail})` : ''}`,
          { logs },
          { cause: error },
        );
      }
      throw toChainError(error, 'sendTransaction', this.rpcUrl);
    }
  }

  async confirm(
    signature: Signature,
    options: { lastValidBlockHeight: bigint; commitment?: Commitment; timeoutMs?: number },
  ): Promise<SignatureStatus> {
    const wanted = COMMITMENT_RANK[options.commitment ?? 'confirmed'];
    const deadline = options.timeoutMs === undefined ? Infinity : Date.now() + options.timeoutMs;
    for (;;) {
      const status = await this.getSignatureStatus(signature);
      if (status && COMMITMENT_RANK[status.confirmationStatus] >= wanted) return status;
      if (!status && (await this.getBlockHeight('confirmed')) > options.lastValidBlockHeight) {
        throw new DeskError('blockhash_expired', `transaction ${signature} did not land before block height ${options.lastValidBlockHeight}; its blockhash has expired`);
      }
      if (Date.now() > deadline) throw new DeskError('unavailable', `transaction ${signature} not confirmed within ${options.timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async getSignatureStatus(signature: Signature): Promise<SignatureStatus | null> {
    const { value } = await this.call('getSignatureStatuses', this.rpc.getSignatureStatuses([signature], { searchTransactionHistory: true }));
    const status = value[0];
    if (!status) return null;
    return {
      slot: status.slot,
      err: errorOf(status.err),
      confirmationStatus: status.confirmationStatus ?? 'processed',
      confirmations: status.confirmations === null ? null : Number(status.confirmations),
    };
  }

  async getTransaction(signature: Signature, commitment: Commitment = 'confirmed'): Promise<ChainTransaction | null> {
    if (commitment === 'processed') commitment = 'confirmed';
    const result = (await this.call(
      'getTransaction',
      this.rpc.getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0, commitment }),
    )) as unknown as Json | null;
    if (!result) return null;
    const meta = result['meta'] as Json;
    const [wireText] = result['transaction'] as [string, string];
    const token = (list: unknown): TokenBalance[] =>
      ((list as Json[] | null) ?? []).map((b) => {
        const ui = b['uiTokenAmount'] as Json;
        return {
          accountIndex: Number(b['accountIndex']),
          mint: b['mint'] as Address,
          owner: b['owner'] as Address,
          programId: b['programId'] as Address,
          amount: BigInt(ui['amount'] as string),
          decimals: Number(ui['decimals']),
        };
      });
    const ret = meta['returnData'] as { programId: Address; data: [string, string] } | null | undefined;
    const loaded = (meta['loadedAddresses'] as { writable: Address[]; readonly: Address[] } | undefined) ?? { writable: [], readonly: [] };
    return {
      signature,
      slot: BigInt(result['slot'] as bigint),
      blockTime: result['blockTime'] === null ? null : BigInt(result['blockTime'] as bigint),
      wire: new Uint8Array(Buffer.from(wireText, 'base64')),
      meta: {
        err: errorOf(meta['err']),
        fee: BigInt(meta['fee'] as bigint) as Lamports,
        preBalances: (meta['preBalances'] as bigint[]).map((v) => BigInt(v) as Lamports),
        postBalances: (meta['postBalances'] as bigint[]).map((v) => BigInt(v) as Lamports),
        preTokenBalances: token(meta['preTokenBalances']),
        postTokenBalances: token(meta['postTokenBalances']),
        logMessages: (meta['logMessages'] as string[] | null) ?? [],
        innerInstructions: innerOf(meta['innerInstructions'], 'base58'),
        computeUnitsConsumed: BigInt((meta['computeUnitsConsumed'] as bigint | undefined) ?? 0n),
        returnData: ret ? { programId: ret.programId, data: new Uint8Array(Buffer.from(ret.data[0], 'base64')) } : null,
        loadedAddresses: loaded,
      },
    };
  }

  async getSignaturesForAddress(address: Address, options: { before?: Signature; until?: Signature; limit?: number } = {}): Promise<SignatureInfo[]> {
    const list = await this.call('getSignaturesForAddress', this.rpc.getSignaturesForAddress(address, { ...options, commitment: 'confirmed' }));
    return list.map((s) => ({
      signature: s.signature,
      slot: s.slot,
      err: errorOf(s.err),
      blockTime: s.blockTime === null ? null : BigInt(s.blockTime),
      confirmationStatus: s.confirmationStatus ?? 'confirmed',
    }));
  }

  private subscribe<T>(start: (signal: AbortSignal) => Promise<AsyncIterable<T>>, each: (item: T) => void, events: SubscriptionEvents = {}): Unsubscribe {
    if (!this.subscriptions) throw new DeskError('unavailable', 'this chain was configured without a WebSocket URL; subscriptions need one');
    const abort = new AbortController();
    this.aborts.add(abort);
    void (async () => {
      let reason: Error = new DeskError('unavailable', 'the subscription ended');
      try {
        const notices = await start(abort.signal);
        events.onReady?.();
        for await (const item of notices) each(item);
      } catch (error) {
        reason = toChainError(error, 'subscription', this.wsUrl ?? this.rpcUrl);
      }
      // Ended by unsubscribe (nothing to say) or by the socket: the caller fills the gap.
      this.aborts.delete(abort);
      if (!abort.signal.aborted) events.onClosed?.(reason);
    })();
    return () => {
      abort.abort();
      this.aborts.delete(abort);
    };
  }

  onLogs(filter: 'all' | { mentions: Address }, listener: (notice: LogNotice) => void, commitment: Commitment = 'confirmed', events?: SubscriptionEvents): Unsubscribe {
    const subs = this.subscriptions!;
    const rpcFilter = filter === 'all' ? 'all' : { mentions: [filter.mentions] as [Address] };
    return this.subscribe(
      (signal) => subs.logsNotifications(rpcFilter as never, { commitment }).subscribe({ abortSignal: signal }),
      (n: { context: { slot: bigint }; value: { signature: Signature; err: unknown; logs: readonly string[] | null } }) =>
        listener({ signature: n.value.signature, slot: n.context.slot, err: errorOf(n.value.err), logs: n.value.logs ?? [] }),
      events,
    );
  }

  onAccount(address: Address, listener: (account: ChainAccount | null, slot: bigint) => void, commitment: Commitment = 'confirmed'): Unsubscribe {
    const subs = this.subscriptions!;
    return this.subscribe(
      (signal) => subs.accountNotifications(address, { commitment, encoding: 'base64' }).subscribe({ abortSignal: signal }),
      (n: { context: { slot: bigint }; value: unknown }) => listener(accountOf(address, n.value as Json | null), n.context.slot),
    );
  }

  onSlot(listener: (slot: bigint) => void): Unsubscribe {
    const subs = this.subscriptions!;
    return this.subscribe(
      (signal) => subs.slotNotifications().subscribe({ abortSignal: signal }),
      (n: { slot: bigint }) => listener(n.slot),
    );
  }

  async close(): Promise<void> {
    for (const abort of this.aborts) abort.abort();
    this.aborts.clear();
  }
}

function innerOf(value: unknown, dataEncoding: 'base58' | 'base64'): InnerInstructions[] {
  return ((value as { index: number; instructions: Json[] }[] | null | undefined) ?? []).map((group) => ({
    index: group.index,
    instructions: group.instructions.map((ix) => ({
      programIdIndex: Number(ix['programIdIndex']),
      accounts: ix['accounts'] as number[],
      data: dataEncoding === 'base58' ? new Uint8Array(base58.encode(ix['data'] as string)) : new Uint8Array(Buffer.from(ix['data'] as string, 'base64')),
      stackHeight: (ix['stackHeight'] as number | null | undefined) ?? null,
    })),
  }));
}

