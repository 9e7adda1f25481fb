import type { KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { readCoinMarket } from '../../core/engine/market.js';
import { quoteRequest, tradeInstructions, type TradeRequest } from '../../core/engine/trade.js';
import { readWorld } from '../../core/engine/world.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { fundedWallet, send } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';

const ZEC = 100_000_000n;

/**
 * A build's world and its coin's market are kept only while the chain's state stands still (chain.stateMark):
 * builds between two slots read them once, and the first read after anything lands sees it.
 */
describe('reads kept while the state stands still', () => {
  let sandbox: Sandbox;
  let chain: SandboxChain;
  let trader: KeyPairSigner;
  let buyer: KeyPairSigner;
  let mint: TradeRequest['mint'];

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    chain = new SandboxChain(sandbox.cluster);
    mint = (await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' })).mint;
    trader = await fundedWallet(sandbox, 100n * ZEC);
    buyer = await fundedWallet(sandbox, 100n * ZEC);
  });
  afterAll(() => sandbox.close());

  it('answers the same world and market until a transaction lands, then reads the new reserves', async () => {
    const request: TradeRequest = { wallet: trader.address, mint, side: 'buy', amount: 5n * ZEC, slippageBps: null };
    const mark = chain.stateMark();
    const world = await readWorld(chain, sandbox.profile);
    expect(await readWorld(chain, sandbox.profile)).toBe(world);
    const market = await readCoinMarket(chain, world, mint);
    expect(await readCoinMarket(chain, world, mint)).toBe(market);
    const before = await quoteRequest(chain, world, request);
    expect(chain.stateMark()).toBe(mark); // reading and quoting move nothing

    // Another wallet's buy lands: the curve's reserves moved, and so did the mark.
    const theirs = await quoteRequest(chain, world, { ...request, wallet: buyer.address });
    const landed = await send(sandbox, buyer, await tradeInstructions(world, theirs.market, buyer.address, theirs.quote, false));
    expect(landed.err).toBeNull();
    expect(chain.stateMark()).not.toBe(mark);

    const worldAfter = await readWorld(chain, sandbox.profile);
    expect(worldAfter).not.toBe(world); // read again, and the same configs
    expect(worldAfter.global).toEqual(world.global);
    const marketAfter = await readCoinMarket(chain, worldAfter, mint);
    expect(marketAfter).not.toBe(market);
    expect(marketAfter.curveState!.realQuoteReserves).toBeGreaterThan(market.curveState!.realQuoteReserves);
    // The same spend now buys fewer tokens: the quote read the reserves the buy left.
    const after = await quoteRequest(chain, worldAfter, request);
    expect(after.quote.plan.side).toBe('buy');
    const tokens = (q: typeof before) => (q.quote.plan.side === 'buy' && q.quote.plan.venue !== 'route' ? q.quote.plan.minTokensOut : 0n);
    expect(tokens(after)).toBeLessThan(tokens(before));

    // A slot passing moves the mark too (the clock is state): nothing read before it is answered after it.
    const slotMark = chain.stateMark();
    sandbox.cluster.advanceSlots(1);
    expect(chain.stateMark()).not.toBe(slotMark);
    expect(await readWorld(chain, sandbox.profile)).not.toBe(worldAfter);
  });
});
