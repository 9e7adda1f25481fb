import { createKeyPairSignerFromPrivateKeyBytes, getAddressDecoder, getAddressEncoder, getBase58Decoder, getBase58Encoder, type Address } from '@solana/kit';
import { writeFileSync } from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_STATUS } from '../../core/api/api-error.js';
import { DESK_TOKEN_HEADER } from '../../core/api/desk/desk-token.js';
import type { Api } from '../../core/api/api-context.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { LIBRARY_WORDS } from '../helpers/library-words.js';
import { SeededRandom } from '../math/seeded-random.js';
import { Dice } from '../helpers/dice.js';
import { call, startApi, type ApiFixture } from './api-fixture.js';

/** The same seed sends the same requests (but for the addresses and ids of the run); `LAUNCHDESK_FUZZ_SEED=<n>` runs another. */
const SEED = BigInt(process.env['LAUNCHDESK_FUZZ_SEED'] ?? '0xde5cf022');
const RANDOM_CASES = Number(process.env['LAUNCHDESK_FUZZ_CASES'] ?? 400);
const CONCURRENCY = 4;
const ANSWER_WITHIN_MS = 10_000;
const TOKEN = 'desk-token-of-the-desk-fuzz-0000001';
const ZEC = 100_000_000n;
const base58 = getBase58Decoder();

/** The desk-only routes: behind the desk token (/desk-api) or the desk token / a wallet's key (/local). */
const DESK_ONLY = /^\/(desk-api|local)\//;

interface Route {
  readonly method: string;
  /** As registered: `/desk-api/wallets/:address/faucet`. */
  readonly url: string;
}

/**
 * Every route the server registered, read from its own route table (`printRoutes`), so a route added later
 * is fuzzed without anyone listing it here. The table prints one node a line, indented four characters a
 * level, each node's path relative to its parent's and the methods it answers: `│   └── /faucet (POST)`.
 */
export function routesOf(app: Api): Route[] {
  const routes: Route[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.search(/[├└]── /);
    if (at < 0) continue;
    const depth = at / 4;
    const m = /^(\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.slice(at + 4).trim());
    if (!m) throw new Error(`a line of the route table this test cannot read: ${line}`);
    stack.length = depth;
    stack.push(m[1]!);
    const url = stack.join('');
    for (const method of (m[2] ?? '').split(', ').filter(Boolean)) if (method !== 'HEAD') routes.push({ method, url });
  }
  return routes;
}


// ---------------------------------------------------------------------------------------------------
// Raw material: what a person, a broken page or a hostile local process could send.

const TEXTS: readonly unknown[] = [
  '', ' ', 'a'.repeat(201), 'a'.repeat(70_000), 'x\u0000y', '\ud800', '😀'.repeat(60), '\u202eevil\u200b', 'ünïcödé 中文', "' OR '1'='1", '__proto__', 'undefined', '%zz\r\nSet-Cookie: a=b',
];
/** The wrong JSON types the sweep puts in every field (the random part uses all of JSON_TYPES). */
const SWEEP_TYPES: readonly unknown[] = [null, true, 1.5, [], {}];
const JSON_TYPES: readonly unknown[] = [null, true, false, 0, -1, 1.5, -0, 1e308, 2 ** 53 + 2, -(2 ** 63), 2 ** 64, Number.MIN_VALUE, [], {}, ['1'], { a: 1 }, [[[[]]]]];
/** Amounts as decimal text: negative, decimal, exponent, overflowing, not digits at all. */
const AMOUNTS: readonly unknown[] = [
  '0', '-1', '1.5', '1e3', '+1', '01', ' 1', '0x10', '\uff11', 'Infinity', String(2n ** 63n), String(2n ** 64n), '9'.repeat(30), '9'.repeat(400), '-' + '9'.repeat(30), 1,
];
const INTEGERS: readonly unknown[] = [0, -1, 1.5, 2 ** 31, 2 ** 53 + 2, 1e308, '1', '1e3', 'NaN', '9'.repeat(30)];
const PRICES: readonly unknown[] = ['0', '0.0', '-0.1', '1e-9', '.5', '5.', '0.' + '0'.repeat(18) + '1', '0.' + '0'.repeat(17) + '1', '9'.repeat(20), '9'.repeat(20) + '.' + '9'.repeat(18), '9'.repeat(21), '1/3', 'NaN'];

interface Fixture {
  readonly wallet: Address;
  readonly mint: Address;
  /** Valid addresses this server knows nothing about. */
  readonly strangers: readonly Address[];
  readonly orderId: string;
  readonly ruleId: string;
  readonly buildId: string;
  /** A SOL to ZEC swap of 1 SOL this server built for the wallet. */
  readonly swapBuildId: string;
  readonly newMint: Address;
  readonly secret: string;
  /** A second keychain wallet, the one the remove route is aimed at. */
  readonly spare: Address;
}

function addresses(f: Fixture): readonly string[] {
  return [
    '1'.repeat(43), // base58 that is not 32 bytes
    '11111111111111111111111111111111', // the System Program
    '1'.repeat(31), '1'.repeat(45), 'z'.repeat(44), `${f.wallet}2`, f.wallet.slice(1), f.wallet.toLowerCase(), 'O0Il' + '1'.repeat(40),
    f.wallet, f.mint, f.newMint, f.strangers[0]!, 'SysvarRent111111111111111111111111111111111',
  ];
}

