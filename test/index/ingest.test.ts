import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { buyExactTokens, sellExactTokens } from '../../core/math/curve.js';
import { CANDLE_INTERVALS, candleBucket, priceZecE18 } from '../../core/index/candles.js';
import { Ingestor, type IngestProgress } from '../../core/index/ingest/ingestor.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { sellV2Instruction } from '../../core/programs/launchpad/instructions/sell-v2.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, plantCoin, SANDBOX_FEE_RATES, send, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin } from '../helpers/vault.js';
import { rulesOf } from './rules.js';

const ZEC = 100_000_000n;


/** Real transactions in the sandbox, followed live into a real SQLite file. */
describe('index: plantings, curve trades, candles and holdings from the sandbox', () => {
  let sandbox: Sandbox;
  let dir: string;
  let store: IndexStore;
  let ingestor: Ingestor;
  let trader: KeyPairSigner;
  let listed: Coin;
  const progress: IngestProgress[] = [];

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    dir = tempDir('launchdesk-index-');
    trader = await fundedWallet(sandbox, 1_000n * ZEC);
    // One coin planted before the index starts: the backfill finds it.
    listed = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'wallet', wallet: (await generateKeyPairSigner()).address }, 1_000_000_000n);
    sandbox.cluster.advanceSlots(1);
    store = IndexStore.open(join(dir, 'index.sqlite'));
    ingestor = new Ingestor(new SandboxChain(sandbox.cluster), store, rulesOf(sandbox), (p) => progress.push(p));
    await ingestor.start();
  });
  afterAll(() => {
    ingestor.stop();
    store.close();
    sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const settle = async () => {
    sandbox.cluster.advanceSlots(1); // confirmed: the next slot
    await ingestor.idle();
  };
  const zecOf = (owner: Address) => tokenBalance(sandbox, owner, sandbox.profile.mints.zec.address, sandbox.profile.mints.zec.tokenProgram);

  it('backfills a conforming planting as listed, with its first buy, and reports progress', async () => {
    const coin = (await store.coin(listed.mint))!;
    expect(coin).toMatchObject({ listed: true, unlistedReason: null, pair: 'zec', name: 'Planted Coin', symbol: 'PLANT', stage: 'curve', trades: 1n });
    const [first] = await store.tradesOf(listed.mint);
    expect(first).toMatchObject({ side: 'buy', venue: 'curve', tokens: 1_000_000_000n, routed: false });
    expect(progress.at(-1)).toEqual({ phase: 'backfill', done: progress.at(-1)!.total, total: progress.at(-1)!.total });
    expect(progress.at(-1)!.total).toBeGreaterThan(0);
  });

  it('records another creator\'s coin as unlisted, with the reason', async () => {
    const other = await plantCoin(sandbox, trader);
    expect(other.err).toBeNull();
    await settle();
    expect(await store.coin(other.coin.mint)).toMatchObject({ listed: false, unlistedReason: 'the creator is not the coin-authority address' });
  });

  it('records buys and sells to the base unit: what the trader paid and received, candles, holdings and PnL', async () => {
    const parties = partiesFor(sandbox, listed, trader.address);
    const zecBefore = await zecOf(trader.address);
    const buy = buyExactTokens(curveOf(sandbox, listed), tokens(5_000_000_000_000n), SANDBOX_FEE_RATES);
    expect((await send(sandbox, trader, [await openCoinAccount(trader, listed), await buyV2Instruction(parties, { amount: buy.tokens, maxQuoteCost: buy.totalCost })])).err).toBeNull();
    const paid = zecBefore - (await zecOf(trader.address));
    const sale = sellExactTokens(curveOf(sandbox, listed), tokens(2_000_000_000_000n), SANDBOX_FEE_RATES);
    const zecMid = await zecOf(trader.address);
    expect((await send(sandbox, trader, [await sellV2Instruction(parties, { amount: sale.tokens, minQuoteOutput: sale.userReceives })])).err).toBeNull();
    const received = (await zecOf(trader.address)) - zecMid;
    await settle();

    const trades = (await store.tradesOf(listed.mint)).filter((t) => t.user === trader.address);
    expect(trades.map((t) => [t.side, t.tokens, t.zec, t.creatorFee])).toEqual([
      ['buy', buy.tokens, paid, buy.creatorFee],
      ['sell', sale.tokens, received, sale.creatorFee],
    ]);
    expect(trades[0]!.priceE18).toBe(priceZecE18(buy.quoteCost, buy.tokens));
    const onChain = curveOf(sandbox, listed);
    expect(await store.coin(listed.mint)).toMatchObject({ virtualToken: onChain.virtualTokenReserves, virtualQuote: onChain.virtualQuoteReserves, realToken: onChain.realTokenReserves, realQuote: onChain.realQuoteReserves, trades: 3n });

    const basisSold = (paid * sale.tokens) / buy.tokens;
    // Unrealised: the balance at the curve's spot price now, less what is left of the cost basis.
    const valueZec = ((buy.tokens - sale.tokens) * onChain.virtualQuoteReserves) / onChain.virtualTokenReserves;
    expect(await store.holding(listed.mint, trader.address)).toEqual({
      mint: listed.mint, wallet: trader.address, balance: buy.tokens - sale.tokens, costBasisZec: paid - basisSold, realisedPnlZec: received - basisSold,
      volumeZec: paid + received, valueZec, unrealisedPnlZec: valueZec - (paid - basisSold),
      // First seen at the buy, not moved by the sale.
      firstSeenSlot: trades[0]!.slot, firstSeenAt: trades[0]!.at,
    });
    expect(await store.holdingsOf(trader.address)).toEqual([await store.holding(listed.mint, trader.address)]);

    const all = await store.tradesOf(listed.mint);
    const at = all.at(-1)!.at;
    for (const seconds of Object.values(CANDLE_INTERVALS)) {
      const inBucket = all.filter((t) => candleBucket(t.at, seconds) === candleBucket(at, seconds));
      const candle = (await store.candles(listed.mint, seconds)).at(-1)!;
      const prices = inBucket.map((t) => t.priceE18);
      expect(candle).toEqual({
        bucket: candleBucket(at, seconds),
        open: prices[0], high: prices.reduce((a, b) => (a > b ? a : b)), low: prices.reduce((a, b) => (a < b ? a : b)), close: prices.at(-1),
        volumeZec: inBucket.reduce((s, t) => s + t.zec, 0n), trades: BigInt(inBucket.length),
      });
    }
  });

  it('a restart resumes from the file: nothing applied twice, and a clean pass builds the same index', async () => {
    const before = await store.checkpoint();
    ingestor.stop();
    store.close();
    store = IndexStore.open(join(dir, 'index.sqlite'));
    ingestor = new Ingestor(new SandboxChain(sandbox.cluster), store, rulesOf(sandbox));
    await ingestor.start();
    expect(await store.checkpoint()).toEqual(before);

    const clean = IndexStore.open(join(dir, 'clean.sqlite'));
    try {
      await new Ingestor(new SandboxChain(sandbox.cluster), clean, rulesOf(sandbox)).backfill();
      expect(await clean.tradesOf(listed.mint)).toEqual(await store.tradesOf(listed.mint));
      expect(await clean.coin(listed.mint)).toEqual(await store.coin(listed.mint));
      expect(await clean.holding(listed.mint, trader.address)).toEqual(await store.holding(listed.mint, trader.address));
    } finally {
      clean.close();
    }
  });

  it('ignores programs it does not index and failed transactions', async () => {
    const n = (await store.checkpoint()).transactions;
    const bad = await send(sandbox, trader, [await buyV2Instruction(partiesFor(sandbox, listed, trader.address), { amount: tokens(1_000n), maxQuoteCost: 0n })]);
    expect(bad.err).not.toBeNull();
    await settle();
    expect((await store.checkpoint()).transactions).toBe(n);
  });
});
