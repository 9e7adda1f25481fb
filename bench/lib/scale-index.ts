import Database from 'better-sqlite3';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Address } from '@solana/kit';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { IndexStore, type IndexedTransaction, type IndexFact, type PlantedFact, type TradeFact } from '../../core/index/store/index-store.js';
import { SCHEMA_VERSION } from '../../core/index/store/schema.js';
import { priceZecE18 } from '../../core/index/candles.js';
import { buyExactQuoteIn, sellExactTokens, type CurveState } from '../../core/math/curve.js';
import { feeRates } from '../../core/math/curve-fees.js';
import { buyExactQuoteIn as poolBuyExactQuoteIn, poolReserves, sellExactBase, type PoolReserves } from '../../core/math/pool.js';
import { poolFeeRates } from '../../core/math/pool-fees.js';
import { quoteUnits } from '../../core/math/quote-units.js';
import { tokenUnits } from '../../core/math/units.js';
import { AMM_FEES } from '../../core/sandbox/genesis/amm.js';
import { CURVE_SHAPE } from '../../core/sandbox/genesis/launchpad.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { curveTradeFact, fakeAddress, freshZecCurve, randomSignatures } from './index-facts.js';
import { fmtInt, intFromEnv } from './report.js';
import { rng } from './seeded-rng.js';

/**
 * A year of use on one desktop, as an index: `coins` listed ZEC coins and `trades` trades, written once
 * through IndexStore.applyAll (the ingest's write path) into a cached data folder and reused while the
 * scale, the generator and the schema stay the same.
 *
 * The folder (`folderOf`) holds `index.sqlite`, `sandbox/` (a sandbox data dir with an empty market: the
 * native coin's row and pool reserves come from its profile, and a server started later opens the same
 * programs and profile from it without replaying anything) and `built.json`, written last. A folder without
 * it is a build that stopped: with its `building.json` it goes on from its last commit (the stream made again
 * from its seed up to there, nothing written twice: the same rows as a build never stopped); without, it is
 * made again.
 *
 * The stream, in time order over 365 days of index time: the plantings spread evenly, trades spread
 * evenly, each trade one transaction as the ingest reads one (the trade, then the trader's and the
 * venue's token balance changes). Coin 0 is the hot coin: `hot` of the trades, spread evenly over the
 * year, drawn from 50,000 traders. Every other trade picks among the coins planted by then, skewed to new
 * ones (index = newest − ⌊k·u³⌋), from `trades / 20` traders. Amounts are real curve arithmetic
 * (core/math/curve with the sandbox's shape and fees): buys of 0.001-0.5 ZEC, 30% sales of 1-100% of a
 * holder's coins; a buy that would complete a curve is a sale of a holder's whole holding instead. One coin
 * in GRADUATE_EVERY is a graduating coin: its buys are 5-25 ZEC and it never sells until its curve
 * completes (the completing buy carries a `completed` fact), then its migration (a `graduated` fact with
 * the curve's raise and the pool's share of the supply) and pool trades after it (core/math/pool, the
 * sandbox AMM's fees). Signatures are random base58 of a signature's length from a fixed seed (the store
 * keys on the text); addresses are real base58 of 32 bytes.
 */

/** Bumped whenever what the generator writes changes: a cached folder of another version is not reused. */
export const GENERATOR_VERSION = 1;
const SPAN_SECONDS = 365n * 86_400n;
const START_SLOT = 330_000_000n;
const START_AT = 1_750_000_000n;
/**
 * Transactions per applyAll (one commit). The rows are the same at any size; at 100,000 coins a commit of 25,000
 * builds about a third faster than the backfill's 5,000 (measured here: 5,500 against 4,050 transactions/s over
 * 700,000), since a commit writes every page it touched once, and larger ones touch the same pages again.
 */
export const SCALE_BATCH = 25_000;
const ZEC = 100_000_000n;
const DUST = 1_000_000_000n;
const SELL_SHARE = 0.3;
const HOT_TRADERS = 50_000;
export const GRADUATE_EVERY = 200;
/** Sandbox fees: 0.05% protocol, 2% creator (test/helpers/launchpad.ts SANDBOX_FEE_RATES). */
const FEE_RATES = feeRates({ protocolBps: 5n, creatorBps: 200n, buybackBps: 0n });
const POOL_FEES = poolFeeRates({ lpBps: AMM_FEES.lpBps, protocolBps: AMM_FEES.protocolBps, creatorBps: AMM_FEES.coinCreatorBps });