/** Path segments that are not what they stand for (each percent-encoded where it must be). */
function segments(f: Fixture, name: string): readonly string[] {
  const ids = name === 'id' ? ['o_' + '0'.repeat(24), 'o_' + 'f'.repeat(24), 'o_' + 'F'.repeat(24), 'o_xyz', '0', '-1', '1.5', '1e3', '99999999999999999999', '9'.repeat(21), f.orderId, f.ruleId, '18446744073709551616'] : [];
  return [...ids, ...addresses(f).map(percent), '%zz', '%00', percent('\u0000😀ü '), 'a'.repeat(201), '__proto__', '%2e%2e'];
}

// ---------------------------------------------------------------------------------------------------
// What each route takes when asked well. A route not here is still fuzzed (its path, query and body as
// a whole); one that names a missing field when sent `{}` must be added here, so that each field is.

interface Template {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  readonly body?: unknown;
}

function templates(f: Fixture): Readonly<Record<string, Template>> {
  const w = { address: f.wallet };
  const ticket = { wallet: f.wallet, mint: f.mint, side: 'buy', amount: String(2n * ZEC + 1n), pay: 'ZEC', receive: 'ZEC', slippageBps: 100, minimum: '1', amountFrom: 'typed', computeUnitPrice: '1000' };
  const policy = { enabled: false, maxSpendZec: '100000000', maxSpendSol: '1000000000', maxSlippageBps: 300, maxPriorityLamports: '100000', pairs: ['zec'], venues: ['curve'], dailyCapZec: '500000000', dailyCapSol: '5000000000' };
  return {
    'POST /desk-api/wallets': { body: { label: 'Another' } },
    'POST /desk-api/wallets/import': { body: { label: 'Imported', secret: f.secret } },
    'PATCH /desk-api/wallets/:address': { params: w, body: { label: 'Fuzz' } },
    'POST /desk-api/wallets/:address/active': { params: w },
    'POST /desk-api/wallets/:address/remove': { params: { address: f.spare }, body: { confirmation: 'not the label' } },
    'POST /desk-api/wallets/:address/export': { params: w, body: { confirmation: 'not the words' } },
    'POST /desk-api/wallets/:address/faucet': { params: w, body: { asset: 'SOL', amount: '1000000000' } },
    'GET /desk-api/wallets/:address/trading': { params: w },
    'PUT /desk-api/wallets/:address/presets': { params: w, body: { buyZec: ['25000000'], buySol: ['200000000'], sellPercents: [50, 100], slippageBps: { curve: 150, pool: 250, route: 400 }, priority: { level: 'fast', microLamports: '100000' } } },
    'PUT /desk-api/wallets/:address/one-click': { params: w, body: { policy, confirmation: 'no' } },
    'GET /desk-api/wallets/:address/one-click/journal': { params: w, query: { limit: '10', before: '5' } },
    'POST /desk-api/quick/trade': { body: { buildId: f.buildId, ticket } },
    'GET /desk-api/plant/quote': { query: { zec: String(ZEC), pair: 'zec', slippageBps: '100' } },
    'GET /desk-api/swap/quote': { query: { direction: 'sol_to_zec', amount: '1000000000', slippageBps: '100' } },
    'POST /desk-api/review': { body: { buildId: f.buildId, ticket } },
    'POST /desk-api/sign': { body: { buildId: f.buildId, ticket } },
    'POST /desk-api/review/claim': { body: { buildId: f.buildId, ticket: { wallet: f.wallet, mint: f.mint } } },
    'POST /desk-api/sign/claim': { body: { buildId: f.buildId, ticket: { wallet: f.wallet, mint: f.mint } } },
    'POST /desk-api/review/payee': { body: { buildId: f.buildId, ticket: { wallet: f.wallet, mint: f.mint, payee: 'holders' } } },
    'POST /desk-api/sign/payee': { body: { buildId: f.buildId, ticket: { wallet: f.wallet, mint: f.mint, payee: 'holders' } } },
    'POST /desk-api/review/swap': { body: { buildId: f.swapBuildId, ticket: { wallet: f.wallet, direction: 'sol_to_zec', amount: '1000000000', minimum: '1', amountFrom: 'typed', computeUnitPrice: '1000' } } },
    // Never the build's own amount: nothing the fuzz sends may be signed (a send would wait on a chain that does not move).
    'POST /desk-api/sign/swap': { body: { buildId: f.swapBuildId, ticket: { wallet: f.wallet, direction: 'sol_to_zec', amount: '1000000001', minimum: '1' } } },
    'POST /desk-api/review/plant': { body: { buildId: f.buildId, ticket: { wallet: f.wallet, mint: f.newMint, name: 'Fuzz Coin', symbol: 'FUZZ', payee: 'me', pair: 'zec', firstBuyZec: '1000' } } },
    'POST /desk-api/sign/plant': { body: { buildId: f.buildId, ticket: { wallet: f.wallet, mint: f.newMint, name: 'Fuzz Coin', symbol: 'FUZZ', payee: `wallet:${f.wallet}`, pair: 'zec' } } },
    'PUT /desk-api/watch/coins/:mint': { params: { mint: f.mint } },
    'DELETE /desk-api/watch/coins/:mint': { params: { mint: f.strangers[2]! } },
    'PUT /desk-api/watch/wallets/:address': { params: { address: f.strangers[0]! }, body: { label: 'a deployer' } },
    'DELETE /desk-api/watch/wallets/:address': { params: { address: f.strangers[1]! } },
    'PUT /desk-api/watch/settings': { body: { sound: false } },
    'GET /desk-api/alert-rules': { query: { mint: f.mint } },
    'POST /desk-api/alert-rules': { body: { mint: f.mint, metric: 'price', direction: 'above', level: '0.000000035' } },
    'DELETE /desk-api/alert-rules/:id': { params: { id: '999999' } },
    'GET /desk-api/alerts': { query: { after: '0', unseen: 'true', limit: '10' } },
    'POST /desk-api/alerts/seen': { body: { upTo: 0 } },
    'GET /local/orders': { query: { wallet: f.wallet, mint: f.mint, state: 'active' } },
    'POST /local/orders': { body: { wallet: f.wallet, mint: f.mint, kind: 'limit_buy', price: '0.000000000000000001', amount: '1000', slippageBps: 100, computeUnitPrice: '1000', expiresAt: '2099-01-01T00:00:00Z' } },
    'GET /local/orders/:id': { params: { id: 'o_' + '0'.repeat(24) } },
    'DELETE /local/orders/:id': { params: { id: 'o_' + '1'.repeat(24) } },
    'POST /local/orders/:id/resume': { params: { id: f.orderId } },
  };
}

