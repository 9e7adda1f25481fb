import type { Address } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import type { ChainAccount } from '../chain/types.js';
import { findPriceRecord, decodePriceRecord } from '../programs/vault/price-record.js';
import { stockListing } from './catalog.js';
import { compareStock, issuerKeyAccounts, type Difference } from './issuer-compare.js';
import { pausedLine } from './issuer-words.js';
import type { Token2022Mint } from '../programs/token-2022/mint.js';
import type { StockReview, StockReviewEntry } from './review.js';

/**
 * The issuer status (spec, "Issuer status record" and "Stock pair openness"): every stock mint and the
 * issuer keys behind its roles read in one pass (one getMultipleAccounts per 100 accounts, in parallel),
 * compared with the review. An answer is kept at most 15 seconds and never served older: past that the
 * next caller reads again (callers at the same moment share one read). A chain that cannot be read makes
 * the answer `readable: false`, and every stock is then treated as paused wherever `open` appears.
 */

export type ClosedReason = 'stocks-off' | 'stock-switch-off' | 'issuer-changed' | 'review';

export interface IssuerStatusRecord {
  readonly key: string;
  readonly symbol: string;
  readonly mint: Address;
  readonly issuer: string;
  readonly status: 'unchanged' | 'changed';
  readonly open: boolean;
  readonly closed: { readonly reason: ClosedReason } | null;
  readonly paused: string | null;
  readonly changes: readonly Difference[];
  readonly notices: readonly Difference[];
  readonly slot: number;
}

/** What a stock pair block needs beyond the record: the mint's own figures from the same read. */
export interface StockReading {
  readonly record: IssuerStatusRecord;
  /** The multiplier in force (null: the mint could not be read), and the next one scheduled. */
  readonly multiplier: string | null;
  readonly next: { readonly multiplier: string; readonly from: bigint } | null;
  readonly controls: { readonly freeze: boolean; readonly permanentDelegate: boolean; readonly pause: boolean; readonly scaledUi: boolean; readonly hook: boolean };
  readonly decimals: number;
  /** The stock's ZEC value now (spec, units rule 1): the vault's rate memory, else its last conversion; none when neither. */
  readonly zec: StockZecValue;
}

export interface StockZecValue {
  readonly available: boolean;
  readonly source: 'reference' | 'realised' | null;
  /** zat per raw unit of the stock, times 1e12 (the vault's PriceRecord scale); null when none. */
  readonly zatPerWholeRawE12: bigint | null;
}

export interface IssuerStatusAnswer {
  readonly readable: boolean;
  /** Milliseconds (this process's clock) when the read began: the answer's age counts from here. */
  readonly readAt: number;
  readonly slot: number | null;
  readonly stocks: readonly StockReading[];
  /** Why the chain could not be read (for the operator's log), when it could not. */
  readonly failure: string | null;
}

export const ISSUER_STATUS_MAX_AGE_MS = 15_000;
const CLOCK_SYSVAR = 'SysvarC1ock11111111111111111111111111111111' as Address;

const NO_ZEC_VALUE: StockZecValue = { available: false, source: null, zatPerWholeRawE12: null };

export interface IssuerStatusOptions {
  /** The vault program, whose PriceRecord ["price", stock mint] values each stock in ZEC; none: no stock has a ZEC value. */
  readonly vault?: Address;
  /** SHA-256 in hex (Node's crypto on the server; the module itself stays browser-safe). */
  readonly sha256: (bytes: Uint8Array) => string;
  readonly maxAgeMs?: number;
  readonly now?: () => number;
}

export class IssuerStatus {
  private cached: IssuerStatusAnswer | null = null;
  private inFlight: Promise<IssuerStatusAnswer> | null = null;
  /** Per stock, the multiplier accepted so far: the reviewed one, then each normal step once in force. */
  private readonly accepted = new Map<string, string>();
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  private readonly sha256: (bytes: Uint8Array) => string;
  private readonly vault: Address | null;
  /** Price record address by stock mint (derived once). */
  private readonly priceRecords = new Map<string, Address>();

  constructor(
    private readonly chain: Chain,
    private readonly review: () => StockReview | undefined,
    options: IssuerStatusOptions,
  ) {
    this.sha256 = options.sha256;
    this.vault = options.vault ?? null;
    this.maxAgeMs = options.maxAgeMs ?? ISSUER_STATUS_MAX_AGE_MS;
    this.now = options.now ?? Date.now;
  }

  /** Stock pairs exist on this cluster and are on service-wide (otherwise the issuer status answers 404). */
  get on(): boolean {
    return this.review()?.pairs === 'on';
  }

  get listed(): readonly StockReviewEntry[] {
    return this.review()?.stocks ?? [];
  }

  /** The answer, at most `maxAgeMs` old. */
  async read(): Promise<IssuerStatusAnswer> {
    const cached = this.cached;
    if (cached && this.now() - cached.readAt < this.maxAgeMs) return cached;
    if (!this.inFlight) {
      this.inFlight = this.readChain().finally(() => {
        this.inFlight = null;
      });
    }
    return this.inFlight;
  }

  /** The kept answer while it is younger than the cache's limit (what a synchronous presenter may use), else null. */
  fresh(): IssuerStatusAnswer | null {
    const cached = this.cached;
    return cached && this.now() - cached.readAt < this.maxAgeMs ? cached : null;
  }

  /** Forgets the kept answer (the service's switches changed: the next read must show them). */
  invalidate(): void {
    this.cached = null;
  }

  /** One stock's reading from the current answer; null for a key the review does not list. */
  async stock(key: string): Promise<StockReading | null> {
    return (await this.read()).stocks.find((s) => s.record.key === key) ?? null;
  }

