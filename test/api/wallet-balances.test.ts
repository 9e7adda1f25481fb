import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, signAndSend } from '../engine/http-signing.js';
import { fundedWallet, tokenBalance } from '../helpers/launchpad.js';
import { transferTokens } from '../helpers/token-transfer.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { call, codeOf, messageOf, startApi, type ApiFixture } from './api-fixture.js';
import { V1Client, type WalletBalancesJson } from '../../core/client/index.js';
import { Listener, type Frame } from './stream-listener.js';

const ZEC = 100_000_000n;
type Balances = { wallet: string; sol: string; zec: string; zecAccount: boolean; native: string; nativeSymbol: string; coins: { mint: string; amount: string; accounts: string[]; valueZec: string | null; symbol: string }[] };

/**
 * A wallet's balances as the chain holds them: GET /v1/accounts/{wallet}/balances and the stream's
 * `wallet:<address>` topic, on the real sandbox and index, following trades through the relay, a plain
 * Token-2022 transfer from another wallet, and a sale of everything that closes the account.
 */
describe("a wallet's balances, read and streamed", () => {
  let f: ApiFixture;
  let wallet: KeyPairSigner;
  let other: KeyPairSigner;
  let coin: Address;
  const open: Listener[] = [];

  const balancesFrames = (l: Listener) => l.frames.filter((x): x is Frame & { data: Balances } => x.type === 'balances').map((x) => x.data as unknown as Balances);
  const lastBalances = (l: Listener) => balancesFrames(l).at(-1);
  const rest = async (address: string): Promise<Balances> => {
    f.clock += 61_000;
    const answer = await call(f, 'GET', `/v1/accounts/${address}/balances`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body as unknown as Balances;
  };
  const chainCoins = (owner: Address) => tokenBalance(f.sandbox, owner, coin, TOKEN_2022_PROGRAM);
  const buy = async (signer: KeyPairSigner, zec: bigint) => signAndSend(f, await build(f, '/v1/trade/build', { wallet: signer.address, mint: coin, side: 'buy', amount: String(zec) }), [signer]);

  beforeAll(async () => {
    f = await startApi();
    wallet = await fundedWallet(f.sandbox, 50n * ZEC);
    other = await fundedWallet(f.sandbox, 50n * ZEC);
    coin = f.mint as Address;
    await f.indexed();
  }, 60_000);
  afterAll(async () => {
    for (const l of open) l.socket.terminate();
    await f.close();
  });

  it('answers SOL, ZEC and no coins for a funded wallet; 400 for an address that is not one', async () => {
    const answer = await rest(wallet.address);
    expect(answer).toEqual({ wallet: wallet.address, sol: String(f.sandbox.cluster.getAccount(wallet.address)!.lamports), zec: String(50n * ZEC), zecAccount: true, native: '0', nativeSymbol: expect.any(String), coins: [] });
    const bad = await call(f, 'GET', '/v1/accounts/not-a-wallet/balances');
    expect(bad.status).toBe(400);
    expect(codeOf(bad)).toBe('invalid_param');
    expect(messageOf(bad)).toMatch(/wallet/);
  });

  it('streams the balances at once, then after a buy, a plain transfer in and a sale of all, each equal to the chain', async () => {
    const l = await Listener.open(f);
    open.push(l);
    l.send({ type: 'subscribe', topics: [`wallet:${wallet.address}`] });
    await l.until(() => balancesFrames(l).length === 1);
    expect(lastBalances(l)).toEqual(await rest(wallet.address));

    // A buy through the relay: the coin appears with the chain's amount, and the wallet's trade comes positioned.
    const [bought] = await buy(wallet, 2n * ZEC);
    await f.indexed();
    await l.until(() => (lastBalances(l)?.coins.length ?? 0) === 1 && l.events('trade').length === 1);
    const afterBuy = lastBalances(l)!;
    expect(afterBuy.coins[0]).toMatchObject({ mint: coin, amount: String(await chainCoins(wallet.address)) });
    expect(BigInt(afterBuy.coins[0]!.valueZec!)).toBeGreaterThan(0n);
    expect(BigInt(afterBuy.zec)).toBe(48n * ZEC);
    expect(l.events('trade')[0]!.data).toMatchObject({ signature: bought, user: wallet.address, side: 'buy' });

    // Another wallet's trade of the same coin moves its price: the value is sent again, the amount unchanged.
    const framesBefore = balancesFrames(l).length;
    await buy(other, 5n * ZEC);
    await f.indexed();
    await l.until(() => balancesFrames(l).length > framesBefore);
    expect(lastBalances(l)!.coins[0]!.amount).toBe(afterBuy.coins[0]!.amount);
    expect(BigInt(lastBalances(l)!.coins[0]!.valueZec!)).toBeGreaterThan(BigInt(afterBuy.coins[0]!.valueZec!));
    expect(l.events('trade')).toHaveLength(1); // not the other wallet's trade

    // A plain Token-2022 transfer from the other wallet: no launchpad program, no trade, the balance still moves.
    const sent = (await chainCoins(other.address)) / 3n;
    const before = BigInt(lastBalances(l)!.coins[0]!.amount);
    await transferTokens(f.sandbox, other, wallet.address, coin, sent);
    f.sandbox.cluster.advanceSlots(2);
    await l.until(() => BigInt(lastBalances(l)!.coins[0]!.amount) === before + sent);
    expect(BigInt(lastBalances(l)!.coins[0]!.amount)).toBe(await chainCoins(wallet.address));
    expect(await rest(wallet.address)).toEqual(lastBalances(l));

    // Sell all: the account is closed, the coin leaves the balances, its rent comes back in SOL.
    const solBefore = BigInt(lastBalances(l)!.sol);
    const sale = await build(f, '/v1/trade/build', { wallet: wallet.address, mint: coin, side: 'sell', amount: 'all' });
    await signAndSend(f, sale, [wallet]);
    await f.indexed();
    await l.until(() => lastBalances(l)!.coins.length === 0 && l.events('trade').length === 2);
    expect(await chainCoins(wallet.address)).toBe(0n);
    expect(BigInt(lastBalances(l)!.sol)).toBe(f.sandbox.cluster.getAccount(wallet.address)!.lamports);
    expect(BigInt(lastBalances(l)!.sol)).toBeGreaterThan(solBefore - 100_000n); // the rent back outweighs the fee
    expect(BigInt(lastBalances(l)!.zec)).toBeGreaterThan(48n * ZEC);
  });

  it('a resumed subscription gets the trades it missed and the balances as they are now', async () => {
    const l = await Listener.open(f);
    open.push(l);
    l.send({ type: 'subscribe', topics: [`wallet:${wallet.address}`] });
    await l.until(() => balancesFrames(l).length === 1 && l.frames.some((x) => x.type === 'subscribed'));
    const since = l.lastPosition();
    l.socket.terminate();
    const [missed] = await buy(wallet, ZEC);
    await f.indexed();
    const back = await Listener.open(f);
    open.push(back);
    back.send({ type: 'subscribe', topics: [`wallet:${wallet.address}`], since });
    await back.until(() => back.events('trade').length === 1 && (lastBalances(back)?.coins.length ?? 0) === 1);
    expect(back.events('trade')[0]!.data['signature']).toBe(missed);
    expect(lastBalances(back)).toEqual(await rest(wallet.address));
  });

  it('the client reads them and hands the stream\'s balances frames to its handler', async () => {
    const api = new V1Client({ baseUrl: f.base, fetch: (input, init) => ((f.clock += 61_000), fetch(input, init)) });
    expect(await api.balances(wallet.address)).toEqual(await rest(wallet.address));
    const seen: WalletBalancesJson[] = [];
    const subscription = api.subscribe([`wallet:${wallet.address}`], { events: () => {}, balances: (b) => seen.push(b) });
    try {
      await expect.poll(() => seen.length).toBe(1);
      expect(seen[0]).toEqual(await rest(wallet.address));
    } finally {
      subscription.close();
    }
  });

  it('a subscription replaced with the same wallet among its topics sends its balances again at once', async () => {
    const l = await Listener.open(f);
    open.push(l);
    l.send({ type: 'subscribe', topics: [`wallet:${wallet.address}`] });
    await l.until(() => balancesFrames(l).length === 1);
    l.send({ type: 'subscribe', topics: ['coins', `wallet:${wallet.address}`] });
    await l.until(() => balancesFrames(l).length === 2);
    expect(balancesFrames(l)[1]).toEqual(balancesFrames(l)[0]);
    expect(l.frames.map((x) => x.type)).toEqual(['subscribed', 'balances', 'subscribed', 'balances']);
  });

  it('refuses a wallet topic that is not an address, in plain words', async () => {
    const l = await Listener.open(f);
    open.push(l);
    l.send({ type: 'subscribe', topics: ['wallet:0OIl'] });
    await l.until((fr) => fr.some((x) => x.type === 'error'));
    expect(l.frames.find((x) => x.type === 'error')!.error!.message).toMatch(/"wallet:0OIl" is not a topic \(.*wallet:<address>\)/);
  });
});
