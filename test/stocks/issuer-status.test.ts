import { generateKeyPairSigner, type Address } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { decodeToken2022Mint } from '../../core/programs/token-2022/mint.js';
import { decodeSplMultisig } from '../../core/programs/token-2022/multisig.js';
import { STOCKS } from '../../core/stocks/catalog.js';
import type { IssuerStatusRecord } from '../../core/stocks/issuer-status.js';
import { issuerStatusOn } from '../../core/stocks/node/issuer-status-node.js';
import { STOCK_ROLES, type StockReview, type StockRole } from '../../core/stocks/review.js';
import { call, codeOf, messageOf, startApi, type ApiFixture } from '../api/api-fixture.js';

/**
 * The issuer status on the sandbox's 44 stocks: every `what` of the spec's changes and notices made by the
 * sandbox's admin commands (real transactions with the issuers' keys), read through GET /v1/stocks/issuers
 * on the server's own clock: a change shows once the 15-second cache allows, and not before.
 */
describe('stock issuer status', () => {
  let f: ApiFixture;
  let review: StockReview;
  beforeAll(async () => {
    f = await startApi();
    review = f.sandbox.profile.stocks!;
  }, 60_000);
  afterAll(() => f.close());

  const issuers = async (): Promise<IssuerStatusRecord[]> => {
    const answer = await call(f, 'GET', '/v1/stocks/issuers');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body['readable']).toBe(true);
    return answer.body['data'] as unknown as IssuerStatusRecord[];
  };
  const record = async (key: string) => (await issuers()).find((r) => r.key === key)!;
  /** The next read after the cache's 15 seconds. */
  const later = () => {
    f.clock += 15_000;
  };
  /** A stock whose mint has this role (any, for null), not used by an earlier case: issuer x's first. */
  const used = new Set<string>();
  const stockWith = (role: StockRole | null, issuer: 'x' | 'm' | null = null, also: (s: StockReview['stocks'][number]) => boolean = () => true) => {
    const fresh = (s: StockReview['stocks'][number]) => (role === null || role in s.roles) && !used.has(s.key) && s.hold === null && !['nvdax', 'spcx'].includes(s.key) && also(s);
    const ofIssuer = (s: StockReview['stocks'][number]) => issuer === null || (issuer === 'x') === (s.decimals === 8);
    const entry = review.stocks.find((s) => s.decimals === 8 && fresh(s) && ofIssuer(s)) ?? review.stocks.find((s) => fresh(s) && ofIssuer(s));
    if (!entry) throw new Error(`no fresh stock with ${role}`);
    used.add(entry.key);
    return entry;
  };

  it('genesis made the 44 stocks of the spec as Token-2022 mints with the reviewed controls; all unchanged, the held ones closed', async () => {
    expect(review.stocks.map((s) => s.key)).toEqual(STOCKS.map((s) => s.key));
    for (const entry of review.stocks) {
      const mint = decodeToken2022Mint(f.sandbox.cluster.getAccount(entry.mint)!)!;
      expect(mint.decimals).toBe(STOCKS.find((s) => s.key === entry.key)!.decimals);
      // Every stock carries the controls tokenized stocks carry.
      for (const present of ['pausable', 'scaledUiAmount', 'permanentDelegate', 'metadataPointer', 'tokenMetadata', 'defaultAccountState', 'mintCloseAuthority'] as const) expect(mint[present], `${entry.key} ${present}`).toBeDefined();
      expect(mint.tokenMetadata!.symbol).toBe(STOCKS.find((s) => s.key === entry.key)!.symbol);
    }
    // The optional controls occur somewhere: a hook, a transfer fee, confidential transfers, a group member pointer, no freeze authority.
    const mints = review.stocks.map((s) => decodeToken2022Mint(f.sandbox.cluster.getAccount(s.mint)!)!);
    expect(mints.some((m) => m.transferHook)).toBe(true);
    expect(mints.some((m) => m.transferFeeConfig)).toBe(true);
    expect(mints.some((m) => m.confidentialTransferMint)).toBe(true);
    expect(mints.some((m) => m.groupMemberPointer)).toBe(true);
    expect(mints.some((m) => m.freezeAuthority === null)).toBe(true);
    // The roles sit behind a multisig (2 of 3), plain wallets and the transfer agent program's address.
    const kinds = new Set(Object.values(review.keys).map((k) => k.kind));
    expect([...kinds].sort()).toEqual(['multisig', 'program', 'program-address', 'wallet']);
    const multisig = Object.entries(review.keys).find(([, k]) => k.kind === 'multisig')!;
    expect(decodeSplMultisig(f.sandbox.cluster.getAccount(multisig[0] as Address)!)).toMatchObject({ threshold: 2 });

    const records = await issuers();
    expect(records).toHaveLength(44);
    for (const r of records) {
      expect(r.status, `${r.key}: ${JSON.stringify(r.changes)}`).toBe('unchanged');
      expect(r.changes).toEqual([]);
      expect(r.paused).toBeNull();
      expect(r.slot).toBeGreaterThan(0);
    }
    const closed = Object.fromEntries(records.filter((r) => !r.open).map((r) => [r.key, r.closed!.reason]));
    expect(closed).toEqual({ djt: 'stock-switch-off', qubt: 'stock-switch-off', crclx: 'review' });
    // A normal step already scheduled: a notice; the stock stays open.
    const nvdax = records.find((r) => r.key === 'nvdax')!;
    expect(nvdax.open).toBe(true);
    expect(nvdax.notices).toEqual([{ what: 'scaled UI multiplier step', pinned: '1', now: expect.stringMatching(/^1\.01 from \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/) }]);
  });

  it('every role rotated by its holder is a change naming the role, the reviewed holder and the new one; it shows after the cache, not before', async () => {
    const made: { key: string; role: StockRole; pinned: string; now: string }[] = [];
    for (const role of STOCK_ROLES) {
      // The second issuer's permanent delegate is a wallet it holds (the first's is its program's address).
      const entry = stockWith(role, role === 'permanent delegate' ? 'm' : null);
      const to = (await generateKeyPairSigner()).address;
      const line = await f.sandbox.stockAdmin(entry.key, { action: 'rotate', role, to });
      expect(line).toBe(`${entry.key}: ${role} is now ${to}`);
      made.push({ key: entry.key, role, pinned: entry.roles[role] ?? 'none', now: to });
    }
    // Within the 15 seconds the kept answer stands.
    f.clock += 14_000;
    for (const m of made) expect((await record(m.key)).status).toBe('unchanged');
    f.clock += 1_000;
    const records = await issuers();
    for (const m of made) {
      const r = records.find((x) => x.key === m.key)!;
      expect(r.changes).toEqual([{ what: m.role, pinned: m.pinned, now: m.now }]);
      expect(r).toMatchObject({ status: 'changed', open: false, closed: { reason: 'issuer-changed' } });
      expect(r.paused).toBe(`${r.symbol} is paused: its ${m.role} differs from the review. New buys and new pairs wait until it is reviewed again. Selling works.`);
    }
  });

  it('the first issuer\'s permanent delegate is the transfer agent program\'s address: the sandbox cannot sign for it and says so', async () => {
    const entry = stockWith('permanent delegate', 'x');
    await expect(f.sandbox.stockAdmin(entry.key, { action: 'rotate', role: 'permanent delegate' })).rejects.toThrow(/permanent delegate is \w+, a key the sandbox does not hold/);
  });

  it('mint state: the issuer\'s pause, the default account state, an abnormal multiplier move and the mint closed are changes', async () => {
    // The first issuer's mint close authority is its multisig (the second's, its program's address).
    const closed = stockWith('mint close authority', 'x');
    const paused = stockWith('pause authority');
    const frozen = stockWith('freeze authority');
    const moved = stockWith('scaled UI multiplier authority');
    await f.sandbox.stockAdmin(paused.key, { action: 'pause' });
    await f.sandbox.stockAdmin(frozen.key, { action: 'default-state', state: 'frozen' });
    await f.sandbox.stockAdmin(moved.key, { action: 'multiplier-move', to: '0.5' });
    await f.sandbox.stockAdmin(closed.key, { action: 'close-mint' });
    later();
    const records = await issuers();
    const of = (key: string) => records.find((r) => r.key === key)!;
    expect(of(paused.key).changes).toEqual([{ what: 'paused', pinned: 'no', now: 'yes' }]);
    expect(of(paused.key).paused).toBe(`${of(paused.key).symbol} is paused: its issuer has paused the token itself. New buys and new pairs wait until it is reviewed again. Nothing moves, not even a sale, until the issuer resumes it.`);
    expect(of(frozen.key).changes).toEqual([{ what: 'default account state', pinned: 'initialized', now: 'frozen' }]);
    expect(of(moved.key).changes).toEqual([{ what: 'scaled UI multiplier', pinned: moved.multiplier, now: '0.5' }]);
    expect(of(closed.key).changes).toEqual([{ what: 'the mint', pinned: `Token-2022 mint of ${closed.decimals} decimals`, now: 'no account (closed)' }]);
    // Resumed: the pause change goes away on the next read.
    await f.sandbox.stockAdmin(paused.key, { action: 'resume' });
    later();
    expect((await record(paused.key)).status).toBe('unchanged');
  });

  it('a normal multiplier step is a notice with the next value and its time; a step above 2% is refused as a step', async () => {
    const entry = stockWith('scaled UI multiplier authority', null, (s) => s.multiplier === '1');
    const at = f.sandbox.cluster.unixTimestamp + 3600n;
    const next = entry.multiplier === '1' ? '1.02' : null;
    if (next === null) throw new Error('expected a stock at multiplier 1');
    await f.sandbox.stockAdmin(entry.key, { action: 'multiplier-step', to: next, inSeconds: 3600 });
    await expect(f.sandbox.stockAdmin(stockWith('scaled UI multiplier authority', null, (s) => s.multiplier === '1').key, { action: 'multiplier-step', to: '1.03' })).rejects.toThrow(/1 → 1\.03 is not a normal step/);
    later();
    const r = await record(entry.key);
    const when = new Date(Number(at) * 1000).toISOString().slice(0, 16).replace('T', ' ');
    expect(r).toMatchObject({ status: 'unchanged', open: true, changes: [] });
    expect(r.notices).toEqual([{ what: 'scaled UI multiplier step', pinned: '1', now: `1.02 from ${when} UTC` }]);
    // Once in force it is the multiplier accepted: still unchanged, and no notice.
    f.sandbox.cluster.advanceSlots(1, f.sandbox.cluster.unixTimestamp + 3601n);
    later();
    expect(await record(entry.key)).toMatchObject({ status: 'unchanged', notices: [] });
  });

  it('confidential transfer auto approve flipped is a notice', async () => {
    const entry = stockWith('confidential transfer authority');
    await f.sandbox.stockAdmin(entry.key, { action: 'auto-approve', on: true });
    later();
    expect(await record(entry.key)).toMatchObject({ status: 'unchanged', open: true, notices: [{ what: 'confidential transfer auto approve', pinned: 'off', now: 'on' }] });
  });

  it("the issuer's own keys: a multisig's threshold and members, the program's redeploy and upgrade authority, a wallet no longer plain", async () => {
    // Issuer m (the 6-decimal stocks): each change shows on every stock whose roles that key holds.
    const mStocks = review.stocks.filter((s) => s.decimals === 6);
    const multisig = mStocks[0]!.roles['mint authority']!;
    const program = Object.entries(review.keys).find(([, k]) => k.kind === 'program' && k.label.startsWith('Meridian'))![0];
    const operations = mStocks[0]!.roles['metadata pointer authority']!;
    const key = mStocks.find((s) => s.hold === null && !used.has(s.key) && s.key !== 'spcx')!.key;
    used.add(key);

    await f.sandbox.stockAdmin(key, { action: 'multisig-threshold', threshold: 1 });
    later();
    expect((await record(key)).changes).toEqual([{ what: `multisig ${multisig} threshold`, pinned: '2 of 3', now: '1 of 3' }]);

    await f.sandbox.stockAdmin(key, { action: 'multisig-members' });
    later();
    const members = (await record(key)).changes.find((c) => c.what === `multisig ${multisig} members`)!;
    expect(members.pinned).not.toBe(members.now);

    await f.sandbox.stockAdmin(key, { action: 'upgrade-program' });
    later();
    expect((await record(key)).changes).toContainEqual({ what: `program ${program} redeploy`, pinned: expect.stringMatching(/^deployed at slot \d+ \(sha256 [0-9a-f]{16}…\)$/), now: expect.stringMatching(/^deployed at slot \d+/) });

    await f.sandbox.stockAdmin(key, { action: 'program-authority' });
    later();
    expect((await record(key)).changes.map((c) => c.what)).toContain(`program ${program} upgrade authority`);

    await f.sandbox.stockAdmin(key, { action: 'wallet-data' });
    later();
    const records = await issuers();
    for (const r of records.filter((x) => mStocks.some((s) => s.key === x.key) && x.changes.length > 0 && x.changes[0]!.what !== 'the mint')) {
      expect(r.changes).toContainEqual({ what: `wallet ${operations}`, pinned: 'plain wallet', now: 'a system account holding 64 bytes of data' });
      expect(r).toMatchObject({ status: 'changed', open: false, closed: { reason: 'issuer-changed' } });
    }
    // Issuer x's stocks do not share these keys.
    expect(records.find((r) => r.key === 'nvdax')!.status).toBe('unchanged');
  });

  it('the service\'s switches: a stock held back or released, and stock pairs off service-wide (404)', async () => {
    const key = 'nvdax';
    await f.sandbox.stockAdmin(key, { action: 'hold', reason: 'review' });
    expect((await record(key)).closed).toEqual({ reason: 'review' });
    await f.sandbox.stockAdmin(key, { action: 'release' });
    expect((await record(key)).closed).toBeNull();
    await f.sandbox.stockAdmin(key, { action: 'pairs', on: false });
    const off = await call(f, 'GET', '/v1/stocks/issuers');
    expect([off.status, codeOf(off), messageOf(off)]).toEqual([404, 'not_found', 'stock pairs are off on this server']);
    await f.sandbox.stockAdmin(key, { action: 'pairs', on: true });
    expect((await call(f, 'GET', '/v1/stocks/issuers')).status).toBe(200);
    await expect(f.sandbox.stockAdmin('AAPLX', { action: 'pause' })).rejects.toThrow(/^no stock "AAPLX": the keys are nvdax, spyx/);
  });

  it('an unreadable chain: readable false, no data, and every stock paused wherever open appears', async () => {
    const chain = new SandboxChain(f.sandbox.cluster);
    chain.getAccountsAt = async () => {
      throw new Error('fetch failed: connect ECONNREFUSED 127.0.0.1:8899');
    };
    const status = issuerStatusOn(chain, () => f.sandbox.profile.stocks);
    const answer = await status.read();
    expect(answer).toMatchObject({ readable: false, failure: /ECONNREFUSED/ });
    for (const stock of answer.stocks) {
      expect(stock.record).toMatchObject({ open: false, closed: { reason: 'issuer-changed' } });
      expect(stock.record.paused).toMatch(/controls cannot be read right now/);
    }
  });
});
