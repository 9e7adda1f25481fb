import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressDecoder,
  getTransactionEncoder,
  lamports,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
  type KeyPairSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_STATUS } from '../../core/api/api-error.js';
import { findBondingCurve } from '../../core/programs/launchpad/pdas.js';
import { fundedWallet, programsOf } from '../helpers/launchpad.js';
import { LIBRARY_WORDS } from '../helpers/library-words.js';
import { signAnswer } from '../engine/http-signing.js';
import { SeededRandom } from '../math/seeded-random.js';
import { call, codeOf, messageOf, startApi, type Answer, type ApiFixture } from './api-fixture.js';

const ZEC = 100_000_000n;
const SEED = BigInt(process.env['LAUNCHDESK_FUZZ_SEED'] ?? '0x5eed0f15');

/** One request as sent: a JSON body, or raw bytes with their content type. */
interface Probe {
  readonly what: string;
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly json?: unknown;
  readonly raw?: { readonly body: Buffer | string; readonly type: string };
}

/**
 * No refusal shows a library's internals (issue 15): for many malformed inputs to every endpoint that
 * reads one (the relay, every build, keys and sign-in, the upload, the registration read) each answer is
 * in the spec's model (a spec code with its status, no 5xx: the chain and the index are up), says what
 * is wrong in words of its own (LIBRARY_WORDS never matches), and nothing reaches the server's log of
 * unexpected errors. Seeded; `LAUNCHDESK_FUZZ_SEED=<n>` runs another seed.
 */
