import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ORDER_KINDS, OrderBody } from '../../core/api/schemas/orders.js';
import { LocalOrders, orderDesk } from '../../core/cli/order-connection.js';
import { orderLines, orderTable } from '../../core/cli/order-commands.js';
import { durationSecondsOf, expiresAtOf, ORDER_BOUNDS, orderBodyOf, orderKindOf, priceOf, trailBpsOf } from '../../core/cli/order-flags.js';
import { ORDER_KIND_WORDS } from '../../core/cli/order-usage.js';
import { exitCodeOf } from '../../core/cli/exit-codes.js';
import { LaunchdeskError } from '../../core/client/client-error.js';
import { readCommandLine } from '../../core/cli/command-line.js';
import { isDeskError } from '../../core/errors.js';
import { tempDir } from '../helpers/sandbox.js';

const MINT = 'So11111111111111111111111111111111111111112';
const NOW = Date.parse('2026-11-27T07:00:00.000Z');

/** The error `work` throws, with its exit status. */
function refusal(work: () => unknown): { code: string; message: string; exit: number } {
  try {
    work();
  } catch (error) {
    if (isDeskError(error)) return { code: error.code, message: error.message, exit: exitCodeOf(error) };
    throw error;
  }
  throw new Error('it was taken');
}

/** `order add`'s flags as the command line reads them, then into the body. */
const bodyOf = (...argv: string[]) => {
  const line = readCommandLine(['order', 'add', ...argv]);
  if (line.kind !== 'run') throw new Error('help');
  return orderBodyOf(line.values, NOW);
};

describe('launchdesk order: the command line', () => {
  it('lists its commands under `order --help`, each with its own usage', () => {
    const group = readCommandLine(['order', '--help']);
    expect(group.kind).toBe('help');
    for (const verb of ['add', 'list', 'show', 'cancel', 'resume']) {
      expect(group.kind === 'help' && group.text).toMatch(new RegExp(`^  ${verb} `, 'm'));
      for (const argv of [['order', verb, '--help'], ['help', 'order', verb]]) {
        const line = readCommandLine(argv);
        expect(line.kind === 'help' && line.text).toMatch(new RegExp(`^Usage: launchdesk order ${verb} `));
      }
    }
    const add = readCommandLine(['order', 'add', '-h']);
    expect(add.kind === 'help' && add.text).toContain('LAUNCHDESK_DESK_TOKEN');
  });

  it('reads each subcommand with its own flags and refuses others, naming them (exit 2)', () => {
    expect(readCommandLine(['order', 'show', 'o_0123', '--wallet', 'alice', '--json'])).toMatchObject({ kind: 'run', command: 'order show', positionals: ['o_0123'], values: { wallet: 'alice', json: true } });
    expect(readCommandLine(['order', 'list', '--state', 'active', '--mint', MINT])).toMatchObject({ kind: 'run', command: 'order list', values: { state: 'active', mint: MINT } });
    expect(refusal(() => readCommandLine(['order', 'list', '--price', '1']))).toMatchObject({ code: 'usage', exit: 2, message: expect.stringMatching(/Unknown option '--price'/) });
    expect(refusal(() => readCommandLine(['order', 'cancel']))).toMatchObject({ exit: 2, message: expect.stringMatching(/^order cancel: missing <id>/) });
    expect(refusal(() => readCommandLine(['order']))).toMatchObject({ exit: 2, message: expect.stringMatching(/name one of its commands: add, list, show, cancel, resume/) });
    // No secret on the command line, where `ps` and the shell history show it.
    expect(refusal(() => readCommandLine(['order', 'list', '--desk-token', 'x']))).toMatchObject({ exit: 2 });
  });

  it('names the same kinds and bounds as the server\'s body schema', () => {
    expect(ORDER_KIND_WORDS.map((w) => w.replaceAll('-', '_'))).toEqual([...ORDER_KINDS]);
    for (const [field, [least, most]] of Object.entries(ORDER_BOUNDS)) {
      const schema = (OrderBody.properties as Record<string, { minimum?: number; maximum?: number }>)[field]!;
      expect([field, schema.minimum, schema.maximum]).toEqual([field, least, most]);
    }
  });
});

