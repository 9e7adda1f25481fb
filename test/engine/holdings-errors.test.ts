import { generateKeyPairSigner, lamports, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { plainSimulationError } from '../../core/engine/program-error.js';
import { readWorld } from '../../core/engine/world.js';
import { TOKEN_2022_PROGRAM } from '../../core/programs/token-account.js';
import { call, codeOf, messageOf, startApi, type Answer, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';
import { build, signAndSend } from './http-signing.js';

const ZEC = 100_000_000n;
const SOL = 1_000_000_000n;
/** Coin base units (6 decimals) as the exact decimal the message says, worked out here on its own. */
const words = (units: bigint) => `${units / 1_000_000n}${units % 1_000_000n === 0n ? '' : `.${(units % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '')}`}`;

/**
 * A build the wallet cannot pay for is refused in the request's terms, read from the wallet's own
 * accounts on the real sandbox: which wallet, which account it lacks, how much is needed and how much it
 * holds (exact decimals from base units), never the token program's "invalid account data" or
 * "incorrect program id".
 */
describe('refusals said as what the wallet holds', () => {
  let f: ApiFixture;
  /** SOL only: no ZEC account, no coin account. */
  let bare: KeyPairSigner;
  /** 1.23456789 ZEC and SOL; no coin account. */
  let some: KeyPairSigner;
  /** Holds coins bought here, and ZEC. */
  let holder: KeyPairSigner;
  let held: bigint;

  beforeAll(async () => {
    f = await startApi();
    bare = await fundedWallet(f.sandbox, 0n);
    some = await fundedWallet(f.sandbox, 123_456_789n);
    holder = await fundedWallet(f.sandbox, 5n * ZEC);
    await signAndSend(f, await build(f, '/v1/trade/build', { wallet: holder.address, mint: f.mint, side: 'buy', amount: String(ZEC) }), [holder]);
    held = BigInt((await call(f, 'GET', `/v1/coins/${f.mint}/quote?side=sell&amount=all&wallet=${holder.address}`)).body['amount'] as string);
  }, 90_000);
  afterAll(() => f.close());

  const post = (path: string, body: Record<string, unknown>) => {
    f.clock += 3_600_000; // past every group's window: these tests are not about rate limits
    return call(f, 'POST', path, { body });
  };
  const refused = (answer: Answer, message: string, code = 'refused') => {
    expect([answer.status, codeOf(answer)], JSON.stringify(answer.body)).toEqual([422, code]);
    expect(messageOf(answer)).toBe(message);
  };
  const trade = (wallet: KeyPairSigner, extra: Record<string, unknown>) => post('/v1/trade/build', { wallet: wallet.address, mint: f.mint, ...extra });

  it('a ZEC buy from a wallet with no ZEC account names the wallet and the ZEC the buy spends', async () => {
    refused(await trade(bare, { side: 'buy', amount: String(ZEC) }), `wallet ${bare.address} has no ZEC account, so it holds none of the 1 ZEC this buy spends`);
  });

  it('a ZEC buy for more than the wallet holds says both amounts in exact ZEC', async () => {
    refused(await trade(some, { side: 'buy', amount: '200000001' }), `wallet ${some.address} holds 1.23456789 ZEC, less than the 2.00000001 ZEC this buy spends`);
  });

  it('a sale of a coin never held names the wallet, the coin and the coins asked', async () => {
    refused(await trade(some, { side: 'sell', amount: '1500' }), `wallet ${some.address} has no account of coin ${f.mint}, so it holds none of the 0.0015 coins this sale sells`);
  });

  it('a sale of more coins than held says how many are held and how many the sale sells', async () => {
    const asked = held + 1n;
    refused(await trade(holder, { side: 'sell', amount: String(asked) }), `wallet ${holder.address} holds ${words(held)} coins of coin ${f.mint}, less than the ${words(asked)} coins this sale sells`);
  });

  it('the SOL legs: a buy paid in SOL beyond the balance, a sale received in SOL of a coin never held', async () => {
    const poor = await generateKeyPairSigner();
    await f.sandbox.faucet.sol(poor.address, lamports(2n * SOL));
    refused(await trade(poor, { side: 'buy', pay: 'SOL', amount: String(5n * SOL + 1n) }), `wallet ${poor.address} holds 2 SOL, less than the 5.000000001 SOL this buy pays (and the network fee on top)`);
    refused(await trade(some, { side: 'sell', receive: 'SOL', amount: '1500' }), `wallet ${some.address} has no account of coin ${f.mint}, so it holds none of the 0.0015 coins this sale sells`);
    refused(await trade(holder, { side: 'sell', receive: 'SOL', amount: String(held * 2n) }), `wallet ${holder.address} holds ${words(held)} coins of coin ${f.mint}, less than the ${words(held * 2n)} coins this sale sells`);
  });

  it('a ZEC to SOL swap from a wallet with no ZEC account, or too little', async () => {
    const swap = (wallet: KeyPairSigner, amount: bigint) => post('/v1/swap/build', { wallet: wallet.address, direction: 'zec_to_sol', amount: String(amount) });
    refused(await swap(bare, ZEC), `wallet ${bare.address} has no ZEC account, so it holds none of the 1 ZEC to swap`);
    refused(await swap(some, 2n * ZEC), `wallet ${some.address} holds 1.23456789 ZEC, less than the 2 ZEC to swap`);
  });

  it("a planting's first buy from a wallet with no ZEC account: simulation_failed, in the same words", async () => {
    const mint = await generateKeyPairSigner();
    const answer = await post('/v1/plant/build', { wallet: bare.address, mint: mint.address, name: 'Short Of Zec', symbol: 'SHORT', uri: 'https://example.com/short.json', payee: 'me', firstBuy: { zec: String(ZEC / 2n) } });
    refused(answer, `wallet ${bare.address} has no ZEC account, so it holds none of the 0.5 ZEC the first buy spends`, 'simulation_failed');
  });

  it('a native-paired coin\'s route says the same: no ZEC account, too little ZEC, no coin account', async () => {
    const native = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' }, null, 'native');
    await f.indexed();
    const route = (wallet: KeyPairSigner, extra: Record<string, unknown>) => post('/v1/trade/build', { wallet: wallet.address, mint: native.mint, ...extra });
    refused(await route(bare, { side: 'buy', amount: String(ZEC) }), `wallet ${bare.address} has no ZEC account, so it holds none of the 1 ZEC this buy spends`);
    refused(await route(some, { side: 'buy', amount: String(2n * ZEC) }), `wallet ${some.address} holds 1.23456789 ZEC, less than the 2 ZEC this buy spends`);
    refused(await route(some, { side: 'sell', amount: '2500000' }), `wallet ${some.address} has no account of coin ${native.mint}, so it holds none of the 2.5 coins this sale sells`);
  });

  it('a refusal the holdings do not explain keeps the program\'s words (a buy that would take more than slippage allows)', async () => {
    const answer = await trade(holder, { side: 'buy', amount: String(ZEC), minOut: String(10n ** 18n) });
    expect([answer.status, codeOf(answer)]).toEqual([422, 'refused']);
    expect(messageOf(answer)).not.toMatch(/^wallet /);
  });

  it('what is left after the holdings is still said in words, the runtime\'s name after them', async () => {
    const world = await readWorld(new SandboxChain(f.sandbox.cluster), f.sandbox.profile);
    const launchpad = world.programs.launchpad;
    const failed = (inner: unknown, below?: { program: string; code: number }) => plainSimulationError(world, { InstructionError: [1, inner] }, [
      `Program ${launchpad} invoke [1]`,
      ...(below ? [`Program ${below.program} invoke [2]`, `Program ${below.program} failed: custom program error: 0x${below.code.toString(16)}`] : []),
      `Program ${launchpad} failed: ${typeof inner === 'string' ? inner : 'custom program error'}`,
    ]);
    expect(failed('InvalidAccountData')).toBe('the launchpad refused: an account it was given does not exist or is not of the kind it reads (invalid account data)');
    expect(failed('IncorrectProgramId')).toBe('the launchpad refused: an account it was given does not exist or belongs to another program (incorrect program id)');
    expect(failed({ Custom: 17 }, { program: TOKEN_2022_PROGRAM, code: 17 })).toBe('the launchpad refused: a token account is frozen (token program error 17)');
  });
});
