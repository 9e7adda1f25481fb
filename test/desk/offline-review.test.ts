import { formatExactUnits } from '../../core/math/decimal-display.js';
import { mkdirSync } from 'node:fs';
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  decompileTransactionMessage,
  generateKeyPairSigner,
  getBase64Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  getTransactionEncoder,
  type Address,
  type Instruction,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDecimalUnits } from '../../core/math/units.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { call, startApi, type ApiFixture } from '../api/api-fixture.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { openBrowser, type Browser } from './browser.js';
import { DeskMarket, ZEC, type PlantedCoin } from './market.js';

const SHOTS = 'test-results';
const TOKEN = 'desk-token-of-the-offline-review-01';

/**
 * The Review page with every request blocked: a build answer pasted into a desk that read the cluster's
 * review kit earlier is decoded and checked in the page. The real build passes against its ticket; a
 * changed amount, an added transfer and another program each come out red naming what differs, and the
 * approval is refused.
 */
describe('offline review in Chromium, every request blocked', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let browser: Browser;
  let coin: PlantedCoin;
  let wallet: Address;
  let build: { buildId: string; transactions: { transaction: string }[] };
  let minimum: string;
  /** The same as the review writes it (grouped). */
  let minimumWords: string;
  const page = () => browser.page;

  /** The build's transaction with its instructions changed, compiled again with the same lookup tables (unsigned). */
  async function tampered(change: (instructions: readonly Instruction[]) => Promise<Instruction[]> | Instruction[]): Promise<string> {
    const tx = getTransactionDecoder().decode(new Uint8Array(getBase64Encoder().encode(build.transactions[0]!.transaction)));
    const compiled = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
    const kit = (await call(f, 'GET', '/desk-api/review-kit')).body as { lookupTables: { address: Address; addresses: Address[] }[] };
    const tables = Object.fromEntries(kit.lookupTables.map((t) => [t.address, t.addresses]));
    const message = decompileTransactionMessage(compiled as never, { addressesByLookupTableAddress: tables });
    const instructions = await change(message.instructions);
    let next = { ...message, instructions: [] as Instruction[] } as unknown as typeof message;
    for (const ix of instructions) next = appendTransactionMessageInstruction(ix, next) as typeof message;
    const wire = getTransactionEncoder().encode(compileTransaction(compressTransactionMessageUsingAddressLookupTables(next as never, tables) as never));
    return getBase64Decoder().decode(wire);
  }
  const isTrade = (ix: Instruction) => ix.programAddress === f.sandbox.profile.programs['launchpad'];

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    session = await startKeychainSession();
    f = await startApi({ content: {}, desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    coin = await (await DeskMarket.open(f)).plant('Thicket', 'THICK');
    wallet = (await f.wallets!.create('Reviewer')).address;
    await f.sandbox.faucet.sol(wallet, 10n ** 10n as never);
    await f.sandbox.faucet.zec(wallet, (5n * ZEC) as never);
    const quote = await call(f, 'GET', `/v1/coins/${coin.mint}/quote?side=buy&amount=${ZEC}&wallet=${wallet}`);
    minimum = formatDecimalUnits(BigInt(quote.body['minTokensOut'] as string), 6);
    minimumWords = formatExactUnits(BigInt(quote.body['minTokensOut'] as string), 6);
    build = (await call(f, 'POST', '/v1/trade/build', { body: { wallet, mint: coin.mint, side: 'buy', amount: String(ZEC) } })).body as typeof build;
    browser = await openBrowser(1280, 800);
    await page().goto(`${f.base}/#token=${TOKEN}`);
    await page().getByRole('status').filter({ hasText: 'Live' }).waitFor();
    // Polled from outside the page: waitForFunction polls with eval inside it, which the desk's CSP refuses.
    for (const deadline = Date.now() + 20_000; !(await page().evaluate('localStorage.getItem("launchdesk-review-kit") !== null')); ) {
      if (Date.now() > deadline) throw new Error('the desk kept no review kit within 20 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    // From here on nothing leaves the page: every request is refused by the browser.
    await page().route('**/*', (route) => route.abort());
    await page().getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Review' }).click();
  }, 120_000);
  // Every console error, failed request and answer of 400 or over that a test did not expect fails it;
  // here every request is refused on purpose (the issuer status the desk reads every few seconds, too).
  afterEach(() => {
    browser?.expectProblems(/net::ERR_FAILED/);
    browser?.assertNoProblems();
  });
  afterAll(async () => {
    await browser?.close();
    await f?.close();
    session?.stop();
  });

  /** Reviews `input` against the ticket (1 ZEC of the coin), with the quote's minimum typed or, with `least: ''`, none. */
  async function review(input: string, least = minimum): Promise<{ headline: string; bad: string[]; flags: string }> {
    await page().getByRole('textbox', { name: 'Build or transaction' }).fill(input);
    await page().getByRole('combobox', { name: 'Wallet that signs' }).fill(wallet);
    await page().getByRole('textbox', { name: 'Coin mint' }).fill(coin.mint);
    await page().getByRole('textbox', { name: 'Amount' }).fill('1');
    await page().getByRole('textbox', { name: 'Least you accept' }).fill(least);
    await page().getByRole('button', { name: 'Review', exact: true }).click();
    const section = page().getByRole('region', { name: 'Review' });
    // The page's own problem (the banners above it may say the server does not answer: every request is refused).
    const problem = page().locator('main .problem');
    await Promise.race([section.waitFor(), problem.waitFor()]);
    if ((await problem.count()) > 0) throw new Error(`the page said: ${await problem.textContent()}`);
    const flags = page().getByRole('list', { name: 'Red flags' });
    return {
      headline: (await section.locator('.headline').textContent()) ?? '',
      bad: await section.getByRole('list', { name: 'Verdict' }).locator('li.bad').allTextContents(),
      flags: (await flags.count()) > 0 ? ((await flags.textContent()) ?? '') : '',
    };
  }

  it('passes the real build against its ticket, with no request made', async () => {
    const requests: string[] = [];
    page().on('request', (r) => requests.push(r.url()));
    const answer = await review(JSON.stringify(build));
    expect(answer).toEqual({ headline: 'Everything in it is what your ticket asks for.', bad: [], flags: '' });
    expect(await page().getByRole('list', { name: 'Instructions of transaction 1' }).textContent()).toContain('Buy on the bonding curve: spend exactly 1 ZEC for at least');
    expect(await page().getByRole('button', { name: /Approve and sign/ }).isEnabled()).toBe(true);
    // None but what the desk polls on every page (the issuer status, state/stocks.svelte.ts; fired alerts, state/alerts.svelte.ts), which the review does not use.
    expect(requests.filter((u) => !u.startsWith('data:') && !['/v1/stocks/issuers', '/desk-api/alerts'].includes(new URL(u).pathname))).toEqual([]);
    await page().screenshot({ path: `${SHOTS}/desk-offline-review-1280x800.png`, fullPage: true });
  });

  it("takes a pasted build with no minimum typed: the build's own floor is read, shown, and can be tightened", async () => {
    const answer = await review(JSON.stringify(build), '');
    expect(answer).toEqual({ headline: 'Everything in it is what your ticket asks for.', bad: [], flags: '' });
    const verdict = page().getByRole('region', { name: 'Review' }).getByRole('list', { name: 'Verdict' });
    expect(await verdict.textContent()).toContain(`accepts no less than ${minimumWords} coin: the build's own floor (you typed none; type a higher one to require more)`);
    const least = page().getByRole('textbox', { name: 'Least you accept' });
    expect(await least.getAttribute('placeholder')).toBe(`the build's: ${minimum}`);
    await page().screenshot({ path: `${SHOTS}/desk-offline-review-floor-1280x800.png`, fullPage: true });
    // Tightened past what the build accepts: red on the minimum.
    const higher = `${BigInt(minimum.split('.')[0]!) + 1n}`;
    const tightened = await review(JSON.stringify(build), higher);
    expect(tightened.bad).toEqual([`✗ minimum: accepts as little as ${minimumWords} coin, below the ${formatExactUnits(BigInt(higher) * 1_000_000n, 6)} coin your quote showed`]);
  });

  it('answers text that is not a transaction in words, never with a wire-format detail', async () => {
    const said = async (input: string) => {
      await page().getByRole('textbox', { name: 'Build or transaction' }).fill(input);
      await page().getByRole('button', { name: 'Review', exact: true }).click();
      const problem = page().locator('main .problem');
      await problem.waitFor();
      return (await problem.textContent()) ?? '';
    };
    const hello = await said('hello world');
    expect(hello).toMatch(/^this is not a Solana transaction: its 7 bytes are not laid out as one/);
    expect(hello).not.toMatch(/65535|signature list|compact/);
    expect(await said('not base64 at all!')).toBe('this is not a Solana transaction: the text is neither a build answer (JSON) nor base64; paste the build answer or its base64 transaction');
    expect(await said(Buffer.alloc(2000, 1).toString('base64'))).toMatch(/^this is not a Solana transaction: it is 2000 bytes, and a transaction is at most 1232/);
    await page().screenshot({ path: `${SHOTS}/desk-offline-review-not-a-transaction-1280x800.png` });
  });

  it('a changed amount is red on the amount, and signing is refused', async () => {
    const changed = await tampered((ixs) =>
      ixs.map((ix) => {
        if (!isTrade(ix)) return ix;
        const data = new Uint8Array(ix.data!);
        new DataView(data.buffer).setBigUint64(8, 3n * ZEC, true);
        return { ...ix, data };
      }),
    );
    const answer = await review(JSON.stringify({ ...build, transactions: [{ transaction: changed }] }));
    expect(answer.headline).toBe('Do not sign this: it is not what your ticket asks for.');
    expect(answer.bad).toEqual(['✗ amount: spends 3 ZEC, not the 1 ZEC you typed']);
    expect(await page().getByRole('button', { name: 'Signing refused: the review does not pass' }).isDisabled()).toBe(true);
  });

  it('an added transfer is flagged with its amount and the unknown address', async () => {
    const thief = await generateKeyPairSigner();
    const changed = await tampered(async (ixs) => [...ixs, getTransferSolInstruction({ source: { address: wallet } as never, destination: thief.address, amount: 2_000_000_000n })]);
    const answer = await review(changed);
    expect(answer.flags).toContain(`sends 2 SOL to ${thief.address}, an address the desk does not know`);
    expect(answer.headline).toBe('Do not sign this: it is not what your ticket asks for.');
    await page().screenshot({ path: `${SHOTS}/desk-offline-review-tampered-1280x800.png`, fullPage: true });
    await page().setViewportSize({ width: 1920, height: 1080 });
    await page().screenshot({ path: `${SHOTS}/desk-offline-review-tampered-1920x1080.png`, fullPage: true });
    await page().setViewportSize({ width: 1280, height: 800 });
  });

  it('another program in place of the launchpad is flagged as unknown, and the trade is missing', async () => {
    const stranger = (await generateKeyPairSigner()).address;
    const changed = await tampered((ixs) => ixs.map((ix) => (isTrade(ix) ? { ...ix, programAddress: stranger } : ix)));
    const answer = await review(changed);
    expect(answer.flags).toContain(`runs ${stranger}, a program the desk does not know`);
    expect(answer.bad).toContain('✗ trade: no trade instruction in the build');
  });
});