describe('launchdesk order add: flags into the order body, exactly', () => {
  it('a limit buy: the price kept as decimal text, the ZEC amount in zat, never through a float', () => {
    expect(bodyOf('--mint', MINT, '--kind', 'limit-buy', '--price', '0.000000045', '--amount', '1.23456789')).toEqual({ mint: MINT, kind: 'limit_buy', price: '0.000000045', amount: '123456789' });
    // 0.1 + 0.2 is no amount's trouble here: decimal text all the way.
    expect(bodyOf('--mint', MINT, '--kind', 'LIMIT_BUY', '--price', '00.300000000000000000', '--amount', '0.3')).toMatchObject({ kind: 'limit_buy', price: '0.3', amount: '30000000' });
    expect(priceOf('123456789.123456789123456789', '--price')).toBe('123456789.123456789123456789');
  });

  it('each kind with its flags: trail as a percentage or bps, DCA durations, percent, slippage, priority fee, expiry', () => {
    expect(bodyOf('--mint', MINT, '--kind', 'trailing-stop', '--trail', '5%', '--percent', '50')).toEqual({ mint: MINT, kind: 'trailing_stop', trailBps: 500, percent: 50 });
    expect(bodyOf('--mint', MINT, '--kind', 'trailing_stop', '--trail-bps', '25', '--percent', '100')).toMatchObject({ trailBps: 25, percent: 100 });
    expect(trailBpsOf('0.25%')).toBe(25);
    expect(bodyOf('--mint', MINT, '--kind', 'dca', '--count', '4', '--every', '1h30m', '--amount', '0.5')).toEqual({ mint: MINT, kind: 'dca', count: 4, everySeconds: 5400, amount: '50000000' });
    expect(bodyOf('--mint', MINT, '--kind', 'bracket', '--take-profit', '0.0001', '--stop-loss', '0.00005', '--percent', '100%')).toEqual({ mint: MINT, kind: 'bracket', takeProfit: '0.0001', stopLoss: '0.00005', percent: 100 });
    expect(bodyOf('--mint', MINT, '--kind', 'sell-on-graduation', '--percent', '25', '--slippage-bps', '300', '--priority-fee', '20000', '--expires', '2h')).toEqual({
      mint: MINT,
      kind: 'sell_on_graduation',
      percent: 25,
      slippageBps: 300,
      computeUnitPrice: '20000',
      expiresAt: '2026-11-27T09:00:00.000Z',
    });
    expect(expiresAtOf('2026-12-01T12:00:00Z', NOW)).toBe('2026-12-01T12:00:00.000Z');
    expect(durationSecondsOf('30s')).toBe(30);
    expect(durationSecondsOf('2d')).toBe(172_800);
    expect(durationSecondsOf('soon')).toBeNull();
  });

  it('a flag the kind does not take, or one it needs, is a usage error naming it (exit 2)', () => {
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'limit-buy', '--price', '1', '--amount', '1', '--percent', '50'))).toMatchObject({ exit: 2, message: expect.stringMatching(/a limit-buy order does not take --percent/) });
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'limit-sell'))).toMatchObject({ exit: 2, message: expect.stringMatching(/a limit-sell order needs --price/) });
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'stop-loss', '--price', '1'))).toMatchObject({ exit: 2, message: expect.stringMatching(/a stop-loss order needs --percent/) });
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'dca', '--count', '2', '--amount', '1'))).toMatchObject({ exit: 2, message: expect.stringMatching(/needs --every/) });
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'trailing-stop', '--trail', '5', '--trail-bps', '500', '--percent', '100'))).toMatchObject({ exit: 2, message: expect.stringMatching(/--trail or --trail-bps, not both/) });
    expect(refusal(() => bodyOf('--kind', 'dca'))).toMatchObject({ exit: 2, message: expect.stringMatching(/--mint is needed/) });
    expect(refusal(() => bodyOf('--mint', MINT))).toMatchObject({ exit: 2, message: expect.stringMatching(/--kind is needed/) });
    expect(refusal(() => orderKindOf('moon'))).toMatchObject({ exit: 2, message: expect.stringMatching(/--kind takes limit-buy, .*; got "moon"/) });
  });

  it('a value it cannot take is refused naming the flag (exit 1, as the trading commands refuse amounts)', () => {
    const limit = (price: string, amount = '1') => () => bodyOf('--mint', MINT, '--kind', 'limit-buy', '--price', price, '--amount', amount);
    expect(refusal(limit('abc'))).toMatchObject({ code: 'invalid_param', exit: 1, message: expect.stringMatching(/^--price: "abc" is not a price/) });
    expect(refusal(limit('-1'))).toMatchObject({ exit: 1, message: expect.stringMatching(/^--price/) });
    expect(refusal(limit('0'))).toMatchObject({ exit: 1, message: '--price: the price must be more than zero' });
    expect(refusal(limit('0.0000000000000000001'))).toMatchObject({ exit: 1, message: expect.stringMatching(/at most 18 decimal places, and "0.0000000000000000001" has 19/) });
    expect(refusal(limit('1', '0.000000001'))).toMatchObject({ exit: 1, message: expect.stringMatching(/^--amount: an amount of ZEC has at most 8 decimal places/) });
    expect(refusal(limit('1', '1e3'))).toMatchObject({ exit: 1, message: expect.stringMatching(/^--amount/) });
    expect(refusal(() => bodyOf('--mint', 'nope', '--kind', 'limit-sell', '--price', '1', '--percent', '100'))).toMatchObject({ exit: 1, message: expect.stringMatching(/^--mint: "nope" is not a coin's mint address/) });
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'trailing-stop', '--trail', '100%', '--percent', '100'))).toMatchObject({ exit: 1, message: expect.stringMatching(/^--trail/) });
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'limit-sell', '--price', '1', '--percent', '101'))).toMatchObject({ exit: 1, message: expect.stringMatching(/^--percent: "101" is not a percentage from 1 to 100/) });
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'dca', '--count', '1001', '--every', '1h', '--amount', '1'))).toMatchObject({ exit: 1, message: expect.stringMatching(/^--count/) });
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'dca', '--count', '2', '--every', 'often', '--amount', '1'))).toMatchObject({ exit: 1, message: expect.stringMatching(/^--every: "often" is not a duration/) });
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'stop-loss', '--price', '1', '--percent', '100', '--slippage-bps', '2001'))).toMatchObject({ exit: 1, message: expect.stringMatching(/^--slippage-bps/) });
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'stop-loss', '--price', '1', '--percent', '100', '--priority-fee', '1.5'))).toMatchObject({ exit: 1, message: expect.stringMatching(/^--priority-fee/) });
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'stop-loss', '--price', '1', '--percent', '100', '--expires', '2020-01-01T00:00:00Z'))).toMatchObject({ exit: 1, message: expect.stringMatching(/^--expires: .* has passed already/) });
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'stop-loss', '--price', '1', '--percent', '100', '--expires', 'tomorrow'))).toMatchObject({ exit: 1, message: expect.stringMatching(/^--expires: "tomorrow" is neither/) });
    expect(refusal(() => bodyOf('--mint', MINT, '--kind', 'bracket', '--take-profit', '1', '--stop-loss', '1', '--percent', '100'))).toMatchObject({ exit: 1, message: '--stop-loss: must be below --take-profit' });
  });
});

