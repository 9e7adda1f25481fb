import { findAssociatedTokenPda, getBurnCheckedInstruction, getCloseAccountInstruction, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token';
import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proRataShares } from '../../core/math/split.js';
import { findBondingCurve } from '../../core/programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { holdersOnChain } from '../../core/index/chain-holders.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { build, signAndSend } from '../engine/http-signing.js';
import { fundedWallet, send, tokenBalance } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';
import type { Coin } from '../helpers/launchpad.js';

const ZEC = 100_000_000n;
const COIN_DECIMALS = 6;
type Json = Record<string, unknown>;

/**
 * Holders as the chain has them: a plain Token-2022 transfer, a burn and a closed account (none of them a
 * launchpad trade) move the index's holders at once, the holders read adds up to the supply with nothing
 * unplaced, and the next holder-reward run pays whoever holds the coins at its snapshot, to the base unit,
 * and nobody for coins they moved away. Real sandbox, real index, real service runs.
 */
describe('holders follow every balance change of the coin, and holder-reward runs pay who holds it', () => {
  let f: ApiFixture;
  let ticker: NodeJS.Timeout;
  let coin: Coin;
  let a: KeyPairSigner;
  let b: KeyPairSigner;
  let c: KeyPairSigner;
  const failures: string[] = [];

  beforeAll(async () => {
    f = await startApi({ runs: { splitDelayMs: 0, holderRunEveryMs: 200, holderRunMinimumZec: 1n, retryMs: 200, maxRetryMs: 400, onFailure: (job, reason) => failures.push(`${job.kind} ${job.mint}: ${reason}`) } });
    ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
    coin = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' });
    [a, b, c] = await Promise.all([fundedWallet(f.sandbox, 100n * ZEC), fundedWallet(f.sandbox, 100n * ZEC), fundedWallet(f.sandbox, 1n)]);
    await f.indexed();
    for (const [wallet, zec] of [[a, 3n * ZEC], [b, 2n * ZEC]] as const) {
      await signAndSend(f, await build(f, '/v1/trade/build', { wallet: wallet.address, mint: coin.mint, side: 'buy', amount: String(zec) }), [wallet]);
    }
    await f.indexed();
  }, 60_000);
  afterAll(async () => {
    await f?.close();
    clearInterval(ticker);
  });

  const coinsOf = (owner: Address) => tokenBalance(f.sandbox, owner, coin.mint, TOKEN_2022_PROGRAM);
  const ataOf = async (owner: Address) => (await findAssociatedTokenPda({ owner, mint: coin.mint, tokenProgram: TOKEN_2022_PROGRAM }))[0];
  const holdersRead = async () => (await call(f, 'GET', `/v1/coins/${coin.mint}/holders?limit=100`)).body;
  const held = (read: Json) => new Map((read['data'] as Json[]).map((h) => [h['wallet'] as string, BigInt(h['balance'] as string)]));
  /** The read's parts add up to its supply, and its supply is the mint's on chain. */
  async function expectWholeSupply(read: Json): Promise<void> {
    const vaults = (read['vaults'] as Json[]).reduce((s, v) => s + BigInt(v['balance'] as string), 0n);
    const supply = BigInt(read['supply'] as string);
    expect(BigInt((read['held'] as Json)['balance'] as string) + vaults).toBe(supply);
    expect(read['unplaced']).toEqual({ balance: '0', shareOfSupply: '0.000000000' });
    const mint = f.sandbox.cluster.getAccount(coin.mint)!;
    expect(new DataView(mint.data.buffer, mint.data.byteOffset).getBigUint64(36, true)).toBe(supply);
  }
  /** The index's holders (live and replayed at the slot) are the chain's token accounts, summed by owner. */
  async function expectChainAgrees(): Promise<void> {
    await f.indexed();
    const chain = await holdersOnChain(new SandboxChain(f.sandbox.cluster), coin.mint, [await findBondingCurve(f.sandbox.profile.programs['launchpad']!, coin.mint)]);
    expect(held(await holdersRead())).toEqual(new Map(chain.holders.map((h) => [h.wallet, h.balance])));
    expect(await f.store.holdersAt(coin.mint, chain.slot)).toEqual(chain.holders);
  }

  it('a plain transfer of half of A\'s coins to C shows both at once; the next run pays A, B and C pro rata, and A nothing for what it moved', async () => {
    const aBefore = await coinsOf(a.address);
    const spentByA = BigInt(((await call(f, 'GET', `/v1/accounts/${a.address}`)).body['holdings'] as Json[]).find((h) => h['mint'] === coin.mint)!['costBasisZec'] as string);
    const half = aBefore / 2n;
    const moved = await send(f.sandbox, a, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: a, ata: await ataOf(c.address), owner: c.address, mint: coin.mint, tokenProgram: TOKEN_2022_PROGRAM }),
      getTransferCheckedInstruction({ source: await ataOf(a.address), mint: coin.mint, destination: await ataOf(c.address), authority: a, amount: half, decimals: COIN_DECIMALS }, { programAddress: TOKEN_2022_PROGRAM }),
    ]);
    expect(moved.err, moved.logs.join('\n')).toBeNull();
    await f.indexed();
    const read = await holdersRead();
    expect(held(read)).toEqual(new Map([[a.address, aBefore - half], [b.address, await coinsOf(b.address)], [c.address, half]]));
    expect(read['holders']).toBe(3);
    await expectWholeSupply(read);
    await expectChainAgrees();
    // A's cost basis leaves with the coins it moved, pro rata, and nothing is realised (a transfer is not a sale); C's coins carry none.
    const basisOf = async (w: Address) => ((await call(f, 'GET', `/v1/accounts/${w}`)).body['holdings'] as Json[]).find((h) => h['mint'] === coin.mint)!;
    expect(await basisOf(a.address)).toMatchObject({ costBasisZec: String(spentByA - (spentByA * half) / aBefore), realisedPnlZec: '0' });
    expect(await basisOf(c.address)).toMatchObject({ costBasisZec: '0', realisedPnlZec: '0' });

    // A new trade adds fees to pay; the run after the transfer pays whoever holds the coin at its snapshot.
    const fresh = await fundedWallet(f.sandbox, 10n * ZEC);
    await signAndSend(f, await build(f, '/v1/trade/build', { wallet: fresh.address, mint: coin.mint, side: 'buy', amount: String(ZEC) }), [fresh]);
    const deadline = Date.now() + 45_000;
    let run: { run: number; recipients: number; total: bigint; state: string } | undefined;
    while (Date.now() < deadline) {
      await f.indexed();
      run = await f.store.runs.lastRunOf(coin.mint) ?? undefined;
      if (run && run.recipients === 4 && run.state === 'closed' && f.runs!.jobs(coin.mint).find((j) => j.kind === 'holders')?.state === 'idle') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(run, `runs: ${JSON.stringify(f.runs?.jobs())}; failures: ${failures.join('; ')}`).toMatchObject({ recipients: 4, state: 'closed' });
    const order = [a, b, c, fresh].map((w) => w.address);
    const balances = await Promise.all(order.map((w) => coinsOf(w)));
    const sorted = order.map((w, i) => ({ w, balance: balances[i]! })).sort((x, y) => (x.balance === y.balance ? (x.w < y.w ? -1 : 1) : x.balance > y.balance ? -1 : 1));
    const { shares } = proRataShares(run!.total, sorted.map((h) => h.balance));
    const paid = new Map((await f.store.runs.payments(coin.mint, run!.run, 100)).map((p) => [p.holder as string, p.share]));
    expect(paid).toEqual(new Map(sorted.map((h, i) => [h.w as string, shares[i]!])));
    // A is paid for the half it kept, C for the half it received: the same coins, the same share (to the base unit of flooring).
    expect(paid.get(a.address)! - paid.get(c.address)!).toBeLessThanOrEqual(proRataShares(run!.total, [aBefore - half]).shares[0]! - proRataShares(run!.total, [half]).shares[0]! + 1n);
    expect(failures).toEqual([]);
  });

  it('a burn lowers the supply and the burner\'s holding; a closed account leaves the holders', async () => {
    const bHeld = await coinsOf(b.address);
    const burn = bHeld / 4n;
    const burned = await send(f.sandbox, b, [getBurnCheckedInstruction({ account: await ataOf(b.address), mint: coin.mint, authority: b, amount: burn, decimals: COIN_DECIMALS }, { programAddress: TOKEN_2022_PROGRAM })]);
    expect(burned.err, burned.logs.join('\n')).toBeNull();
    await f.indexed();
    const afterBurn = await holdersRead();
    expect(held(afterBurn).get(b.address)).toBe(bHeld - burn);
    await expectWholeSupply(afterBurn);
    await expectChainAgrees();

    // C gives everything back to A and closes its emptied account.
    const cHeld = await coinsOf(c.address);
    const closed = await send(f.sandbox, c, [
      getTransferCheckedInstruction({ source: await ataOf(c.address), mint: coin.mint, destination: await ataOf(a.address), authority: c, amount: cHeld, decimals: COIN_DECIMALS }, { programAddress: TOKEN_2022_PROGRAM }),
      getCloseAccountInstruction({ account: await ataOf(c.address), destination: c.address, owner: c }, { programAddress: TOKEN_2022_PROGRAM }),
    ]);
    expect(closed.err, closed.logs.join('\n')).toBeNull();
    expect(f.sandbox.cluster.getAccount(await ataOf(c.address))).toBeNull();
    await f.indexed();
    const afterClose = await holdersRead();
    expect(held(afterClose).has(c.address)).toBe(false);
    expect(held(afterClose).get(a.address)).toBe(await coinsOf(a.address));
    await expectWholeSupply(afterClose);
    await expectChainAgrees();
  });
});
