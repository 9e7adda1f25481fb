import { findAssociatedTokenPda, getCreateAssociatedTokenIdempotentInstruction, getTransferCheckedInstruction } from '@solana-program/token';
import type { Address, KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyExactTokens, sellExactTokens } from '../../core/math/curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { sellV2Instruction } from '../../core/programs/launchpad/instructions/sell-v2.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { call, startApi, type ApiFixture } from './api-fixture.js';
import { build, signAndSend } from '../engine/http-signing.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, SANDBOX_FEE_RATES, send, sendInSlot, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';

const ZEC = 100_000_000n;
type Json = Record<string, unknown>;

/** balance ÷ supply to nine decimals, truncated: the API's share, computed here by hand. */
const share = (balance: bigint, supply: bigint) => {
  const scaled = (balance * 1_000_000_000n) / supply;
  return `${scaled / 1_000_000_000n}.${String(scaled % 1_000_000_000n).padStart(9, '0')}`;
};
const tenths = (balance: bigint, supply: bigint) => {
  const t = (balance * 1_000n) / supply;
  return `${t / 10n}.${t % 10n}%`;
};

/**
 * A coin's risk figures on hand-built launches in the real sandbox, each figure computed by hand from the
 * chain's balances: a bundled launch (two wallets buying in the creation slot beside the deployer's own
 * first buy), a sniper a slot later, a late buyer with history elsewhere, a deployer that sells, and a
 * bundle wallet that moves its coins away with a plain transfer.
 */
