import { isAddress, type Address } from '@solana/kit';
import { isSignatureText } from '../../programs/signature-text.js';
import type { Commitment } from '../../chain/types.js';
import { COMMITMENT_RANK } from '../../chain/types.js';
import type { LandedTransaction, SandboxCluster } from '../cluster.js';
import { asAccountEncoding, encodeAccount, type AccountEncoding } from './encoding.js';
import { matchesFilters } from '../../chain/account-filter.js';
import { API_VERSION, filtersOf } from './methods.js';
import { invalidParams, RpcError, METHOD_NOT_FOUND } from './rpc-error.js';

/**
 * The PubSub side of the facade: account, program, signature, logs and slot subscriptions, notified at
 * the commitment each asked for, with the validator's notification shapes.
 */

type Send = (method: string, result: unknown, subscription: number) => void;

interface Subscription {
  readonly id: number;
  readonly kind: 'account' | 'program' | 'signature' | 'logs' | 'slot';
  readonly commitment: Commitment;
  /** Called for each transaction reaching the subscription's commitment. */
  onLanded?(landed: LandedTransaction, slot: bigint): void;
  /** Called once per slot reaching the commitment, after the transactions. */
  onSlotDone?(slot: bigint): void;
  /** Called for every transaction as it is received, whatever the commitment. */
  onReceived?(landed: LandedTransaction): void;
}

const NOTIFY_GRACE_MS = 50;

const UNSUBSCRIBE: Readonly<Record<string, Subscription['kind']>> = {
  accountUnsubscribe: 'account',
  programUnsubscribe: 'program',
  signatureUnsubscribe: 'signature',
  logsUnsubscribe: 'logs',
  slotUnsubscribe: 'slot',
};

function commitmentOf(config: Record<string, unknown>): Commitment {
  const value = config['commitment'] ?? 'finalized';
  if (value === 'processed' || value === 'confirmed' || value === 'finalized') return value;
  throw invalidParams(`Invalid param: unknown commitment ${JSON.stringify(value)}`);
}

function configOf(value: unknown): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('Invalid params: config must be an object');
  return value as Record<string, unknown>;
}

export class SubscriptionHub {
  private nextId = 1;
  private readonly subscriptions = new Map<number, Subscription & { connection: Send }>();
  private readonly stops: (() => void)[] = [];

  constructor(private readonly cluster: SandboxCluster) {
    this.stops.push(
      cluster.onTransaction((landed) => {
        for (const sub of [...this.subscriptions.values()]) sub.onReceived?.(landed);
        this.dispatch('processed', landed.slot, [landed]);
      }),
      cluster.onCommitment((commitment, slot, landed) => this.dispatch(commitment, slot, landed)),
      cluster.onSlot((slot) => {
        for (const sub of this.subscriptions.values()) {
          if (sub.kind === 'slot') sub.connection('slotNotification', { parent: slot - 1n, root: cluster.slotAt('finalized'), slot }, sub.id);
        }
      }),
    );
  }

  private dispatch(commitment: Commitment, slot: bigint, landed: readonly LandedTransaction[]): void {
    for (const sub of [...this.subscriptions.values()]) {
      if (sub.commitment !== commitment) continue;
      for (const tx of landed) sub.onLanded?.(tx, slot);
      sub.onSlotDone?.(slot);
    }
  }

  /** Handles one request on a connection; returns the JSON-RPC result. */
  handle(method: string, params: readonly unknown[], connection: Send, owned: Set<number>): unknown {
    const unsubscribeKind = UNSUBSCRIBE[method];
    if (unsubscribeKind) {
      const id = params[0];
      const sub = typeof id === 'number' ? this.subscriptions.get(id) : undefined;
      if (!sub || sub.kind !== unsubscribeKind || !owned.has(sub.id)) throw invalidParams('Invalid subscription id.');
      this.subscriptions.delete(sub.id);
      owned.delete(sub.id);
      return true;
    }
    // No notification goes out in the first moments after the subscription id: a client that reads
    // both frames at once (kit on Node does) would drop the notification before it starts listening.
    const createdAt = Date.now();
    const paced: Send = (m, result, subscription) => {
      const wait = createdAt + NOTIFY_GRACE_MS - Date.now();
      if (wait <= 0) connection(m, result, subscription);
      else setTimeout(() => connection(m, result, subscription), wait);
    };
    const sub = this.create(method, params, paced);
    this.subscriptions.set(sub.id, { ...sub, connection: paced });
    owned.add(sub.id);
    return sub.id;
  }

  /** Drops every subscription of a closed connection. */
  release(owned: Set<number>): void {
    for (const id of owned) this.subscriptions.delete(id);
    owned.clear();
  }

