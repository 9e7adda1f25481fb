import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { LISTING_RULES } from '../../core/config/listing-rules.js';
import { readCoinMarket } from '../../core/engine/market.js';
import { vaultRulesOf } from '../../core/engine/payee.js';
import { aggregatorRulesOf } from '../../core/engine/swap.js';
import { zecTradeRules } from '../../core/engine/accepted-trade.js';
import { readWorld, type World } from '../../core/engine/world.js';
import { ZEC_TO_SOL_DISCRIMINATOR } from '../../core/programs/aggregator/swap.js';
import { AMM_SELL_DISCRIMINATOR } from '../../core/programs/amm/instructions/sell.js';
import { MULTI_HOP_SWAP_DISCRIMINATOR } from '../../core/programs/amm/instructions/multi-hop-swap.js';
import { migrateV2Instruction } from '../../core/programs/launchpad/instructions/migrate-v2.js';
import { SELL_V2_DISCRIMINATOR } from '../../core/programs/launchpad/instructions/sell-v2.js';
import { findAssociatedTokenAccount } from '../../core/programs/launchpad/pdas.js';
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, SYSTEM_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS } from '../../core/programs/launchpad/spl-programs.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import {
  claimProblem,
  payeeChangeProblem,
  swapProblem,
  zecTradeProblem,
  type ClaimRules,
  type PayeeChangeAsk,
  type PayeeChangeRules,
  type SwapBuildAsk,
  type SwapBuildRules,
  type ZecTradeAsk,
  type ZecTradeRules,
} from '../../core/verify/build-shape.js';
import { resolveTransaction, type ResolvedInstruction, type ResolvedTransaction } from '../../core/verify/message.js';
import { startApi, type Answer, type ApiFixture } from '../api/api-fixture.js';
import { build, signAndSend } from '../engine/http-signing.js';
import { buyOutCurve, fundedWallet, programsOf, send } from '../helpers/launchpad.js';
import { plantListedCoin, vaultConfigOf, vaultOf } from '../helpers/vault.js';

const ZEC = 100_000_000n;
const SOL = 1_000_000_000n;

/** The build with instruction `index` changed. */
const changing = (tx: ResolvedTransaction, index: number, change: (ix: ResolvedInstruction) => ResolvedInstruction): ResolvedTransaction => {
  expect(index).toBeGreaterThanOrEqual(0);
  return { ...tx, instructions: tx.instructions.map((ix, i) => (i === index ? change(ix) : ix)) };
};
const withAccount = (tx: ResolvedTransaction, index: number, account: number, address: Address) =>
  changing(tx, index, (ix) => ({ ...ix, accounts: ix.accounts.map((a, j) => (j === account ? { ...a, address } : a)) }));
const withU64 = (tx: ResolvedTransaction, index: number, offset: number, value: bigint) =>
  changing(tx, index, (ix) => {
    const data = new Uint8Array(ix.data);
    new DataView(data.buffer).setBigUint64(offset, value, true);
    return { ...ix, data };
  });
const withBytes = (tx: ResolvedTransaction, index: number, bytes: Uint8Array, offset = 0) =>
  changing(tx, index, (ix) => {
    const data = new Uint8Array(ix.data);
    data.set(bytes, offset);
    return { ...ix, data };
  });
const adding = (tx: ResolvedTransaction, ix: ResolvedInstruction): ResolvedTransaction => ({ ...tx, instructions: [...tx.instructions, ix] });
const without = (tx: ResolvedTransaction, index: number): ResolvedTransaction => ({ ...tx, instructions: tx.instructions.filter((_, i) => i !== index) });
const indexOf = (tx: ResolvedTransaction, program: Address) => tx.instructions.findIndex((ix) => ix.program === program);
const stranger = async () => (await generateKeyPairSigner()).address;
const meta = (address: Address, signer = false) => ({ address, signer, writable: true });
const transferOf = (from: Address, to: Address): ResolvedInstruction => ({ program: SYSTEM_PROGRAM_ADDRESS, accounts: [meta(from, true), meta(to)], data: Uint8Array.of(2, 0, 0, 0, 0, 0x10, 0, 0, 0, 0, 0, 0) });
const SYSTEM_REFUSED = (what: string) => new RegExp(`program ${SYSTEM_PROGRAM_ADDRESS} is not part of an accepted ${what}`);

