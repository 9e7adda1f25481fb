import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Api } from '../../core/api/api-context.js';
import { createApiServer, listenLocal } from '../../core/api/server.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { Ingestor } from '../../core/index/ingest/ingestor.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { buyExactTokens, sellExactTokens } from '../../core/math/curve.js';
import { multiHopSwapInstruction, type RouteHop } from '../../core/programs/amm/instructions/multi-hop-swap.js';
import { findPool, findPumpPoolAuthority } from '../../core/programs/amm/pdas.js';
import { decodeGlobal } from '../../core/programs/launchpad/global.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { migrateV2Instruction } from '../../core/programs/launchpad/instructions/migrate-v2.js';
import { sellV2Instruction } from '../../core/programs/launchpad/instructions/sell-v2.js';
import { findBondingCurve, findGlobal } from '../../core/programs/launchpad/pdas.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { buyOutCurve, curveOf, fundedWallet, openCoinAccount, partiesFor, plantCoin, programsOf, SANDBOX_FEE_RATES, send, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin, vaultConfigOf, vaultOf } from '../helpers/vault.js';
import { rulesOf } from '../index/rules.js';

const ZEC = 100_000_000n;
const DECIMAL = /^(0|[1-9][0-9]*)$/;
type Json = Record<string, unknown>;

/**
 * Every read endpoint over real HTTP on 127.0.0.1, answered from a real index of real sandbox activity:
 * listed ZEC coins traded on the curve, one bought out and migrated, a native-paired coin traded through
 * the route, an unlisted coin, a fee split. Each field the spec names is checked against the chain or
 * the index it comes from.
 */