  private create(method: string, params: readonly unknown[], send: Send): Subscription {
    const id = this.nextId++;
    const cluster = this.cluster;
    const decimalsOf = (mint: Address): number => cluster.getAccount(mint)?.data[44] ?? 0;
    const context = (slot: bigint) => ({ slot, apiVersion: API_VERSION });
    switch (method) {
      case 'slotSubscribe':
        return { id, kind: 'slot', commitment: 'processed' };
      case 'accountSubscribe': {
        const address = params[0];
        if (typeof address !== 'string' || !isAddress(address)) throw invalidParams('Invalid param: not a valid address');
        const config = configOf(params[1]);
        const encoding = asAccountEncoding(config['encoding'] ?? 'binary');
        let touched = false;
        return {
          id,
          kind: 'account',
          commitment: commitmentOf(config),
          onLanded: (tx) => {
            if (tx.writableKeys.includes(address)) touched = true;
          },
          onSlotDone: (slot) => {
            if (!touched) return;
            touched = false;
            const account = cluster.getAccount(address);
            const value = account
              ? encodeAccount(account, encoding, undefined, decimalsOf)
              : { data: encoding === 'binary' ? '' : ['', encoding === 'jsonParsed' ? 'base64' : encoding], executable: false, lamports: 0n, owner: '11111111111111111111111111111111', rentEpoch: 0n, space: 0 };
            send('accountNotification', { context: context(slot), value }, id);
          },
        };
      }
      case 'programSubscribe': {
        const program = params[0];
        if (typeof program !== 'string' || !isAddress(program)) throw invalidParams('Invalid param: not a valid program id');
        const config = configOf(params[1]);
        const encoding: AccountEncoding = asAccountEncoding(config['encoding'] ?? 'binary');
        const filters = filtersOf(config['filters']);
        const touched = new Set<Address>();
        return {
          id,
          kind: 'program',
          commitment: commitmentOf(config),
          onLanded: (tx) => tx.writableKeys.forEach((key) => touched.add(key)),
          onSlotDone: (slot) => {
            for (const key of touched) {
              const account = cluster.getAccount(key);
              if (!account || account.owner !== program || !matchesFilters(account, filters)) continue;
              send('programNotification', { context: context(slot), value: { pubkey: key, account: encodeAccount(account, encoding, undefined, decimalsOf) } }, id);
            }
            touched.clear();
          },
        };
      }
      case 'signatureSubscribe': {
        const signature = params[0];
        if (!isSignatureText(signature)) throw invalidParams('Invalid param: not a valid signature');
        const config = configOf(params[1]);
        const commitment = commitmentOf(config);
        const wantsReceived = config['enableReceivedNotification'] === true;
        const sub: Subscription = {
          id,
          kind: 'signature',
          commitment,
          onReceived: wantsReceived
            ? (tx) => {
                if (tx.signature === signature) send('signatureNotification', { context: context(tx.slot), value: 'receivedSignature' }, id);
              }
            : undefined,
          onLanded: (tx, slot) => {
            if (tx.signature !== signature) return;
            send('signatureNotification', { context: context(slot), value: { err: tx.err } }, id);
            this.subscriptions.delete(id);
          },
        };
        // Already there at the asked commitment: say so at once (paced after the subscription id).
        const status = cluster.signatureStatus(signature);
        if (status && COMMITMENT_RANK[status.confirmationStatus] >= COMMITMENT_RANK[commitment]) {
          setImmediate(() => {
            if (!this.subscriptions.delete(id)) return;
            send('signatureNotification', { context: context(cluster.slotAt(commitment)), value: { err: status.err } }, id);
          });
        }
        return sub;
      }
      case 'logsSubscribe': {
        const filter = params[0];
        let mentions: Address | null = null;
        if (filter !== 'all' && filter !== 'allWithVotes') {
          const list = (filter as { mentions?: unknown } | null)?.mentions;
          if (!Array.isArray(list) || list.length !== 1 || typeof list[0] !== 'string' || !isAddress(list[0])) {
            throw invalidParams('Invalid Request: Only 1 address supported');
          }
          mentions = list[0];
        }
        const config = configOf(params[1]);
        return {
          id,
          kind: 'logs',
          commitment: commitmentOf(config),
          onLanded: (tx, slot) => {
            if (mentions !== null && !tx.accountKeys.includes(mentions)) return;
            send('logsNotification', { context: context(slot), value: { signature: tx.signature, err: tx.err, logs: tx.logs } }, id);
          },
        };
      }
      default:
        throw new RpcError(METHOD_NOT_FOUND, 'Method not found');
    }
  }

  close(): void {
    for (const stop of this.stops) stop();
    this.subscriptions.clear();
  }
}
