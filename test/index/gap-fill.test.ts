import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyPairSigner, Signature } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcChain } from '../../core/chain/rpc-chain.js';
import { Ingestor, type IngestProgress } from '../../core/index/ingest/ingestor.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { buyExactTokens } from '../../core/math/curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, tokens, type Coin } from '../helpers/launchpad.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin } from '../helpers/vault.js';
import { rulesOf } from './rules.js';

const ZEC = 100_000_000n;

/** Polls until `done` holds (the index follows on its own timers). */
async function until(done: () => boolean | Promise<boolean>, what: string, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * The indexer on a real JSON-RPC cluster (the sandbox's facade over HTTP and WebSocket): the facade is
 * shut down (every socket drops), trades land while it is away, it comes back on the same port, and the
 * indexer resubscribes and fills the gap with nothing lost.
 */
describe('index: gap fill after a disconnect', () => {
  let sandbox: Sandbox;
  let facade: RpcFacade;
  let dir: string;
  let store: IndexStore;
  let ingestor: Ingestor;
  let chain: RpcChain;
  let trader: KeyPairSigner;
  let coin: Coin;
  const progress: IngestProgress[] = [];

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    facade = await startRpcFacade(sandbox, { port: 0 });
    dir = tempDir('launchdesk-index-gap-');
    trader = await fundedWallet(sandbox, 100n * ZEC);
    coin = await plantListedCoin(sandbox, trader, { kind: 'holders' });
    sandbox.cluster.advanceSlots(1);
    store = IndexStore.open(join(dir, 'index.sqlite'));
    chain = new RpcChain(facade.rpcUrl, facade.wsUrl);
    ingestor = new Ingestor(chain, store, rulesOf(sandbox), (p) => progress.push(p), { retryMs: 100 });
    await ingestor.start();
  });
  afterAll(async () => {
    ingestor.stop();
    store.close();
    await chain.close();
    await facade.close();
    sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function buy(): Promise<Signature> {
    const b = buyExactTokens(curveOf(sandbox, coin), tokens(1_000_000_000n), SANDBOX_FEE_RATES);
    const result = await send(sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: b.tokens, maxQuoteCost: b.totalCost })]);
    expect(result.err).toBeNull();
    sandbox.cluster.advanceSlots(1);
    return result.signature;
  }
  const indexed = async (signature: Signature) => (await store.tradesOf(coin.mint)).some((t) => t.signature === signature);

  it('follows live, then after the cluster drops and returns fills the gap and follows again', async () => {
    expect(await store.coin(coin.mint)).toMatchObject({ listed: true });
    const first = await buy();
    await until(async () => await indexed(first), 'the live trade');

    const port = Number(new URL(facade.rpcUrl).port);
    await facade.close();
    const whileAway = [await buy(), await buy(), await buy()];
    await until(() => progress.some((p) => p.phase === 'reconnecting'), 'the drop to be noticed');
    for (const signature of whileAway) expect(await indexed(signature)).toBe(false);

    facade = await startRpcFacade(sandbox, { port });
    await until(async () => (await Promise.all(whileAway.map(indexed))).every(Boolean), 'the gap to be filled');
    const after = await buy();
    await until(async () => await indexed(after), 'the next live trade');
    expect((await store.tradesOf(coin.mint)).map((t) => t.signature)).toEqual([first, ...whileAway, after]);
    await ingestor.idle();
  }, 60_000);
});