export interface Scale {
  readonly coins: number;
  readonly trades: number;
  /** Trades of the hot coin (coin 0), part of `trades`. */
  readonly hot: number;
}

export interface BuiltIndex {
  readonly scale: Scale;
  readonly generatorVersion: number;
  readonly schemaVersion: number;
  readonly hotMint: Address;
  readonly graduated: number;
  readonly buys: number;
  readonly poolTrades: number;
  readonly newestAt: string;
  readonly buildSeconds: number;
  readonly transactionsPerSecond: number;
  readonly bytes: number;
}

export const mintOf = (c: number) => fakeAddress(`scale bench mint ${c}`);

/** Where a scale's index is kept: BENCH_SCALE_DIR or the OS temp dir, keyed by the scale and both versions. */
export function folderOf(scale: Scale): string {
  const parent = process.env['BENCH_SCALE_DIR'] || tmpdir();
  return join(parent, `launchdesk-index-scale-s${SCHEMA_VERSION}-g${GENERATOR_VERSION}-${scale.coins}c-${scale.trades}t-${scale.hot}h`);
}

/** The cached index of `scale`, built first when there is none (progress and time left on stderr). */
export async function scaleIndex(scale: Scale): Promise<{ dir: string; built: BuiltIndex; reused: boolean }> {
  const dir = folderOf(scale);
  const marker = join(dir, 'built.json');
  if (existsSync(marker)) return { dir, built: JSON.parse(readFileSync(marker, 'utf8')) as BuiltIndex, reused: true };
  // A build that stopped (killed, or the machine's session ended) goes on from its last commit: the stream is made
  // again from its seed, and what the file holds already is counted, not written. `building.json` holds the seconds
  // its earlier runs took; a folder without it is wiped and built from the start.
  const building = join(dir, 'building.json');
  const indexFile = join(dir, 'index.sqlite');
  const resumed = existsSync(building) && existsSync(indexFile);
  if (!resumed) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  const held = resumed ? appliedTransactions(indexFile) : 0;
  const earlier = resumed ? (JSON.parse(readFileSync(building, 'utf8')) as { seconds: number }).seconds : 0;
  if (!resumed) writeFileSync(building, JSON.stringify({ seconds: 0 }));
  else process.stderr.write(`index-scale: going on from the ${fmtInt(held)} transactions the stopped build committed\n`);
  const sandbox = await Sandbox.open({ dataDir: join(dir, 'sandbox'), slotMs: 0 });
  const store = IndexStore.open(indexFile);
  store.cacheFor('backfill'); // as the ingest's backfill writes
  // A 1M-coin file (tens of GB) outgrows 64 MiB many times over: most of the build's time went to reading pages back
  // from the OS. More cache gives the same rows, sooner.
  if (process.env['BENCH_BUILD_CACHE_MIB']) store.setPageCacheKib(intFromEnv('BENCH_BUILD_CACHE_MIB', 64, 65_536) * 1024);
  // A profile of the 1M build at 10M transactions: 45% of its time was the commit (each writes hundreds of MB, then a
  // checkpoint waits on fsync). A stopped build goes on from its last commit, which a killed process keeps without fsync.
  store.skipSyncForBulkBuild();
  try {
    const started = performance.now();
    const sinceStart = () => earlier + (performance.now() - started) / 1000;
    const made = await writeScaleStream(store, sandbox, scale, SCALE_BATCH, { held, committed: () => writeFileSync(building, JSON.stringify({ seconds: sinceStart() })) });
    const seconds = sinceStart();
    const stats = await store.stats();
    if (stats.coins !== BigInt(scale.coins) || stats.trades !== BigInt(scale.trades)) throw new Error(`the index counts ${stats.coins} coins and ${stats.trades} trades, not ${scale.coins} and ${scale.trades}`);
    store.close();
    sandbox.close();
    const bytes = readdirSync(dir).reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
    const built: BuiltIndex = {
      scale, generatorVersion: GENERATOR_VERSION, schemaVersion: SCHEMA_VERSION, hotMint: mintOf(0), ...made,
      buildSeconds: seconds, transactionsPerSecond: (scale.coins + scale.trades) / seconds, bytes,
    };
    writeFileSync(marker, `${JSON.stringify(built, null, 2)}\n`);
    rmSync(building, { force: true });
    return { dir, built, reused: false };
  } catch (error) {
    store.close();
    sandbox.close();
    throw error;
  }
}

