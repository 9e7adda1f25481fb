import { getAddressDecoder, getBase58Decoder, type Address } from '@solana/kit';
import { rmSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_STATUS } from '../../core/api/api-error.js';
import { CANDLE_INTERVAL_NAMES } from '../../core/api/schemas/candle.js';
import { STAGES } from '../../core/api/schemas/coin.js';
import type { Api } from '../../core/api/api-context.js';
import { createApiServer, listenLocal } from '../../core/api/server.js';
import { SIGN_IN_STATEMENT, signInMessage } from '../../core/api/sign-in.js';
import { SqliteKeyStore } from '../../core/api/store/sqlite-key-store.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { Ingestor } from '../../core/index/ingest/ingestor.js';
import { COIN_SORTS } from '../../core/index/store/index-queries.js';
import { IndexStore } from '../../core/index/store/index-store.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { fundedWallet } from '../helpers/launchpad.js';
import { LIBRARY_WORDS } from '../helpers/library-words.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin } from '../helpers/vault.js';
import { rulesOf } from '../index/rules.js';
import { SeededRandom } from '../math/seeded-random.js';
import { Dice } from '../helpers/dice.js';

/** The run: the same seed sends the same requests (but for the addresses, keys and port of the run), in any concurrency. */
const SEED = BigInt(process.env['LAUNCHDESK_FUZZ_SEED'] ?? '0x1dea5eed');
const CASES = 5_000;
const CONCURRENCY = 8;
const ANSWER_WITHIN_MS = 10_000;
const ZEC = 100_000_000n;
const base58 = getBase58Decoder();

/** One request as sent: the method, the raw request-target, header pairs (names may repeat), the body. */
interface Case {
  readonly i: number;
  /** Which generator made it: edge, valid, query, path, body, host (for the summary). */
  readonly kind: string;
  readonly method: string;
  readonly path: string;
  readonly headers: readonly (readonly [string, string])[];
  readonly body: Buffer | null;
  /** The body goes chunked instead of with a Content-Length. */
  readonly chunked: boolean;
  /** A well-formed request: it must answer 200. */
  readonly valid: boolean;
}

interface Outcome {
  readonly status: number | null;
  readonly contentType: string;
  readonly body: string;
  /** Set when no whole answer came (a hang, a reset, a closed socket). */
  readonly error: string | null;
  /** A HEAD was answered with content: the rest of this outcome is the same request's as a GET. */
  readonly headWithContent?: boolean;
}


// ---------------------------------------------------------------------------------------------------
// Raw material.

const NUMBERS = [
  '0', '-0', '-1', '1', '2', '49', '50', '99', '100', '101', '300', '366', '367', '999', '1000', '1001',
  String(2 ** 31), String(2 ** 32), String(2 ** 40), String(2 ** 40 + 1), String(2 ** 53), String(2 ** 53 + 1),
  String(2n ** 63n - 1n), String(2n ** 63n), String(2n ** 64n), '9'.repeat(19), '9'.repeat(20), '9'.repeat(400), '-' + '9'.repeat(30),
  '1.0', '1.5', '0.1', '-1.5', '1e2', '1E2', '1e-2', '1e308', '1e309', '-1e309', '4.9e-324', '0x10', '0o7', '0b1', '+1', '01', '00', '1_000', '1,000',
  'NaN', 'Infinity', '-Infinity', 'true', 'false', 'null', 'undefined', '[]', '{}', '[1]', ' 1', '1 ', '\t1', '1\n', '\uff11', '\u0661', '\u00b2', '1\u0000',
];
const CURSORS = [
  '0', '2', '999999999', '1000000000', '-1', '1.2', '1.2.3', '1.2.3.4', '0.0.0', '00.0.0', '1..3', '.1.2',
  `${2n ** 63n - 1n}.${2n ** 63n - 1n}.9999`, `${2n ** 63n}.0.0`, `0.${2n ** 63n}.0`, `${2n ** 64n - 1n}.0.0`, '9999999999999999999.9999999999999999999.9999', 'abc', 'null',
];
const INVALID_PERCENT = ['%', '%%', '%z', '%zz', '%1', '%G0', '%C3%28', '%E2%82', '%ED%A0%80', '%F4%90%80%80', '%C0%AF', '%FF%FE', '%00', '%25', '%2525', '%u0041', '%%30%30', '%2'];
const INJECTIONS = [
  "' OR '1'='1", "'; DROP TABLE coins; --", '%', '_', '%_%', '\\', '\\\\', '"', '../../../etc/passwd', '..\\..\\windows', '<script>alert(1)</script>', '${jndi:ldap://x}', '{{7*7}}',
  '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '[object Object]', 'GLOB', '*', '?', '&', '=', '#', '+', ' ', 'SELECT 1', 'x\r\nSet-Cookie: a=b',
];
const UNICODE_POOLS: readonly (readonly [number, number])[] = [
  [0x20, 0x7e], [0x00, 0x1f], [0x7f, 0xff], [0x100, 0x17f], [0x300, 0x36f], [0x4e00, 0x4fff], [0x202a, 0x202e], [0x200b, 0x200f],
  [0xfeff, 0xfeff], [0xfff0, 0xffff], [0xd800, 0xdfff], [0x1f300, 0x1f64f], [0x10fff0, 0x10ffff], [0xff10, 0xff19],
];
const BAD_JSON = [
  '{', '}', '{"a":', '{"a":1,}', "{'a':1}", '[1,2', 'nul', 'tru', 'NaN', '01', '1e99999', '-', '"\\u00"', '"\\ud800"', '"\\x41"', '{"a":1}{"b":2}',
  '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '\u0000', '\ufeff{}', '{"a":"\u0000"}', '', ' ', 'null', '{}', '[]', '"str"',
  '{"wallet":', '{"wallet":null}', '{"message":1,"signature":[]}', '{"a":' + '1'.repeat(5_000) + '}',
];
const CONTENT_TYPES = [
  'application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'application/JSON', 'text/plain', 'text/plain; charset=latin1',
  'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'multipart/form-data', 'application/octet-stream', 'application/xml', 'image/png',
  '', ';', ';;;', 'application/json;;', 'application/json; charset', '/', 'json', '*/*', 'application/*', 'application/json, text/plain', 'a'.repeat(2_000),
  'application/vnd.api+json', 'application/problem+json', 'application/json\u00ff',
];
/** Beside GET, HEAD and POST: methods with routes elsewhere, methods node knows but no route has, tokens node's parser does not know. */
const ODD_METHODS = ['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND', 'SEARCH', 'REPORT', 'MKCOL', 'LOCK', 'PURGE', 'LINK', 'UNLINK', 'M-SEARCH', 'NOTIFY', 'QUERY', 'FOO', 'BREW', 'X'.repeat(40)];
const EXTRA_NAMES = ['', 'a', 'page', 'offset', 'mint', 'wallet', '__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'q[]', 'limit[]', 'limit[0]', 'limit.x', 'LIMIT', 'Limit', '%C3%A9', '%00', '%zz', '?', '&'];

type Segment = 'mint' | 'wallet' | 'id' | 'signature';
interface Route {
  readonly template: string;
  readonly query: readonly string[];
  /** The method the route is for when it is not GET (used most of the time). */
  readonly method?: 'POST' | 'DELETE';
  /** The JSON body the route takes. */
  readonly body?: 'challenge' | 'key';
}
const ROUTES: readonly Route[] = [
  { template: '/v1/params', query: [] },
  { template: '/v1/coins', query: ['sort', 'limit', 'cursor', 'quote', 'stock', 'stage'] },
  { template: '/v1/coins/search', query: ['q', 'limit'] },
  { template: '/v1/coins/{mint}', query: [] },
  { template: '/v1/coins/{mint}/trades', query: ['user', 'limit', 'cursor'] },
  { template: '/v1/coins/{mint}/candles', query: ['interval', 'limit', 'before'] },
  { template: '/v1/coins/{mint}/fees', query: [] },
  { template: '/v1/coins/{mint}/holders', query: ['limit', 'cursor'] },
  { template: '/v1/coins/{mint}/runs', query: ['limit', 'cursor'] },
  { template: '/v1/coins/{mint}/rings', query: ['limit', 'cursor'] },
  { template: '/v1/coins/{mint}/schedule', query: [] },
  { template: '/v1/runs/{mint}', query: ['limit', 'cursor'] },
  { template: '/v1/tx/{signature}/rings', query: [] },
  { template: '/v1/graduations', query: ['limit', 'cursor'] },
  { template: '/v1/trades', query: ['quote', 'stock', 'user', 'limit', 'cursor'] },
  { template: '/v1/accounts/{wallet}', query: [] },
  { template: '/v1/stats', query: [] },
  { template: '/v1/stats/daily', query: ['limit', 'cursor'] },
  { template: '/v1/stocks/issuers', query: [] },
  { template: '/v1/tx/{signature}', query: [] },
  { template: '/v1/auth/challenge', query: [], method: 'POST', body: 'challenge' },
  { template: '/v1/keys', query: [], method: 'POST', body: 'key' },
  { template: '/v1/keys', query: [] },
  { template: '/v1/keys/{id}/usage', query: [] },
  { template: '/v1/keys/{id}', query: [], method: 'DELETE' },
  { template: '/v1/openapi.json', query: [] },
  { template: '/v1/docs', query: [] },
  { template: '/v1/unknown/{mint}', query: ['limit'] },
  { template: '/v2/coins', query: ['limit'] },
  { template: '/', query: [] },
];

/** Percent-encodes every byte but the unreserved ones (lone surrogates become U+FFFD, as UTF-8 does). */
function percent(text: string, lower = false): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const ch = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(ch)) out += ch;
    else {
      const hex = byte.toString(16).padStart(2, '0');
      out += '%' + (lower ? hex : hex.toUpperCase());
    }
  }
  return out;
}