  private async readChain(): Promise<IssuerStatusAnswer> {
    const readAt = this.now();
    const review = this.review();
    if (!review) return (this.cached = { readable: true, readAt, slot: null, stocks: [], failure: null });
    const addresses = new Set<string>([CLOCK_SYSVAR]);
    for (const entry of review.stocks) addresses.add(entry.mint);
    for (const [address, key] of Object.entries(review.keys)) for (const a of issuerKeyAccounts(address, key)) addresses.add(a);
    if (this.vault) {
      for (const entry of review.stocks) {
        let record = this.priceRecords.get(entry.mint);
        if (!record) this.priceRecords.set(entry.mint, (record = await findPriceRecord(this.vault, entry.mint)));
        addresses.add(record);
      }
    }
    const list = [...addresses] as Address[];
    let read: { slot: bigint; accounts: (ChainAccount | null)[] };
    try {
      read = await this.chain.getAccountsAt(list, 'confirmed');
    } catch (error) {
      return (this.cached = { readable: false, readAt, slot: null, stocks: review.stocks.map((entry) => unreadableReading(review, entry)), failure: (error as Error).message });
    }
    const accounts = new Map(list.map((address, i) => [address as string, read.accounts[i] ?? null]));
    const clock = accounts.get(CLOCK_SYSVAR);
    const chainTime = clock && clock.data.length >= 40 ? new DataView(clock.data.buffer, clock.data.byteOffset, clock.data.byteLength).getBigInt64(32, true) : BigInt(Math.floor(this.now() / 1000));
    const slot = Number(read.slot);
    const keyResults = new Map<string, readonly Difference[]>();
    const stocks = review.stocks.map((entry) => {
      const accepted = this.accepted.get(entry.key) ?? entry.multiplier;
      const comparison = compareStock(entry, review.keys, accounts, chainTime, this.sha256, accepted, keyResults);
      const multiplierMoved = comparison.changes.some((c) => c.what === 'scaled UI multiplier');
      if (comparison.multiplier !== null && !multiplierMoved && comparison.multiplier !== accepted) this.accepted.set(entry.key, comparison.multiplier);
      const status = comparison.changes.length > 0 ? 'changed' : 'unchanged';
      const reason: ClosedReason | null = review.pairs === 'off' ? 'stocks-off' : status === 'changed' ? 'issuer-changed' : entry.hold;
      const listing = stockListing(entry.key);
      const symbol = listing?.symbol ?? entry.key;
      const mint = comparison.mint;
      return {
        record: {
          ...identityOf(entry, symbol),
          status,
          open: reason === null,
          closed: reason === null ? null : { reason },
          paused: status === 'changed' ? pausedLine(symbol, comparison.changes) : null,
          changes: comparison.changes,
          notices: comparison.notices,
          slot,
        },
        multiplier: comparison.multiplier,
        next: comparison.next,
        controls: controlsOf(entry, mint),
        decimals: entry.decimals,
        zec: zecValueOf(accounts.get(this.priceRecords.get(entry.mint) ?? '') ?? null),
      } satisfies StockReading;
    });
    return (this.cached = { readable: true, readAt, slot, stocks, failure: null });
  }
}

/** The spec's `controls`: from the mint as read, or from the review while it cannot be read. */
function controlsOf(entry: StockReviewEntry, mint: Token2022Mint | null): StockReading['controls'] {
  if (!mint) {
    return {
      freeze: entry.roles['freeze authority'] != null,
      permanentDelegate: entry.roles['permanent delegate'] != null,
      pause: 'pause authority' in entry.roles,
      scaledUi: 'scaled UI multiplier authority' in entry.roles,
      hook: 'transfer hook authority' in entry.roles,
    };
  }
  return {
    freeze: mint.freezeAuthority !== null,
    permanentDelegate: (mint.permanentDelegate ?? null) !== null,
    pause: mint.pausable !== undefined,
    scaledUi: mint.scaledUiAmount !== undefined,
    hook: mint.transferHook !== undefined,
  };
}

/** Rule 1 of the units rules: the vault's rate memory (`reference`), else its last conversion (`realised`). */
function zecValueOf(account: ChainAccount | null): StockZecValue {
  if (!account) return NO_ZEC_VALUE;
  let record: ReturnType<typeof decodePriceRecord>;
  try {
    record = decodePriceRecord(account.data);
  } catch {
    return NO_ZEC_VALUE;
  }
  if (record.reference > 0n) return { available: true, source: 'reference', zatPerWholeRawE12: record.reference };
  if (record.realised > 0n) return { available: true, source: 'realised', zatPerWholeRawE12: record.realised };
  return NO_ZEC_VALUE;
}

/** A record's stock identity: key, symbol, mint and issuer. */
function identityOf(entry: StockReviewEntry, symbol: string): Pick<IssuerStatusRecord, 'key' | 'symbol' | 'mint' | 'issuer'> {
  return { key: entry.key, symbol, mint: entry.mint, issuer: entry.issuer };
}

/** A stock while the chain cannot be read: paused, as the spec asks, with the review's controls. */
function unreadableReading(review: StockReview, entry: StockReviewEntry): StockReading {
  const symbol = stockListing(entry.key)?.symbol ?? entry.key;
  return {
    record: {
      ...identityOf(entry, symbol),
      status: 'unchanged',
      open: false,
      closed: { reason: review.pairs === 'off' ? 'stocks-off' : 'issuer-changed' },
      paused: `${symbol} is paused: its issuer's controls cannot be read right now. New buys and new pairs wait until they read again; selling works.`,
      changes: [],
      notices: [],
      slot: 0,
    },
    multiplier: null,
    next: null,
    controls: controlsOf(entry, null),
    decimals: entry.decimals,
    zec: NO_ZEC_VALUE,
  };
}