describe('/v1 reads', () => {
  let sandbox: Sandbox;
  let dir: string;
  let store: IndexStore;
  let ingestor: Ingestor;
  let app: Api;
  let base: string;
  let trader: KeyPairSigner;
  let zecCoin: Coin;
  let graduated: Coin;
  let nativeCoin: Coin;
  let hidden: Coin;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    dir = tempDir('launchdesk-api-');
    trader = await fundedWallet(sandbox, 3_000n * ZEC);
    const { mints, accounts, programs } = sandbox.profile;
    zecCoin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'wallet', wallet: trader.address }, 1_000_000_000_000n);
    const parties = partiesFor(sandbox, zecCoin, trader.address);
    const buy = buyExactTokens(curveOf(sandbox, zecCoin), tokens(20_000_000_000_000n), SANDBOX_FEE_RATES);
    await send(sandbox, trader, [await openCoinAccount(trader, zecCoin), await buyV2Instruction(parties, { amount: buy.tokens, maxQuoteCost: buy.totalCost })]);
    const sale = sellExactTokens(curveOf(sandbox, zecCoin), tokens(5_000_000_000_000n), SANDBOX_FEE_RATES);
    await send(sandbox, trader, [await sellV2Instruction(parties, { amount: sale.tokens, minQuoteOutput: sale.userReceives })]);
    await send(sandbox, trader, [await splitFeesInstruction({ vault: vaultOf(sandbox), zecMint: mints.zec.address, mint: zecCoin.mint, launchpad: programs['launchpad']!, amm: programs['amm']!, sender: trader.address, config: vaultConfigOf(sandbox) })]);

    graduated = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' });
    await buyOutCurve(sandbox, trader, graduated);
    await send(sandbox, trader, [
      await migrateV2Instruction({ launchpad: programs['launchpad']!, amm: programs['amm']!, mint: graduated.mint, quoteMint: mints.zec.address, quoteTokenProgram: mints.zec.tokenProgram, user: trader.address, withdrawAuthority: accounts['launchpadAuthority']! }),
    ]);

    nativeCoin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' }, null, 'native');
    const ata = async (owner: Address, mint: Address) => (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_2022_PROGRAM }))[0];
    const hop1: RouteHop = { baseMint: mints.native.address, quoteMint: mints.zec.address, venue: accounts['nativePool']!, venueBase: accounts['nativePoolBaseVault']!, venueQuote: accounts['nativePoolQuoteVault']! };
    const hop2: RouteHop = { baseMint: nativeCoin.mint, quoteMint: mints.native.address, venue: nativeCoin.curve, venueBase: await ata(nativeCoin.curve, nativeCoin.mint), venueQuote: await ata(nativeCoin.curve, mints.native.address) };
    const buybackFeeAccount = (await findAssociatedTokenPda({ owner: accounts['buybackFeeRecipient']!, mint: mints.zec.address, tokenProgram: mints.zec.tokenProgram }))[0];
    const routed = await send(sandbox, trader, [
      await openCoinAccount(trader, nativeCoin),
      await multiHopSwapInstruction({ programs: { ...programsOf(sandbox), amm: programs['amm']! }, user: trader.address, hop1, hop2, buybackFeeAccount, side: 'buy', amountIn: 3n * ZEC, minAmountOut: 1n }),
    ]);
    expect(routed.err).toBeNull();

    hidden = (await plantCoin(sandbox, trader)).coin; // another creator: unlisted
    sandbox.cluster.advanceSlots(1);

    store = IndexStore.open(join(dir, 'index.sqlite'));
    ingestor = new Ingestor(new SandboxChain(sandbox.cluster), store, rulesOf(sandbox));
    await ingestor.start();
    app = await createApiServer({ store, chain: new SandboxChain(sandbox.cluster), profile: sandbox.profile });
    base = (await listenLocal(app, 0)).url;
  }, 60_000);
  afterAll(async () => {
    await app.close();
    ingestor.stop();
    store.close();
    sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: Json; headers: Headers }> {
    const response = await fetch(`${base}${path}`, { headers });
    return { status: response.status, body: (await response.json()) as Json, headers: response.headers };
  }
  const ok = async (path: string) => {
    const answer = await get(path);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  };
  const list = async (path: string) => (await ok(path)) as { data: Json[]; next: string | null };

  it('GET /v1/params: read from chain and the profile', async () => {
    const params = await ok('/v1/params');
    const config = vaultConfigOf(sandbox);
    const global = decodeGlobal(sandbox.cluster.getAccount(await findGlobal(programsOf(sandbox).launchpad))!.data);
    expect(params).toMatchObject({
      // This fixture's sandbox runs without its JSON-RPC facade (see local-services.test.ts for one with it).
      cluster: { kind: 'sandbox', rpcUrl: null, wsUrl: null },
      programs: { launchpad: programsOf(sandbox).launchpad, nativeVault: vaultOf(sandbox) },
      zecMint: sandbox.profile.mints.zec.address,
      treasury: config.treasury,
      lookupTable: sandbox.profile.accounts['lookupTable'],
      planting: { launchFeeLamports: String(config.launchFeeLamports), creatorFeeBps: 200, open: global.createV2Enabled, maxPriorityLamports: '10000000', ticker: { pattern: '^[A-Z0-9]{2,10}$' } },
      launchpad: { feeRecipient: global.feeRecipient, buybackFeeRecipient: global.buybackFeeRecipients[0] },
      fees: { creatorFeeBps: 200, split: { liquidityBps: 2500, rootstockBps: 2500, treasuryBps: 1000, payeeBps: 4000 } },
      pairs: { native: { mint: sandbox.profile.mints.native.address, symbol: 'NATIVE', pool: sandbox.profile.accounts['nativePool'], routeInstruction: 'multi_hop_swap' } },
    });
  });

  it('GET /v1/coins: listed coins only, every field, exact figures; filters, sorts and pages', async () => {
    const all = (await list('/v1/coins?sort=new')).data;
    // Genesis's stock coins are older than this test's (and have their own test, test/stocks/stock-coins.test.ts).
    const data = all.filter((c) => (c['pair'] as Json | undefined)?.['kind'] !== 'stock');
    expect(all.length - data.length).toBe(3);
    expect(data.map((c) => c['mint'])).toEqual([nativeCoin.mint, graduated.mint, zecCoin.mint]); // newest first; the unlisted coin is not there
    const zec = data.find((c) => c['mint'] === zecCoin.mint)!;
    const curve = curveOf(sandbox, zecCoin);
    expect(zec).toMatchObject({
      name: 'Planted Coin', symbol: 'PLANT', stage: 'curve', payee: { kind: 'wallet', wallet: trader.address },
      reserves: { curve: { virtualToken: String(curve.virtualTokenReserves), virtualQuote: String(curve.virtualQuoteReserves), realToken: String(curve.realTokenReserves), realQuote: String(curve.realQuoteReserves) }, pool: null },
      priceZecE9: String((curve.virtualQuoteReserves * 10n ** 7n) / curve.virtualTokenReserves),
      marketCapZec: String((1_000_000_000_000_000n * curve.virtualQuoteReserves) / curve.virtualTokenReserves),
      raisedSoFarZec: String(curve.realQuoteReserves),
      trades: 3, buys: 2, sells: 1,
    });
    expect(zec['pair']).toBeUndefined(); // a ZEC coin gets no pair block
    for (const field of ['priceZecE9', 'marketCapZec', 'volumeZec', 'creatorFeesZec', 'raiseAtCompletionZec', 'raisedSoFarZec']) expect(zec[field]).toMatch(DECIMAL);
    const volume = (await store.tradesOf(zecCoin.mint)).reduce((s, t) => s + t.zec, 0n);
    expect(zec['volumeZec']).toBe(String(volume));

    const native = data.find((c) => c['mint'] === nativeCoin.mint)!;
    expect(native['pair']).toEqual({ key: 'native', symbol: 'NATIVE', mint: sandbox.profile.mints.native.address, pool: sandbox.profile.accounts['nativePool'] });
    expect((await list('/v1/coins?quote=native')).data.map((c) => c['mint'])).toEqual([nativeCoin.mint]);
    expect((await list('/v1/coins?quote=zec&stage=pool')).data.map((c) => c['mint'])).toEqual([graduated.mint]);
    expect((await list('/v1/coins?quote=stocks')).data.map((c) => (c['pair'] as Json)['kind'])).toEqual(['stock', 'stock', 'stock']);
    const byVolume = (await list('/v1/coins?sort=volume')).data.map((c) => BigInt(c['volumeZec'] as string));
    expect(byVolume).toEqual([...byVolume].sort((a, b) => (b > a ? 1 : b < a ? -1 : 0)));
    expect((await list('/v1/coins')).data).toHaveLength(6); // trending by default (the three stock coins too)
    // Closest to completion first: the fewest coins left on the curve (every curve has the same coin side); curves only.
    const byProgress = (await list('/v1/coins?stage=curve&sort=progress')).data;
    expect(byProgress.map((c) => c['stage'])).toEqual(byProgress.map(() => 'curve'));
    expect(byProgress.map((c) => c['mint'])).toEqual(expect.arrayContaining([nativeCoin.mint, zecCoin.mint]));
    const left = byProgress.map((c) => BigInt(((c['reserves'] as Json)['curve'] as Json)['realToken'] as string));
    expect(left).toEqual([...left].sort((a, b) => (a > b ? 1 : a < b ? -1 : 0)));
    expect((await list('/v1/coins?stage=pool&sort=lastTrade')).data.map((c) => c['mint'])).toEqual([graduated.mint]);

    const first = await list('/v1/coins?sort=new&quote=zec&limit=1');
    expect(first.data.map((c) => c['mint'])).toEqual([graduated.mint]);
    expect(first.next).toBe('1');
    const second = await list(`/v1/coins?sort=new&quote=zec&limit=1&cursor=${first.next}`);
    expect(second.data.map((c) => c['mint'])).toEqual([zecCoin.mint]);
    expect(second.next).toBe('2');
    const third = await list(`/v1/coins?sort=new&quote=zec&limit=1&cursor=${second.next}`);
    expect(third.data).toEqual([]);
    expect(third.next).toBeNull();
  });

  it('GET /v1/coins/search: by ticker, name or mint; never a hidden coin', async () => {
    expect((await list('/v1/coins/search?q=plant')).data).toHaveLength(3);
    expect((await list(`/v1/coins/search?q=${zecCoin.mint}`)).data.map((c) => c['mint'])).toEqual([zecCoin.mint]);
    expect((await list(`/v1/coins/search?q=${hidden.mint}`)).data).toEqual([]);
    expect((await list('/v1/coins/search?q=%25')).data).toEqual([]); // % is literal
  });

  it('GET /v1/coins/{mint}: detail with the route of a native-paired coin; a hidden coin reads like a missing one', async () => {
    const detail = await ok(`/v1/coins/${nativeCoin.mint}`);
    const { mints, programs } = sandbox.profile;
    expect(detail['route']).toEqual({
      instruction: 'multi_hop_swap',
      program: programs['amm'],
      hops: [
        { venue: 'pool', address: sandbox.profile.accounts['nativePool'], base: mints.native.address, quote: mints.zec.address },
        { venue: 'curve', address: await findBondingCurve(programs['launchpad']!, nativeCoin.mint), base: nativeCoin.mint, quote: mints.native.address },
      ],
    });
    // Raised so far: the curve's native coin at the native coin's ZEC rate now.
    const rate = (await store.coin(mints.native.address))!;
    expect(detail['raisedSoFarZec']).toBe(String((curveOf(sandbox, nativeCoin).realQuoteReserves * rate.poolQuote!) / rate.poolBase!));
    expect((await ok(`/v1/coins/${zecCoin.mint}`))['route']).toBeUndefined();

    const pool = await findPool(programs['amm']!, 0, await findPumpPoolAuthority(programs['launchpad']!, graduated.mint), graduated.mint, mints.zec.address);
    const g = await ok(`/v1/coins/${graduated.mint}`);
    const [poolBase, poolQuote] = [await tokenBalance(sandbox, pool, graduated.mint, TOKEN_2022_PROGRAM), await tokenBalance(sandbox, pool, mints.zec.address, mints.zec.tokenProgram)];
    expect(g).toMatchObject({ stage: 'pool', reserves: { curve: null, pool: { address: pool, base: String(poolBase), quote: String(poolQuote) } }, priceZecE9: String((poolQuote * 10n ** 7n) / poolBase) });

    const missing = await get(`/v1/coins/${(await generateKeyPairSigner()).address}`);
    const unlisted = await get(`/v1/coins/${hidden.mint}`);
    expect(missing.status).toBe(404);
    expect(unlisted.status).toBe(404);
    expect((unlisted.body['error'] as Json)['code']).toBe('not_found');
    expect((unlisted.body['error'] as Json)['message']).toBe(String((missing.body['error'] as Json)['message']).replace(/no coin \w+/, `no coin ${hidden.mint}`));
    for (const path of [`/v1/coins/${hidden.mint}/trades`, `/v1/coins/${hidden.mint}/candles`, `/v1/coins/${hidden.mint}/fees`]) expect((await get(path)).status).toBe(404);
  });

  it('GET /v1/coins/{mint}/trades and /v1/trades: newest first, with user; routed rows only on the native coin\'s own list', async () => {
    const { data } = await list(`/v1/coins/${zecCoin.mint}/trades`);
    const rows = (await store.tradesOf(zecCoin.mint)).reverse();
    expect(data.map((t) => [t['signature'], t['side'], t['tokens'], t['zec'], t['creatorFeeZec'], t['priceZecE9'], t['priceZecE18'], t['routed']])).toEqual(
      rows.map((t) => [t.signature, t.side, String(t.tokens), String(t.zec), String(t.creatorFee), String(t.priceE18 / 10n ** 9n), String(t.priceE18), false]),
    );
    expect((await list(`/v1/coins/${zecCoin.mint}/trades?user=${trader.address}`)).data).toHaveLength(2);
    const paged = await list(`/v1/coins/${zecCoin.mint}/trades?limit=2`);
    expect(paged.next).toMatch(/^\d+\.\d+\.\d+$/);
    const rest = await list(`/v1/coins/${zecCoin.mint}/trades?limit=2&cursor=${paged.next}`);
    expect([...paged.data, ...rest.data].map((t) => t['signature'])).toEqual(data.map((t) => t['signature']));

    const nativeMint = sandbox.profile.mints.native.address;
    const own = (await list(`/v1/coins/${nativeMint}/trades`)).data;
    expect(own.filter((t) => t['routed'] === true)).toHaveLength(1);
    expect((await list(`/v1/coins/${nativeMint}/trades?user=${trader.address}`)).data.some((t) => t['routed'])).toBe(false);
    const across = (await list('/v1/trades?limit=100')).data;
    expect(across.some((t) => t['routed'])).toBe(false);
    expect(across.filter((t) => t['mint'] === nativeCoin.mint)).toHaveLength(1); // the route, once, as the paired coin's trade
    expect((await list('/v1/trades?quote=native')).data.map((t) => t['mint'])).toEqual([nativeCoin.mint]);
  });

  it('GET /v1/coins/{mint}/candles, /fees, /v1/graduations, /v1/accounts/{W}, /v1/stats, /v1/stats/daily', async () => {
    const candles = (await ok(`/v1/coins/${zecCoin.mint}/candles?interval=1h`)) as { interval: string; data: Json[] };
    expect(candles.interval).toBe('1h');
    const e9 = (p: bigint) => String(p / 10n ** 9n);
    expect(candles.data).toEqual(
      (await store.candles(zecCoin.mint, 3600n)).map((c) => ({
        t: Number(c.bucket), o: e9(c.open), h: e9(c.high), l: e9(c.low), c: e9(c.close),
        oE18: String(c.open), hE18: String(c.high), lE18: String(c.low), cE18: String(c.close), volumeZec: String(c.volumeZec), trades: Number(c.trades),
      })),
    );

    const fees = await ok(`/v1/coins/${zecCoin.mint}/fees`);
    const f = (await store.fees(zecCoin.mint))!;
    expect(fees).toEqual({ mint: zecCoin.mint, creatorFeesZec: String(f.creatorFeesZec), splitZec: String(f.splitZec), toLpZec: String(f.toLpZec), rootstockZec: String(f.rootstockZec), treasuryZec: String(f.treasuryZec), payeeZec: String(f.payeeZec), paidOutZec: '0', waitingZec: String(f.payeeZec) });
    expect(BigInt(fees['splitZec'] as string) > 0n).toBe(true);
    expect((await ok(`/v1/coins/${nativeCoin.mint}/fees`))['native']).toEqual({ claimed: '0', burned: '0', toLp: '0', converted: '0', convertedZec: '0' });
    expect((await get(`/v1/coins/${sandbox.profile.mints.native.address}/fees`)).status).toBe(404);

    const graduations = (await list('/v1/graduations')).data;
    expect(graduations.map((g) => g['mint'])).toEqual([graduated.mint]);
    expect(graduations[0]!['graduation']).toMatchObject({ pool: (await store.coin(graduated.mint))!.pool, quoteAmount: String((await store.graduations())[0]!.quoteAmount) });

    const account = (await ok(`/v1/accounts/${trader.address}`)) as { holdings: Json[]; totals: Json };
    expect(account.holdings.map((h) => h['mint']).sort()).toEqual([zecCoin.mint, graduated.mint, nativeCoin.mint].sort());
    for (const h of account.holdings) {
      const held = (await store.holding(h['mint'] as Address, trader.address))!;
      expect(h).toMatchObject({ balance: String(held.balance), costBasisZec: String(held.costBasisZec), valueZec: String(held.valueZec), unrealisedPnlZec: String(held.valueZec - held.costBasisZec) });
      expect(h['balance']).toBe(String(await tokenBalance(sandbox, trader.address, h['mint'] as Address, TOKEN_2022_PROGRAM)));
    }
    expect(account.totals['valueZec']).toBe(String(account.holdings.reduce((s, h) => s + BigInt(h['valueZec'] as string), 0n)));
    expect(account.holdings.find((h) => h['mint'] === nativeCoin.mint)!['pair']).toMatchObject({ key: 'native' });

    const stats = await ok('/v1/stats');
    const s = await store.stats();
    expect(stats).toEqual({ coins: 2, trades: Number(s.trades), buys: Number(s.buys), sells: Number(s.sells), volumeZec: String(s.volumeZec), creatorFeesZec: String(s.creatorFeesZec), graduations: 1, traders: Number(s.traders) });
    const daily = (await list('/v1/stats/daily')).data;
    expect(daily[0]!['day']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(daily.reduce((sum, d) => sum + BigInt(d['volumeZec'] as string), 0n)).toBe(s.volumeZec);
  });

  it('GET /v1/tx/{signature}: registered once the index holds it', async () => {
    const created = (await store.coin(zecCoin.mint))!.createdSignature;
    expect(await ok(`/v1/tx/${created}`)).toEqual({ signature: created, registered: true, status: 'landed', mint: zecCoin.mint });
    // A signature nobody knows (the chain, the relay, the index) is not "not yet": it is 404 (test/api/tx-registration.test.ts has the rest).
    const unknown = await get(`/v1/tx/${'1'.repeat(64)}`);
    expect([unknown.status, (unknown.body['error'] as Json)['code']]).toEqual([404, 'not_found']);
    const bad = await get('/v1/tx/not-a-signature');
    expect([bad.status, (bad.body['error'] as Json)['code']]).toEqual([400, 'invalid_param']);
  });

  it('OpenAPI document and reference page', async () => {
    const doc = await ok('/v1/openapi.json');
    const paths = Object.keys(doc['paths'] as Json);
    for (const path of ['/v1/params', '/v1/coins', '/v1/coins/search', '/v1/coins/{mint}', '/v1/coins/{mint}/trades', '/v1/coins/{mint}/candles', '/v1/coins/{mint}/fees', '/v1/graduations', '/v1/trades', '/v1/accounts/{wallet}', '/v1/stats', '/v1/stats/daily', '/v1/stocks/issuers']) {
      expect(paths).toContain(path);
    }
    // The cluster's endpoints are in /v1/params's declared answer, not only in what it sends.
    const params = ((((doc['paths'] as Json)['/v1/params'] as Json)['get'] as Json)['responses'] as Json)['200'] as Json;
    const schema = ((params['content'] as Json)['application/json'] as Json)['schema'] as Json;
    expect(Object.keys(((schema['properties'] as Json)['cluster'] as Json)['properties'] as Json)).toEqual(['kind', 'rpcUrl', 'wsUrl']);
    const page = await fetch(`${base}/v1/docs`);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(await page.text()).toContain('/v1/openapi.json');
  });

  it('/v1/openapi.json and /v1/docs show every request body, the upload form, each build kind\'s expected keys and the errors', async () => {
    const doc = (await (await fetch(`${base}/v1/openapi.json`)).json()) as { paths: Record<string, Record<string, Json>> };
    const html = await (await fetch(`${base}/v1/docs`)).text();
    const posts = Object.entries(doc.paths).flatMap(([path, methods]) => (methods['post'] ? [[path, methods['post']] as const] : []));
    expect(posts.length).toBeGreaterThanOrEqual(9);
    for (const [path, op] of posts) {
      // The Zcash wallet orders are not offered here: they document their refusals and take any body.
      if (path.startsWith('/v1/zcash/')) continue;
      const content = (op['requestBody'] as { content?: Record<string, { schema: { properties?: Json } }> } | undefined)?.content;
      expect(content, `${path} documents its body`).toBeDefined();
      expect(Object.keys(Object.values(content!)[0]!.schema.properties ?? {}).length, path).toBeGreaterThan(0);
      const statuses = Object.keys(op['responses'] as Json);
      expect(statuses.some((st) => st.startsWith('2')), path).toBe(true);
      expect(statuses, path).toContain('4XX');
      expect(html).toContain(`<code>${path}</code>`);
    }
    // The upload: a multipart form, its image a file part, every field the spec names.
    const upload = ((doc.paths['/v1/plant/upload']!['post']!['requestBody'] as Json)['content'] as Json)['multipart/form-data'] as { schema: { properties: Record<string, Json> } };
    expect(Object.keys(upload.schema.properties).sort()).toEqual(['description', 'holders', 'image', 'mint', 'name', 'payer', 'symbol', 'telegram', 'twitter', 'website']);
    expect(upload.schema.properties['image']).toMatchObject({ contentMediaType: 'application/octet-stream' });
    expect(html).toContain('Request body (multipart/form-data)');
    expect(html).toMatch(/<code>image<\/code> <span class="t">file, required<\/span>/);
    // Each build route's `expected`: its own keys, each described.
    const expectedOf = (path: string) => {
      const answer = (((doc.paths[path]!['post']!['responses'] as Json)['200'] as Json)['content'] as Json)['application/json'] as { schema: { properties: { expected: { properties: Record<string, { description?: string }>; description: string } } } };
      return answer.schema.properties.expected;
    };
    const keys: Record<string, string[]> = {
      '/v1/trade/build': ['tokensOut', 'minTokensOut', 'maxZecIn', 'zecIn', 'tokensIn', 'zecOut', 'minZecOut', 'costBps', 'nativeAmount', 'solIn', 'swapMinZecOut', 'minSolOut'],
      '/v1/swap/build': ['solIn', 'zecOut', 'minZecOut', 'zecIn', 'solOut', 'minSolOut', 'slippageBps', 'feeBps', 'priceImpactBps'],
      '/v1/plant/build': ['launchFeeLamports', 'tokensOut', 'minTokensOut', 'maxZecIn', 'costBps'],
      '/v1/claim/build': ['zecOut'],
      '/v1/payee/build': ['zecOut'],
    };
    for (const [path, names] of Object.entries(keys)) {
      const expected = expectedOf(path);
      expect(Object.keys(expected.properties), path).toEqual(expect.arrayContaining(names));
      for (const [name, schema] of Object.entries(expected.properties)) expect(schema.description, `${path} expected.${name}`).toBeTruthy();
      expect(html).toContain(escapeHtml(expected.description));
    }
    expect(Object.keys(expectedOf('/v1/swap/build').properties)).not.toContain('launchFeeLamports');
  });

  // Last: it trades, which moves the figures the tests above read.
  it('GET /v1/coins: a page asked again is the same bytes until the index moves, then the new figures', async () => {
    const path = '/v1/coins?sort=new&quote=zec';
    const text = async () => {
      const response = await fetch(`${base}${path}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      return response.text();
    };
    const before = await text();
    expect(await text()).toBe(before);
    const tradesOf = (body: string) => Number((JSON.parse(body) as { data: Json[] }).data.find((c) => c['mint'] === zecCoin.mint)!['trades']);
    const counted = (await store.coin(zecCoin.mint))!.trades;
    const buy = buyExactTokens(curveOf(sandbox, zecCoin), tokens(1_000_000_000n), SANDBOX_FEE_RATES);
    await send(sandbox, trader, [await buyV2Instruction(partiesFor(sandbox, zecCoin, trader.address), { amount: buy.tokens, maxQuoteCost: buy.totalCost })]);
    sandbox.cluster.advanceSlots(1);
    for (let i = 0; i < 500 && (await store.coin(zecCoin.mint))!.trades === counted; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await store.coin(zecCoin.mint))!.trades).toBe(counted + 1n);
    const after = await text();
    expect(tradesOf(after)).toBe(tradesOf(before) + 1);
    expect(after).toBe(JSON.stringify(JSON.parse(after))); // one JSON document, as the route's serialiser writes it
  });

  it('GET /v1/graduations: a page asked again is the same bytes until the index moves, then the new graduation first', async () => {
    const text = async () => {
      const response = await fetch(`${base}/v1/graduations?limit=10`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      return response.text();
    };
    const listed = (body: string) => (JSON.parse(body) as { data: Json[] }).data.map((g) => g['mint']);
    const before = await text();
    expect(await text()).toBe(before);
    expect(listed(before)).toEqual([graduated.mint]);
    const next = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' });
    await buyOutCurve(sandbox, trader, next);
    const { programs, mints, accounts } = sandbox.profile;
    await send(sandbox, trader, [
      await migrateV2Instruction({ launchpad: programs['launchpad']!, amm: programs['amm']!, mint: next.mint, quoteMint: mints.zec.address, quoteTokenProgram: mints.zec.tokenProgram, user: trader.address, withdrawAuthority: accounts['launchpadAuthority']! }),
    ]);
    sandbox.cluster.advanceSlots(1);
    for (let i = 0; i < 500 && await store.graduation(next.mint) === null; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await store.graduation(next.mint)).not.toBeNull();
    const after = await text();
    expect(listed(after)).toEqual([next.mint, graduated.mint]);
    expect(after).toBe(JSON.stringify(JSON.parse(after)));
  });
});

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