// ---------------------------------------------------------------------------------------------------
// Cases.

/** One request as sent. */
interface Case {
  readonly i: number;
  /** `METHOD /route/:param`: the route it is aimed at. */
  readonly route: string;
  /** What was done to the well-formed request (for the report). */
  readonly what: string;
  readonly method: string;
  readonly path: string;
  readonly contentType: string | null;
  readonly body: Buffer | null;
  /** What the request holds that the answer must refuse (an address not of 32 bytes, an amount beyond 64 bits), if anything. */
  readonly mustRefuse: string | null;
}

type Path = readonly (string | number)[];

/** Every place in a JSON value a fuzz may change: each field, each item, each container. */
function placesOf(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return [at, ...value.flatMap((v, k) => placesOf(v, [...at, k]))].filter((p) => p.length > 0);
  if (typeof value === 'object' && value !== null) return [at, ...Object.entries(value).flatMap(([k, v]) => placesOf(v, [...at, k]))].filter((p) => p.length > 0);
  return [at];
}

const valueAt = (value: unknown, at: Path): unknown => at.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);

/** A copy of `value` with the place `at` set to `to` (or removed, for `REMOVE`). */
const REMOVE = Symbol('remove');
function withValue(value: unknown, at: Path, to: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  const parent = valueAt(copy, at.slice(0, -1)) as Record<string | number, unknown>;
  const key = at[at.length - 1]!;
  if (to !== REMOVE) parent[key] = to;
  else if (Array.isArray(parent)) parent.splice(Number(key), 1);
  else delete parent[key];
  return copy;
}

const isAddressLike = (value: unknown): boolean => typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value);

/** What may go where a value was: the wrong kinds of thing for its kind, and the wrong types of JSON. */
function poolFor(name: string, good: unknown, f: Fixture, types: readonly unknown[] = JSON_TYPES): readonly unknown[] {
  let own: readonly unknown[];
  if (typeof good === 'object' && good !== null) own = ['', 'text', -1];
  else if (ADDRESS_PLACE.test(name) || isAddressLike(good)) own = addresses(f);
  else if (/^(price|takeProfit|stopLoss|level)$/.test(name)) own = PRICES;
  else if (name === 'buildId') own = ['b_' + '0'.repeat(32), 'b_' + 'A'.repeat(32), 'b_', f.buildId.toUpperCase(), f.buildId + '0', f.orderId];
  else if (name === 'payee') own = ['me', 'holders', 'wallet:', `wallet:${'1'.repeat(43)}`, 'wallet:11111111111111111111111111111111', `wallet:${f.strangers[0]}`, 'wallet:wallet:x', 'everyone', 'ME', ' me'];
  else if (name === 'expiresAt') own = ['2000-01-01T00:00:00Z', '2099-13-45T99:99:99Z', '2099-01-01', '+275760-09-13T00:00:00.000Z', '9999-12-31T23:59:59.999Z', 'tomorrow', '2099-01-01T00:00:00Z garbage', null];
  else if (typeof good === 'string' && /^[0-9]+$/.test(good)) own = AMOUNTS;
  else if (typeof good === 'number') own = INTEGERS;
  else if (typeof good === 'boolean') own = ['true', 'false', 0, 1, 'yes'];
  else own = TEXTS;
  return [...own, ...types];
}

/** Percent-encodes every byte but the unreserved ones (a lone surrogate goes as U+FFFD, as UTF-8 has it). */
function percent(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) out += /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  return out;
}