const ORDER = {
  id: 'o_0123456789abcdef01234567',
  wallet: 'Wa11etAddress1111111111111111111111111111111',
  mint: MINT,
  kind: 'dca' as const,
  price: null,
  takeProfit: null,
  stopLoss: null,
  trailBps: null,
  best: null,
  stopAt: null,
  count: 4,
  everySeconds: 5400,
  fired: 1,
  nextAt: '2026-11-27T08:30:00.000Z',
  amount: '50000000',
  percent: null,
  slippageBps: 150,
  computeUnitPrice: '10000',
  expiresAt: null,
  state: 'open' as const,
  reason: null,
  createdAt: '2026-11-27T07:00:00.000Z',
  fills: [{ seq: 0, state: 'landed' as const, buildId: 'b_1', signatures: ['5ig'], at: '2026-11-27T07:00:01.000Z', detail: 'bought 12 PLANT' }],
};

describe('launchdesk order: what a person reads', () => {
  it('list: a compact table with the trigger and each fill in whole units', () => {
    const [head, row] = orderTable([ORDER]);
    expect(head).toMatch(/^ID +KIND +STATE +TRIGGER +EACH FILL +FILLS +WALLET +COIN +PLACED$/);
    expect(row).toMatch(/^o_0123456789abcdef01234567 +dca +open +4 buys, every 1h30m +0\.5 ZEC +1, 1 landed +Wa11…1111 +So11…1112 +2026-11-27 07:00$/);
    expect(orderTable([])).toEqual(['no orders']);
  });

  it('show: the order, its fills and its journal', () => {
    const lines = orderLines({ ...ORDER, journal: [{ at: '2026-11-27T07:00:00.000Z', step: 'place', line: 'placed' }, { at: '2026-11-27T07:00:01.000Z', step: 'landing', line: 'landed 5ig' }] }).join('\n');
    expect(lines).toContain('order o_0123456789abcdef01234567  dca  open');
    expect(lines).toContain('slippage      1.5%, priority fee 10000 micro-lamports per compute unit');
    expect(lines).toContain('fills         1, 1 landed; the next falls due at 2026-11-27T08:30:00.000Z');
    expect(lines).toMatch(/fills:\n {2}#0 {2}landed {3}2026-11-27T07:00:01.000Z {2}5ig {2}bought 12 PLANT/);
    expect(lines).toMatch(/journal:\n {2}2026-11-27T07:00:00.000Z {2}place {4}placed\n {2}2026-11-27T07:00:01.000Z {2}landing {2}landed 5ig/);
  });
});

describe('launchdesk order: asking the server', () => {
  it('sends the credential, renews a kept key once on a 401, and hands on any other refusal in the server\'s words', async () => {
    const seen: string[] = [];
    let key = 'old';
    let renewals = 0;
    const fetcher = (async (url: string, init: RequestInit) => {
      const auth = (init.headers as Record<string, string>)['authorization'];
      seen.push(`${init.method} ${url} ${auth}`);
      if (auth === 'Bearer old') return Response.json({ error: { code: 'unauthorized', message: 'that key is revoked' } }, { status: 401 });
      if (url.endsWith('/resume')) return Response.json({ error: { code: 'refused', message: 'the order is not paused' } }, { status: 409 });
      return Response.json({ data: [] });
    }) as typeof fetch;
    const orders = new LocalOrders('http://127.0.0.1:1', { headers: async () => ({ authorization: `Bearer ${key}` }), renew: async () => void (renewals++, (key = 'new')) }, fetcher);
    await expect(orders.list({ wallet: 'W', state: 'active' })).resolves.toEqual({ data: [] });
    expect(seen).toEqual(['GET http://127.0.0.1:1/local/orders?wallet=W&state=active Bearer old', 'GET http://127.0.0.1:1/local/orders?wallet=W&state=active Bearer new']);
    expect(renewals).toBe(1);
    const refused = await orders.resume('o_0123456789abcdef01234567').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LaunchdeskError);
    expect(refused).toMatchObject({ code: 'refused', message: 'the order is not paused', status: 409 });
    expect(exitCodeOf(refused)).toBe(1);
    // A credential given (the desk token, a key in the environment) is not renewed: the 401 is the answer.
    const given = new LocalOrders('http://127.0.0.1:1', { headers: async () => ({ authorization: 'Bearer old' }), renew: null }, fetcher);
    await expect(given.show('o_0123456789abcdef01234567')).rejects.toMatchObject({ code: 'unauthorized', status: 401, message: 'that key is revoked' });
    // Nothing answers: exit 3, nothing was placed.
    const down = new LocalOrders('http://127.0.0.1:1', { headers: async () => ({}), renew: null });
    const unavailable = await down.list({}).catch((e: unknown) => e);
    expect(exitCodeOf(unavailable)).toBe(3);
  });
});