/** The UTF-8 bytes of `text` sent raw (one latin1 char per byte); the bytes node's client refuses (<= 0x20) are percent-encoded. */
function rawBytes(text: string | Buffer): string {
  let out = '';
  for (const byte of typeof text === 'string' ? Buffer.from(text, 'utf8') : text) out += byte <= 0x20 ? '%' + byte.toString(16).padStart(2, '0') : String.fromCharCode(byte);
  return out;
}

/** A header value node's client will send: UTF-8 bytes as latin1, without control characters. */
function headerValue(text: string): string {
  return rawBytes(text).replace(/%[01][0-9a-f]|%20/g, ' ').replace(/\x7f/g, '');
}

function unicode(d: Dice, length: number): string {
  let out = '';
  for (let k = 0; k < length; k++) {
    const [lo, hi] = d.pick(UNICODE_POOLS);
    out += String.fromCodePoint(lo + d.int(hi - lo + 1));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Generators.

interface Fixture {
  readonly port: number;
  readonly mint: Address;
  readonly wallet: Address;
  readonly addresses: readonly Address[];
  /** A live key and its id (never revoked by the fuzz: its id is not among the ids it sends). */
  readonly key: string;
  readonly keyId: string;
  /** The listed coin's planting signature (GET /v1/tx/{signature}). */
  readonly planting: string;
  /** Another live key of the same wallet, which the fuzz may revoke. */
  readonly spareKey: string;
  readonly spareId: string;
}

function validValue(d: Dice, name: string, f: Fixture): string {
  switch (name) {
    case 'sort':
      return d.pick(COIN_SORTS);
    case 'quote':
      return d.pick(['zec', 'native', 'stocks']);
    case 'stage':
      return d.pick(STAGES);
    case 'interval':
      return d.pick(CANDLE_INTERVAL_NAMES);
    case 'cursor':
      return d.pick(CURSORS);
    case 'q':
      return d.pick(['plant', 'PLANT', 'Planted Coin', '%', '_', f.mint, 'p']);
    case 'user':
    case 'mint':
    case 'wallet':
      return d.pick(f.addresses);
    case 'id':
      return d.pick([f.spareId, `k_${base58.decode(d.bytes(9))}`, f.spareId.toUpperCase()]);
    case 'signature':
      return d.pick([f.planting, base58.decode(d.bytes(64)), f.planting.toLowerCase()]);
    case 'before':
      return d.pick(['0', '1', String(2 ** 40), '1800000000']);
    case 'stock':
      return d.pick(['AAPL', 'aapl', 'TSLA', '']);
    default:
      return d.pick(['1', '2', '50', '100']);
  }
}

/** A value for a query parameter or a path segment, already in the form it goes on the wire. */
function fuzzValue(d: Dice, name: string, f: Fixture): string {
  const roll = d.int(100);
  if (roll < 22) return percent(validValue(d, name, f));
  if (roll < 32) {
    const v = validValue(d, name, f);
    return percent(d.pick([v.toUpperCase(), ` ${v}`, `${v} `, `+${v}`, v + v, v.slice(1), v + '\u0000', v + '\u200b', v.normalize('NFKD') + '\u0301', v.replace(/./u, (c) => c + '\u0301')]), d.chance(20));
  }
  if (roll < 44) {
    const n = d.pick(NUMBERS);
    return /^[\x21-\x7e]*$/.test(n) && !/[#%&+?]/.test(n) && d.chance(50) ? n : percent(n, d.chance(20));
  }
  if (roll < 56) return percent(unicode(d, 1 + d.size(80)), d.chance(30));
  // Raw bytes above 0x7e in the request-target: node's parser refuses the request before the app sees it.
  if (roll < 58) return rawBytes(unicode(d, 1 + d.size(40)));
  if (roll < 68) {
    const v = validValue(d, name, f);
    const at = d.int(v.length + 1);
    return percent(v.slice(0, at)) + d.pick(INVALID_PERCENT) + percent(v.slice(at));
  }
  if (roll < 78) {
    const v = d.pick(INJECTIONS);
    return /^[\x21-\x7e]*$/.test(v) && d.chance(40) ? v : percent(v);
  }
  if (roll < 86) {
    // Long values: most stay inside node's 16 KiB request head, some (tens of KB) do not.
    const length = Math.max(1, d.chance(8) ? 16_000 + d.int(30_000) : d.size(12_000));
    return d.pick(['a', '9', '%41', '%', '1', '%C3%A9', 'Z', '%F0%9F%98%80']).repeat(length).slice(0, length);
  }
  if (roll < 91) return '';
  if (roll < 99) return percent(d.bytes(1 + d.size(60)).toString('latin1'));
  return rawBytes(d.bytes(1 + d.size(60)));
}

function queryOf(d: Dice, names: readonly string[], f: Fixture): string {
  const count = d.pick([0, 0, 1, 1, 2, 2, 3, 4, 7]);
  const parts: string[] = [];
  for (let k = 0; k < count; k++) {
    let name = names.length > 0 && d.chance(75) ? d.pick(names) : d.pick(EXTRA_NAMES);
    if (d.chance(15)) name = d.pick([`${name}[]`, `${name}[0]`, `${name}.x`, name.replace(/[a-z]/g, (c) => c.toUpperCase()), `${name}%00`, name.replace(/[a-z]/g, (c) => '%' + c.charCodeAt(0).toString(16)), `${name}%20`]);
    const value = fuzzValue(d, name, f);
    parts.push(d.chance(85) ? `${name}=${value}` : d.pick([name, `${name}=`, `=${value}`, `${name}==${value}`, `${name}=${value}=${value}`, `${name}=${value}&${name}=${value}`]));
    if (d.chance(10)) parts.push(`${name}=${fuzzValue(d, name, f)}`); // the same name twice
  }
  if (parts.length === 0 && d.chance(70)) return '';
  return d.pick(['?', '?', '?', '?', '??', '?&']) + parts.join(d.pick(['&', '&', '&', '&', ';', '&&', '&amp;']));
}

const PATH_TRICKS: readonly ((p: string, d: Dice, f: Fixture) => string)[] = [
  (p) => '/' + p,
  (p) => p.replace('/v1/', '/v1//'),
  (p) => '/v1/..' + p,
  (p) => '/v1/../..' + p,
  (p) => p.replace('/v1/', '/v1/./'),
  (p) => p.replace('/v1/', '/v1/%2e%2e/'),
  (p) => p.replace('/v1/', '/v1/%2E/'),
  (p) => '/' + p.slice(1).replace(/\//g, '%2F'),
  (p) => p.replace(/\//g, '\\'),
  (p) => p + '/',
  (p) => p + '//',
  (p) => p.replace(/[a-z]/g, (c) => c.toUpperCase()),
  (p) => p + '%00',
  (p) => p + '%',
  (p) => p + ';a=b',
  (p) => p + '#frag',
  (p, _d, f) => `http://127.0.0.1:${f.port}${p}`,
  (p) => `http://evil.example${p}`,
  () => '*',
  (p) => p.slice(1),
  (p) => p + '/..',
  (p) => p + '/.',
  (p, d) => p + '/' + 'a'.repeat(d.size(20_000)),
  (p) => p.replace('coins', 'co%69ns').replace('stats', 'st%61ts').replace('keys', 'k%65ys'),
  (p, d) => '/v1/coins/' + '../'.repeat(1 + d.int(8)) + 'etc/passwd',
  (p, d) => p + '?' + '&'.repeat(d.size(3_000)),
  (p, d) => p.replace('/v1', '/v1' + d.pick(['%2f', '%5c', '%00', '\u00c0\u00af', '/%2e', '/%252e%252e'])),
  (p, d) => '/'.repeat(2 + d.size(2_000)) + p,
  (p, d) => p.replace(/\/[^/?]*$/, '/' + rawBytes(unicode(d, 1 + d.size(30)))),
];

const GOOD_HOSTS = (port: number) => [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, '127.0.0.1', 'localhost', 'LOCALHOST', `LocalHost:${port}`, '[::1]'];
const BAD_HOSTS = (port: number) => [
  'evil.example', `evil.example:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1:0', `127.0.0.1:0${port}`, `127.0.0.1:+${port}`, `127.0.0.1:${port}:${port}`, '127.0.0.2', '127.1',
  '0.0.0.0', `localhost.:${port}`, `localhost.evil.example:${port}`, `127.0.0.1@evil.example`, '[::ffff:127.0.0.1]', '[::1', '::1', '', ' ', ':', `:${port}`,
  'l'.repeat(3_000), headerValue('localhost\u0000'), headerValue('l\u00f6calhost'), `127.0.0.1:${port}/x`, `127.0.0.1:${'9'.repeat(40)}`,
];

function authorization(d: Dice, f: Fixture): string {
  const roll = d.int(10);
  if (roll < 3) return `Bearer ${f.key}`;
  if (roll < 4) return `Bearer ${f.spareKey}`;
  if (roll < 5) return `Bearer ${d.pick([f.key.slice(0, -1), f.key + 'x', f.key.toUpperCase(), f.key.slice(0, 12), ` ${f.key}`, `${f.key} `, `${f.key},${f.key}`])}`;
  return headerValue(d.pick(['Bearer ', 'Bearer', 'bearer ', 'Basic ', '', 'Token ', 'Bearer  '])) + headerValue(d.pick(['', 'x', 'k'.repeat(201), unicode(d, 1 + d.size(50)), '\u00ff', d.bytes(10).toString('hex'), 'ld_' + 'z'.repeat(44)]));
}

function headerPairs(d: Dice, f: Fixture, host: string | null, twice: string | null): [string, string][] {
  const pairs: [string, string][] = [];
  if (host !== null) pairs.push(['Host', host]);
  if (twice !== null) pairs.push(['Host', twice]);
  const extras = d.pick([0, 0, 1, 1, 2, 3, 5]);
  for (let k = 0; k < extras; k++) {
    pairs.push(
      d.pick<() => [string, string]>([
        () => ['Authorization', authorization(d, f)],
        () => ['Authorization', authorization(d, f)],
        () => ['Content-Type', headerValue(d.pick(CONTENT_TYPES))],
        () => ['Accept', d.pick(['*/*', 'application/json', 'text/html', 'application/xml', '', 'garbage;;q=x', 'application/json;q=0'])],
        () => ['Accept-Encoding', d.pick(['gzip, deflate, br', '*', 'identity;q=0', 'zstd', 'x'.repeat(500)])],
        () => ['Accept-Version', d.pick(['1', '*', 'x', '1.0.0'])],
        () => ['X-Forwarded-For', d.pick(['1.2.3.4', '127.0.0.1', 'garbage', '::1, 10.0.0.1', ''])],
        () => ['X-Forwarded-Host', 'evil.example'],
        () => ['Forwarded', 'for=1.2.3.4;host=evil.example'],
        () => ['Origin', d.pick(['https://evil.example', 'null', `http://127.0.0.1:${f.port}`])],
        () => ['Cookie', 'a=' + 'b'.repeat(d.size(6_000))],
        () => ['Connection', d.pick(['close', 'keep-alive', 'Keep-Alive', 'upgrade', 'garbage'])],
        () => ['Expect', d.pick(['100-continue', '100-Continue', 'foo', ''])],
        () => ['Range', d.pick(['bytes=0-1', 'bytes=-1', 'bytes=9999999999-', 'garbage'])],
        () => ['If-None-Match', d.pick(['*', '"x"', 'W/"x"'])],
        () => ['If-Modified-Since', d.pick(['Thu, 01 Jan 1970 00:00:00 GMT', 'garbage'])],
        () => ['Content-Encoding', d.pick(['gzip', 'br', 'deflate', 'identity', 'x'])],
        () => ['User-Agent', headerValue(unicode(d, 1 + d.size(500)))],
        () => ['X-Request-Id', headerValue(unicode(d, 1 + d.size(100)))],
        () => [`X-${d.bytes(4).toString('hex')}`, headerValue(unicode(d, d.size(200)))],
        () => ['X-Long', 'v'.repeat(d.size(14_000))],
      ])(),
    );
  }
  return pairs;
}

/** A JSON value of any type, mostly wrong for where it goes. */
function jsonValue(d: Dice, f: Fixture, depth = 0): unknown {
  switch (d.int(depth > 2 ? 8 : 10)) {
    case 0:
      return d.pick(f.addresses);
    case 1:
      return unicode(d, d.size(200));
    case 2:
      return d.pick([0, -1, 1.5, 1e308, -0, 2 ** 53 + 2, Number.MAX_SAFE_INTEGER, Number.MIN_VALUE]);
    case 3:
      return d.pick([null, true, false]);
    case 4:
      return d.pick(INJECTIONS);
    case 5:
      return 'a'.repeat(d.size(100_000));
    case 6:
      return d.pick(NUMBERS);
    case 7:
      return '';
    case 8:
      return Array.from({ length: d.size(5) }, () => jsonValue(d, f, depth + 1));
    default:
      return { [d.pick(['wallet', 'message', 'signature', '__proto__', 'a'])]: jsonValue(d, f, depth + 1) };
  }
}

/** A Sign-In With Solana message close to the server's, for the Host sent (so some get as far as the signature check), then broken somewhere. */
function signInText(d: Dice, f: Fixture, host: string): string {
  const far = '2099-01-01T00:00:00.000Z';
  const lines = signInMessage({
    domain: d.chance(85) ? host : d.pick(['evil.example', `${host}.evil.example`, '', host.toUpperCase()]),
    address: d.chance(80) ? d.pick(f.addresses) : (d.pick(['1'.repeat(32), 'z'.repeat(44), 'O0Il', '']) as Address),
    statement: d.chance(80) ? SIGN_IN_STATEMENT : unicode(d, d.size(100)),
    uri: d.chance(85) ? `http://${host}` : d.pick([`https://${host}`, 'http://evil.example', '']),
    version: (d.chance(85) ? '1' : d.pick(['2', '', '1 ', '01'])) as '1',
    chainId: d.pick(['sandbox', 'solana', '']),
    nonce: d.pick([base58.decode(d.bytes(16)), '', "' OR 1=1 --", 'n'.repeat(d.size(1_000))]),
    issuedAt: d.pick(['1970-01-01T00:00:00.000Z', far, 'garbage']),
    expirationTime: d.pick([far, far, '1970-01-01T00:00:00.000Z', 'garbage', '', 'NaN', '+275760-09-13T00:00:00.000Z', '9'.repeat(40)]),
  }).split('\n');
  if (d.chance(30)) lines[d.int(lines.length)] = d.pick([unicode(d, d.size(60)), '', 'URI: ', 'Version: 1', 'Nonce: \u0000']);
  if (d.chance(10)) lines.splice(d.int(lines.length), d.int(2), ...(d.chance(50) ? ['extra'] : []));
  return lines.join(d.chance(90) ? '\n' : '\r\n');
}

function signatureText(d: Dice): string {
  switch (d.int(7)) {
    case 0:
      return base58.decode(d.bytes(64));
    case 1:
      return d.bytes(64).toString('base64');
    case 2:
      return base58.decode(d.bytes(d.pick([0, 1, 62, 63, 65, 66, 100])));
    case 3:
      return d.bytes(d.pick([63, 65])).toString('base64');
    case 4:
      return d.pick(['1'.repeat(88), '1'.repeat(80), 'z'.repeat(90), 'A'.repeat(86) + '==', '/'.repeat(86) + '==', 'A'.repeat(86) + '=']);
    case 5:
      return unicode(d, d.size(300));
    default:
      return '';
  }
}

function jsonBodyOf(d: Dice, f: Fixture, route: Route, host: string): Buffer {
  const field = <T,>(good: () => T): unknown => (d.chance(75) ? good() : jsonValue(d, f));
  let value: unknown;
  if (route.body === 'challenge') value = { wallet: field(() => (d.chance(70) ? d.pick(f.addresses) : d.pick(INJECTIONS))) };
  else value = { message: field(() => signInText(d, f, host)), signature: field(() => signatureText(d)) };
  const object = value as Record<string, unknown>;
  if (d.chance(10)) delete object[d.pick(Object.keys(object))];
  if (d.chance(10)) object[d.pick(['extra', '__proto__', 'constructor', 'wallet', 'message'])] = jsonValue(d, f);
  const text = d.chance(5) ? JSON.stringify([value]) : JSON.stringify(value);
  return Buffer.from(d.chance(8) ? text.slice(0, d.int(text.length)) : text, 'utf8');
}

function bodyOf(d: Dice): Buffer {
  switch (d.int(6)) {
    case 0:
    case 1:
      return Buffer.from(d.pick(BAD_JSON), 'utf8');
    case 2: {
      const depth = 1 + d.size(20_000);
      return Buffer.from(d.chance(50) ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth), 'utf8');
    }
    case 3:
      return d.bytes(d.size(20_000));
    case 4:
      return Buffer.from(JSON.stringify({ mint: unicode(d, 1 + d.size(50)), limit: d.pick(NUMBERS), list: Array.from({ length: d.size(200) }, (_, k) => k) }), 'utf8');
    default:
      return Buffer.from(unicode(d, d.size(2_000)), 'utf8');
  }
}