describe('no refusal shows library internals', () => {
  let f: ApiFixture;
  let trader: KeyPairSigner;
  const unexpected: { error: unknown; where: string }[] = [];
  const rng = new SeededRandom(SEED);
  const int = (n: number) => Number(rng.between(0n, BigInt(n - 1)));
  const pick = <T,>(values: readonly T[]): T => values[int(values.length)]!;
  const bytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));

  beforeAll(async () => {
    f = await startApi({ content: {}, onUnexpectedError: (error, where) => unexpected.push({ error, where }) });
    trader = await fundedWallet(f.sandbox, 100n * ZEC);
    await f.indexed();
  }, 60_000);
  afterAll(() => f.close());

  async function send(probe: Probe): Promise<Answer> {
    f.clock += 3_600_001; // past every rate-limit window (the plants and uploads groups count per hour)
    if (probe.raw) {
      const response = await fetch(`${f.base}${probe.path}`, { method: probe.method, headers: { 'content-type': probe.raw.type }, body: typeof probe.raw.body === 'string' ? probe.raw.body : new Uint8Array(probe.raw.body) });
      const text = await response.text();
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = { notJson: text.slice(0, 200) };
      }
      return { status: response.status, body, headers: response.headers };
    }
    return call(f, probe.method, probe.path, probe.json === undefined ? {} : { body: probe.json });
  }

  /** Each answer in the model and in its own words; answers the failures, described. */
  async function sweep(probes: readonly Probe[]): Promise<{ failures: string[]; answers: Answer[] }> {
    const failures: string[] = [];
    const answers: Answer[] = [];
    for (const probe of probes) {
      const before = unexpected.length;
      const answer = await send(probe);
      answers.push(answer);
      const code = codeOf(answer);
      const message = messageOf(answer);
      const problems: string[] = [];
      if (answer.status >= 400) {
        if (code === undefined || !Object.hasOwn(API_ERROR_STATUS, code)) problems.push('not a spec code');
        else if (API_ERROR_STATUS[code as keyof typeof API_ERROR_STATUS] !== answer.status) problems.push(`status ${answer.status} is not ${code}'s`);
        if (answer.status >= 500) problems.push('a 5xx with the chain and the index up');
        if (LIBRARY_WORDS.test(message)) problems.push('library words');
        if (message.length === 0) problems.push('no message');
      }
      if (unexpected.length > before) problems.push(`logged as unexpected: ${String((unexpected[before]!.error as Error)?.stack ?? unexpected[before]!.error).slice(0, 300)}`);
      if (problems.length > 0) failures.push(`${probe.what} → ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)} [${problems.join('; ')}]`);
    }
    return { failures, answers };
  }

  const expectClean = (failures: readonly string[]) => expect(failures.length, `${failures.length} answer(s):\n${failures.slice(0, 30).join('\n')}`).toBe(0);

  // ---------------------------------------------------------------------------------------------------
  // POST /v1/tx/send

  /** A fresh trade build and its correctly signed wire. */
  async function signedBuild(): Promise<{ buildId: string; wire: Buffer }> {
    f.clock += 61_000;
    const answer = await call(f, 'POST', '/v1/trade/build', { body: { wallet: trader.address, mint: f.mint, side: 'buy', amount: String(ZEC + BigInt(int(1_000_000))) } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { buildId: answer.body['buildId'] as string, wire: Buffer.from((await signAnswer(answer, [trader]))[0]!, 'base64') };
  }

  /** A legacy transaction of the same wallet (a transfer), signed. */
  async function legacyTransaction(): Promise<Buffer> {
    const message = pipe(
      createTransactionMessage({ version: 'legacy' }),
      (m) => setTransactionMessageFeePayerSigner(trader, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(f.sandbox.cluster.latestBlockhash(), m),
      (m) => appendTransactionMessageInstructions([getTransferSolInstruction({ source: trader, destination: trader.address, amount: lamports(1n) })], m),
    );
    return Buffer.from(getTransactionEncoder().encode(await signTransactionMessageWithSigners(message)));
  }

  it('POST /v1/tx/send: each kind of broken signed transaction is named in plain words', async () => {
    const { buildId, wire } = await signedBuild();
    const b64 = (b: Buffer) => b.toString('base64');
    const withSignatures = (count: number) => Buffer.concat([Buffer.from([count]), wire.subarray(1, 65), Buffer.alloc(64 * Math.max(0, count - 1)), wire.subarray(65)]);
    const cases: [string, string[], number, RegExp][] = [
      ['empty', [''], 400, /^signed\.0: is empty: give the signed transaction in base64$/],
      ['not base64', ['not base64!'], 400, /^signed\.0: is not base64: /],
      ['base64url', [b64(wire).replace(/\+/g, '-').replace(/\//g, '_')], 400, /^signed\.0: is not base64/],
      ['a lone base64 character', ['A'], 400, /^signed\.0: is not base64/],
      ['three zero bytes (AAAA)', ['AAAA'], 400, /^signed\.0: is not a whole Solana transaction: it carries no signature/],
      ['cut short', [b64(wire.subarray(0, 100))], 400, /^signed\.0: is not a whole Solana transaction: it ends after 100 bytes, inside /],
      ['only its signature', [b64(wire.subarray(0, 65))], 400, /^signed\.0: is not a whole Solana transaction: it ends after 65 bytes, inside the message header$/],
      ['bytes after its end', [b64(Buffer.concat([wire, Buffer.from([0, 0, 0])]))], 400, /^signed\.0: is not a whole Solana transaction: it has 3 bytes after the end of its message$/],
      ['two signatures for one signer', [b64(withSignatures(2))], 400, /^signed\.0: is not a whole Solana transaction: it carries 2 signatures but its message asks for 1 \(one per signer\)$/],
      ['a version 1 message', [b64(Buffer.concat([wire.subarray(0, 65), Buffer.from([0x81]), wire.subarray(66)]))], 400, /version 1; only legacy and version 0 transactions exist/],
      ['over 1232 bytes', [b64(Buffer.concat([wire, Buffer.alloc(1300)]))], 400, /is \d+ bytes; a transaction is at most 1232$/],
      ['random bytes', [b64(bytes(300))], 400, /^signed\.0: is not a whole Solana transaction: /],
      ['second entry broken', [b64(wire), ''], 400, /^signed\.1: is empty/],
      ['a legacy transaction for a version 0 build', [b64(await legacyTransaction())], 422, /is not the one built: it is a legacy transaction, not a version 0 transaction as built; nothing was sent$/],
      ['two transactions for a build of one', [b64(wire), b64(wire)], 422, /has 1 transaction\(s\); 2 were sent$/],
    ];
    const failures: string[] = [];
    for (const [what, signed, status, pattern] of cases) {
      const answer = await send({ what, method: 'POST', path: '/v1/tx/send', json: { buildId, signed } });
      if (answer.status !== status || !pattern.test(messageOf(answer)) || LIBRARY_WORDS.test(messageOf(answer))) failures.push(`${what}: ${answer.status} ${messageOf(answer)}`);
    }
    expectClean(failures);
    // Nothing of it was sent: the build still goes through as built.
    f.clock += 61_000;
    const ticker = setInterval(() => f.sandbox.cluster.advanceSlots(1), 5);
    const sent = await call(f, 'POST', '/v1/tx/send', { body: { buildId, signed: [b64(wire)] } }).finally(() => clearInterval(ticker));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  });

  it('POST /v1/tx/send: hundreds of mutated, cut and random wires answer 400 naming the entry or 422, never a codec', async () => {
    const { buildId, wire } = await signedBuild();
    const mutate = (): Buffer => {
      const w = Buffer.from(wire);
      switch (int(8)) {
        case 0:
          return w.subarray(0, int(w.length));
        case 1: {
          for (let k = 0, n = 1 + int(4); k < n; k++) w[int(w.length)] = int(256);
          return w;
        }
        case 2: {
          // Inside the message header and counts, where structure lives.
          w[65 + int(Math.min(40, w.length - 65))] = pick([0, 1, 2, 3, 0x7f, 0x80, 0x81, 0xff, int(256)]);
          return w;
        }
        case 3: {
          const at = int(w.length);
          return Buffer.concat([w.subarray(0, at), bytes(1 + int(40)), w.subarray(at)]);
        }
        case 4: {
          const at = int(w.length);
          return Buffer.concat([w.subarray(0, at), w.subarray(at + 1 + int(40))]);
        }
        case 5:
          return Buffer.concat([Buffer.from(pick([[0x80, 0x80, 0x80], [0xff, 0xff, 0x03], [0x80, 0x00], [3], [0]])), w.subarray(1)]);
        case 6:
          return bytes(int(1_400));
        default: {
          const at = 1 + int(64); // a signature bit: well formed, does not verify
          w[at] = w[at]! ^ 1;
          return w;
        }
      }
    };
    /** Never the signed wire itself (a mutation may put back the byte it replaced): that one would be sent. */
    const mutated = (): Buffer => {
      for (;;) {
        const w = mutate();
        if (!w.equals(wire)) return w;
      }
    };
    const text = (): string => {
      const b64 = mutated().toString('base64');
      switch (int(10)) {
        case 0:
          return b64.slice(0, int(b64.length + 1));
        case 1:
          return b64.replace(/=/g, '');
        case 2: {
          const at = int(b64.length + 1);
          return b64.slice(0, at) + pick([' ', '\n', '-', '_', '.', '%', '\u00e9', '=', '==', '\u0000']) + b64.slice(at);
        }
        default:
          return b64;
      }
    };
    const probes: Probe[] = Array.from({ length: 400 }, (_, i) => {
      const signed = [text()];
      return { what: `#${i} signed=${JSON.stringify(signed[0]!.slice(0, 60))}…`, method: 'POST', path: '/v1/tx/send', json: { buildId, signed } };
    });
    const { failures, answers } = await sweep(probes);
    expectClean(failures);
    answers.forEach((a, i) => {
      if (a.status === 400) expect(messageOf(a), probes[i]!.what).toMatch(/^signed\.0: /);
      else expect([a.status, codeOf(a)], `${probes[i]!.what}: ${messageOf(a)}`).toEqual([422, 'refused']);
    });
    // Malformed bytes are named as such, not merely "not the one built".
    expect(answers.filter((a) => a.status === 400).length).toBeGreaterThan(100);
  }, 120_000);

  // ---------------------------------------------------------------------------------------------------
  // Builds, keys, sign-in, the registration read, the upload.

  async function addressPool(): Promise<unknown[]> {
    const p = f.sandbox.profile;
    const programs = programsOf(f.sandbox);
    return [
      trader.address, f.mint, p.mints.zec.address, p.mints.native.address, p.mints.wsol.address, '11111111111111111111111111111111', 'TokenkegQfeZyiNwAJbNbGodPsYB9kdVx34XRLLFbidP',
      'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb', programs.launchpad, await findBondingCurve(programs.launchpad, f.mint as Address), ...Object.values(p.accounts),
      (await generateKeyPairSigner()).address, getAddressDecoder().decode(bytes(32)), getAddressDecoder().decode(bytes(32)),
      '', 'x', '0'.repeat(44), 'O'.repeat(32), 'l'.repeat(44), 'z'.repeat(45), '1'.repeat(31), '\u00e9'.repeat(40), ' '.repeat(40), 42, null, true, [], {}, [trader.address],
    ];
  }
  const AMOUNTS = ['0', '1', '100', '-1', '1.5', '1e9', 'all', 'ALL', '', ' 1', '01', '0x10', '99999999999999999999', '18446744073709551615', '18446744073709551616', String(2n ** 63n), String(100n * ZEC), 12, -3, 1.5, null, [], {}];
  const SLIPPAGES = [0, 1, 100, 2000, 2001, -1, 1.5, '100', 'x', null, 1e20, [], undefined];
  const junk = () => pick<unknown>(['', 'x', '\u0000', '\ud800', '😀'.repeat(20), 'a'.repeat(500), 0, -1, 1e308, null, true, [], {}, [1, 2], { a: 1 }]);

  it('builds (trade, plant, swap, claim, payee), keys, sign-in and the registration read: every refusal in its own words', async () => {
    const addresses = await addressPool();
    const planter = await fundedWallet(f.sandbox, 100n * ZEC);
    /** Mostly the good value, so that most requests get past the schema into the engine; else one of the odd ones. */
    const field = (good: () => unknown, odd: readonly unknown[]): unknown => (int(100) < 78 ? good() : int(4) === 0 ? junk() : pick(odd));
    const wallet = () => field(() => pick([trader.address, planter.address]), addresses);
    const coin = () => field(() => f.mint, addresses);
    const body = (fields: Record<string, unknown>) => {
      if (int(40) === 0) return junk();
      const object = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      if (int(10) === 0) delete object[pick(Object.keys(object))];
      return object;
    };
    const probes: Probe[] = [];
    const add = (path: string, json: unknown) => probes.push({ what: `POST ${path} ${JSON.stringify(json)?.slice(0, 300)}`, method: 'POST', path, json });
    for (let i = 0; i < 80; i++) {
      const side = pick(['buy', 'sell']);
      add('/v1/trade/build', body({
        wallet: wallet(), mint: coin(), side: field(() => side, ['hold', '', 1, 'BUY']), amount: field(() => pick(['1', '1000', String(ZEC), String(10n * ZEC), ...(side === 'sell' ? ['all'] : [])]), AMOUNTS),
        slippageBps: field(() => pick([undefined, 0, 100, 2000]), SLIPPAGES), ...(int(4) === 0 ? { [side === 'buy' ? 'pay' : 'receive']: field(() => pick(['ZEC', 'SOL']), ['BTC', '', 'sol']) } : {}),
      }));
      const mint = await generateKeyPairSigner();
      add('/v1/plant/build', body({
        wallet: field(() => planter.address, addresses), mint: field(() => mint.address, addresses),
        name: field(() => 'Sweep Coin', ['', 'x'.repeat(33), '\u00e9'.repeat(17), '😀'.repeat(9), '\u0000', 'nigger'.slice(0, 0) + 'SOL']),
        symbol: field(() => 'SWEEP', ['coin', 'C', 'ABCDEFGHIJK', '', '😀', 'SOL', 'SAPLING']),
        uri: field(() => 'https://example.com/c.json', ['ipfs://', 'http://x', '', 'https://' + 'a'.repeat(200), 'javascript:alert(1)', 'https://']),
        payee: field(() => pick(['me', 'holders', `wallet:${trader.address}`]), ['wallet:', 'wallet:xyz', `wallet:${String(pick(addresses))}`, 'x', '', 'Holders']),
        firstBuy: int(2) === 0 ? undefined : field(() => ({ zec: pick(['1', String(ZEC), String(50n * ZEC)]), slippageBps: pick([undefined, 100]) }), [{ zec: pick(AMOUNTS) }, { zec: '1', slippageBps: pick(SLIPPAGES) }, {}, []]),
        pair: int(2) === 0 ? undefined : field(() => pick(['zec', 'native']), ['sol', '', 'NATIVE']),
      }));
      add('/v1/swap/build', body({ wallet: wallet(), direction: field(() => pick(['sol_to_zec', 'zec_to_sol']), ['x', '', 'SOL_TO_ZEC']), amount: field(() => pick(['1', '1000000', String(ZEC)]), AMOUNTS), slippageBps: field(() => undefined, SLIPPAGES) }));
      add('/v1/claim/build', body({ wallet: wallet(), mint: coin() }));
      add('/v1/payee/build', body({ wallet: wallet(), mint: coin(), payee: field(() => pick(['holders', `wallet:${trader.address}`]), ['me', `wallet:${String(pick(addresses))}`, 'wallet:', 'x']) }));
      add('/v1/auth/challenge', body({ wallet: wallet() }));
      add('/v1/keys', body({
        message: field(() => `localhost wants you to sign in with your Solana account:\n${trader.address}\n\nx\n\nURI: x\nVersion: 1\nChain ID: x\nNonce: x\nIssued At: x\nExpiration Time: garbage`, ['', 'x', '\n'.repeat(10)]),
        signature: field(() => getAddressDecoder().decode(bytes(32)) + getAddressDecoder().decode(bytes(32)), ['', 'x', '1'.repeat(88), 'A'.repeat(86) + '==', '0'.repeat(88), bytes(64).toString('base64')]),
      }));
      add('/v1/tx/send', body({ buildId: field(() => 'b_' + bytes(16).toString('hex'), ['b_x', '', 'x'.repeat(64), 1]), signed: field(() => ['AAAA'], [[], 'AAAA', [1], [null], Array(5).fill('AAAA'), [{}]]) }));
      const sig = pick(['0'.repeat(88), 'l'.repeat(70), 'I'.repeat(64), '1'.repeat(64), '1'.repeat(89), 'x', '%00', '%F0%9F%98%80'.repeat(20), getAddressDecoder().decode(bytes(32)).repeat(2).slice(0, 88)]);
      probes.push({ what: `GET /v1/tx/${sig}`, method: 'GET', path: `/v1/tx/${sig}` });
    }
    const { failures, answers } = await sweep(probes);
    if (process.env['SHOW']) console.log([...new Set(answers.map((x) => `${x.status} ${messageOf(x).replace(/[1-9A-HJ-NP-Za-km-z]{32,}/g, '<b58>').replace(/\d+/g, 'N')}`))].sort().join('\n'));
    expectClean(failures);
    // Most requests reached the engine: built, or refused by it for what the chain holds.
    expect(answers.filter((x) => x.status === 200 || x.status === 422 || codeOf(x) === 'not_found').length).toBeGreaterThan(probes.length / 4);
  }, 180_000);

  it('malformed bodies: not JSON, empty, another media type, broken multipart forms', async () => {
    const json = ['{', '{"wallet":', '', ' ', 'nul', '{"a":1}{', '\u0000', '[1,', '"\\ud800"', '{"__proto__":{"x":1}}', '\ufeff{}'];
    const boundary = 'XyZ';
    const part = (name: string, value: string, file = false) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="a.png"\r\nContent-Type: image/png' : ''}\r\n\r\n${value}\r\n`;
    const forms: [string, string, string][] = [
      ['no boundary', 'multipart/form-data', part('name', 'x') + `--${boundary}--\r\n`],
      ['another boundary', 'multipart/form-data; boundary=Other', part('name', 'x') + `--${boundary}--\r\n`],
      ['cut short', `multipart/form-data; boundary=${boundary}`, part('name', 'x').slice(0, 30)],
      ['no closing boundary', `multipart/form-data; boundary=${boundary}`, part('name', 'Coin') + part('symbol', 'COIN')],
      ['a part without headers', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\n\r\nx\r\n--${boundary}--\r\n`],
      ['a malformed part header', `multipart/form-data; boundary=${boundary}`, `--${boundary}\r\nContent-Disposition form-data\r\n\r\nx\r\n--${boundary}--\r\n`],
      ['a file under another name', `multipart/form-data; boundary=${boundary}`, part('name', 'Coin') + part('symbol', 'COIN') + part('avatar', 'x', true) + `--${boundary}--\r\n`],
      ['two images', `multipart/form-data; boundary=${boundary}`, part('name', 'Coin') + part('symbol', 'COIN') + part('image', 'x', true) + part('image', 'y', true) + `--${boundary}--\r\n`],
      ['image as a text field', `multipart/form-data; boundary=${boundary}`, part('name', 'Coin') + part('symbol', 'COIN') + part('image', 'x') + `--${boundary}--\r\n`],
      ['__proto__ field', `multipart/form-data; boundary=${boundary}`, part('__proto__', 'x') + `--${boundary}--\r\n`],
      ['empty form', `multipart/form-data; boundary=${boundary}`, `--${boundary}--\r\n`],
      ['nothing at all', `multipart/form-data; boundary=${boundary}`, ''],
      ['JSON instead of a form', 'application/json', '{"name":"Coin"}'],
      ['garbage', `multipart/form-data; boundary=${boundary}`, bytes(500).toString('latin1')],
    ];
    const routes = ['/v1/trade/build', '/v1/plant/build', '/v1/swap/build', '/v1/claim/build', '/v1/payee/build', '/v1/tx/send', '/v1/keys', '/v1/auth/challenge'];
    const probes: Probe[] = [];
    for (const path of routes) {
      for (const text of json) probes.push({ what: `POST ${path} body ${JSON.stringify(text)}`, method: 'POST', path, raw: { body: text, type: 'application/json' } });
      for (const type of ['text/plain', 'application/xml', 'multipart/form-data; boundary=x', 'application/x-www-form-urlencoded']) probes.push({ what: `POST ${path} as ${type}`, method: 'POST', path, raw: { body: 'a=1', type } });
    }
    for (const [what, type, text] of forms) probes.push({ what: `upload: ${what}`, method: 'POST', path: '/v1/plant/upload', raw: { body: Buffer.from(text, 'latin1'), type } });
    const { failures } = await sweep(probes);
    expectClean(failures);
  }, 60_000);

  it('nothing was logged as unexpected', () => {
    expect(unexpected.map((u) => `${u.where}: ${String(u.error)}`)).toEqual([]);
  });
});