describe('GET /v1/coins/{mint}/risk: the figures traders read first, kept as the index ingests', () => {
  let f: ApiFixture;
  let coin: Coin;
  let deployer: KeyPairSigner;
  let bundle: KeyPairSigner[];
  let sniper: KeyPairSigner;
  let late: KeyPairSigner;
  let away: KeyPairSigner;

  const coinsOf = (owner: Address) => tokenBalance(f.sandbox, owner, coin.mint, TOKEN_2022_PROGRAM);
  /** A buy in the slot the sandbox is in now. */
  async function buy(trader: KeyPairSigner, amount: bigint): Promise<void> {
    const quote = buyExactTokens(curveOf(f.sandbox, coin), tokens(amount), SANDBOX_FEE_RATES);
    const result = await sendInSlot(f.sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(partiesFor(f.sandbox, coin, trader.address), { amount: quote.tokens, maxQuoteCost: quote.totalCost })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
  }
  const risk = async () => {
    const answer = await call(f, 'GET', `/v1/coins/${coin.mint}/risk`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };

  beforeAll(async () => {
    f = await startApi();
    deployer = await fundedWallet(f.sandbox, 100n * ZEC);
    bundle = [await fundedWallet(f.sandbox, 100n * ZEC), await fundedWallet(f.sandbox, 100n * ZEC)];
    sniper = await fundedWallet(f.sandbox, 100n * ZEC);
    late = await fundedWallet(f.sandbox, 100n * ZEC);
    away = await fundedWallet(f.sandbox, 1n);
    // The late buyer traded another listed coin before: it is not a fresh wallet.
    await f.indexed();
    await signAndSend(f, await build(f, '/v1/trade/build', { wallet: late.address, mint: f.mint, side: 'buy', amount: String(ZEC / 10n) }), [late]);
    await f.indexed();
    // The creation slot: the planting with the deployer's own first buy, and two more wallets buying in it.
    coin = await plantListedCoin(f.sandbox, deployer, { kind: 'wallet', wallet: deployer.address }, 30_000_000_000_000n);
    await buy(bundle[0]!, 20_000_000_000_000n);
    await buy(bundle[1]!, 10_000_000_000_000n);
    f.sandbox.cluster.advanceSlots(1);
    await buy(sniper, 5_000_000_000_000n); // one slot after the creation
    f.sandbox.cluster.advanceSlots(5);
    await buy(late, 1_000_000_000_000n); // well after it
    await f.indexed();
  }, 60_000);
  afterAll(() => f?.close());

  it('names the bundle, the sniper, the fresh wallets and the deployer\'s holding, each exact', async () => {
    const [d, b0, b1, s, l] = await Promise.all([deployer, ...bundle, sniper, late].map((w) => coinsOf(w.address)));
    const body = await risk();
    const supply = BigInt(body['supply'] as string);
    const held = (balance: bigint) => ({ balance: String(balance), shareOfSupply: share(balance, supply) });
    expect(body).toEqual({
      mint: coin.mint,
      supply: String(supply),
      holders: 5,
      top10: held(d! + b0! + b1! + s! + l!),
      deployer: { held: held(d!), bought: String(d!), sold: '0', hasSold: false },
      snipers: { count: 3, held: held(b0! + b1! + s!), withinSlots: 4 },
      bundle: { count: 2, bundled: true, held: held(b0! + b1!) },
      fresh: { count: 3, held: held(b0! + b1! + s!) },
      summary: `5 holders, top 10 hold ${tenths(d! + b0! + b1! + s! + l!, supply)}; deployer holds ${tenths(d!, supply)} and has not sold; 3 snipers hold ${tenths(b0! + b1! + s!, supply)}; bundled launch: 2 wallets hold ${tenths(b0! + b1!, supply)}; fresh wallets hold ${tenths(b0! + b1! + s!, supply)}.`,
    });
  });

  it('follows a deployer sale and a bundle wallet moving its coins away, as they land', async () => {
    const bought = await coinsOf(deployer.address);
    const sale = sellExactTokens(curveOf(f.sandbox, coin), tokens(bought / 2n), SANDBOX_FEE_RATES);
    const sold = await send(f.sandbox, deployer, [await sellV2Instruction(partiesFor(f.sandbox, coin, deployer.address), { amount: sale.tokens, minQuoteOutput: sale.userReceives })]);
    expect(sold.err, sold.logs.join('\n')).toBeNull();
    // The first bundle wallet sends everything to a wallet that never bought: the bundle's share drops with it.
    const ata = async (owner: Address) => (await findAssociatedTokenPda({ owner, mint: coin.mint, tokenProgram: TOKEN_2022_PROGRAM }))[0];
    const moved = await coinsOf(bundle[0]!.address);
    const transfer = await send(f.sandbox, bundle[0]!, [
      getCreateAssociatedTokenIdempotentInstruction({ payer: bundle[0]!, ata: await ata(away.address), owner: away.address, mint: coin.mint, tokenProgram: TOKEN_2022_PROGRAM }),
      getTransferCheckedInstruction({ source: await ata(bundle[0]!.address), mint: coin.mint, destination: await ata(away.address), authority: bundle[0]!, amount: moved, decimals: 6 }, { programAddress: TOKEN_2022_PROGRAM }),
    ]);
    expect(transfer.err, transfer.logs.join('\n')).toBeNull();
    await f.indexed();

    const [d, b1, s, l, x] = await Promise.all([deployer, bundle[1]!, sniper, late, away].map((w) => coinsOf(w.address)));
    const body = await risk();
    const supply = BigInt(body['supply'] as string);
    const held = (balance: bigint) => ({ balance: String(balance), shareOfSupply: share(balance, supply) });
    expect(d).toBe(bought - sale.tokens);
    expect(body).toMatchObject({
      holders: 5, // the first bundle wallet left, the wallet it sent to came in
      top10: held(d! + b1! + s! + l! + x!),
      deployer: { held: held(d!), bought: String(bought), sold: String(sale.tokens), hasSold: true },
      snipers: { count: 3, held: held(b1! + s!) },
      bundle: { count: 2, bundled: true, held: held(b1!) },
      fresh: { count: 3, held: held(b1! + s!) },
    });
    expect(body['summary']).toContain(`deployer sold ${tenths(sale.tokens, supply)} of supply, holds ${tenths(d!, supply)}`);
  });

  it('carries the figures in brief on every coin row, and the list filters on them', async () => {
    const full = await risk();
    const detail = (await call(f, 'GET', `/v1/coins/${coin.mint}`)).body;
    expect(detail['risk']).toEqual({
      holders: full['holders'],
      top10Share: (full['top10'] as Json)['shareOfSupply'],
      deployerSold: true,
      deployerShare: ((full['deployer'] as Json)['held'] as Json)['shareOfSupply'],
      sniperShare: ((full['snipers'] as Json)['held'] as Json)['shareOfSupply'],
      bundled: true,
      bundleShare: ((full['bundle'] as Json)['held'] as Json)['shareOfSupply'],
      freshShare: ((full['fresh'] as Json)['held'] as Json)['shareOfSupply'],
    });
    const rows = async (query: string) => {
      const answer = await call(f, 'GET', `/v1/coins?sort=new&limit=100&${query}`);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body['data'] as Json[];
    };
    const mints = async (query: string) => (await rows(query)).map((c) => c['mint']);
    const all = await rows('');
    expect(all).toEqual(expect.arrayContaining([expect.objectContaining({ mint: coin.mint, risk: detail['risk'] })]));
    const supply = BigInt(full['supply'] as string);
    const top10Of = (c: Json) => BigInt(((c['risk'] as Json)['top10Share'] as string).replace('.', '')); // in billionths of the supply
    // Each filter keeps exactly the rows whose figures pass it, in the list's own order.
    const expectFilter = async (query: string, keep: (c: Json) => boolean) => expect(await mints(query)).toEqual(all.filter(keep).map((c) => c['mint']));
    await expectFilter('bundled=true', (c) => (c['risk'] as Json)['bundled'] === true);
    await expectFilter('bundled=false', (c) => (c['risk'] as Json)['bundled'] === false);
    await expectFilter('deployerSold=true', (c) => (c['risk'] as Json)['deployerSold'] === true);
    expect(await mints('bundled=true')).toContain(coin.mint);
    expect(await mints('deployerSold=true')).toContain(coin.mint);
    // Its ten largest hold 5.x% of the supply: above 5, not above 6 (compared exactly, in raw units).
    const top10 = BigInt((full['top10'] as Json)['balance'] as string);
    expect(top10 * 100n > 5n * supply && top10 * 100n <= 6n * supply).toBe(true);
    await expectFilter('top10Above=5', (c) => top10Of(c) > 50_000_000n);
    expect(await mints('top10Above=5')).toContain(coin.mint);
    expect(await mints('top10Above=6')).not.toContain(coin.mint);
    expect(await mints('top10Above=5&bundled=true&deployerSold=true')).toContain(coin.mint);
    const bad = await call(f, 'GET', '/v1/coins?top10Above=101');
    expect([bad.status, (bad.body['error'] as Json)['code'], (bad.body['error'] as Json)['message']]).toEqual([400, 'invalid_param', 'top10Above: is a percent from 0 to 100']);
  });

  it('answers 404 for a coin it does not list, and 400 for what is not an address', async () => {
    const unknown = await call(f, 'GET', `/v1/coins/${away.address}/risk`);
    expect([unknown.status, (unknown.body['error'] as Json)['code']]).toEqual([404, 'not_found']);
    const bad = await call(f, 'GET', '/v1/coins/not-a-mint/risk');
    expect([bad.status, (bad.body['error'] as Json)['code']]).toEqual([400, 'invalid_param']);
  });
});