/**
 * The scale's stream written into `store` as the ingest writes: the native coin's row and pool from `sandbox`
 * first (as Ingestor.start registers them before any transaction), then every planting and trade through
 * applyAll, `batch` transactions at a time. The same scale gives the same rows in any store.
 */
export async function writeScaleStream(
  store: IndexStore,
  sandbox: Sandbox,
  scale: Scale,
  batch = SCALE_BATCH,
  /** Going on with a stopped build: the stream's first `held` transactions are in the store already; `committed` after each commit. */
  resume: { readonly held: number; readonly committed?: () => void } = { held: 0 },
): Promise<Pick<BuiltIndex, 'graduated' | 'buys' | 'poolTrades' | 'newestAt'>> {
  if (resume.held > 0) return generate(store, scale, batch, resume);
  const chain = new SandboxChain(sandbox.cluster);
  const native = sandbox.profile.pairs?.native;
  if (native === undefined) throw new Error('the sandbox profile has no native pair');
  store.registerNativeCoin({ mint: native.mint, symbol: native.symbol ?? 'NATIVE', name: native.symbol ?? 'NATIVE', pool: native.pool });
  const [baseVault, quoteVault] = await chain.getAccounts([native.poolBaseVault, native.poolQuoteVault]);
  if (!baseVault || !quoteVault) throw new Error("the native pool's vaults are not on the sandbox");
  const amount = (data: Uint8Array) => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(64, true);
  store.seedNativePool(native.pool, amount(baseVault.data), amount(quoteVault.data));
  return generate(store, scale, batch, resume);
}