describe('launchdesk order: who is asking', () => {
  it('takes the desk token or a key from the environment, else needs a wallet of this desk to sign in with', async () => {
    const data = tempDir('launchdesk-order-cli-');
    try {
      const values = { data, api: 'http://127.0.0.1:1/v1/' };
      // The desk token needs no wallet to list every wallet's orders; placing one names its wallet.
      await expect(orderDesk(values, false, { env: { LAUNCHDESK_DESK_TOKEN: 't' } })).resolves.toMatchObject({ wallet: null, signedIn: false, orders: { baseUrl: 'http://127.0.0.1:1' } });
      await expect(orderDesk({ ...values, wallet: MINT }, true, { env: { LAUNCHDESK_API_KEY: 'k' } })).resolves.toMatchObject({ wallet: MINT, signedIn: false });
      await expect(orderDesk(values, true, { env: { LAUNCHDESK_DESK_TOKEN: 't' } })).rejects.toMatchObject({ code: 'usage', message: expect.stringMatching(/name the wallet with --wallet/) });
      // Signing in needs a wallet whose key this machine holds.
      await expect(orderDesk(values, false, { env: {} })).rejects.toMatchObject({ code: 'invalid_param', message: expect.stringMatching(/^no wallet to sign in with in /) });
      await expect(orderDesk({ ...values, wallet: MINT }, false, { env: {} })).rejects.toMatchObject({ code: 'not_found', message: expect.stringMatching(/^no wallet "So11/) });
      await expect(orderDesk({ ...values, wallet: 'carol' }, false, { env: { LAUNCHDESK_DESK_TOKEN: 't' } })).rejects.toMatchObject({ code: 'not_found' });
    } finally {
      rmSync(data, { recursive: true, force: true });
    }
  });
});