interface Request {
  readonly method: string;
  readonly path: string;
  readonly body?: string;
  readonly auth?: string;
}

/** Well-formed requests, mixed in: each must answer 200. */
function validRequests(f: Fixture): Request[] {
  const gets = [
    '/v1/params', '/v1/coins', '/v1/coins?sort=new&limit=2', '/v1/coins?quote=zec&stage=curve', '/v1/coins?quote=stocks', '/v1/coins?cursor=1&limit=1',
    '/v1/coins/search?q=plant', '/v1/coins/search?q=%25', '/v1/coins/search?q=%F0%9F%98%80', `/v1/coins/${f.mint}`, `/v1/coins/${f.mint}/trades?limit=1`, `/v1/coins/${f.mint}/trades?user=${f.wallet}`,
    `/v1/coins/${f.mint}/candles?interval=1h`, `/v1/coins/${f.mint}/candles?before=0&limit=1000`, `/v1/coins/${f.mint}/fees`, '/v1/graduations', '/v1/graduations?cursor=999999999', '/v1/trades?quote=zec',
    `/v1/trades?user=${f.wallet}&limit=100`, `/v1/accounts/${f.wallet}`, `/v1/accounts/${f.addresses[f.addresses.length - 1]!}`, '/v1/stats', '/v1/stats/daily?limit=366', '/v1/openapi.json', '/v1/docs',
    '/v1/stats?unknown=1&unknown=2', '/v1/coins?limit[]=1', `/v1/tx/${f.planting}`,
    `/v1/coins/${f.mint}/holders?limit=1`, `/v1/coins/${f.mint}/holders?cursor=5`, `/v1/coins/${f.mint}/runs`, `/v1/coins/${f.mint}/rings?limit=100`,
    `/v1/coins/${f.mint}/schedule`, `/v1/tx/${f.planting}/rings`,
  ];
  return [
    ...gets.map((path) => ({ method: 'GET', path })),
    { method: 'GET', path: '/v1/keys', auth: f.key },
    { method: 'GET', path: `/v1/keys/${f.keyId}/usage`, auth: f.key },
    { method: 'GET', path: '/v1/stats', auth: f.key },
    { method: 'POST', path: '/v1/auth/challenge', body: JSON.stringify({ wallet: f.wallet }) },
  ];
}

