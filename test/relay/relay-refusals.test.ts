import {
  generateKeyPairSigner,
  getCompiledTransactionMessageDecoder,
  getCompiledTransactionMessageEncoder,
  getTransactionDecoder,
  getTransactionEncoder,
  signTransaction,
  type Address,
  type KeyPairSigner,
  type Transaction,
  type TransactionMessageBytes,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { call, codeOf, messageOf, startApi, type Answer, type ApiFixture } from '../api/api-fixture.js';
import { build, relay, signAnswer } from '../engine/http-signing.js';
import { fundedWallet, tokenBalance } from '../helpers/launchpad.js';

const ZEC = 100_000_000n;
const SYSTEM = '11111111111111111111111111111111' as Address;
interface Compiled {
  header: { numSignerAccounts: number; numReadonlySignerAccounts: number; numReadonlyNonSignerAccounts: number };
  staticAccounts: Address[];
  instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
  lifetimeToken: string;
}

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
  const wireOf = (answer: Answer) => new Uint8Array(Buffer.from((answer.body['transactions'] as { transaction: string }[])[0]!.transaction, 'base64'));

  /** Re-encodes the build's message after `change`, signed by `signers` (the wallet by default). */
  async function altered(answer: Answer, change: (m: Compiled) => void, signers: readonly KeyPairSigner[] = [trader]): Promise<string> {
    const tx = getTransactionDecoder().decode(wireOf(answer));
    const decoded = getCompiledTransactionMessageDecoder().decode(tx.messageBytes) as unknown as Compiled;
    const message: Compiled = {
      ...decoded,
      staticAccounts: [...decoded.staticAccounts],
      instructions: decoded.instructions.map((ix) => ({ ...ix, ...(ix.data ? { data: new Uint8Array(ix.data) } : {}) })),
    };
    change(message);
    const messageBytes = getCompiledTransactionMessageEncoder().encode(message as never) as TransactionMessageBytes;
    const slots = Object.fromEntries(message.staticAccounts.slice(0, message.header.numSignerAccounts).map((a) => [a, null]));
    const signed = await signTransaction(signers.map((s) => s.keyPair), { messageBytes, signatures: slots } as unknown as Transaction);
    return Buffer.from(getTransactionEncoder().encode(signed)).toString('base64');
  }

  /** The launchpad trade instruction (the one with the most accounts). */
  const tradeIx = (m: Compiled) => m.instructions.reduce((a, b) => ((b.accountIndices?.length ?? 0) > (a.accountIndices?.length ?? 0) ? b : a));

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

  it('refuses a changed amount, and the build still goes through as built afterwards', async () => {
    const answer = await buyBuild();
    await expectRefused(answer, [await altered(answer, (m) => { const data = tradeIx(m).data!; data[8] = data[8]! ^ 1; })], /other data than built: an amount or argument changed/);
    const sent = await relay(f, answer.body['buildId'] as string, await signAnswer(answer, [trader]));
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  });

  it('refuses a changed account', async () => {
    const answer = await buyBuild();
    const stranger = (await generateKeyPairSigner()).address;
    await expectRefused(answer, [await altered(answer, (m) => { m.staticAccounts[m.staticAccounts.length - 1] = stranger; })], /account \d+ is .* as built|runs program .* as built/);
  });

  it('refuses a changed program', async () => {
    const answer = await buyBuild();
    await expectRefused(answer, [await altered(answer, (m) => {
      const ix = tradeIx(m);
      const budget = m.staticAccounts.indexOf('ComputeBudget111111111111111111111111111111' as Address);
      ix.programAddressIndex = m.instructions.find((i) => i !== ix && i.programAddressIndex !== ix.programAddressIndex && i.programAddressIndex !== budget)!.programAddressIndex;
    })], /runs program .* not .* as built/);
  });

  it('refuses a changed blockhash', async () => {
    const answer = await buyBuild();
    f.sandbox.cluster.advanceSlots(1);
    const newer = f.sandbox.cluster.latestBlockhash().blockhash;
    await expectRefused(answer, [await altered(answer, (m) => { m.lifetimeToken = newer; })], /its blockhash is .* not .* as built/);
  });

  it('refuses a changed fee payer', async () => {
    const answer = await buyBuild();
    const other = await fundedWallet(f.sandbox);
    await expectRefused(answer, [await altered(answer, (m) => { m.staticAccounts[0] = other.address; }, [other])], /its fee payer is/);
  });

  it('refuses an added transfer', async () => {
    const answer = await buyBuild();
    const signed = await altered(answer, (m) => {
      // A system transfer of 1 SOL from the wallet to the first writable account after the signers.
      let program = m.staticAccounts.indexOf(SYSTEM);
      if (program < 0) {
        // A program must be a static key: append it, and shift every index past the statics (lookup entries) by one.
        program = m.staticAccounts.length;
        m.instructions = m.instructions.map((ix) => ({
          ...ix,
          programAddressIndex: ix.programAddressIndex >= program ? ix.programAddressIndex + 1 : ix.programAddressIndex,
          ...(ix.accountIndices ? { accountIndices: ix.accountIndices.map((i) => (i >= program ? i + 1 : i)) } : {}),
        }));
        m.staticAccounts.push(SYSTEM);
        m.header = { ...m.header, numReadonlyNonSignerAccounts: m.header.numReadonlyNonSignerAccounts + 1 };
      }
      const data = new Uint8Array(12);
      new DataView(data.buffer).setUint32(0, 2, true);
      new DataView(data.buffer).setBigUint64(4, 1_000_000_000n, true);
      m.instructions = [...m.instructions, { programAddressIndex: program, accountIndices: [0, m.header.numSignerAccounts], data }];
    });
    await expectRefused(answer, [signed], /adds an instruction of program 11111111111111111111111111111111/);
  });

  it('refuses a missing signature', async () => {
    const answer = await buyBuild();
    await expectRefused(answer, [(answer.body['transactions'] as { transaction: string }[])[0]!.transaction], /not signed by/);
  });

  it('refuses an invalid signature', async () => {
    const answer = await buyBuild();
    const bytes = Buffer.from((await signAnswer(answer, [trader]))[0]!, 'base64');
    bytes[5] = bytes[5]! ^ 0xff; // inside the first signature
    await expectRefused(answer, [bytes.toString('base64')], /signature of .* does not verify/);
  });

  it('refuses a second send of the same build', async () => {
    const answer = await buyBuild();
    const signed = await signAnswer(answer, [trader]);
    expect((await relay(f, answer.body['buildId'] as string, signed)).status).toBe(200);
    await expectRefused(answer, signed, /was sent before \(a build is sent once\)/);
  });

  it('refuses an expired build', async () => {
    const answer = await buyBuild();
    const signed = await signAnswer(answer, [trader]);
    f.sandbox.cluster.advanceSlots(400);
    await expectRefused(answer, signed, /expired/);
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