/** How many of the stream's transactions a stopped build committed (each is one `processed` row). */
function appliedTransactions(indexFile: string): number {
  const db = new Database(indexFile, { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS n FROM processed').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

interface Holder {
  readonly user: Address;
  balance: bigint;
  /** Its place in the coin's list (removed by swapping with the last). */
  at: number;
}

interface CoinState {
  readonly mint: Address;
  readonly curveAccount: Address;
  readonly graduating: boolean;
  curve: CurveState;
  /** Once graduated: the pool and its reserves. */
  pool: { readonly address: Address; reserves: PoolReserves } | null;
  readonly holders: Holder[];
  readonly byUser: Map<Address, Holder>;
}

/** Writes the whole stream through applyAll, `size` transactions at a time, with a progress line. */
function generate(store: IndexStore, scale: Scale, size: number, resume: { readonly held: number; readonly committed?: () => void }): Pick<BuiltIndex, 'graduated' | 'buys' | 'poolTrades' | 'newestAt'> {
  const random = rng(0x5ca1e);
  const signature = randomSignatures(random);
  const wallets = Array.from({ length: Math.max(HOT_TRADERS, Math.round(scale.trades / 20)) }, (_, i) => fakeAddress(`scale bench wallet ${i}`));
  const initial = freshZecCurve();
  // Coins 0 (the hot one) and 1 before the first trade, the rest evenly over the year.
  const plantedAt = (c: number) => START_AT - 1n + (BigInt(Math.max(0, c - 1)) * SPAN_SECONDS) / BigInt(scale.coins);
  const slotOf = (at: bigint) => START_SLOT + ((at - START_AT) * 5n) / 2n;
  const total = scale.coins + scale.trades;
  const progress = new Progress(total, resume.held);
  const coins: CoinState[] = [];
  let batch: IndexedTransaction[] = [];
  let written = 0;
  const flush = () => {
    // What a stopped build committed is made again (the stream's state needs it) but not written: its commits were
    // whole batches of `size`, so the batches line up.
    if (written + batch.length <= resume.held) {
      written += batch.length;
      batch = [];
      return;
    }
    if (written < resume.held) throw new Error(`the stopped build committed ${resume.held} transactions, not a whole number of batches of ${size}`);
    const applied = store.applyAll(batch);
    if (applied !== batch.length) throw new Error(`applyAll applied ${applied} of ${batch.length} transactions`);
    written += applied;
    batch = [];
    resume.committed?.();
    progress.show(written);
  };
  const push = (at: bigint, facts: IndexFact[]) => {
    batch.push({ signature: signature(), slot: slotOf(at), at, facts });
    if (batch.length >= size) flush();
  };
  const plant = (c: number) => {
    const mint = mintOf(c);
    const deployer = wallets[Math.floor(random() * wallets.length)]!;
    const fact: PlantedFact = {
      kind: 'planted', mint, listed: true, unlistedReason: null, pair: 'zec', name: c === 0 ? 'Hot Coin' : `Scale Coin ${c}`, symbol: c === 0 ? 'HOT' : `S${c.toString(36).toUpperCase()}`,
      uri: `https://example.com/scale/${c}.json`, deployer, creator: fakeAddress(`scale bench coin authority ${c}`), payeeKind: 'wallet', payee: deployer,
      virtualToken: initial.virtualTokenReserves, virtualQuote: initial.virtualQuoteReserves, realToken: initial.realTokenReserves, realQuote: initial.realQuoteReserves,
      tokenTotalSupply: CURVE_SHAPE.tokenTotalSupply, curve: fakeAddress(`scale bench curve ${c}`),
    };
    push(plantedAt(c), [fact]);
    coins.push({ mint, curveAccount: fact.curve, graduating: c % GRADUATE_EVERY === GRADUATE_EVERY / 2, curve: initial, pool: null, holders: [], byUser: new Map() });
  };
  const holderOf = (coin: CoinState, user: Address) => {
    let holder = coin.byUser.get(user);
    if (holder === undefined) {
      holder = { user, balance: 0n, at: coin.holders.length };
      coin.byUser.set(user, holder);
      coin.holders.push(holder);
    }
    return holder;
  };
  const take = (coin: CoinState, holder: Holder, amount: bigint) => {
    holder.balance -= amount;
    if (holder.balance !== 0n) return;
    const last = coin.holders.pop()!;
    if (last !== holder) {
      coin.holders[holder.at] = last;
      last.at = holder.at;
    }
    coin.byUser.delete(holder.user);
  };
  // The trade and its balance changes: the trader's and the venue's (the curve's token account, or the pool's).
  const tradeFacts = (coin: CoinState, fact: TradeFact): IndexFact[] => {
    const delta = fact.side === 'buy' ? fact.tokens : -fact.tokens;
    const venue = coin.pool?.address ?? coin.curveAccount;
    return [fact, { kind: 'moved', mint: coin.mint, owner: fact.user, delta }, { kind: 'moved', mint: coin.mint, owner: venue, delta: -delta }];
  };
  const sell = (coin: CoinState, holder: Holder, percent: bigint): TradeFact => {
    const part = (holder.balance * percent) / 100n;
    const amount = holder.balance - part < DUST ? holder.balance : part;
    take(coin, holder, amount);
    if (coin.pool !== null) {
      const sale = sellExactBase(coin.pool.reserves, tokenUnits(amount), POOL_FEES);
      coin.pool.reserves = sale.next;
      return poolTradeFact(coin.mint, 'sell', holder.user, amount, sale.quoteOut, sale.userReceives, sale.creatorFee, sale.protocolFee, sale.next);
    }
    const sale = sellExactTokens(coin.curve, tokenUnits(amount), FEE_RATES);
    coin.curve = sale.next;
    return curveTradeFact(coin.mint, 'sell', holder.user, amount, sale.quoteOut, sale.userReceives, sale.creatorFee, sale.protocolFee, sale.next);
  };

  let buys = 0;
  let graduated = 0;
  let poolTrades = 0;
  let at = START_AT;
  const others = scale.trades - scale.hot;
  for (let i = 0; i < scale.trades; i++) {
    at = START_AT + (BigInt(i) * SPAN_SECONDS) / BigInt(scale.trades);
    while (coins.length < scale.coins && plantedAt(coins.length) <= at) plant(coins.length);
    // The hot coin's trades fall evenly among the others; the rest are skewed toward new coins.
    const hot = Math.floor(((i + 1) * scale.hot) / scale.trades) > Math.floor((i * scale.hot) / scale.trades);
    const k = coins.length;
    const coin = hot || others === 0 ? coins[0]! : coins[Math.max(1, k - 1 - Math.floor((k - 1) * random() ** 3))]!;
    const traders = coin === coins[0] ? HOT_TRADERS : wallets.length;
    let facts: IndexFact[] | null = null;
    if (!coin.graduating || coin.pool !== null) {
      if (random() < SELL_SHARE && coin.holders.length > 0) {
        const holder = coin.holders[Math.floor(random() * coin.holders.length)]!;
        if (holder.balance >= DUST) facts = tradeFacts(coin, sell(coin, holder, BigInt(1 + Math.floor(random() * 100))));
      }
    }
    if (facts === null) {
      const user = wallets[Math.floor(random() * traders)]!;
      const [low, high] = coin.graduating && coin.pool === null ? [5n * ZEC, 25n * ZEC] : [ZEC / 1_000n, ZEC / 2n];
      const spend = low + BigInt(Math.floor(random() * Number(high - low)));
      if (coin.pool !== null) {
        const buy = poolBuyExactQuoteIn(coin.pool.reserves, quoteUnits(spend), POOL_FEES);
        coin.pool.reserves = buy.next;
        holderOf(coin, user).balance += buy.baseOut;
        facts = tradeFacts(coin, poolTradeFact(coin.mint, 'buy', user, buy.baseOut, buy.quoteIn, buy.totalCost, buy.creatorFee, buy.protocolFee, buy.next));
        buys += 1;
        poolTrades += 1;
      } else {
        const buy = buyExactQuoteIn(coin.curve, quoteUnits(spend), FEE_RATES);
        if (buy.completes && !coin.graduating) {
          // Kept on its curve: a holder takes profit instead.
          facts = tradeFacts(coin, sell(coin, coin.holders[Math.floor(random() * coin.holders.length)]!, 100n));
        } else {
          coin.curve = buy.next;
          holderOf(coin, user).balance += buy.tokens;
          const fact = curveTradeFact(coin.mint, 'buy', user, buy.tokens, buy.quoteCost, buy.totalCost, buy.creatorFee, buy.protocolFee, buy.next);
          facts = tradeFacts(coin, fact);
          buys += 1;
          if (buy.completes) {
            push(at, [...facts, { kind: 'completed', mint: coin.mint }]);
            // The migration: the pool gets the curve's raise and the supply kept back from the curve.
            const base = CURVE_SHAPE.tokenTotalSupply - CURVE_SHAPE.initialRealTokenReserves;
            const quote = buy.next.realQuoteReserves;
            coin.pool = { address: fakeAddress(`scale bench pool ${coin.mint}`), reserves: poolReserves({ baseReserves: base, quoteReserves: quote }) };
            graduated += 1;
            facts = [{ kind: 'graduated', mint: coin.mint, pool: coin.pool.address, baseAmount: base, quoteAmount: quote }];
          }
        }
      }
    } else if (coin.pool !== null) poolTrades += 1;
    push(at, facts);
  }
  while (coins.length < scale.coins) plant(coins.length);
  if (batch.length > 0) flush();
  progress.done();
  return { graduated, buys, poolTrades, newestAt: String(at) };
}

/** A pool trade as core/index/ingest/facts.ts makes it from a BuyEvent or SellEvent. */
function poolTradeFact(mint: Address, side: 'buy' | 'sell', user: Address, tokens: bigint, quote: bigint, zec: bigint, creatorFee: bigint, protocolFee: bigint, next: PoolReserves): TradeFact {
  return { kind: 'trade', mint, venue: 'pool', side, user, tokens, quote, zec, creatorFee, protocolFee, priceE18: priceZecE18(quote, tokens), reserves: { poolBase: next.baseReserves, poolQuote: next.quoteReserves } };
}

/** One line on stderr, rewritten every few seconds: done, rate over the last minute, time left at that rate. */
class Progress {
  private readonly started = performance.now();
  private last = 0;
  private readonly window: { at: number; done: number }[] = [];

  constructor(
    private readonly total: number,
    /** Done before this run (a stopped build's commits): not counted in its rate. */
    private readonly from = 0,
  ) {}

  show(done: number): void {
    const now = performance.now();
    if (now - this.last < 2_000) return;
    this.last = now;
    this.window.push({ at: now, done });
    while (this.window.length > 2 && now - this.window[0]!.at > 60_000) this.window.shift();
    const first = this.window[0]!;
    const rate = this.window.length > 1 ? ((done - first.done) * 1000) / (now - first.at) : ((done - this.from) * 1000) / (now - this.started);
    const left = rate > 0 ? (this.total - done) / rate : Infinity;
    process.stderr.write(
      `\rindex-scale: ${fmtInt(done)} of ${fmtInt(this.total)} transactions (${((100 * done) / this.total).toFixed(1)}%), ${fmtInt(rate)}/s, ` +
        `${duration((now - this.started) / 1000)} so far, about ${duration(left)} left   `,
    );
  }

  done(): void {
    process.stderr.write(`\rindex-scale: ${fmtInt(this.total)} transactions in ${duration((performance.now() - this.started) / 1000)}${' '.repeat(40)}\n`);
  }
}

function duration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  return s >= 3600 ? `${Math.floor(s / 3600)} h ${Math.floor((s % 3600) / 60)} min` : s >= 60 ? `${Math.floor(s / 60)} min ${s % 60} s` : `${s} s`;
}
