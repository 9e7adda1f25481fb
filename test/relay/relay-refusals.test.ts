import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { call, codeOf, messageOf, startApi, type Answer, type ApiFixture } from '../api/api-fixture.js';
import { build, relay, signAnswer } from '../engine/http-signing.js';
import { fundedWallet, tokenBalance } from '../helpers/launchpad.js';
import { TAMPERINGS, tamperedSigned, type TamperEnv } from '../helpers/tampering.js';

const ZEC = 100_000_000n;
/**
 * The relay sends only what it built (spec "POST /v1/tx/send"): each way a signed transaction can
 * differ from its build is refused on its own, with `422 refused` naming the difference, and nothing
 * leaves: the wallet's balances do not move (and a refused build can still be sent as built).
 */
describe('relay refusals', () => {
  let f: ApiFixture;
  let trader: KeyPairSigner;

  beforeAll(async () => {
    f = await startApi();
    trader = await fundedWallet(f.sandbox, 100n * ZEC);
  }, 60_000);
  afterAll(() => f.close());

  let nonce = 0n;
  /** A fresh buy build (amounts differ so no two builds are the same transaction). */
  const buyBuild = async (): Promise<Answer> => build(f, '/v1/trade/build', { wallet: trader.address, mint: f.mint, side: 'buy', amount: String(ZEC + ++nonce) });

  const zecOf = () => tokenBalance(f.sandbox, trader.address, f.sandbox.profile.mints.zec.address, f.sandbox.profile.mints.zec.tokenProgram);
  const tokensOf = () => tokenBalance(f.sandbox, trader.address, f.mint as Address, TOKEN_2022_PROGRAM);

  async function expectRefused(answer: Answer, signed: string[], pattern: RegExp) {
    const [zec, tokens, sol] = [await zecOf(), await tokensOf(), f.sandbox.cluster.getAccount(trader.address)!.lamports];
    const sent = await relay(f, answer.body['buildId'] as string, signed);
    expect(sent.status, JSON.stringify(sent.body)).toBe(422);
    expect(codeOf(sent)).toBe('refused');
    expect(messageOf(sent)).toMatch(pattern);
    expect([await zecOf(), await tokensOf(), f.sandbox.cluster.getAccount(trader.address)!.lamports]).toEqual([zec, tokens, sol]);
  }

  const env = (): TamperEnv => ({ stranger, other, expire: () => f.sandbox.cluster.advanceSlots(400) });
  let stranger: Address;
  let other: KeyPairSigner;
  beforeAll(async () => {
    stranger = (await generateKeyPairSigner()).address;
    other = await fundedWallet(f.sandbox);
  });

  // The corpus verifyBuild is tested with too (test/client/verify-build.test.ts): what the relay refuses, the client refuses before signing.
  for (const tampering of TAMPERINGS) {
    it(`refuses ${tampering.name}`, async () => {
      const answer = await buyBuild();
      const wire = (answer.body['transactions'] as { transaction: string }[])[0]!.transaction;
      await expectRefused(answer, [await tamperedSigned(wire, tampering, trader, env())], tampering.relay);
    });
  }

  it('sends a build as built after a changed copy of it was refused', async () => {
    const answer = await buyBuild();
    const wire = (answer.body['transactions'] as { transaction: string }[])[0]!.transaction;
    await expectRefused(answer, [await tamperedSigned(wire, TAMPERINGS[0]!, trader, env())], TAMPERINGS[0]!.relay);
    const sent = await relay(f, answer.body['buildId'] as string, await signAnswer(answer, [trader]));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  });

  it('refuses a missing signature', async () => {
    const answer = await buyBuild();
    await expectRefused(answer, [(answer.body['transactions'] as { transaction: string }[])[0]!.transaction], /not signed by/);
  });

  it('refuses a second send of the same build', async () => {
    const answer = await buyBuild();
    const signed = await signAnswer(answer, [trader]);
    expect((await relay(f, answer.body['buildId'] as string, signed)).status).toBe(200);
    await expectRefused(answer, signed, /was sent before \(a build is sent once\)/);
  });

  it('answers 404 for a build id that does not exist, and 400 for one that is not a build id', async () => {
    const signed = await signAnswer(await buyBuild(), [trader]);
    const missing = await call(f, 'POST', '/v1/tx/send', { body: { buildId: `b_${'0'.repeat(32)}`, signed } });
    expect(missing.status).toBe(404);
    expect(codeOf(missing)).toBe('not_found');
    expect(messageOf(missing)).toMatch(/no build b_0+/);
    const malformed = await call(f, 'POST', '/v1/tx/send', { body: { buildId: 'x_1', signed } });
    expect(malformed.status).toBe(400);
    expect(messageOf(malformed)).toMatch(/^buildId: /);
  });
});
