import { generateKeyPairSigner, lamports, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { buildSwap } from '../../core/engine/swap.js';
import { readWorld } from '../../core/engine/world.js';
import { plainSimulationError } from '../../core/engine/program-error.js';
import { isDeskError } from '../../core/errors.js';
import { AGGREGATOR_ERRORS } from '../../core/programs/aggregator/swap.js';
import { AMM_ERRORS } from '../../core/programs/amm/errors.js';
import { TOKEN_PROGRAM } from '../../core/programs/token-account.js';
import { call, codeOf, messageOf, startApi, type ApiFixture } from '../api/api-fixture.js';
import { fundedWallet, tokenBalance } from '../helpers/launchpad.js';

const SOL = 1_000_000_000n;
const ZEC = 100_000_000n;

/** Bad input to the swap build: the spec's code naming the field; a swap the wallet cannot pay is refused in words; nothing is recorded. */
describe('swap build: bad input and refusals', () => {
  let f: ApiFixture;
  let wallet: KeyPairSigner;

  beforeAll(async () => {
    f = await startApi();
    wallet = await fundedWallet(f.sandbox, 10n * ZEC);
  }, 60_000);
  afterAll(() => f.close());

  const post = (body: Record<string, unknown>) => {
    f.clock += 61_000;
    return call(f, 'POST', '/v1/swap/build', { body });
  };
  const good = () => ({ wallet: wallet.address, direction: 'sol_to_zec', amount: String(SOL) });
  /** Builds in the relay's ledger (its own store, read on the side). */
  const recorded = () => f.count('builds', "kind = 'swap'");
  const balances = async (owner: KeyPairSigner) => {
    const zec = f.sandbox.profile.mints.zec;
    return { sol: f.sandbox.cluster.getAccount(owner.address)?.lamports ?? 0n, zec: await tokenBalance(f.sandbox, owner.address, zec.address, zec.tokenProgram) };
  };

  it.each([
    ['wallet', { wallet: undefined }, /^wallet: /],
    ['wallet', { wallet: 'not-an-address' }, /^wallet: /],
    ['wallet', { wallet: 'O0O0O0O0O0O0O0O0O0O0O0O0O0O0O0O0O0' }, /^wallet: /],
    ['direction', { direction: undefined }, /^direction: /],
    ['direction', { direction: 'sol_to_btc' }, /^direction: must be one of sol_to_zec, zec_to_sol/],
    ['direction', { direction: 'SOL_TO_ZEC' }, /^direction: must be one of/],
    ['amount', { amount: undefined }, /^amount: /],
    ['amount', { amount: '-5' }, /^amount: /],
    ['amount', { amount: '1.5' }, /^amount: /],
    ['amount', { amount: '0' }, /^amount: must be at least 1/],
    ['amount', { amount: '18446744073709551616' }, /^amount: is above/],
    ['amount', { amount: 'all' }, /^amount: "all" is not an amount/],
    ['slippageBps', { slippageBps: 2001 }, /^slippageBps: must be an integer from 0 to 2000/],
    ['slippageBps', { slippageBps: -1 }, /^slippageBps: /],
    ['slippageBps', { slippageBps: 1.5 }, /^slippageBps: /],
    ['slippageBps', { slippageBps: 'lots' }, /^slippageBps: /],
  ])('%s: %j', async (_field, change, pattern) => {
    const answer = await post({ ...good(), ...change });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(codeOf(answer)).toBe('invalid_param');
    expect(messageOf(answer)).toMatch(pattern);
  });

  it('answers 422 refused in words for a swap the wallet cannot pay for, records nothing and moves nothing', async () => {
    const poor = await generateKeyPairSigner();
    await f.sandbox.faucet.sol(poor.address, lamports(SOL));
    const before = { ledger: await recorded(), poor: await balances(poor), pool: await balances({ address: f.sandbox.profile.accounts['wsolPool']! } as KeyPairSigner) };

    const tooMuchSol = await post({ ...good(), wallet: poor.address, amount: String(5n * SOL) });
    expect(tooMuchSol.status, JSON.stringify(tooMuchSol.body)).toBe(422);
    expect(codeOf(tooMuchSol)).toBe('refused');
    expect(messageOf(tooMuchSol)).toBe(`wallet ${poor.address} holds 1 SOL, less than the 5 SOL to swap (and the network fee on top)`);

    // Exactly its balance: the swap itself is affordable, the fee and the ZEC account's rent are not.
    const noFee = await post({ ...good(), wallet: poor.address, amount: String(SOL) });
    expect(noFee.status, JSON.stringify(noFee.body)).toBe(422);
    expect(codeOf(noFee)).toBe('refused');
    expect(messageOf(noFee)).toMatch(/^the aggregator refused: the wallet does not hold enough SOL for this with its fees and rent \(system program error 1\); it said: Transfer: insufficient lamports \d+, need 1000000000$/);

    const noZec = await post({ ...good(), wallet: poor.address, direction: 'zec_to_sol', amount: String(ZEC) });
    expect(noZec.status, JSON.stringify(noZec.body)).toBe(422);
    expect(codeOf(noZec)).toBe('refused');
    expect(messageOf(noZec)).toBe(`wallet ${poor.address} has no ZEC account, so it holds none of the 1 ZEC to swap`);

    const tooMuchZec = await post({ ...good(), direction: 'zec_to_sol', amount: String(11n * ZEC) });
    expect(tooMuchZec.status).toBe(422);
    expect(messageOf(tooMuchZec)).toBe(`wallet ${wallet.address} holds 10 ZEC, less than the 11 ZEC to swap`);

    const dust = await post({ ...good(), direction: 'zec_to_sol', amount: '1' });
    expect(dust.status, JSON.stringify(dust.body)).toBe(422);
    expect(codeOf(dust)).toBe('refused');
    expect(messageOf(dust)).toBe("the swap cannot be made: 0.00000001 ZEC is too small to swap: nothing would be left after the pool's fees");
    const crumbs = await post({ ...good(), amount: '5' });
    expect(crumbs.status, JSON.stringify(crumbs.body)).toBe(422);
    expect(messageOf(crumbs)).toBe('the swap cannot be made: 0.000000005 SOL is too small to swap, it would give 0 ZEC');

    expect(await recorded()).toBe(before.ledger);
    expect(await balances(poor)).toEqual(before.poor);
    expect(await balances({ address: f.sandbox.profile.accounts['wsolPool']! } as KeyPairSigner)).toEqual(before.pool);
  });

  it('answers unavailable in words on a cluster whose profile names no aggregator', async () => {
    const world = await readWorld(new SandboxChain(f.sandbox.cluster), f.sandbox.profile);
    const { aggregator: _gone, ...programs } = world.profile.programs;
    const bare = { ...world, profile: { ...world.profile, programs } };
    const error = await buildSwap(new SandboxChain(f.sandbox.cluster), { wallet: wallet.address, direction: 'sol_to_zec', amount: SOL, slippageBps: null }, bare).catch((e: unknown) => e);
    expect(isDeskError(error, 'unavailable')).toBe(true);
    expect((error as Error).message).toMatch(/^this cluster has no aggregator configured/);
  });

  it('says the aggregator\'s own refusals and the AMM\'s it passes through in words', async () => {
    const world = await readWorld(new SandboxChain(f.sandbox.cluster), f.sandbox.profile);
    const aggregator = world.profile.programs['aggregator']!;
    const failed = (code: number, inner?: string) => ({
      err: { InstructionError: [2, { Custom: code }] },
      logs: [`Program ${aggregator} invoke [1]`, ...(inner ? [`Program ${inner} invoke [2]`, `Program ${inner} failed: custom program error: 0x${code.toString(16)}`] : []), `Program ${aggregator} failed: custom program error: 0x${code.toString(16)}`],
    });
    const say = (code: number, inner?: string) => {
      const { err, logs } = failed(code, inner);
      return plainSimulationError(world, err, logs);
    };
    expect(say(AGGREGATOR_ERRORS.SlippageExceeded)).toBe('the aggregator refused: the price moved: the swap would pay less than the least allowed (slippage) (SlippageExceeded 6000)');
    expect(say(AGGREGATOR_ERRORS.ZeroAmount)).toBe('the aggregator refused: a swap of nothing (ZeroAmount 6001)');
    expect(say(AMM_ERRORS.ExceededSlippage, world.programs.amm)).toBe('the aggregator refused: the price moved beyond the slippage allowed (ExceededSlippage 6004)');
    expect(say(1, TOKEN_PROGRAM)).toBe('the aggregator refused: the wallet does not hold enough of the token it pays with (token program error 1)');
  });

  it('records exactly the builds it answers', async () => {
    const before = await recorded();
    const answer = await post(good());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(await recorded()).toBe(before + 1);
  });
});
