import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { findAssociatedTokenPda, getBurnCheckedInstruction, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token';
import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RpcChain } from '../../core/chain/rpc-chain.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { holdersOnChain } from '../../core/index/chain-holders.js';
import { Ingestor } from '../../core/index/ingest/ingestor.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { buyExactTokens } from '../../core/math/curve.js';
import { findBondingCurve } from '../../core/programs/launchpad/pdas.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin } from '../helpers/vault.js';
import { rulesOf } from './rules.js';

const ZEC = 100_000_000n;
const COIN_DECIMALS = 6;

/**
 * The index over a real JSON-RPC cluster (the sandbox's facade over HTTP and WebSocket) follows the programs'
 * transactions only, as it would on mainnet, so a plain Token-2022 transfer or a burn does not reach it as a
 * transaction. A reconcile round reads the coin's token accounts (getProgramAccounts with a mint filter) and
 * brings its holders, its replay at a slot, its supply and its holder count to the chain's.
 */
describe('index over an RPC cluster: holders reconciled from the mint\'s token accounts', () => {
  let sandbox: Sandbox;
  let facade: RpcFacade;
  let dir: string;
  let store: IndexStore;
  let ingestor: Ingestor;
  let chain: RpcChain;
  let coin: Coin;
  let a: KeyPairSigner;
  let b: KeyPairSigner;
  let c: KeyPairSigner;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    facade = await startRpcFacade(sandbox, { port: 0 });
    dir = tempDir('launchdesk-rpc-holders-');
    coin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' });
    [a, b, c] = await Promise.all([fundedWallet(sandbox, 100n * ZEC), fundedWallet(sandbox, 100n * ZEC), fundedWallet(sandbox, 1n)]);
    for (const wallet of [a, b]) await buy(wallet, 2_000_000_000n);
    store = IndexStore.open(join(dir, 'index.sqlite'));
    chain = new RpcChain(facade.rpcUrl, facade.wsUrl);
    // The timer's rounds are far away: the test runs each round itself.
    ingestor = new Ingestor(chain, store, rulesOf(sandbox), undefined, { reconcileHolders: { everyMs: 3_600_000, perRound: 16 } });
    await ingestor.start();
  });
  afterAll(async () => {
    ingestor?.stop();
    store?.close();
    await chain?.close();
    await facade?.close();
    sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function buy(wallet: KeyPairSigner, amount: bigint): Promise<void> {
    const quote = buyExactTokens(curveOf(sandbox, coin), tokens(amount), SANDBOX_FEE_RATES);
    const result = await send(sandbox, wallet, [await openCoinAccount(wallet, coin), await buyV2Instruction(partiesFor(sandbox, coin, wallet.address), { amount: quote.tokens, maxQuoteCost: quote.totalCost })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    sandbox.cluster.advanceSlots(1);
  }
  const coinsOf = (owner: Address) => tokenBalance(sandbox, owner, coin.mint, TOKEN_2022_PROGRAM);
  const ataOf = async (owner: Address) => (await findAssociatedTokenPda({ owner, mint: coin.mint, tokenProgram: TOKEN_2022_PROGRAM }))[0];
  const indexHolders = async () => new Map((await store.holders(coin.mint, 100)).map((h) => [h.wallet as string, h.balance]));
  async function onChain() {
    return holdersOnChain(new SandboxChain(sandbox.cluster), coin.mint, [await findBondingCurve(sandbox.profile.programs['launchpad']!, coin.mint)]);
  }
  /** The index's live holders, its replay at the chain's slot, its holder count and its supply are the chain's. */
  async function expectChainAgrees(): Promise<void> {
    const chainNow = await onChain();
    expect(await indexHolders()).toEqual(new Map(chainNow.holders.map((h) => [h.wallet as string, h.balance])));
    expect(await store.holdersAt(coin.mint, chainNow.slot)).toEqual(chainNow.holders);
    const supply = [...chainNow.holders, ...chainNow.venues].reduce((s, h) => s + h.balance, 0n);
    expect(await store.risk(coin.mint)).toMatchObject({ holders: BigInt(chainNow.holders.length), supply });
  }

  it('a plain transfer reaches the index only through a reconcile round, which then agrees with the chain', async () => {
    await ingestor.idle();
    const aHeld = await coinsOf(a.address);
    expect((await indexHolders()).get(a.address)).toBe(aHeld);
    const half = aHeld / 2n;
    const moved = await send(sandbox, a, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: a, ata: await ataOf(c.address), owner: c.address, mint: coin.mint, tokenProgram: TOKEN_2022_PROGRAM }),
      getTransferCheckedInstruction({ source: await ataOf(a.address), mint: coin.mint, destination: await ataOf(c.address), authority: a, amount: half, decimals: COIN_DECIMALS }, { programAddress: TOKEN_2022_PROGRAM }),
    ]);
    expect(moved.err, moved.logs.join('\n')).toBeNull();
    sandbox.cluster.advanceSlots(1);
    await ingestor.reconcileHolders([]); // an empty round still brings the index up to date behind it
    // Over RPC the transfer is no transaction of the programs: the index still has A's coins where they were.
    expect((await indexHolders()).get(a.address)).toBe(aHeld);
    expect((await indexHolders()).has(c.address)).toBe(false);

    expect(await ingestor.reconcileHolders()).toBe(1);
    expect((await indexHolders()).get(c.address)).toBe(half);
    await expectChainAgrees();
    // Nothing changed since: a second round moves nothing.
    expect(await ingestor.reconcileHolders([coin.mint])).toBe(0);
  });

  it('a burn lowers the supply; a trade after the reconcile is counted once, on top of it', async () => {
    const bHeld = await coinsOf(b.address);
    const burn = bHeld / 4n;
    const supplyBefore = (await store.risk(coin.mint))!.supply;
    const burned = await send(sandbox, b, [getBurnCheckedInstruction({ account: await ataOf(b.address), mint: coin.mint, authority: b, amount: burn, decimals: COIN_DECIMALS }, { programAddress: TOKEN_2022_PROGRAM })]);
    expect(burned.err, burned.logs.join('\n')).toBeNull();
    sandbox.cluster.advanceSlots(1);
    expect(await ingestor.reconcileHolders([coin.mint])).toBe(1);
    expect((await store.risk(coin.mint))!.supply).toBe(supplyBefore - burn);
    await expectChainAgrees();

    await buy(b, 1_000_000_000n);
    await ingestor.reconcileHolders([]);
    await expectChainAgrees();
  });

  it('refuses a read older than the index\'s last change of the coin\'s holders, changing nothing', async () => {
    const stale = await onChain();
    await buy(a, 500_000_000n);
    await ingestor.reconcileHolders([]);
    const before = await indexHolders();
    expect(store.reconcileHolders(coin.mint, { ...stale, at: 0n })).toBeNull();
    expect(await indexHolders()).toEqual(before);
    await expectChainAgrees();
  });
});