/**
 * The systematic part, before the random one: every awkward number in every numeric parameter, every
 * cursor shape in every paged list, every awkward word in every string parameter, path segment and
 * JSON field.
 */
function edgeRequests(f: Fixture): Request[] {
  const m = f.mint;
  const numeric = [['/v1/coins?', 'limit'], ['/v1/coins/search?q=plant&', 'limit'], [`/v1/coins/${m}/trades?`, 'limit'], [`/v1/coins/${m}/candles?`, 'limit'], [`/v1/coins/${m}/candles?`, 'before'], ['/v1/graduations?', 'limit'], ['/v1/trades?', 'limit'], ['/v1/stats/daily?', 'limit']];
  const paged = ['/v1/coins?', `/v1/coins/${m}/trades?`, '/v1/graduations?', '/v1/trades?', '/v1/stats/daily?', `/v1/coins/${m}/holders?`, `/v1/coins/${m}/runs?`, `/v1/coins/${m}/rings?`];
  const strings = [['/v1/coins?', 'sort'], ['/v1/coins?', 'quote'], ['/v1/coins?', 'stage'], ['/v1/coins?', 'stock'], ['/v1/coins/search?', 'q'], [`/v1/coins/${m}/trades?`, 'user'], [`/v1/coins/${m}/candles?`, 'interval'], ['/v1/trades?', 'user'], ['/v1/trades?', 'quote'], ['/v1/trades?', 'stock']];
  const segments = ['/v1/coins/{}', '/v1/coins/{}/trades', '/v1/coins/{}/candles', '/v1/coins/{}/fees', '/v1/coins/{}/holders', '/v1/coins/{}/runs', '/v1/coins/{}/rings', '/v1/coins/{}/schedule', '/v1/runs/{}', '/v1/accounts/{}', '/v1/keys/{}/usage', '/v1/tx/{}', '/v1/tx/{}/rings'];
  const words = [...INJECTIONS.map((w) => percent(w)), '', '%00', '%F0%9F%98%80', '%ED%A0%80', 'a'.repeat(64), 'a'.repeat(65), 'NEW', 'zec%00', ...NUMBERS.slice(0, 12).map((n) => percent(n))];
  const badAddresses = ['1'.repeat(31), '1'.repeat(32), '1'.repeat(45), 'z'.repeat(44), 'z'.repeat(32), `${m}0`, m.slice(1), `${m.slice(0, -1)}0`, `${m.slice(0, -1)}l`, m.toLowerCase(), 'a'.repeat(200), 'a'.repeat(201), '%zz', '%'];
  const jsonValues: unknown[] = [null, true, 0, -1, 1.5, 1e308, '', ' ', [], {}, [f.wallet], { wallet: f.wallet }, ...INJECTIONS, ...badAddresses, ...NUMBERS.slice(0, 12), 'a'.repeat(70_000)];
  const get = (path: string): Request => ({ method: 'GET', path });
  return [
    ...numeric.flatMap(([path, name]) => [...NUMBERS.map((n) => `${path}${name}=${percent(n)}`), `${path}${name}[]=1`, `${path}${name}=1&${name}=2`, `${path}${name}`].map(get)),
    ...paged.flatMap((path) => [...CURSORS, ...NUMBERS.slice(0, 20)].map((c) => get(`${path}cursor=${percent(c)}`))),
    ...strings.flatMap(([path, name]) => [...words, ...badAddresses].map((w) => get(`${path}${name}=${w}`))),
    ...segments.flatMap((path) => [...words.filter((w) => w !== ''), ...badAddresses].map((w) => ({ method: 'GET', path: path.replace('{}', w), auth: f.key }))),
    ...jsonValues.map((v) => ({ method: 'POST', path: '/v1/auth/challenge', body: JSON.stringify({ wallet: v }) })),
    ...jsonValues.flatMap((v) => [{ message: v, signature: base58.decode(new Uint8Array(64)) }, { message: 'x', signature: v }]).map((b) => ({ method: 'POST', path: '/v1/keys', body: JSON.stringify(b) })),
    // Over the 5 MiB body limit, to a route that reads bodies and to one that does not.
    { method: 'POST', path: '/v1/auth/challenge', body: JSON.stringify({ wallet: 'a'.repeat(6 << 20) }) },
    { method: 'GET', path: '/v1/stats', body: JSON.stringify({ wallet: 'a'.repeat(6 << 20) }) },
  ];
}

