import { generateKeyPairSigner, getCompiledTransactionMessageDecoder, getTransactionDecoder, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESK_TOKEN_HEADER } from '../../core/api/desk/desk-token.js';
import { pinsOfProfile, RpcChain, V1Client, verifyBuild, type BuildJson } from '../../core/client/index.js';
import { startRpcFacade, type RpcFacade } from '../../core/sandbox/rpc/server.js';
import { findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { build, signAndSend } from '../engine/http-signing.js';
import { startKeychainSession, type KeychainSession } from '../helpers/keychain-session.js';
import { fundedWallet, programsOf, send, tokenBalance } from '../helpers/launchpad.js';
import { vaultConfigOf, vaultOf } from '../helpers/vault.js';
import { call, codeOf, messageOf, startApi, type Answer, type ApiFixture } from './api-fixture.js';

const ZEC = 100_000_000n;
const SOL = 1_000_000_000n;
const CAP = 10_000_000n; // planting.maxPriorityLamports: 0.01 SOL
const SIGNATURE_FEE = 5_000n;
const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const TOKEN = 'desk-token-for-the-priority-fee-test-1';

type Verdict = { field: string; ok: boolean; detail: string }[];

/** Each transaction's compute budget as its wire says it: the limit and the price (micro-lamports per unit). */
function budgetsOf(answer: Answer): { limit: bigint; price: bigint | null; count: number }[] {
  return (answer.body['transactions'] as { transaction: string }[]).map(({ transaction }) => {
    const tx = getTransactionDecoder().decode(new Uint8Array(Buffer.from(transaction, 'base64')));
    const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
    if (!('instructions' in message)) throw new Error('every build is a version 0 transaction');
    const budget = message.instructions.filter((ix) => message.staticAccounts[ix.programAddressIndex] === COMPUTE_BUDGET).map((ix) => Buffer.from(ix.data!));
    const limit = budget.find((d) => d[0] === 2);
    const price = budget.find((d) => d[0] === 3);
    return { limit: BigInt(limit!.readUInt32LE(1)), price: price ? price.readBigUInt64LE(1) : null, count: budget.length };
  });
}
const priorityOf = (limit: bigint, price: bigint) => (limit * price + 999_999n) / 1_000_000n;
const solCostOf = (answer: Answer) => BigInt((answer.body['simulation'] as { solCostLamports: string }).solCostLamports);

/**
 * `computeUnitPrice` on every build (docs/api.md "Priority fee (local addition)"), end to end on the real
 * server and sandbox: the built transactions carry exactly the chosen price, the relay sends them, the
 * wallet's SOL moves by exactly what the simulation said (base fee + the chosen priority fee + the rest),
 * a fee above 0.01 SOL or a malformed price is refused as `invalid_param` with nothing stored, and the
 * desk's review checks the price the person chose.
 */
describe('a chosen priority fee on every build', () => {
  let session: KeychainSession;
  let f: ApiFixture;
  let trader: KeyPairSigner;
  const solOf = (address: Address) => f.sandbox.cluster.getAccount(address)!.lamports;

  /** Builds, signs and sends through the relay; answers the build, its budget and what the fee payer's SOL moved by. */
  async function land(path: string, body: Record<string, unknown>, signers: readonly KeyPairSigner[]) {
    const answer = await build(f, path, body);
    const before = solOf(signers[0]!.address);
    await signAndSend(f, answer, signers);
    return { answer, budget: budgetsOf(answer)[0]!, moved: before - solOf(signers[0]!.address), solCost: solCostOf(answer) };
  }

  beforeAll(async () => {
    session = await startKeychainSession();
    f = await startApi({ desk: { keychain: new OsKeychain(`launchdesk-test-${process.pid}`), token: TOKEN } });
    trader = await fundedWallet(f.sandbox, 1_000n * ZEC);
  }, 60_000);
  afterAll(async () => {
    await f?.close();
    session?.stop();
  });

  it('a trade at 250000 micro-lamports per compute unit carries exactly that price and lands costing base fee + priority fee', async () => {
    // The first buy opens the coin account (rent); the ones after it move only the fees in SOL.
    const first = await land('/v1/trade/build', { wallet: trader.address, mint: f.mint, side: 'buy', amount: String(ZEC) }, [trader]);
    expect(first.budget.price).toBe(10_000n); // the default, unchanged
    expect(first.moved).toBe(first.solCost);

    const chosen = await land('/v1/trade/build', { wallet: trader.address, mint: f.mint, side: 'buy', amount: String(ZEC), computeUnitPrice: '250000' }, [trader]);
    expect(chosen.budget).toMatchObject({ price: 250_000n, count: 2 });
    expect(chosen.budget.limit).toBeLessThan(1_400_000n);
    const priority = priorityOf(chosen.budget.limit, 250_000n);
    expect(chosen.solCost).toBe(SIGNATURE_FEE + priority);
    expect(chosen.moved).toBe(chosen.solCost);
    // The build kept in the ledger is what was answered, its priority fee the one the limit and price make.
    const kept = await f.ledger.get(chosen.answer.body['buildId'] as string);
    expect(kept?.state).toBe('sent');

    const free = await land('/v1/trade/build', { wallet: trader.address, mint: f.mint, side: 'buy', amount: String(ZEC), computeUnitPrice: '0' }, [trader]);
    expect(free.budget.price).toBe(0n);
    expect(free.solCost).toBe(SIGNATURE_FEE);
    expect(free.moved).toBe(SIGNATURE_FEE);

    const sale = await land('/v1/trade/build', { wallet: trader.address, mint: f.mint, side: 'sell', amount: 'all', computeUnitPrice: '1234567' }, [trader]);
    expect(sale.budget.price).toBe(1_234_567n);
    expect(sale.moved).toBe(sale.solCost);
  });

  it('refuses a priority fee above 0.01 SOL in words, exactly at the measured limit and early when even the smallest limit is above it; nothing is stored', async () => {
    const probe = await build(f, '/v1/trade/build', { wallet: trader.address, mint: f.mint, side: 'buy', amount: String(ZEC) });
    const limit = budgetsOf(probe)[0]!.limit;
    const stored = await f.ledger.count();
    // The most a price may be at this limit, and one more.
    const most = (CAP * 1_000_000n) / limit;
    const atCap = await build(f, '/v1/trade/build', { wallet: trader.address, mint: f.mint, side: 'buy', amount: String(ZEC), computeUnitPrice: most.toString() });
    expect(budgetsOf(atCap)[0]).toMatchObject({ limit, price: most });
    expect(priorityOf(limit, most) <= CAP).toBe(true);
    expect(await f.ledger.count()).toBe(stored + 1);

    const over = most + 1n;
    f.clock += 61_000;
    const refused = await call(f, 'POST', '/v1/trade/build', { body: { wallet: trader.address, mint: f.mint, side: 'buy', amount: String(ZEC), computeUnitPrice: over.toString() } });
    expect([refused.status, codeOf(refused)]).toEqual([400, 'invalid_param']);
    expect(messageOf(refused)).toMatch(new RegExp(`^computeUnitPrice: at ${over} micro-lamports per compute unit this transaction's priority fee would be 0\\.01\\d* SOL, above the 0\\.01 SOL a transaction may pay$`));

    f.clock += 61_000;
    const early = await call(f, 'POST', '/v1/trade/build', { body: { wallet: trader.address, mint: f.mint, side: 'buy', amount: String(ZEC), computeUnitPrice: '9000000000000' } });
    expect([early.status, codeOf(early)]).toEqual([400, 'invalid_param']);
    expect(messageOf(early)).toBe("computeUnitPrice: at 9000000000000 micro-lamports per compute unit this transaction's priority fee would be at least 180 SOL, above the 0.01 SOL a transaction may pay");
    expect(await f.ledger.count()).toBe(stored + 1);
  });

  it('refuses a malformed price as invalid_param naming the field', async () => {
    const stored = await f.ledger.count();
    for (const [value, words] of [
      ['12a', /^computeUnitPrice: /],
      ['-5', /^computeUnitPrice: /],
      ['', /^computeUnitPrice: /],
      ['1.5', /^computeUnitPrice: /],
      ['123456789012345678901', /^computeUnitPrice: /],
      ['18446744073709551616', /^computeUnitPrice: 18446744073709551616 is above the largest compute unit price a transaction can say \(2\^64 - 1\)$/],
    ] as const) {
      f.clock += 61_000;
      const answer = await call(f, 'POST', '/v1/trade/build', { body: { wallet: trader.address, mint: f.mint, side: 'buy', amount: String(ZEC), computeUnitPrice: value } });
      expect([answer.status, codeOf(answer)], value).toEqual([400, 'invalid_param']);
      expect(messageOf(answer)).toMatch(words);
    }
    f.clock += 61_000;
    const swap = await call(f, 'POST', '/v1/swap/build', { body: { wallet: trader.address, direction: 'sol_to_zec', amount: String(SOL / 10n), computeUnitPrice: 'fast' } });
    expect([swap.status, codeOf(swap)]).toEqual([400, 'invalid_param']);
    expect(messageOf(swap)).toMatch(/^computeUnitPrice: /);
    expect(await f.ledger.count()).toBe(stored);
  });

  it('swaps, plants, claims and changes the payee at a chosen price: each lands costing what its simulation said', async () => {
    const swapper = await fundedWallet(f.sandbox);
    const swap = await land('/v1/swap/build', { wallet: swapper.address, direction: 'sol_to_zec', amount: String(SOL / 10n), computeUnitPrice: '300000' }, [swapper]);
    expect(swap.budget.price).toBe(300_000n);
    expect(swap.moved).toBe(swap.solCost);

    const planter = await fundedWallet(f.sandbox, 10n * ZEC);
    const payee = await fundedWallet(f.sandbox);
    const mintKey = await generateKeyPairSigner();
    f.clock += 3_600_000; // past the plants group's window
    const plant = await land(
      '/v1/plant/build',
      { wallet: planter.address, mint: mintKey.address, name: 'Fee Coin', symbol: 'FEE', uri: 'https://example.com/fee.json', payee: `wallet:${payee.address}`, computeUnitPrice: '40000' },
      [planter, mintKey],
    );
    expect(plant.budget.price).toBe(40_000n);
    expect(plant.moved).toBe(plant.solCost);
    const mint = mintKey.address;

    // Something waits for the payee: a buy, then the vault's split.
    await land('/v1/trade/build', { wallet: trader.address, mint, side: 'buy', amount: String(20n * ZEC) }, [trader]);
    const zec = f.sandbox.profile.mints.zec;
    const split = await splitFeesInstruction({
      vault: vaultOf(f.sandbox), zecMint: zec.address, mint, launchpad: programsOf(f.sandbox).launchpad, amm: f.sandbox.profile.programs['amm']!,
      sender: trader.address, config: vaultConfigOf(f.sandbox),
    });
    expect((await send(f.sandbox, trader, [split])).err).toBeNull();
    expect(await tokenBalance(f.sandbox, await findPayeeRecord(vaultOf(f.sandbox), mint), zec.address, zec.tokenProgram)).toBeGreaterThan(0n);

    const stranger = await fundedWallet(f.sandbox);
    const claim = await land('/v1/claim/build', { wallet: stranger.address, mint, computeUnitPrice: '0' }, [stranger]);
    expect(claim.budget.price).toBe(0n);
    expect(claim.moved).toBe(claim.solCost); // the payee's ZEC account may be opened at the sender's expense

    const change = await land('/v1/payee/build', { wallet: payee.address, mint, payee: 'holders', computeUnitPrice: '777777' }, [payee]);
    expect(change.budget.price).toBe(777_777n);
    expect(change.moved).toBe(change.solCost);
  });

  it("the desk's review says the priority fee when the ticket names a price, and fails when the build pays another", async () => {
    const desk = (path: string, body: unknown) => call(f, 'POST', path, { body, headers: { [DESK_TOKEN_HEADER]: TOKEN } });
    const wallet = (await f.wallets!.create('Fees')).address;
    await f.sandbox.faucet.sol(wallet, (2n * SOL) as never);
    await f.sandbox.faucet.zec(wallet, (10n * ZEC) as never);
    const amount = String(ZEC);
    f.clock += 61_000;
    const quote = await call(f, 'GET', `/v1/coins/${f.mint}/quote?side=buy&amount=${amount}&wallet=${wallet}`);
    const built = await build(f, '/v1/trade/build', { wallet, mint: f.mint, side: 'buy', amount, computeUnitPrice: '100000' });
    const ticket = { wallet, mint: f.mint, side: 'buy', amount, pay: 'ZEC', receive: 'ZEC', slippageBps: 100, minimum: quote.body['minTokensOut'] as string };
    const limit = budgetsOf(built)[0]!.limit;
    const lineOf = async (extra: Record<string, string>) => {
      const review = await desk('/desk-api/review', { buildId: built.body['buildId'], ticket: { ...ticket, ...extra } });
      expect(review.status, JSON.stringify(review.body)).toBe(200);
      expect(BigInt(review.body['networkFeeLamports'] as string)).toBe(SIGNATURE_FEE + priorityOf(limit, 100_000n));
      return { line: (review.body['verdict'] as Verdict).find((l) => l.field === 'priority fee'), signable: review.body['signable'] };
    };
    const fee = priorityOf(limit, 100_000n);
    const sol = `${fee / SOL}.${(fee % SOL).toString().padStart(9, '0').replace(/0+$/, '')}`;
    expect(await lineOf({ computeUnitPrice: '100000' })).toEqual({ line: { field: 'priority fee', ok: true, detail: `${sol} SOL at 100,000 micro-lamports per compute unit, as you chose` }, signable: true });
    expect(await lineOf({ computeUnitPrice: '20000' })).toEqual({
      line: { field: 'priority fee', ok: false, detail: 'pays 100,000 micro-lamports per compute unit, not the 20,000 micro-lamports per compute unit you chose' },
      signable: false,
    });
    expect(await lineOf({})).toEqual({ line: undefined, signable: true });

    // A swap's ticket too.
    f.clock += 61_000;
    const swap = await build(f, '/v1/swap/build', { wallet, direction: 'sol_to_zec', amount: String(SOL / 10n), computeUnitPrice: '50000' });
    const minimum = (swap.body['expected'] as Record<string, string>)['minZecOut']!;
    const swapTicket = { wallet, direction: 'sol_to_zec', amount: String(SOL / 10n), minimum };
    const swapLine = async (price: string) =>
      ((await desk('/desk-api/review/swap', { buildId: swap.body['buildId'], ticket: { ...swapTicket, computeUnitPrice: price } })).body['verdict'] as Verdict).find((l) => l.field === 'priority fee');
    expect((await swapLine('50000'))?.ok).toBe(true);
    expect((await swapLine('50001'))?.ok).toBe(false);
  });
});

/**
 * A cluster without a lookup table: a buy paid in SOL is split, and its `then` carries the chosen price;
 * launchdesk/client's verifyBuild checks both against the request.
 */
describe("a split trade's second step chooses the same price", () => {
  let f: ApiFixture;
  let facade: RpcFacade;
  let chain: RpcChain;
  beforeAll(async () => {
    f = await startApi({ profile: (p) => ({ ...p, accounts: Object.fromEntries(Object.entries(p.accounts).filter(([k]) => k !== 'lookupTable')) }) });
    facade = await startRpcFacade(f.sandbox, { port: 0 });
    chain = new RpcChain(facade.rpcUrl);
  }, 60_000);
  afterAll(async () => {
    await chain?.close();
    await facade?.close();
    await f?.close();
  });

  it('passes computeUnitPrice on to then.body, and the second step lands at it', async () => {
    const trader = await fundedWallet(f.sandbox);
    const first = await build(f, '/v1/trade/build', { wallet: trader.address, mint: f.mint, side: 'buy', amount: String(SOL / 2n), pay: 'SOL', computeUnitPrice: '123456' });
    expect(budgetsOf(first)[0]!.price).toBe(123_456n);
    const then = first.body['then'] as { call: string; body: Record<string, string | number> };
    expect(then.call).toBe('POST /v1/trade/build');
    expect(then.body['computeUnitPrice']).toBe('123456');
    // The client checks the price and `then` against its own request.
    const api = new V1Client({ baseUrl: f.base, fetch: (input, init) => ((f.clock += 61_000), fetch(input, init)) });
    const context = { chain, params: await api.params(), pins: pinsOfProfile(f.sandbox.profile) };
    const asked = { wallet: trader.address, mint: f.mint, side: 'buy' as const, amount: String(SOL / 2n), pay: 'SOL' as const };
    const json = first.body as unknown as BuildJson;
    expect((await verifyBuild({ kind: 'trade', body: { ...asked, computeUnitPrice: '123456' } }, json, context)).differences).toEqual([]);
    expect((await verifyBuild({ kind: 'trade', body: { ...asked, computeUnitPrice: '5' } }, json, context)).differences).toEqual([
      'its `then` asks for computeUnitPrice "123456", not "5"',
      'transaction 1: it pays 123456 micro-lamports per compute unit, not the 5 your request chose',
    ]);
    expect((await verifyBuild({ kind: 'trade', body: asked }, json, context)).differences).toEqual(['its `then` adds computeUnitPrice, which your request does not hold']);
    await signAndSend(f, first, [trader]);
    const second = await build(f, '/v1/trade/build', then.body);
    expect(budgetsOf(second)[0]!.price).toBe(123_456n);
    const before = f.sandbox.cluster.getAccount(trader.address)!.lamports;
    await signAndSend(f, second, [trader]);
    expect(before - f.sandbox.cluster.getAccount(trader.address)!.lamports).toBe(solCostOf(second));

    const plain = await build(f, '/v1/trade/build', { wallet: trader.address, mint: f.mint, side: 'buy', amount: String(SOL / 4n), pay: 'SOL' });
    expect((plain.body['then'] as { body: Record<string, unknown> }).body['computeUnitPrice']).toBeUndefined();
  });
});
