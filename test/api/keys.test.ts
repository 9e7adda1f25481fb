import { spawnSync } from 'node:child_process';
import { generateKeyPairSigner, getBase58Decoder, signBytes, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, codeOf, messageOf, rawCall, startApi, TEST_INDEX, type ApiFixture } from './api-fixture.js';
import { launchdeskArgs } from '../helpers/child-js.js';
import { freshDatabase } from '../helpers/pg.js';

const base58 = getBase58Decoder();

/**
 * API keys over real HTTP: sign-in with a wallet (SIWS), shown once, at most five, listed by prefix, usage, tiers,
 * revocation. On the embedded stores (SQLite, limits in memory) and on a hosted replica's (PostgreSQL).
 */
// On the hosted stores' pass (vitest project `postgres`) the fixture's keys are in PostgreSQL already.
for (const stores of TEST_INDEX === 'postgres' ? (['PostgreSQL'] as const) : (['SQLite', 'PostgreSQL'] as const)) describe(`/v1 API keys (${stores})`, () => {
  let f: ApiFixture;
  let wallet: KeyPairSigner;
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const db = stores === 'PostgreSQL' ? await freshDatabase('apikeys') : null;
    dropDatabase = db?.drop;
    f = await startApi(db ? { postgres: db.url } : {});
    wallet = await generateKeyPairSigner();
  }, 60_000);
  afterAll(async () => {
    await f?.close();
    await dropDatabase?.();
  });

  async function signedChallenge(signer: KeyPairSigner): Promise<{ message: string; signature: string }> {
    // A field the server does not know is ignored (versioning: only additions inside /v1).
    const challenge = await call(f, 'POST', '/v1/auth/challenge', { body: { wallet: signer.address, client: 'bot/1.2' } });
    expect(challenge.status).toBe(200);
    const message = challenge.body['message'] as string;
    const signature = base58.decode(await signBytes(signer.keyPair.privateKey, new TextEncoder().encode(message)));
    return { message, signature };
  }
  async function makeKey(signer: KeyPairSigner) {
    const answer = await call(f, 'POST', '/v1/keys', { body: await signedChallenge(signer) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { key: string; id: string; prefix: string; tier: string };
  }
  const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

  it('signs in with one SIWS message and shows the key once; only its hash and first 12 characters are kept', async () => {
    const challenge = await call(f, 'POST', '/v1/auth/challenge', { body: { wallet: wallet.address } });
    const message = challenge.body['message'] as string;
    expect(message.split('\n').slice(0, 2)).toEqual([`127.0.0.1:${f.port} wants you to sign in with your Solana account:`, wallet.address]);
    expect(message).toMatch(/\nURI: http:\/\/127\.0\.0\.1:\d+\nVersion: 1\nChain ID: sandbox\nNonce: \w+\nIssued At: .+\nExpiration Time: .+$/);

    const made = await makeKey(wallet);
    expect(made.key).toMatch(/^ld_[1-9A-HJ-NP-Za-km-z]{40,}$/);
    expect(made).toMatchObject({ prefix: made.key.slice(0, 12), tier: 'standard' });
    const listed = await call(f, 'GET', '/v1/keys', { headers: bearer(made.key) });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain(made.key);
    expect((listed.body['data'] as { prefix: string }[]).map((k) => k.prefix)).toEqual([made.prefix]);
    expect(JSON.stringify(await f.keys.keysOf(wallet.address))).not.toContain(made.key); // the store holds no key either
  });

  it('refuses a reused nonce, a wrong signature, another wallet\'s message, an expired challenge and another host\'s message', async () => {
    const used = await signedChallenge(wallet);
    expect((await call(f, 'POST', '/v1/keys', { body: used })).status).toBe(201);
    const again = await call(f, 'POST', '/v1/keys', { body: used });
    expect([codeOf(again), messageOf(again)]).toEqual(['invalid_param', 'message: its nonce was not issued to this wallet, was used already, or has expired']);

    const other = await generateKeyPairSigner();
    const theirs = await signedChallenge(other);
    const forged = await call(f, 'POST', '/v1/keys', { body: { message: theirs.message, signature: (await signedChallenge(wallet)).signature } });
    expect([codeOf(forged), messageOf(forged)]).toEqual(['invalid_param', 'signature: does not verify against the wallet in the message']);

    const late = await signedChallenge(wallet);
    f.clock += 6 * 60_000;
    const expired = await call(f, 'POST', '/v1/keys', { body: late });
    expect([codeOf(expired), messageOf(expired)]).toEqual(['invalid_param', 'message: has expired: ask for a new challenge']);

    const elsewhere = await signedChallenge(wallet);
    const rebound = await rawCall(f, 'POST', '/v1/keys', { host: `localhost:${f.port}`, 'content-type': 'application/json' }, JSON.stringify(elsewhere));
    expect(codeOf(rebound)).toBe('invalid_param');
    expect(messageOf(rebound)).toMatch(/^message: was made for 127\.0\.0\.1:\d+, not localhost:\d+$/);
    expect(codeOf(await call(f, 'POST', '/v1/keys', { body: { message: 'hello', signature: 'x' } }))).toBe('invalid_param');
  });

  it('makes at most 5 live keys per wallet: the 6th is refused until one is revoked', async () => {
    const signer = await generateKeyPairSigner();
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await makeKey(signer));
    const sixth = await call(f, 'POST', '/v1/keys', { body: await signedChallenge(signer) });
    expect([sixth.status, codeOf(sixth)]).toEqual([422, 'refused']);
    expect(messageOf(sixth)).toMatch(/already has 5 keys/);
    expect((await call(f, 'DELETE', `/v1/keys/${made[0]!.id}`, { headers: bearer(made[1]!.key) })).status).toBe(200);
    await makeKey(signer);
  });

  it('a key raises the limits; the admin command raises its tier; a revoked key is refused at once', async () => {
    const signer = await generateKeyPairSigner();
    const { key, id, prefix } = await makeKey(signer);
    const anonymous = await call(f, 'GET', '/v1/stats');
    expect(anonymous.headers.get('x-ratelimit-limit')).toBe('60');
    const keyed = await call(f, 'GET', '/v1/stats', { headers: bearer(key) });
    expect(keyed.headers.get('x-ratelimit-limit')).toBe('600');

    // The admin raises it with the CLI: in the keys.sqlite the running server has open, or in the hosted
    // service's database, whose row every replica reads on its next request.
    const where = f.postgres ? ['--index', f.postgres] : ['--data', f.dir];
    const run = spawnSync(process.execPath, launchdeskArgs(['keys', 'raise', prefix, ...where]), { encoding: 'utf8', timeout: 60_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`is now raised`);
    expect((await call(f, 'GET', '/v1/stats', { headers: bearer(key) })).headers.get('x-ratelimit-limit')).toBe('3000');

    const usage = await call(f, 'GET', `/v1/keys/${id}/usage`, { headers: bearer(key) });
    expect(usage.body).toMatchObject({ id, tier: 'raised', requests: 3 });
    expect(usage.body['usage']).toEqual([{ day: new Date(f.clock).toISOString().slice(0, 10), group: 'reads', requests: 3 }]);

    const revoked = await call(f, 'DELETE', `/v1/keys/${id}`, { headers: bearer(key) });
    expect(revoked.body['revokedAt']).toBe(Math.floor(f.clock / 1000));
    const refused = await call(f, 'GET', '/v1/stats', { headers: bearer(key) });
    expect([refused.status, codeOf(refused)]).toEqual([401, 'unauthorized']);
  });

  it('key management needs a live key of the same wallet', async () => {
    expect(codeOf(await call(f, 'GET', '/v1/keys'))).toBe('unauthorized');
    const mine = await makeKey(await generateKeyPairSigner());
    const theirs = await makeKey(await generateKeyPairSigner());
    const foreign = await call(f, 'DELETE', `/v1/keys/${theirs.id}`, { headers: bearer(mine.key) });
    expect([foreign.status, codeOf(foreign)]).toEqual([404, 'not_found']);
    expect((await call(f, 'GET', '/v1/stats', { headers: bearer(theirs.key) })).status).toBe(200); // untouched
    expect(codeOf(await call(f, 'GET', '/v1/stats', { headers: bearer('ld_doesnotexist') }))).toBe('unauthorized');
    expect(codeOf(await call(f, 'GET', '/v1/stats', { headers: { authorization: 'Basic abc' } }))).toBe('unauthorized');
  });

  // Last: it takes the database away.
  if (stores === 'PostgreSQL') {
    it('answers 503 unavailable, naming the database, when PostgreSQL cannot be reached', async () => {
      const { key } = await makeKey(await generateKeyPairSigner());
      await dropDatabase!();
      for (const headers of [bearer(key), {}]) {
        const answer = await call(f, 'GET', '/v1/stats', { headers });
        expect([answer.status, codeOf(answer)]).toEqual([503, 'unavailable']);
        expect(messageOf(answer)).toMatch(/^the PostgreSQL database apikeys_\w+ on 127\.0\.0\.1:\d+ cannot be reached \(.+\); try again$/);
      }
    });
  }
});