/** Case `i` of the run: a function of the seed and `i` alone, whatever the concurrency. */
function caseOf(i: number, rng: SeededRandom, f: Fixture, edges: readonly Request[], valid: readonly Request[]): Case {
  const d = new Dice(rng);
  const fixed = (kind: string, r: Request, isValid: boolean): Case => {
    const headers: [string, string][] = [['Host', isValid ? d.pick(GOOD_HOSTS(f.port)) : `127.0.0.1:${f.port}`]];
    if (r.auth !== undefined) headers.push(['Authorization', `Bearer ${r.auth}`]);
    const body = r.body === undefined ? null : Buffer.from(r.body, 'utf8');
    if (body !== null) headers.push(['Content-Type', 'application/json'], ['Content-Length', String(body.length)]);
    return { i, kind, method: r.method, path: r.path, headers, body, chunked: false, valid: isValid };
  };
  if (i < edges.length) return fixed('edge', edges[i]!, false);
  if (d.chance(6)) {
    const r = d.pick(valid);
    return fixed('valid', r.method === 'GET' && d.chance(15) ? { ...r, method: 'HEAD' } : r, true);
  }

  const route = d.pick(ROUTES);
  let path = route.template.replace(/\{(mint|wallet|id|signature)\}/g, (_, name: Segment) => (d.chance(40) ? validValue(d, name, f) : fuzzValue(d, name, f))) + queryOf(d, route.query, f);
  let kind = 'query';
  if (d.chance(25)) {
    path = d.pick(PATH_TRICKS)(path, d, f);
    kind = 'path';
  }
  const methodRoll = d.int(100);
  const method = route.method && methodRoll < 60 ? route.method : methodRoll < 68 ? 'GET' : methodRoll < 73 ? 'HEAD' : methodRoll < 85 ? 'POST' : d.pick(ODD_METHODS);
  const hostRoll = d.int(100);
  const host = hostRoll < 90 ? d.pick(GOOD_HOSTS(f.port)) : hostRoll < 97 ? d.pick(BAD_HOSTS(f.port)) : hostRoll < 99 ? d.pick(GOOD_HOSTS(f.port)) : null;
  const headers = headerPairs(d, f, host, hostRoll >= 97 && hostRoll < 99 ? d.pick([...GOOD_HOSTS(f.port), ...BAD_HOSTS(f.port)]) : null);
  let body: Buffer | null = null;
  if (route.body && (method === 'POST' || method === 'PUT' || method === 'PATCH') && d.chance(85)) {
    body = jsonBodyOf(d, f, route, host ?? '');
    headers.push(['Content-Type', d.chance(85) ? 'application/json' : headerValue(d.pick(CONTENT_TYPES))]);
    kind = 'json';
  } else if (method === 'GET' || method === 'HEAD' ? d.chance(12) : d.chance(80)) {
    body = bodyOf(d);
    if (d.chance(75)) headers.push(['Content-Type', headerValue(d.chance(60) ? 'application/json' : d.pick(CONTENT_TYPES))]);
    kind = 'body';
  }
  if (hostRoll >= 90) kind = 'host';
  const chunked = body !== null && d.chance(25);
  // Framed explicitly: node's client sends a GET, HEAD, DELETE, OPTIONS or TRACE body with neither header,
  // and the server would read those bytes as a second request (and answer it to the next one on the socket).
  if (body !== null) headers.push(chunked ? ['Transfer-Encoding', 'chunked'] : ['Content-Length', String(body.length)]);
  return { i, kind: `${kind} ${method}`, method, path, headers, body, chunked, valid: false };
}