function queryText(query: Readonly<Record<string, unknown>>): string {
  const parts = Object.entries(query).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${percent(k)}=${percent(typeof x === 'string' ? x : JSON.stringify(x))}`));
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

/** Bodies that are not a JSON object, whatever the route takes. */
const WHOLE_BODIES: readonly (readonly [string | null, string | Buffer])[] = [
  ['application/json', ''], ['application/json', '{'], ['application/json', "{'a':1}"], ['application/json', 'null'], ['application/json', '[]'], ['application/json', '"text"'],
  ['application/json', '1e999'], ['application/json', '{"a":1}{"b":2}'], ['application/json', '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'],
  ['application/json', Buffer.from('['.repeat(5_000) + ']'.repeat(5_000))], ['application/json', Buffer.from(JSON.stringify({ a: 'b'.repeat(6 << 20) }))], ['application/json; charset=utf-16', '{}'],
  ['text/plain', '{}'], ['application/x-www-form-urlencoded', 'label=x&amount=1'], ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--'], [null, '{"label":"x"}'], ['application/json', Buffer.from([0xff, 0xfe, 0x7b, 0x7d])],
];

interface Shape {
  readonly route: string;
  readonly method: string;
  readonly url: string;
  readonly template: Template;
}

const pathOf = (s: Shape, params: Readonly<Record<string, string>>) => s.url.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? percent(name));
const paramsOf = (s: Shape, f: Fixture): Record<string, string> => Object.fromEntries([...s.url.matchAll(/:([A-Za-z]+)/g)].map(([, name]) => [name!, s.template.params?.[name!] ?? (name === 'id' ? f.orderId : f.wallet)]));
const TAKES_BODY = new Set(['POST', 'PUT', 'PATCH']);

const encoder = getBase58Encoder();
const ADDRESS_PLACE = /^(wallet|mint|address)$/;
const U64_MAX = 2n ** 64n - 1n;

/**
 * What `value`, put where `good` was (a field named `name`), holds that no answer may take, though the
 * schema's characters allow it: base58 of 32 to 44 characters that is not 32 bytes (43 ones: 33 bytes), or
 * decimal digits beyond 2^64 - 1 where an amount goes.
 */
function mustRefuse(name: string, good: unknown, value: unknown): string | null {
  if (typeof value !== 'string') return null;
  if ((ADDRESS_PLACE.test(name) || isAddressLike(good)) && /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value) && encoder.encode(value).length !== 32) return 'a malformed address';
  if (typeof good === 'string' && /^[0-9]+$/.test(good) && !isAddressLike(good) && /^(0|[1-9][0-9]*)$/.test(value) && BigInt(value) > U64_MAX) return 'an amount beyond 64 bits';
  return null;
}

function caseOf(i: number, s: Shape, what: string, parts: { params?: Record<string, string>; query?: Record<string, unknown>; body?: unknown; raw?: readonly [string | null, string | Buffer]; refuse?: string | null }, f: Fixture): Case {
  const params = parts.params ?? paramsOf(s, f);
  const query = parts.query ?? s.template.query ?? {};
  let contentType: string | null = null;
  let body: Buffer | null = null;
  if (parts.raw) {
    contentType = parts.raw[0];
    body = typeof parts.raw[1] === 'string' ? Buffer.from(parts.raw[1], 'utf8') : parts.raw[1];
  } else {
    const value = 'body' in parts ? parts.body : s.template.body;
    if (value !== undefined) {
      contentType = 'application/json';
      body = Buffer.from(JSON.stringify(value), 'utf8');
    }
  }
  return { i, route: s.route, what, method: s.method, path: pathOf(s, params) + queryText(query), contentType, body, mustRefuse: parts.refuse ?? null };
}

/** The systematic sweep: every awkward value in every path segment, query field and body field of every route, and every awkward body. */
function sweep(shapes: readonly Shape[], f: Fixture): Case[] {
  const cases: Case[] = [];
  const add = (s: Shape, what: string, parts: Parameters<typeof caseOf>[3]) => cases.push(caseOf(cases.length, s, what, parts, f));
  for (const s of shapes) {
    // The well-formed request, twice in a row (so, with the concurrency, often twice at once).
    add(s, 'well-formed', {});
    add(s, 'well-formed, again', {});
    const params = paramsOf(s, f);
    for (const name of Object.keys(params)) for (const v of segments(f, name)) add(s, `${name}=${v.slice(0, 40)}`, { params: { ...params, [name]: v }, refuse: mustRefuse(name, params[name], v) });
    const query = s.template.query ?? {};
    for (const [name, good] of Object.entries(query)) {
      for (const v of poolFor(name, good, f, SWEEP_TYPES)) add(s, `?${name}=${JSON.stringify(v)?.slice(0, 40)}`, { query: { ...query, [name]: typeof v === 'string' ? v : JSON.stringify(v) }, refuse: mustRefuse(name, good, v) });
      add(s, `?${name} twice`, { query: { ...query, [name]: [good, good] } });
      add(s, `?${name} missing`, { query: Object.fromEntries(Object.entries(query).filter(([k]) => k !== name)) });
    }
    add(s, '?an unknown field and a filter it does not take', { query: { ...query, nonsense: '1', sort: 'new' } });
    const body = s.template.body;
    if (body !== undefined) {
      for (const at of placesOf(body)) {
        const name = String([...at].reverse().find((k) => typeof k === 'string') ?? '');
        for (const v of poolFor(name, valueAt(body, at), f, SWEEP_TYPES)) add(s, `${at.join('.')}=${JSON.stringify(v)?.slice(0, 40)}`, { body: withValue(body, at, v), refuse: mustRefuse(name, valueAt(body, at), v) });
        add(s, `${at.join('.')} missing`, { body: withValue(body, at, REMOVE) });
      }
      add(s, 'an unknown field', { body: { ...(body as object), nonsense: 1 } });
    }
    if (TAKES_BODY.has(s.method)) {
      add(s, 'body {}', { body: {} });
      for (const raw of WHOLE_BODIES) add(s, `body ${raw[0]} ${String(raw[1]).slice(0, 30)}`, { raw });
    } else {
      add(s, 'a JSON body on a request that takes none', { raw: ['application/json', JSON.stringify(body ?? { label: 'x', amount: '-1' })] });
      add(s, 'a non-JSON body on a request that takes none', { raw: ['text/plain', 'hello'] });
      add(s, 'a broken JSON body on a request that takes none', { raw: ['application/json', '{'] });
    }
  }
  return cases;
}

/** What the request holds, against the route's well-formed one, that no answer may take (see mustRefuse). */
function refusalIn(s: Shape, f: Fixture, params: Readonly<Record<string, string>>, query: Readonly<Record<string, unknown>>, body: unknown): string | null {
  const good = paramsOf(s, f);
  for (const name of Object.keys(good)) {
    const why = mustRefuse(name, good[name], params[name]);
    if (why !== null) return why;
  }
  for (const [name, v] of Object.entries(s.template.query ?? {})) {
    const why = mustRefuse(name, v, query[name]);
    if (why !== null) return why;
  }
  if (s.template.body === undefined) return null;
  for (const at of placesOf(s.template.body)) {
    let now: unknown = body;
    for (const k of at) now = typeof now === 'object' && now !== null ? (now as Record<string | number, unknown>)[k] : undefined;
    const why = mustRefuse(String([...at].reverse().find((k) => typeof k === 'string') ?? ''), valueAt(s.template.body, at), now);
    if (why !== null) return why;
  }
  return null;
}

/** Random requests: two to four of the sweep's changes at once, on a route picked at random. */
function randomCases(from: number, count: number, shapes: readonly Shape[], f: Fixture, rng: SeededRandom): Case[] {
  const d = new Dice(rng);
  return Array.from({ length: count }, (_, k) => {
    const s = d.pick(shapes);
    const params = paramsOf(s, f);
    const query: Record<string, unknown> = { ...(s.template.query ?? {}) };
    let body: unknown = s.template.body ?? (TAKES_BODY.has(s.method) && d.chance(50) ? {} : undefined);
    const what: string[] = [];
    for (let n = 2 + d.int(3); n > 0; n--) {
      const roll = d.int(100);
      const names = Object.keys(params);
      if (roll < 20 && names.length > 0) {
        const name = d.pick(names);
        params[name] = d.pick(segments(f, name));
        what.push(`${name}=${params[name]!.slice(0, 30)}`);
      } else if (roll < 35 && (Object.keys(query).length > 0 || d.chance(30))) {
        const name = Object.keys(query).length > 0 && d.chance(80) ? d.pick(Object.keys(query)) : d.pick(['limit', 'cursor', 'wallet', 'stage', 'x']);
        const v = d.pick(poolFor(name, query[name], f));
        query[name] = typeof v === 'string' ? v : JSON.stringify(v);
        what.push(`?${name}=${String(query[name]).slice(0, 30)}`);
      } else if (body !== undefined && typeof body === 'object' && body !== null) {
        const places = placesOf(body);
        if (places.length === 0 || d.chance(10)) {
          body = { ...(body as object), [d.pick(['extra', '__proto__', 'wallet', 'amount', 'ticket'])]: d.pick(JSON_TYPES) };
          what.push('an extra field');
          continue;
        }
        const at = d.pick(places);
        const name = String([...at].reverse().find((x) => typeof x === 'string') ?? '');
        const to = d.chance(10) ? REMOVE : d.pick(poolFor(name, valueAt(body, at), f));
        body = withValue(body, at, to);
        what.push(`${at.join('.')}=${to === REMOVE ? 'missing' : JSON.stringify(to)?.slice(0, 30)}`);
      } else if (d.chance(50)) {
        body = d.pick(JSON_TYPES);
        what.push(`body ${JSON.stringify(body)}`);
      }
    }
    if (d.chance(8)) {
      const raw = d.pick(WHOLE_BODIES);
      const refuse = refusalIn(s, f, params, query, s.template.body);
      return caseOf(from + k, s, [...what, `body ${raw[0]}`].join(', '), { params, query, raw, refuse }, f);
    }
    return caseOf(from + k, s, what.join(', '), { params, query, body, refuse: refusalIn(s, f, params, query, body) }, f);
  });
}

// ---------------------------------------------------------------------------------------------------
// Sending and judging.

interface Outcome {
  readonly status: number | null;
  readonly contentType: string;
  readonly body: string;
  readonly error: string | null;
}

function send(c: Case, port: number, agent: http.Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { host: `127.0.0.1:${port}`, [DESK_TOKEN_HEADER]: TOKEN };
    if (c.contentType !== null) headers['content-type'] = c.contentType;
    if (c.body !== null) headers['content-length'] = String(c.body.length);
    const request = http.request({ host: '127.0.0.1', port, method: c.method, path: c.path, headers, agent });
    request.setTimeout(ANSWER_WITHIN_MS, () => request.destroy(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)));
    request.on('error', (error: NodeJS.ErrnoException) => resolve({ status: null, contentType: '', body: '', error: `${error.code ?? ''} ${error.message}`.trim() }));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? null, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8'), error: null }));
    });
    request.end(c.body ?? undefined);
  });
}

type Finding =
  | 'no answer'
  | 'a 5xx'
  | 'not the error model'
  | 'shows internals'
  | 'a refusal that names no field'
  | 'one allowed value named as the only one'
  | 'a nested field named without its path'
  | 'rate limited'
  | 'bad input taken';

/** Internals no message may show: a library's words (as for /v1), Ajv's own phrasing, the chain runtime's, paths and stacks of this machine. */
const INTERNALS = new RegExp(`${LIBRARY_WORDS.source}|Error processing Instruction|custom program error|InstructionError|lamport change|must be equal to|must match a schema|must be (>=|<=|>|<) |must be (string|number|integer|boolean|object|array|null)\\b|/work/|node_modules|file://|SQLITE|sqlite|better-sqlite3|BigInt|bigint`);

function errorOf(o: Outcome): { code?: unknown; message?: unknown } | null {
  try {
    const body = JSON.parse(o.body) as { error?: unknown };
    return typeof body.error === 'object' && body.error !== null ? (body.error as { code?: unknown; message?: unknown }) : null;
  } catch {
    return null;
  }
}

/** The message without the words it quotes from the request (its path, a value of its body or query). */
function echoesRemoved(message: string, c: Case): string {
  const sent = `${safeDecode(c.path)} ${c.body !== null && c.body.length < 200_000 ? c.body.toString('utf8') : ''}`;
  return message
    .split(/\s+/)
    .filter((word) => {
      const bare = word.replace(/^[("'`]+|[)"'`,.;:]+$/g, '');
      return bare.length < 3 || !sent.includes(bare);
    })
    .join(' ');
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** `field` is not a field of the body sent, but the last part of one that is (`computeUnitPrice` for `ticket.computeUnitPrice`). */
function namedWithoutPath(field: string, c: Case): boolean {
  if (c.body === null || c.body.length > 200_000) return false;
  let body: unknown;
  try {
    body = JSON.parse(c.body.toString('utf8'));
  } catch {
    return false;
  }
  const paths: string[] = [];
  const walk = (v: unknown, at: string, depth: number): void => {
    if (typeof v !== 'object' || v === null || depth > 8) return;
    for (const [k, x] of Object.entries(v)) {
      paths.push(at ? `${at}.${k}` : k);
      walk(x, at ? `${at}.${k}` : k, depth + 1);
    }
  };
  walk(body, '', 0);
  return !paths.includes(field) && paths.some((p) => p.endsWith(`.${field}`));
}

function findingsOf(c: Case, o: Outcome): Finding[] {
  if (o.status === null) return ['no answer'];
  if (o.status < 400) return c.mustRefuse !== null ? ['bad input taken'] : [];
  const found: Finding[] = [];
  if (o.status >= 500) found.push('a 5xx');
  if (o.status === 429) found.push('rate limited');
  const error = errorOf(o);
  const code = error?.code;
  const known = typeof code === 'string' && Object.hasOwn(API_ERROR_STATUS, code);
  if (!/^application\/json\b/.test(o.contentType) || !known || typeof error?.message !== 'string' || error.message.length === 0 || API_ERROR_STATUS[code as keyof typeof API_ERROR_STATUS] !== o.status) {
    found.push('not the error model');
    return found;
  }
  const message = error.message as string;
  // The request's own text echoed back ("label: \"undefined\" already names…") is not a library's.
  if (INTERNALS.test(echoesRemoved(message, c))) found.push('shows internals');
  // A refusal of the request itself says which part of it is wrong first: `amount: …`, `path: …`, `Content-Type: …`.
  if (code === 'invalid_param' && !/^[A-Za-z][\w.[\]-]{0,60}: \S/.test(message)) found.push('a refusal that names no field');
  const field = /^([\w.]+): /.exec(message)?.[1];
  if (code === 'invalid_param' && field !== undefined && namedWithoutPath(field, c)) found.push('a nested field named without its path');
  // Every field of these routes that takes constants takes two or more (side, pay, asset, pair…): "must be buy" would hide "sell".
  if (code === 'invalid_param' && /^\S+: must be (?!a\b|an\b)[\w-]+$/.test(message)) found.push('one allowed value named as the only one');
  return found;
}

function describeCase(c: Case): string {
  const cut = (text: string, max: number) => (text.length > max ? `${JSON.stringify(text.slice(0, max))}…(${text.length} chars)` : JSON.stringify(text));
  return `#${c.i} ${c.route} [${c.what}${c.mustRefuse ? `; holds ${c.mustRefuse}` : ''}]: ${c.method} ${cut(c.path, 140)}${c.body === null ? '' : ` ${c.contentType ?? '(no content-type)'} ${cut(c.body.toString('utf8'), 160)}`}`;
}

function answerOf(o: Outcome): string {
  if (o.error !== null) return `no answer: ${o.error}`;
  return `${o.status} ${o.body.slice(0, 300)}`;
}

// ---------------------------------------------------------------------------------------------------

/**
 * The desk-only routes (/desk-api, /local) against malformed input, WITH this run's desk token, on the real
 * server, keychain, index and sandbox (issue 35: "the suite's own fuzz test grows to cover the desk-only
 * routes with a valid token: no 503 from bad input"). The routes come from the server's own route table; a
 * sweep sends every awkward value through every path segment, query field and body field of each, then
 * random mixtures follow. No answer is a 5xx (a 503 `unavailable` says the chain or index is down: never
 * the answer to a request), every refusal is `{error: {code, message}}` with a code of core/errors.ts and its
 * status, in words that name the field and show nothing of the libraries; and what a request refused left
 * nothing behind (wallets, orders and alert rules are exactly those the accepted requests made).
 */
describe('desk-only routes fuzz (valid desk token)', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let fx: Fixture;
  let routes: Route[] = [];
  let shapes: Shape[] = [];
  let cases: Case[] = [];
  let outcomes: Outcome[] = [];
  let sweepSize = 0;
  const unexpected: { error: unknown; where: string }[] = [];
  const findings = new Map<Finding, { c: Case; o: Outcome }[]>();
  const before = { wallets: 0, orders: 0, rules: 0 };

  beforeAll(async () => {
    session = await startKeychainSession();
    f = await startApi({ desk: { keychain: new OsKeychain(`launchdesk-fuzz-${process.pid}`), token: TOKEN }, onUnexpectedError: (error, where) => void unexpected.push({ error, where }) });
    const desk = async (method: string, path: string, body?: unknown) => {
      const a = await call(f, method, path, { ...(body !== undefined ? { body } : {}), headers: { [DESK_TOKEN_HEADER]: TOKEN } });
      if (a.status !== 200) throw new Error(`setup: ${method} ${path} answered ${a.status} ${JSON.stringify(a.body)}`);
      return a.body;
    };
    const wallet = (await desk('POST', '/desk-api/wallets', { label: 'Fuzz' }))['address'] as Address;
    const spare = (await desk('POST', '/desk-api/wallets', { label: 'Spare' }))['address'] as Address;
    await desk('POST', `/desk-api/wallets/${wallet}/faucet`, { asset: 'SOL', amount: String(10n ** 10n) });
    await desk('POST', `/desk-api/wallets/${wallet}/faucet`, { asset: 'ZEC', amount: String(10n * ZEC) });
    const built = await call(f, 'POST', '/v1/trade/build', { body: { wallet, mint: f.mint, side: 'buy', amount: String(2n * ZEC) } });
    if (built.status !== 200) throw new Error(`setup: the trade build answered ${built.status} ${JSON.stringify(built.body)}`);
    const swap = await call(f, 'POST', '/v1/swap/build', { body: { wallet, direction: 'sol_to_zec', amount: '1000000000' } });
    if (swap.status !== 200) throw new Error(`setup: the swap build answered ${swap.status} ${JSON.stringify(swap.body)}`);
    const newMint = (await desk('POST', '/desk-api/plant/mint'))['mint'] as Address;
    const order = await desk('POST', '/local/orders', { wallet, mint: f.mint, kind: 'limit_sell', price: '1000', percent: 50 });
    const rule = await desk('POST', '/desk-api/alert-rules', { mint: f.mint, metric: 'marketCap', direction: 'above', level: '1000000000' });
    const rng = new SeededRandom(SEED);
    const d = new Dice(rng);
    // A key the import may take: its secret is the 32-byte seed, then the public key.
    const seed = d.bytes(32);
    const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
    const secret = base58.decode(new Uint8Array([...seed, ...getAddressEncoder().encode(signer.address)]));
    fx = {
      wallet, mint: f.mint as Address, spare, newMint, orderId: order['id'] as string, ruleId: String(rule['id']), buildId: built.body['buildId'] as string, swapBuildId: swap.body['buildId'] as string,
      strangers: Array.from({ length: 3 }, () => getAddressDecoder().decode(d.bytes(32))), secret,
    };
    before.wallets = f.wallets!.list().wallets.length;
    before.orders = f.orders!.all().length;
    before.rules = f.watch!.rules().length;

    routes = routesOf(f.app).filter((r) => DESK_ONLY.test(r.url));
    const known = templates(fx);
    shapes = routes.map((r) => ({ route: `${r.method} ${r.url}`, method: r.method, url: r.url, template: known[`${r.method} ${r.url}`] ?? {} }));
    const swept = sweep(shapes, fx);
    sweepSize = swept.length;
    cases = [...swept, ...randomCases(swept.length, RANDOM_CASES, shapes, fx, rng)];

    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    outcomes = new Array<Outcome>(cases.length);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < cases.length) {
          const c = cases[next++]!;
          // Past any rate-limit window: a 429 would hide what is behind it.
          f.clock += 61_000;
          outcomes[c.i] = await send(c, f.port, agent);
        }
      }),
    );
    agent.destroy();
    const elapsed = performance.now() - started;
    for (const c of cases) for (const finding of findingsOf(c, outcomes[c.i]!)) findings.set(finding, [...(findings.get(finding) ?? []), { c, o: outcomes[c.i]! }]);
    const statuses = outcomes.reduce<Record<string, number>>((m, o) => ({ ...m, [String(o.status ?? 'none')]: (m[String(o.status ?? 'none')] ?? 0) + 1 }), {});
    // `LAUNCHDESK_FUZZ_DUMP=<file>` writes every request and its answer, one a line: what was taken (200) is worth reading too.
    const dump = process.env['LAUNCHDESK_FUZZ_DUMP'];
    if (dump) writeFileSync(dump, cases.map((c) => `${c.route}\t${c.what}\t${outcomes[c.i]!.status}\t${outcomes[c.i]!.body.slice(0, 300)}`).join('\n'));
    console.log(`desk fuzz: ${routes.length} routes, ${cases.length} requests (${sweepSize} swept, seed ${SEED}, ${CONCURRENCY} at a time) in ${(elapsed / 1000).toFixed(1)} s; statuses ${JSON.stringify(statuses)}; findings ${JSON.stringify(Object.fromEntries([...findings].map(([k, v]) => [k, v.length])))}`);
  }, 120_000);

  afterAll(async () => {
    // An order the fuzz placed may be filling: its send waits for a confirmation, which needs the chain to move.
    const ticker = setInterval(() => f?.sandbox.cluster.advanceSlots(1), 5);
    await f?.close().finally(() => clearInterval(ticker));
    session?.stop();
  });

  /** The requests behind a finding, grouped by route and answer, a few of each. */
  const report = (finding: Finding) => {
    const found = findings.get(finding) ?? [];
    const groups = new Map<string, { c: Case; o: Outcome }[]>();
    for (const x of found) {
      const key = `${x.c.route} → ${answerOf(x.o).replace(/"[^"]{30,}"|\d{4,}/g, '…').slice(0, 200)}`;
      groups.set(key, [...(groups.get(key) ?? []), x]);
    }
    const shown = [...groups].map(([key, xs]) => `${xs.length} × ${key}\n${xs.slice(0, 3).map((x) => `    ${describeCase(x.c)}\n      → ${answerOf(x.o)}`).join('\n')}`);
    const logged = finding === 'a 5xx' ? `\nlogged as unexpected:\n${unexpected.slice(0, 10).map((u) => `  ${u.where}: ${String((u.error as Error)?.stack ?? u.error).split('\n').slice(0, 4).join(' | ')}`).join('\n')}` : '';
    return `${found.length} request(s) (seed ${SEED}), ${groups.size} kind(s):\n${shown.join('\n')}${logged}\n`;
  };
  const none = (finding: Finding) => expect((findings.get(finding) ?? []).length, report(finding)).toBe(0);

  it('finds the desk-only routes in the server\'s own route table, and fuzzes each', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const known of ['GET /desk-api/wallets', 'POST /desk-api/wallets/:address/faucet', 'POST /desk-api/sign', 'PUT /desk-api/wallets/:address/one-click', 'POST /desk-api/alert-rules', 'POST /local/orders', 'DELETE /local/orders/:id']) expect(names).toContain(known);
    expect(routes.length).toBeGreaterThan(40);
    for (const name of names) expect(cases.filter((c) => c.route === name).length, name).toBeGreaterThan(3);
  });

  it('has a well-formed request for every route that takes fields, so each field is fuzzed', () => {
    // A route answering `{}` with "X: is missing" takes fields: without a template only its body as a whole is fuzzed.
    const untemplated = cases.filter((c) => c.what === 'body {}' && shapes.find((s) => s.route === c.route)?.template.body === undefined && / is missing$/.test(String(errorOf(outcomes[c.i]!)?.message)));
    expect(untemplated.map((c) => `${c.route} (${String(errorOf(outcomes[c.i]!)?.message)})`), 'add a well-formed request for these to templates()').toEqual([]);
  });

  it('every request gets a whole answer', () => none('no answer'));
  it('no answer is a 5xx: never 503 unavailable for a bad request', () => {
    none('a 5xx');
    expect(unexpected.map((u) => u.where)).toEqual([]);
  });
  it('every refusal is {error: {code, message}} in JSON, with a code of the error model and its status', () => none('not the error model'));
  it('no message shows a library\'s words, a validator\'s phrasing, a stack or a path of this machine', () => none('shows internals'));
  it('an invalid_param names the field (or the part of the request) it refuses', () => none('a refusal that names no field'));
  it('a nested field is named with its path (ticket.computeUnitPrice, not computeUnitPrice)', () => none('a nested field named without its path'));
  it('a value outside a union of constants is refused naming every constant it takes', () => none('one allowed value named as the only one'));
  it('an address that is not 32 bytes, or an amount beyond 64 bits, is refused, never taken', () => none('bad input taken'));
  it('the desk\'s routes are not rate limited into hiding what they answer', () => none('rate limited'));

  it('leaves nothing half-done: wallets, orders and alert rules are exactly what the accepted requests made', () => {
    const ok = (route: string) => cases.filter((c) => c.route === route && outcomes[c.i]!.status === 200).length;
    expect(f.wallets!.list().wallets.length).toBe(before.wallets + ok('POST /desk-api/wallets') + ok('POST /desk-api/wallets/import') - ok('POST /desk-api/wallets/:address/remove'));
    expect(f.orders!.all().length).toBe(before.orders + ok('POST /local/orders'));
    expect(f.watch!.rules().length).toBe(before.rules + ok('POST /desk-api/alert-rules') - ok('DELETE /desk-api/alert-rules/:id'));
  });

  it('the server still answers afterwards', async () => {
    const a = await call(f, 'GET', '/desk-api/wallets', { headers: { [DESK_TOKEN_HEADER]: TOKEN } });
    expect(a.status).toBe(200);
  });
});
