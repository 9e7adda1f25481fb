import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcChain } from '../../core/chain/rpc-chain.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { Ingestor } from '../../core/index/ingest/ingestor.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { buyExactTokens } from '../../core/math/curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { LAUNCH_SLOTS } from '../../core/types/risk-figures.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, sendInSlot, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { tempDir } from '../helpers/sandbox.js';
import { fundedBy as fundedByHelper } from '../helpers/funding.js';
import { plantListedCoin } from '../helpers/vault.js';
import { rulesOf } from './rules.js';

const ZEC = 100_000_000n;

/**
 * Bundles that the creation slot does not show: wallets one source funded, buying together in one slot of the
 * launch. Every wallet here is real, funded by a real SOL transfer in the sandbox, and the index finds each
 * funder from the chain (the wallet's oldest transaction), as it would over an RPC cluster.
 */
describe('risk figures: launch buyers funded by one source and buying in one slot are a bundle', () => {
  let sandbox: Sandbox;
  let dir: string;
  let store: IndexStore;
  let ingestor: Ingestor;
  let coin: Coin;
  let second: Coin;
  let createdSlot: bigint;
  let deployer: KeyPairSigner;
  let bundler: KeyPairSigner;
  let bundlerB: KeyPairSigner;
  const w: Record<string, KeyPairSigner> = {};

  const fundedBy = (source: KeyPairSigner) => fundedByHelper(sandbox, source, 50n * ZEC);
  /** A buy of `amount` raw coin units in the slot the sandbox is in now. */
  async function buy(wallet: KeyPairSigner, amount: bigint): Promise<void> {
    const quote = buyExactTokens(curveOf(sandbox, coin), tokens(amount), SANDBOX_FEE_RATES);
    const result = await sendInSlot(sandbox, wallet, [await openCoinAccount(wallet, coin), await buyV2Instruction(partiesFor(sandbox, coin, wallet.address), { amount: quote.tokens, maxQuoteCost: quote.totalCost })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
  }
  /** Moves the sandbox to `slots` after the creation. */
  function toSlot(slots: bigint): void {
    const now = sandbox.cluster.slot;
    expect(now).toBeLessThanOrEqual(createdSlot + slots);
    if (createdSlot + slots > now) sandbox.cluster.advanceSlots(Number(createdSlot + slots - now));
  }
  async function indexed(): Promise<void> {
    sandbox.cluster.advanceSlots(1);
    await ingestor.idle();
    await ingestor.lookupFunders();
  }
  const coinsOf = (wallet: KeyPairSigner) => tokenBalance(sandbox, wallet.address, coin.mint, TOKEN_2022_PROGRAM);

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    dir = tempDir('launchdesk-funder-bundle-');
    store = IndexStore.open(join(dir, 'index.sqlite'));
    ingestor = new Ingestor(new SandboxChain(sandbox.cluster), store, rulesOf(sandbox));
    await ingestor.start();
    deployer = await fundedWallet(sandbox, 10n * ZEC);
    bundler = await fundedWallet(sandbox);
    bundlerB = await fundedWallet(sandbox);
    for (const name of ['a1', 'a2', 'alone', 'late1', 'late2']) w[name] = await fundedBy(bundler);
    for (const name of ['b1', 'b2']) w[name] = await fundedBy(bundlerB);
    // Two strangers the faucet funded (a common source), buying in one slot: no bundle.
    for (const name of ['s1', 's2']) w[name] = await fundedWallet(sandbox, 50n * ZEC);
    coin = await plantListedCoin(sandbox, deployer, { kind: 'holders' });
    createdSlot = (await store.coin(coin.mint))?.createdSlot ?? sandbox.cluster.slot;
    await indexed();
    createdSlot = (await store.coin(coin.mint))!.createdSlot;
  }, 60_000);
  afterAll(() => {
    ingestor?.stop();
    store?.close();
    sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('finds each launch buyer\'s funder on chain: the sender of its first SOL', async () => {
    toSlot(10n);
    await buy(w['a1']!, 3_000_000_000_000n);
    await buy(w['a2']!, 2_000_000_000_000n);
    toSlot(12n);
    await buy(w['s1']!, 1_000_000_000_000n);
    await buy(w['s2']!, 1_000_000_000_000n);
    toSlot(14n);
    await buy(w['alone']!, 500_000_000_000n);
    await indexed();
    expect(store.fundersWantedCount()).toBe(0);
    for (const name of ['a1', 'a2', 'alone']) expect(store.funderOf(w[name]!.address)?.funder).toBe(bundler.address);
    // The faucet is kept as their funder: it groups no one.
    for (const name of ['s1', 's2']) expect(store.funderOf(w[name]!.address)?.funder).toBe(sandbox.faucet.address);
  });

  it('counts the two wallets one source funded, buying in one slot, as a bundled launch, exactly', async () => {
    const [a1, a2] = await Promise.all([coinsOf(w['a1']!), coinsOf(w['a2']!)]);
    const risk = (await store.risk(coin.mint))!;
    expect(risk.bundled).toBe(2n);
    expect(risk.bundleHeld).toBe(a1! + a2!);
    // Past SNIPER_SLOTS: none of them is a sniper.
    expect(risk.snipers).toBe(0n);
  });

  it('finds a bundle as it lands when its wallets\' funders are known from an earlier launch', async () => {
    // b1 and b2 each buy this coin alone in their slots: their funders are looked up, and no bundle.
    toSlot(20n);
    await buy(w['b1']!, 1_500_000_000_000n);
    toSlot(22n);
    await buy(w['b2']!, 700_000_000_000n);
    await indexed();
    expect(store.funderOf(w['b1']!.address)?.funder).toBe(bundlerB.address);
    expect(store.funderOf(w['b2']!.address)?.funder).toBe(bundlerB.address);
    expect((await store.risk(coin.mint))!.bundled).toBe(2n);
    // The next launch: both buy in one slot. No lookup is wanted; the index tags both as the buys land.
    second = await plantListedCoin(sandbox, deployer, { kind: 'holders' });
    sandbox.cluster.advanceSlots(3);
    for (const [name, amount] of [['b1', 900_000_000_000n], ['b2', 400_000_000_000n]] as const) {
      const quote = buyExactTokens(curveOf(sandbox, second), tokens(amount), SANDBOX_FEE_RATES);
      const result = await sendInSlot(sandbox, w[name]!, [await openCoinAccount(w[name]!, second), await buyV2Instruction(partiesFor(sandbox, second, w[name]!.address), { amount: quote.tokens, maxQuoteCost: quote.totalCost })]);
      expect(result.err, result.logs.join('\n')).toBeNull();
    }
    sandbox.cluster.advanceSlots(1);
    await ingestor.idle();
    expect(store.fundersWantedCount()).toBe(0);
    const held = await Promise.all(['b1', 'b2'].map((name) => tokenBalance(sandbox, w[name]!.address, second.mint, TOKEN_2022_PROGRAM)));
    const risk = (await store.risk(second.mint))!;
    expect(risk.bundled).toBe(2n);
    expect(risk.bundleHeld).toBe(held[0]! + held[1]!);
    // The first coin's figures did not move.
    expect((await store.risk(coin.mint))!.bundled).toBe(2n);
  });

  it('leaves buys after the launch alone: no lookup is wanted for them', async () => {
    toSlot(LAUNCH_SLOTS + 5n);
    await buy(w['late1']!, 100_000_000_000n);
    await buy(w['late2']!, 100_000_000_000n);
    await indexed();
    expect(store.funderOf(w['late1']!.address)).toBeUndefined();
    expect((await store.risk(coin.mint))!.bundled).toBe(2n);
  });

  it('a bundle wallet that sells lowers the bundle\'s holding as it lands', async () => {
    const before = (await store.risk(coin.mint))!;
    const { sellExactTokens } = await import('../../core/math/curve.js');
    const { sellV2Instruction } = await import('../../core/programs/launchpad/instructions/sell-v2.js');
    const held = await coinsOf(w['a1']!);
    const sale = sellExactTokens(curveOf(sandbox, coin), tokens(held! / 2n), SANDBOX_FEE_RATES);
    const sold = await send(sandbox, w['a1']!, [await sellV2Instruction(partiesFor(sandbox, coin, w['a1']!.address), { amount: sale.tokens, minQuoteOutput: sale.userReceives })]);
    expect(sold.err, sold.logs.join('\n')).toBeNull();
    await indexed();
    expect((await store.risk(coin.mint))!.bundleHeld).toBe(before.bundleHeld - sale.tokens);
  });

  it('an index rebuilt from scratch over the JSON-RPC facade has the same figures and funders', async () => {
    const facade: RpcFacade = await startRpcFacade(sandbox, { port: 0 });
    const chain = new RpcChain(facade.rpcUrl, facade.wsUrl);
    const rebuilt = IndexStore.open(join(dir, 'rebuilt.sqlite'));
    const again = new Ingestor(chain, rebuilt, rulesOf(sandbox), undefined, { reconcileHolders: null });
    try {
      await again.start();
      await again.lookupFunders();
      for (const mint of [coin.mint, second.mint]) expect(await rebuilt.risk(mint)).toEqual(await store.risk(mint));
      for (const wallet of Object.values(w)) expect(rebuilt.funderOf(wallet.address)).toEqual(store.funderOf(wallet.address));
    } finally {
      again.stop();
      rebuilt.close();
      await chain.close();
      await facade.close();
    }
  });
});