// ---------------------------------------------------------------------------------------------------
// Sending.

/** Sockets that carried a request before (node's `reusedSocket` misses a request that waited in the agent's queue). */
const usedSockets = new WeakSet<object>();

function sendOnce(c: Case, port: number, agent: http.Agent | false): Promise<Outcome & { reused: boolean }> {
  return new Promise((resolve) => {
    let settled = false;
    let reused = false;
    const finish = (outcome: Omit<Outcome, 'headWithContent'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...outcome, reused });
    };
    let request: http.ClientRequest;
    try {
      request = http.request({ host: '127.0.0.1', port, method: c.method, path: c.path, headers: c.headers.flat(), setHost: false, agent });
    } catch (error) {
      finish({ status: null, contentType: '', body: '', error: `the client refused to send it: ${(error as Error).message}` });
      return;
    }
    request.on('socket', (socket) => {
      reused = usedSockets.has(socket);
      usedSockets.add(socket);
    });
    request.setTimeout(ANSWER_WITHIN_MS, () => request.destroy(new Error(`no answer within ${ANSWER_WITHIN_MS} ms`)));
    request.on('error', (error: NodeJS.ErrnoException) => finish({ status: null, contentType: '', body: '', error: `${error.code ?? ''} ${error.message}`.trim() }));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= 1 << 20) chunks.push(chunk);
      });
      response.on('error', (error) => finish({ status: response.statusCode ?? null, contentType: '', body: '', error: `the answer broke off: ${error.message}` }));
      response.on('aborted', () => finish({ status: response.statusCode ?? null, contentType: '', body: '', error: 'the answer broke off' }));
      response.on('end', () => finish({ status: response.statusCode ?? null, contentType: String(response.headers['content-type'] ?? ''), body: Buffer.concat(chunks).toString('utf8'), error: null }));
    });
    if (c.body === null) request.end();
    else if (c.chunked) {
      request.write(c.body.subarray(0, c.body.length >> 1));
      request.end(c.body.subarray(c.body.length >> 1));
    } else request.end(c.body);
  });
}