/**
 * The accepted shape of every build kind besides a native-paired route (core/verify/build-shape.ts),
 * checked on real builds answered by the /v1 server: each passes as built, and each refused class is
 * refused with a message naming the problem.
 */
describe('core/verify: accepted trades of ZEC coins, swaps, claims and payee changes', () => {
  let f: ApiFixture;
  let world: World;
  let trader: KeyPairSigner;
  let curveCoin: Address;
  let poolCoin: Address;

  const chain = () => new SandboxChain(f.sandbox.cluster);
  const zec = () => f.sandbox.profile.mints.zec;
  const resolved = (answer: Answer, i = 0): ResolvedTransaction => {
    const entry = (answer.body['transactions'] as { transaction: string }[])[i]!;
    const table = world.lookupTable!;
    return resolveTransaction(new Uint8Array(Buffer.from(entry.transaction, 'base64')), new Map([[table.address, table.addresses]]));
  };
  const expectedOf = (answer: Answer) => answer.body['expected'] as Record<string, string>;
  const tradeRules = async (mint: Address, wallet = trader.address) => zecTradeRules(world, await readCoinMarket(chain(), world, mint), wallet, true);

  beforeAll(async () => {
    f = await startApi();
    world = await readWorld(chain(), f.sandbox.profile);
    trader = await fundedWallet(f.sandbox, 1_000n * ZEC);
    curveCoin = (await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' })).mint;
    // A second coin bought out and migrated: it trades on its canonical pool.
    const whale = await fundedWallet(f.sandbox, 10_000n * ZEC);
    const pooled = await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'holders' });
    expect((await buyOutCurve(f.sandbox, whale, pooled)).err).toBeNull();
    const { programs, accounts } = f.sandbox.profile;
    const migrate = await migrateV2Instruction({
      launchpad: programsOf(f.sandbox).launchpad, amm: programs['amm']!, mint: pooled.mint, quoteMint: zec().address, quoteTokenProgram: zec().tokenProgram,
      user: whale.address, withdrawAuthority: accounts['launchpadAuthority']!,
    });
    const migrated = await send(f.sandbox, whale, [migrate]);
    expect(migrated.err, migrated.logs.join('\n')).toBeNull();
    poolCoin = pooled.mint;
    await f.indexed(); // builds take listed coins only
  }, 120_000);
  afterAll(() => f.close());

  describe('a trade of a coin paired with ZEC', () => {
    let buy: ResolvedTransaction;
    let ask: ZecTradeAsk;
    let rules: ZecTradeRules;
    let trade: number;

    beforeAll(async () => {
      const answer = await build(f, '/v1/trade/build', { wallet: trader.address, mint: curveCoin, side: 'buy', amount: String(3n * ZEC) });
      buy = resolved(answer);
      rules = await tradeRules(curveCoin);
      ask = { wallet: trader.address, mint: curveCoin, side: 'buy', amountIn: 3n * ZEC, minAmountOut: BigInt(expectedOf(answer)['minTokensOut']!), swapAsked: false };
      trade = indexOf(buy, rules.launchpad);
    });

    it('passes buys and sales on the curve and on the pool as built (a sale of `all` closing the emptied account)', async () => {
      expect(rules.venue).toBe('curve');
      expect(await zecTradeProblem(buy, ask, rules)).toBeNull();
      expect(await zecTradeProblem(buy, { ...ask, minAmountOut: ask.minAmountOut - 1n }, rules)).toBeNull();
      for (const mint of [curveCoin, poolCoin]) {
        const bought = await build(f, '/v1/trade/build', { wallet: trader.address, mint, side: 'buy', amount: String(2n * ZEC) });
        const venueRules = await tradeRules(mint);
        const buyAsk: ZecTradeAsk = { ...ask, mint, amountIn: 2n * ZEC, minAmountOut: BigInt(expectedOf(bought)['minTokensOut']!) };
        expect(await zecTradeProblem(resolved(bought), buyAsk, venueRules)).toBeNull();
        await signAndSend(f, bought, [trader]);
        const sale = await build(f, '/v1/trade/build', { wallet: trader.address, mint, side: 'sell', amount: 'all' });
        const saleTx = resolved(sale);
        expect(saleTx.instructions.some((ix) => ix.program === TOKEN_2022_PROGRAM_ADDRESS)).toBe(true);
        expect(saleTx.instructions.some((ix) => ix.program === (mint === poolCoin ? venueRules.amm : venueRules.launchpad))).toBe(true);
        const saleAsk: ZecTradeAsk = { ...ask, mint, side: 'sell', amountIn: BigInt(expectedOf(sale)['tokensIn']!), minAmountOut: BigInt(expectedOf(sale)['minZecOut']!) };
        expect(await zecTradeProblem(saleTx, saleAsk, venueRules)).toBeNull();
        // The close is accepted after a sale only.
        const close = saleTx.instructions.find((ix) => ix.program === TOKEN_2022_PROGRAM_ADDRESS)!;
        expect(await zecTradeProblem(adding(buy, close), ask, rules)).toMatch(mint === curveCoin ? /closes the coin account on a buy/ : /a token instruction other than closing the wallet's own emptied coin account/);
      }
      expect((await tradeRules(poolCoin)).venue).toBe('pool');
    });

    it.each([
      ['a changed amount', 8, 3n * ZEC + 1n, /buy_exact_quote_in_v2 spends 300000001, not the 300000000 asked for/],
      ['a lower minimum', 16, 1n, /buy_exact_quote_in_v2 accepts as little as 1, below the \d+ minimum/],
    ])('refuses %s', async (_name, offset, value, pattern) => {
      expect(await zecTradeProblem(withU64(buy, trade, offset, value), ask, rules)).toMatch(pattern);
    });

    it("refuses a trade of another coin and another wallet's account", async () => {
      const other = await stranger();
      expect(await zecTradeProblem(withAccount(buy, trade, 1, poolCoin), ask, rules)).toMatch(new RegExp(`account 1 is ${poolCoin}, not ${curveCoin} \\(the coin\\)`));
      expect(await zecTradeProblem(buy, { ...ask, mint: poolCoin }, await tradeRules(poolCoin))).toMatch(/opens .*, not the wallet's own coin or ZEC account/);
      expect(await zecTradeProblem(without(buy, indexOf(buy, ASSOCIATED_TOKEN_PROGRAM_ADDRESS)), { ...ask, mint: poolCoin }, await tradeRules(poolCoin))).toMatch(/a buy_exact_quote_in_v2 on the curve, but the coin trades on its pool/);
      const theirs = await findAssociatedTokenAccount(other, zec().address, zec().tokenProgram);
      expect(await zecTradeProblem(withAccount(buy, trade, 15, theirs), ask, rules)).toMatch(/account 15 is .* \(the wallet's ZEC account\)/);
      expect(await zecTradeProblem(withAccount(buy, trade, 13, other), ask, rules)).toMatch(/account 13 is .* \(the wallet\)/);
      expect(await zecTradeProblem(withAccount(buy, indexOf(buy, ASSOCIATED_TOKEN_PROGRAM_ADDRESS), 2, other), ask, rules)).toMatch(/opens another wallet's account/);
      expect(await zecTradeProblem(buy, ask, await tradeRules(curveCoin, other))).toMatch(/not those of this wallet and coin/);
      expect(await zecTradeProblem({ ...buy, feePayer: other }, ask, rules)).toMatch(/the fee payer is .* not the wallet/);
    });

    it('lets a fee recipient vary only among the allowed ones', async () => {
      const other = await stranger();
      const otherAccount = await findAssociatedTokenAccount(other, zec().address, zec().tokenProgram);
      const moved = withAccount(withAccount(buy, trade, 6, other), trade, 7, otherAccount);
      expect(await zecTradeProblem(moved, ask, rules)).toMatch(new RegExp(`the launchpad's fee recipient ${other} is not one the program accepts`));
      const [fee, buyback] = rules.feeRecipients;
      const widened = { ...rules, feeRecipients: [{ ...fee!, allowed: [...fee!.allowed, { recipient: other, zecAccount: otherAccount }] }, buyback!] };
      expect(await zecTradeProblem(moved, ask, widened)).toBeNull();
      expect(await zecTradeProblem(withAccount(buy, trade, 6, other), ask, widened)).toMatch(/account 7 is .* \(the ZEC account of the launchpad's fee recipient/);
    });

    it('refuses a transfer, any other program, a route, a second trade, a sale on a buy and a pool trade of a curve coin', async () => {
      expect(await zecTradeProblem(adding(buy, transferOf(trader.address, await stranger())), ask, rules)).toMatch(SYSTEM_REFUSED('trade of a ZEC-paired coin'));
      expect(await zecTradeProblem(adding(buy, { program: await stranger(), accounts: [], data: new Uint8Array() }), ask, rules)).toMatch(/is not part of an accepted trade of a ZEC-paired coin/);
      const route: ResolvedInstruction = { program: rules.amm, accounts: [meta(trader.address, true)], data: Uint8Array.from([...MULTI_HOP_SWAP_DISCRIMINATOR, ...new Uint8Array(16)]) };
      expect(await zecTradeProblem(adding(buy, route), ask, rules)).toMatch(/a multi_hop_swap, the route of a native-paired coin; coin .* is paired with ZEC/);
      expect(await zecTradeProblem(adding(buy, buy.instructions[trade]!), ask, rules)).toMatch(/it holds 2 trades, not exactly one/);
      expect(await zecTradeProblem(without(buy, trade), ask, rules)).toBe('it holds no trade');
      expect(await zecTradeProblem(withBytes(buy, trade, SELL_V2_DISCRIMINATOR), ask, rules)).toMatch(/a sale where a buy was asked for/);
      expect(await zecTradeProblem(withBytes(buy, trade, AMM_SELL_DISCRIMINATOR), ask, rules)).toMatch(/a launchpad instruction other than a buy_exact_quote_in_v2 or sell_v2/);
      const poolTrade: ResolvedInstruction = { program: rules.amm, accounts: [], data: Uint8Array.from([...AMM_SELL_DISCRIMINATOR, ...new Uint8Array(16)]) };
      expect(await zecTradeProblem(adding(buy, poolTrade), ask, rules)).toMatch(/a sell on the pool, but the coin trades on its curve/);
    });

    it('accepts the aggregator swap of a buy paid in SOL only where asked, and only of this wallet in the direction asked', async () => {
      const answer = await build(f, '/v1/trade/build', { wallet: trader.address, mint: curveCoin, side: 'buy', pay: 'SOL', amount: String(SOL) });
      const tx = resolved(answer);
      const expected = expectedOf(answer);
      const solAsk: ZecTradeAsk = { ...ask, amountIn: BigInt(expected['maxZecIn']!), minAmountOut: BigInt(expected['minTokensOut']!), swapAsked: true };
      expect(await zecTradeProblem(tx, solAsk, rules)).toBeNull();
      const swap = indexOf(tx, rules.swap!.route.aggregator);
      expect(await zecTradeProblem(tx, { ...solAsk, swapAsked: false }, rules)).toMatch(/an aggregator swap that was not asked for/);
      expect(await zecTradeProblem(adding(buy, tx.instructions[swap]!), ask, rules)).toMatch(/an aggregator swap that was not asked for/);
      const theirs = await findAssociatedTokenAccount(await stranger(), zec().address, zec().tokenProgram);
      expect(await zecTradeProblem(withAccount(tx, swap, 2, theirs), solAsk, rules)).toMatch(/the swap's account 2 is .* \(the wallet's ZEC account\)/);
      expect(await zecTradeProblem(withBytes(tx, swap, ZEC_TO_SOL_DISCRIMINATOR), solAsk, rules)).toMatch(/a swap of ZEC to SOL where SOL to ZEC was asked for/);
      expect(await zecTradeProblem(adding(tx, tx.instructions[swap]!), solAsk, rules)).toMatch(/more than one aggregator swap/);
    });
  });

  describe('a swap', () => {
    let tx: ResolvedTransaction;
    let ask: SwapBuildAsk;
    let rules: SwapBuildRules;
    let swap: number;

    beforeAll(async () => {
      const answer = await build(f, '/v1/swap/build', { wallet: trader.address, direction: 'sol_to_zec', amount: String(SOL) });
      tx = resolved(answer);
      ask = { wallet: trader.address, direction: 'sol_to_zec', amountIn: SOL, minAmountOut: BigInt(expectedOf(answer)['minZecOut']!) };
      rules = { ...(await aggregatorRulesOf(world))!, maxPriorityLamports: LISTING_RULES.maxPriorityLamports };
      swap = indexOf(tx, rules.route.aggregator);
    });

    it('passes as built', async () => {
      expect(await swapProblem(tx, ask, rules)).toBeNull();
      expect(await swapProblem(tx, { ...ask, minAmountOut: 0n }, rules)).toBeNull();
    });

    it('refuses a changed amount, a lower minimum, the other direction, another wallet\'s account and another fee recipient', async () => {
      expect(await swapProblem(withU64(tx, swap, 8, SOL + 1n), ask, rules)).toMatch(/the swap spends 1000000001, not the 1000000000 asked for/);
      expect(await swapProblem(withU64(tx, swap, 16, 1n), ask, rules)).toMatch(/the swap accepts as little as 1, below the \d+ minimum/);
      expect(await swapProblem(tx, { ...ask, direction: 'zec_to_sol' }, rules)).toMatch(/a swap of SOL to ZEC where ZEC to SOL was asked for/);
      const other = await stranger();
      const theirs = await findAssociatedTokenAccount(other, zec().address, zec().tokenProgram);
      expect(await swapProblem(withAccount(tx, swap, 2, theirs), ask, rules)).toMatch(/the swap's account 2 is .* \(the wallet's ZEC account\)/);
      expect(await swapProblem(withAccount(tx, swap, 9, other), ask, rules)).toMatch(/the swap's account 9 is .* \(the WSOL\/ZEC pool\)/);
      expect(await swapProblem(withAccount(tx, swap, 13, other), ask, rules)).toMatch(/the AMM's protocol fee recipient .* is not one the program accepts/);
    });

    it('refuses a transfer, any other program, a second swap and no swap', async () => {
      expect(await swapProblem(adding(tx, transferOf(trader.address, await stranger())), ask, rules)).toMatch(SYSTEM_REFUSED('swap'));
      expect(await swapProblem(adding(tx, { program: world.programs.launchpad, accounts: [], data: new Uint8Array(8) }), ask, rules)).toMatch(/is not part of an accepted swap/);
      expect(await swapProblem(adding(tx, tx.instructions[swap]!), ask, rules)).toMatch(/a second swap; a build holds exactly one/);
      expect(await swapProblem(without(tx, swap), ask, rules)).toBe('it holds no swap');
    });
  });

  describe('a claim and a payee change', () => {
    let payee: KeyPairSigner;
    let mint: Address;

    beforeAll(async () => {
      payee = await fundedWallet(f.sandbox);
      mint = (await plantListedCoin(f.sandbox, await fundedWallet(f.sandbox, 10n * ZEC), { kind: 'wallet', wallet: payee.address })).mint;
      await f.indexed(); // builds take listed coins only
      // A buy through /v1, then the vault's split run: the payee's part waits in the coin's fee account.
      await signAndSend(f, await build(f, '/v1/trade/build', { wallet: trader.address, mint, side: 'buy', amount: String(20n * ZEC) }), [trader]);
      const split = await splitFeesInstruction({
        vault: vaultOf(f.sandbox), zecMint: zec().address, mint, launchpad: programsOf(f.sandbox).launchpad, amm: f.sandbox.profile.programs['amm']!,
        sender: trader.address, config: vaultConfigOf(f.sandbox),
      });
      expect((await send(f.sandbox, trader, [split])).err).toBeNull();
    });

    it('passes a claim as built; refuses one naming another mint or payee, or holding a transfer', async () => {
      const sender = await fundedWallet(f.sandbox);
      const tx = resolved(await build(f, '/v1/claim/build', { wallet: sender.address, mint }));
      const rules: ClaimRules = { ...vaultRulesOf(world), payee: payee.address };
      const ask = { wallet: sender.address, mint };
      expect(await claimProblem(tx, ask, rules)).toBeNull();
      const claim = indexOf(tx, rules.vault);
      expect(await claimProblem(withAccount(tx, claim, 1, curveCoin), ask, rules)).toMatch(new RegExp(`the claim's account 1 is ${curveCoin}, not ${mint} \\(the coin\\)`));
      expect(await claimProblem(tx, { ...ask, mint: curveCoin }, rules)).toMatch(/the claim's account 1 is .* \(the coin\)/);
      const other = await stranger();
      expect(await claimProblem(withAccount(tx, claim, 5, other), ask, rules)).toMatch(new RegExp(`the claim's account 5 is ${other}, not ${payee.address} \\(the recorded payee\\)`));
      expect(await claimProblem(tx, ask, { ...rules, payee: other })).toMatch(/the claim's account 4 is .* \(the recorded payee's ZEC account\)/);
      expect(await claimProblem(adding(tx, transferOf(sender.address, other)), ask, rules)).toMatch(SYSTEM_REFUSED('claim'));
      expect(await claimProblem(withBytes(tx, claim, new Uint8Array(8)), ask, rules)).toMatch(/a vault instruction other than claim/);
    });

    it('passes a payee change as built; refuses one naming another next payee or mint, or signed by another wallet', async () => {
      const next = await stranger();
      const tx = resolved(await build(f, '/v1/payee/build', { wallet: payee.address, mint, payee: `wallet:${next}` }));
      const rules: PayeeChangeRules = { ...vaultRulesOf(world), currentPayee: payee.address };
      const ask: PayeeChangeAsk = { wallet: payee.address, mint, next: { kind: 'wallet', wallet: next } };
      expect(await payeeChangeProblem(tx, ask, rules)).toBeNull();
      const change = indexOf(tx, rules.vault);
      const other = await stranger();
      expect(await payeeChangeProblem(tx, { ...ask, next: { kind: 'wallet', wallet: other } }, rules)).toMatch(new RegExp(`names wallet:${next} as the next payee, not wallet:${other} as asked`));
      expect(await payeeChangeProblem(tx, { ...ask, next: { kind: 'holders' } }, rules)).toMatch(/not holders \(for good\) as asked/);
      expect(await payeeChangeProblem(changing(tx, change, (ix) => ({ ...ix, data: ix.data.slice(0, 9).fill(0, 8) })), ask, rules)).toMatch(/names holders \(for good\) as the next payee/);
      expect(await payeeChangeProblem(withAccount(tx, change, 1, curveCoin), ask, rules)).toMatch(/the change_payee's account 1 is .* \(the coin\)/);
      expect(await payeeChangeProblem(withAccount(tx, change, 0, other), ask, rules)).toMatch(/the change_payee's account 0 is .* \(the wallet as current payee\)/);
      expect(await payeeChangeProblem(tx, ask, { ...rules, currentPayee: other })).toMatch(/is not the current payee/);
      expect(await payeeChangeProblem(adding(tx, transferOf(payee.address, other)), ask, rules)).toMatch(SYSTEM_REFUSED('payee change'));
    });
  });
});
