import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCoinMarket } from '../../core/engine/market.js';
import { nativeRouteRules } from '../../core/engine/accepted-trade.js';
import { readWorld } from '../../core/engine/world.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { findAssociatedTokenAccount } from '../../core/programs/launchpad/pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS } from '../../core/programs/launchpad/spl-programs.js';
import { resolveTransaction, type ResolvedInstruction, type ResolvedTransaction } from '../../core/verify/message.js';
import { nativeRouteProblem, type NativeRouteAsk, type NativeRouteRules } from '../../core/verify/native-route.js';
import { multiHopSwapInstruction } from '../../core/programs/amm/instructions/multi-hop-swap.js';
import { startApi, type ApiFixture } from '../api/api-fixture.js';
import { build } from '../engine/http-signing.js';
import { fundedWallet } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';

const ZEC = 100_000_000n;

/**
 * The spec's "Accepted transactions for a native-paired coin", checked on a real route build answered by
 * the /v1 server: exactly it passes, and each "Refused" class of the spec is refused naming the problem.
 */
describe('core/verify: accepted native-pair trades', () => {
  let f: ApiFixture;
  let trader: KeyPairSigner;
  let coin: Address;
  let zecCoin: Address;
  let built: ResolvedTransaction;
  let rules: NativeRouteRules;
  let ask: NativeRouteAsk;

  beforeAll(async () => {
    f = await startApi();
    trader = await fundedWallet(f.sandbox, 100n * ZEC);
    coin = (await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' }, null, 'native')).mint;
    zecCoin = f.mint as Address;
    await f.indexed(); // builds take listed coins only
    const answer = await build(f, '/v1/trade/build', { wallet: trader.address, mint: coin, side: 'buy', amount: String(3n * ZEC) });
    const world = await readWorld(new SandboxChain(f.sandbox.cluster), f.sandbox.profile);
    const table = world.lookupTable!;
    const wire = new Uint8Array(Buffer.from((answer.body['transactions'] as { transaction: string }[])[0]!.transaction, 'base64'));
    built = resolveTransaction(wire, new Map([[table.address, table.addresses]]));
    rules = await nativeRouteRules(world, await readCoinMarket(new SandboxChain(f.sandbox.cluster), world, coin));
    const expected = answer.body['expected'] as Record<string, string>;
    ask = { wallet: trader.address, mint: coin, side: 'buy', amountIn: 3n * ZEC, minAmountOut: BigInt(expected['minTokensOut']!), swapAsked: false };
  }, 60_000);
  afterAll(() => f.close());

  const routeIndex = () => built.instructions.findIndex((ix) => ix.program === rules.route.programs.amm);
  /** The built transaction with its route changed by `change`. */
  const withRoute = (change: (ix: ResolvedInstruction) => ResolvedInstruction): ResolvedTransaction => ({
    ...built,
    instructions: built.instructions.map((ix, i) => (i === routeIndex() ? change(ix) : ix)),
  });
  const withAccount = (index: number, address: Address) =>
    withRoute((ix) => ({ ...ix, accounts: ix.accounts.map((a, j) => (j === index ? { ...a, address } : a)) }));
  const withData = (offset: number, value: bigint) =>
    withRoute((ix) => {
      const data = new Uint8Array(ix.data);
      new DataView(data.buffer).setBigUint64(offset, value, true);
      return { ...ix, data };
    });
  const adding = (ix: ResolvedInstruction): ResolvedTransaction => ({ ...built, instructions: [...built.instructions, ix] });
  const stranger = async () => (await generateKeyPairSigner()).address;

  it('passes the route as built, and as built with another buyback recipient\'s account', async () => {
    expect(await nativeRouteProblem(built, ask, rules)).toBeNull();
    expect(await nativeRouteProblem(built, { ...ask, minAmountOut: ask.minAmountOut - 1n }, rules)).toBeNull();
  });

  it.each([
    ['a changed amount', () => withData(8, 3n * ZEC + 1n), /spends 300000001, not the 300000000 asked for/],
    ['a lower minimum', () => withData(16, 1n), /accepts as little as 1, below the/],
  ])('refuses %s', async (_name, tx, pattern) => {
    expect(await nativeRouteProblem(tx(), ask, rules)).toMatch(pattern);
  });

  it('refuses any other pool or vault, another coin and another wallet\'s account', async () => {
    const other = await stranger();
    expect(await nativeRouteProblem(withAccount(18, other), ask, rules)).toMatch(/account 18 is .* \(the native-coin\/ZEC pool/);
    expect(await nativeRouteProblem(withAccount(19, other), ask, rules)).toMatch(/account 19 .*the pool's native-coin vault/);
    expect(await nativeRouteProblem(withAccount(21, zecCoin), ask, rules)).toMatch(/account 21 .*the coin/);
    const theirs = await findAssociatedTokenAccount(other, f.sandbox.profile.mints.zec.address, f.sandbox.profile.mints.zec.tokenProgram);
    expect(await nativeRouteProblem(withAccount(1, theirs), ask, rules)).toMatch(/account 1 .*input account/);
    expect(await nativeRouteProblem(withAccount(6, theirs), ask, rules)).toMatch(/buyback fee account .* is not the ZEC account of a launchpad buyback fee recipient/);
  });

  it('refuses a route whose two hops are in the other side\'s order', async () => {
    const swapHops = (ix: ResolvedInstruction): ResolvedInstruction => ({ ...ix, accounts: [...ix.accounts.slice(0, 16), ...ix.accounts.slice(21, 26), ...ix.accounts.slice(16, 21)] });
    expect(await nativeRouteProblem(withRoute(swapHops), ask, rules)).toMatch(
      /: the route lists its hops in a sale's order: a buy lists the native-coin\/ZEC pool first \(accounts 16 to 20\), then the coin's venue$/,
    );
    // A sale of the same coin, its route built as the spec has it, then with the hops in a buy's order.
    const zecAccount = await findAssociatedTokenAccount(trader.address, f.sandbox.profile.mints.zec.address, f.sandbox.profile.mints.zec.tokenProgram);
    const sale = await multiHopSwapInstruction({ ...rules.route, side: 'sell', user: trader.address, buybackFeeAccount: built.instructions[routeIndex()]!.accounts[6]!.address, amountIn: 1_000n, minAmountOut: 1n });
    const saleIx: ResolvedInstruction = { program: sale.programAddress, accounts: sale.accounts!.map((a) => ({ address: a.address, signer: a.role === 3, writable: a.role >= 1 })), data: new Uint8Array(sale.data!) };
    expect(saleIx.accounts[16]!.address).toBe(coin); // the coin's venue first
    const open: ResolvedInstruction = {
      program: ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
      accounts: [trader.address, zecAccount, trader.address, f.sandbox.profile.mints.zec.address, SYSTEM_PROGRAM_ADDRESS, f.sandbox.profile.mints.zec.tokenProgram].map((address) => ({ address, signer: false, writable: false })),
      data: Uint8Array.of(1),
    };
    const saleTx = (route: ResolvedInstruction): ResolvedTransaction => ({ ...built, instructions: [...built.instructions.filter((_, i) => i < routeIndex() - 1), open, route] });
    const saleAsk = { ...ask, side: 'sell' as const, amountIn: 1_000n, minAmountOut: 1n };
    expect(await nativeRouteProblem(saleTx(saleIx), saleAsk, rules)).toBeNull();
    expect(await nativeRouteProblem(saleTx(swapHops(saleIx)), saleAsk, rules)).toMatch(
      /: the route lists its hops in a buy's order: a sale lists the coin's venue first \(accounts 16 to 20\), then the native-coin\/ZEC pool$/,
    );
  });

  it('refuses a direct curve trade, a transfer, a native-coin account, any other program and a second route', async () => {
    const launchpad = rules.route.programs.launchpad;
    const direct: ResolvedInstruction = { program: launchpad, accounts: [], data: new Uint8Array(8) };
    expect(await nativeRouteProblem(adding(direct), ask, rules)).toMatch(/a direct curve or pool trade/);
    const transfer: ResolvedInstruction = { program: SYSTEM_PROGRAM_ADDRESS, accounts: [{ address: trader.address, signer: true, writable: true }], data: new Uint8Array(12) };
    expect(await nativeRouteProblem(adding(transfer), ask, rules)).toMatch(new RegExp(`program ${SYSTEM_PROGRAM_ADDRESS} is not part of an accepted native-pair trade`));
    const native = f.sandbox.profile.mints.native;
    const nativeAccount = await findAssociatedTokenAccount(trader.address, native.address, native.tokenProgram);
    const openNative: ResolvedInstruction = {
      program: ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
      accounts: [trader.address, nativeAccount, trader.address, native.address, SYSTEM_PROGRAM_ADDRESS, native.tokenProgram].map((address) => ({ address, signer: false, writable: false })),
      data: Uint8Array.of(1),
    };
    expect(await nativeRouteProblem(adding(openNative), ask, rules)).toMatch(/opens a native-coin account/);
    expect(await nativeRouteProblem(adding({ program: await stranger(), accounts: [], data: new Uint8Array() }), ask, rules)).toMatch(/is not part of an accepted native-pair trade/);
    expect(await nativeRouteProblem(adding(built.instructions[routeIndex()]!), ask, rules)).toMatch(/2 multi_hop_swap instructions, not exactly one/);
    const noRoute = { ...built, instructions: built.instructions.filter((_, i) => i !== routeIndex()) };
    expect(await nativeRouteProblem(noRoute, ask, rules)).toBe('it holds no multi_hop_swap');
  });

  it('refuses an aggregator swap that was not asked for, and another wallet as fee payer', async () => {
    const swap: ResolvedInstruction = { program: rules.aggregator!, accounts: [{ address: trader.address, signer: true, writable: true }], data: new Uint8Array(24) };
    expect(await nativeRouteProblem(adding(swap), ask, rules)).toMatch(/an aggregator swap that was not asked for/);
    expect(await nativeRouteProblem(adding(swap), { ...ask, swapAsked: true }, rules)).toBeNull();
    expect(await nativeRouteProblem({ ...built, feePayer: await stranger() }, ask, rules)).toMatch(/the fee payer is .* not the wallet/);
  });
});