/**
 * Sends a case. The server closes a connection after refusing a request its parser could not read (without
 * saying `Connection: close`), so the next request on that kept-alive socket fails before the server sees
 * it: that one is sent again on a fresh connection (node's documented way). A HEAD whose answer the client
 * could not parse (content after the head) is sent again as a GET, to say what the answer was.
 */
async function send(c: Case, port: number, agent: http.Agent): Promise<Outcome> {
  let outcome = await sendOnce(c, port, agent);
  if (outcome.error !== null && (outcome.reused || /ECONNRESET|EPIPE/.test(outcome.error))) {
    // Also a reset on a fresh connection: the server may answer a request it refuses before reading all of it and close at once.
    const first = outcome.error;
    outcome = await sendOnce(c, port, false);
    if (outcome.error !== null) outcome = { ...outcome, error: `${outcome.error} (sent again on a fresh connection after ${first})` };
  }
  if (outcome.error !== null && c.method === 'HEAD' && /^HPE_/.test(outcome.error)) return { ...(await sendOnce({ ...c, method: 'GET' }, port, false)), headWithContent: true };
  return outcome;
}

// ---------------------------------------------------------------------------------------------------
// Judging.

type Json = Record<string, unknown>;
const parse = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};
const isJson = (o: Outcome) => /^application\/json\b/i.test(o.contentType);
const errorOf = (o: Outcome): { code?: unknown; message?: unknown } | null => {
  const body = parse(o.body);
  if (typeof body !== 'object' || body === null) return null;
  const error = (body as Json)['error'];
  return typeof error === 'object' && error !== null ? (error as Json) : null;
};

function describeCase(c: Case): string {
  const cut = (text: string, max: number) => (text.length > max ? `${JSON.stringify(text.slice(0, max))}…(${text.length} chars)` : JSON.stringify(text));
  const headers = c.headers.map(([k, v]) => `${k}: ${cut(v, 80)}`).join(', ');
  const body = c.body === null ? '' : ` body(${c.body.length} bytes${c.chunked ? ', chunked' : ''})=${cut(c.body.toString('latin1'), 100)}`;
  return `#${c.i} ${c.method} ${cut(c.path, 160)} [${headers}]${body}`;
}

/** What kind of answer it was, without what varies per request: findings are grouped by it. */
function answerKind(o: Outcome): string {
  if (o.error !== null) return `no answer: ${o.error.replace(/\d+/g, 'N')}`;
  const error = errorOf(o);
  const shown = typeof error?.code === 'string' ? `{"error":{"code":${JSON.stringify(error.code)},"message":${JSON.stringify(String(error.message).replace(/"[^"]*"|\S{30,}|\d+/g, '…').slice(0, 90))}}}` : o.body.replace(/'[^']*'/g, "'…'").slice(0, 140);
  return `${o.status} ${o.contentType || '(no content-type)'} ${JSON.stringify(shown)}${o.headWithContent ? ' (to a HEAD, with content)' : ''}`;
}

type Finding = 'server error' | 'unavailable' | 'no answer' | 'error body not the model' | 'error body not JSON' | 'valid request not 200' | 'HEAD answered with content' | 'message shows library internals';

function findingsOf(c: Case, o: Outcome): Finding[] {
  if (o.error !== null || o.status === null) return ['no answer'];
  const found: Finding[] = o.headWithContent ? ['HEAD answered with content'] : [];
  const error = errorOf(o);
  if (o.status >= 500 && !(o.status === 503 && error?.code === 'unavailable')) found.push('server error');
  if (o.status === 503) found.push('unavailable');
  if (o.status >= 400 && (c.method !== 'HEAD' || o.headWithContent)) {
    if (!isJson(o) || parse(o.body) === undefined) found.push('error body not JSON');
    else {
      const code = error?.code;
      const known = typeof code === 'string' && Object.hasOwn(API_ERROR_STATUS, code);
      if (!known || typeof error?.message !== 'string' || API_ERROR_STATUS[code as keyof typeof API_ERROR_STATUS] !== o.status) found.push('error body not the model');
      // The request's own text echoed back (a 404 names the path asked for, "undefined" included) is not a library's.
      const own = c.path.split('?')[0]!;
      if (typeof error?.message === 'string' && LIBRARY_WORDS.test(error.message.split(own).join('').replace(/no such endpoint: \S+ \S+$/, ''))) found.push('message shows library internals');
    }
  }
  if (c.valid && o.status !== 200) found.push('valid request not 200');
  return found;
}

/**
 * The acceptance of the /v1 server against malformed input: 5,000 requests over real HTTP on 127.0.0.1,
 * a systematic sweep of awkward values through every parameter, then random ones (bad JSON, wrong types,
 * huge values, unicode, invalid percent-encoding, path tricks, odd methods, wrong Hosts, odd headers,
 * bodies where none belong) with well-formed requests mixed in. No answer is a 5xx but `503 unavailable`,
 * every error is in the spec's model, nothing hangs, and the server still answers at the end. Seeded: a
 * failure names its cases (#i); `LAUNCHDESK_FUZZ_SEED=<n>` runs another seed.
 */
describe('/v1 fuzz', () => {
  let sandbox: Sandbox;
  let dir: string;
  let store: IndexStore;
  let keys: SqliteKeyStore;
  let ingestor: Ingestor;
  let app: Api;
  let port: number;
  let cases: Case[] = [];
  let outcomes: Outcome[] = [];
  const findings = new Map<Finding, { c: Case; o: Outcome }[]>();

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    dir = tempDir('launchdesk-api-fuzz-');
    const trader = await fundedWallet(sandbox, 10n * ZEC);
    const coin = await plantListedCoin(sandbox, trader, { kind: 'wallet', wallet: trader.address }, 1_000_000_000_000n);
    sandbox.cluster.advanceSlots(1);
    store = IndexStore.open(join(dir, 'index.sqlite'));
    ingestor = new Ingestor(new SandboxChain(sandbox.cluster), store, rulesOf(sandbox));
    await ingestor.start();
    keys = SqliteKeyStore.open(join(dir, 'keys.sqlite'));
    const main = keys.create(trader.address, Date.now());
    const spare = keys.create(trader.address, Date.now());
    // Anonymous reads are limited to 60 a minute per address: every request moves this clock on by 61 s,
    // so each one starts a fresh window and the limiter never refuses the fuzz (429 would hide what is behind it).
    let t = 0;
    app = await createApiServer({ store, chain: new SandboxChain(sandbox.cluster), profile: sandbox.profile, keys, now: () => (t += 61_000) });
    port = (await listenLocal(app, 0)).port;

    const rng = new SeededRandom(SEED);
    const randomAddresses = Array.from({ length: 3 }, () => getAddressDecoder().decode(new Dice(rng).bytes(32)));
    const fixture: Fixture = {
      port,
      mint: coin.mint,
      wallet: trader.address,
      addresses: [coin.mint, trader.address, sandbox.profile.mints.zec.address, sandbox.profile.mints.native.address, '11111111111111111111111111111111' as Address, ...randomAddresses],
      key: main.key,
      keyId: main.record.id,
      spareKey: spare.key,
      spareId: spare.record.id,
      planting: (await store.coin(coin.mint))!.createdSignature,
    };
    const edges = edgeRequests(fixture);
    const valid = validRequests(fixture);
    cases = Array.from({ length: CASES }, (_, i) => caseOf(i, rng, fixture, edges, valid));

    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    outcomes = new Array<Outcome>(cases.length);
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < cases.length) {
          const c = cases[next++]!;
          outcomes[c.i] = await send(c, port, agent);
        }
      }),
    );
    agent.destroy();
    const elapsed = performance.now() - started;

    for (const c of cases) {
      const o = outcomes[c.i]!;
      for (const finding of findingsOf(c, o)) findings.set(finding, [...(findings.get(finding) ?? []), { c, o }]);
    }
    const count = (names: string[]) => Object.fromEntries([...names.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>())].sort());
    console.log(
      `/v1 fuzz: ${cases.length} requests (seed ${SEED}, ${CONCURRENCY} at a time) in ${(elapsed / 1_000).toFixed(1)} s; ` +
        `kinds ${JSON.stringify(count(cases.map((c) => c.kind.split(' ')[0]!)))}; statuses ${JSON.stringify(count(outcomes.map((o) => String(o.status ?? 'none'))))}; ` +
        `findings ${JSON.stringify(Object.fromEntries([...findings].map(([k, v]) => [k, v.length])))}`,
    );
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    ingestor?.stop();
    keys?.close();
    store?.close();
    sandbox?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** The requests behind a finding, grouped by the kind of answer, a few of each (all of them for a 5xx). */
  const report = (finding: Finding) => {
    const shownPerKind = finding === 'server error' || finding === 'unavailable' ? 60 : 3;
    const found = findings.get(finding) ?? [];
    const groups = new Map<string, { c: Case; o: Outcome }[]>();
    for (const x of found) groups.set(answerKind(x.o), [...(groups.get(answerKind(x.o)) ?? []), x]);
    const shown = [...groups].sort((a, b) => b[1].length - a[1].length).map(([kind, xs]) => `${xs.length} × ${kind}\n${xs.slice(0, shownPerKind).map((x) => `    ${describeCase(x.c)}`).join('\n')}`);
    return `${found.length} request(s) (seed ${SEED}), ${groups.size} kind(s) of answer:\n${shown.join('\n')}\n`;
  };
  const none = (finding: Finding) => expect((findings.get(finding) ?? []).length, report(finding)).toBe(0);

  it(`sends ${CASES} requests: a systematic sweep, then random ones with valid ones mixed in`, () => {
    expect(outcomes.filter(Boolean)).toHaveLength(CASES);
    expect(cases.filter((c) => c.kind === 'edge').length).toBeGreaterThan(1_000);
    expect(cases.filter((c) => c.valid).length).toBeGreaterThan(100);
    expect(cases.filter((c) => c.method !== 'GET' && c.method !== 'HEAD').length).toBeGreaterThan(500);
  });

  it('no answer is a 5xx, except 503 unavailable', () => {
    none('server error');
  });

  it('no request answers 503: the chain and the index are up here, so a 503 is a malformed request let through', () => {
    none('unavailable');
  });

  it('every request gets a whole answer: no hang, no dropped connection', () => {
    none('no answer');
  });

  it('every JSON error body is {error: {code, message}} with a spec code and its status', () => {
    none('error body not the model');
  });

  it('no error message shows a library\'s internals (its codec, error class, stack or parser words)', () => {
    none('message shows library internals');
  });

  it('every error answer is JSON', () => {
    none('error body not JSON');
  });

  it('a HEAD is answered without content', () => {
    none('HEAD answered with content');
  });

  it('the valid requests mixed in answer 200', () => {
    none('valid request not 200');
  });

  it('the server still answers afterwards', async () => {
    expect(app.server.listening).toBe(true);
    const response = await fetch(`http://127.0.0.1:${port}/v1/stats`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Json)['coins']).toBe(1);
  });
});
