import { AccountRole, generateKeyPairSigner, type Instruction, type KeyPairSigner } from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyExactTokens } from '../../core/math/curve.js';
import { ANCHOR_ERRORS } from '../../core/programs/anchor/errors.js';
import { LAUNCHPAD_ERRORS } from '../../core/programs/launchpad/errors.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { collectCreatorFeeV2Instruction } from '../../core/programs/launchpad/instructions/collect-creator-fee-v2.js';
import { sellV2Instruction } from '../../core/programs/launchpad/instructions/sell-v2.js';
import { findBondingCurve, findCreatorVault } from '../../core/programs/launchpad/pdas.js';
import { readFileSync } from 'node:fs';
import { deployUpgradeable } from '../../core/sandbox/program-deploy.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from '../../core/sandbox/token-balances.js';
import { createMintInstructions, curveOf, fundedWallet, openCoinAccount, partiesFor, plantCoin, programsOf, SANDBOX_FEE_RATES, send, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';

const ZEC = 100_000_000n;

/** Each refusal of the launchpad program has its own code, and a refused trade changes nothing. */
describe('launchpad program refusals', () => {
  let sandbox: Sandbox;
  let trader: KeyPairSigner;
  let coin: Coin;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    trader = await fundedWallet(sandbox, 1_000n * ZEC);
    const planted = await plantCoin(sandbox, trader);
    expect(planted.err, planted.logs.join('\n')).toBeNull();
    coin = planted.coin;
    const first = await send(sandbox, trader, [
      await openCoinAccount(trader, coin),
      await buyV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: tokens(10_000_000_000n), maxQuoteCost: 10n * ZEC }),
    ]);
    expect(first.err, first.logs.join('\n')).toBeNull();
  });
  afterAll(() => sandbox.close());

  const buy = async (amount = 1_000_000n, max = ZEC) => buyV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: tokens(amount), maxQuoteCost: max });
  const replaceAccount = (ix: Instruction, index: number, address: string, role?: AccountRole): Instruction =>
    ({ ...ix, accounts: ix.accounts!.map((meta, i) => (i === index ? { address, role: role ?? meta.role } : meta)) }) as Instruction;

  async function expectRefused(instructions: Instruction[], code: number, payer = trader) {
    const before = curveOf(sandbox, coin);
    const result = await send(sandbox, payer, instructions);
    expect(customError(result.err), result.logs.join('\n')).toBe(code);
    expect(curveOf(sandbox, coin)).toEqual(before);
  }

  it('wrong PDA: another coin\'s bonding curve', async () => {
    const other = await plantCoin(sandbox, trader);
    await expectRefused([replaceAccount(await buy(), 10, other.coin.curve)], ANCHOR_ERRORS.ConstraintSeeds);
  });

  it('wrong owner: an account at the curve\'s address that the launchpad does not own', async () => {
    const mint = await generateKeyPairSigner();
    const stray = { ...coin, mint: mint.address, curve: await findBondingCurve(programsOf(sandbox).launchpad, mint.address) };
    // Anyone can send lamports to a PDA; the launchpad must not take a System account for a curve.
    const funded = await send(sandbox, trader, [
      getTransferSolInstruction({ source: trader, destination: stray.curve, amount: 10_000_000n }),
      ...createMintInstructions(sandbox, trader, mint, 6, TOKEN_2022_PROGRAM),
    ], [mint]);
    expect(funded.err, funded.logs.join('\n')).toBeNull();
    const result = await send(sandbox, trader, [await buyV2Instruction(partiesFor(sandbox, stray, trader.address), { amount: tokens(1n), maxQuoteCost: ZEC })]);
    expect(customError(result.err), result.logs.join('\n')).toBe(ANCHOR_ERRORS.AccountOwnedByWrongProgram);
  });

  it('missing signer: a trade for a user who did not sign', async () => {
    const payer = await fundedWallet(sandbox);
    await expectRefused([replaceAccount(await buy(), 13, trader.address, AccountRole.WRITABLE)], ANCHOR_ERRORS.ConstraintSigner, payer);
  });

  it('a fee recipient Global does not name, and a buyback recipient it does not list', async () => {
    const stranger = (await generateKeyPairSigner()).address;
    await expectRefused([await buyV2Instruction({ ...partiesFor(sandbox, coin, trader.address), feeRecipient: stranger }, { amount: tokens(1_000n), maxQuoteCost: ZEC })], LAUNCHPAD_ERRORS.NotAuthorized);
    await expectRefused(
      [await buyV2Instruction({ ...partiesFor(sandbox, coin, trader.address), buybackFeeRecipient: stranger }, { amount: tokens(1_000n), maxQuoteCost: ZEC })],
      LAUNCHPAD_ERRORS.BuybackFeeRecipientNotAuthorized,
    );
  });

  it('overflow: selling more tokens than a u64 of reserves can take', async () => {
    await expectRefused([await sellV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: tokens(2n ** 64n - 1n), minQuoteOutput: 0n })], LAUNCHPAD_ERRORS.Overflow);
  });

  it('zero amounts', async () => {
    await expectRefused([await buy(0n)], LAUNCHPAD_ERRORS.BuyZeroAmount);
    await expectRefused([await sellV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: tokens(0n), minQuoteOutput: 0n })], LAUNCHPAD_ERRORS.SellZeroAmount);
  });

  it('unknown instruction', async () => {
    const launchpad = programsOf(sandbox).launchpad;
    await expectRefused([{ programAddress: launchpad, accounts: [], data: new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8]) }], ANCHOR_ERRORS.InstructionFallbackNotFound);
  });

  it('plantings the launchpad refuses: quote not admitted, cashback, holder rewards, long names, creator rates, no creator', async () => {
    const mint = await generateKeyPairSigner();
    const made = await send(sandbox, trader, createMintInstructions(sandbox, trader, mint, 8, TOKEN_PROGRAM), [mint]);
    expect(made.err).toBeNull();
    const cases: [Parameters<typeof plantCoin>[2], number][] = [
      [{ quoteMint: mint.address, quoteTokenProgram: TOKEN_PROGRAM }, LAUNCHPAD_ERRORS.QuoteMintNotWhitelisted],
      [{ isCashbackEnabled: true }, LAUNCHPAD_ERRORS.CashbackDeprecated],
      [{ isHolderReward: true }, LAUNCHPAD_ERRORS.HolderRewardDisabled],
      [{ isMayhemMode: true }, LAUNCHPAD_ERRORS.MayhemModeDisabled],
      [{ name: 'x'.repeat(33) }, LAUNCHPAD_ERRORS.NameTooLong],
      [{ symbol: 'X'.repeat(11) }, LAUNCHPAD_ERRORS.SymbolTooLong],
      [{ creatorFeeBps: 201n }, LAUNCHPAD_ERRORS.CreatorFeeBpsOutOfRange],
      [{ creator: '11111111111111111111111111111111' as never }, LAUNCHPAD_ERRORS.CreatorShouldNotBeZero],
    ];
    for (const [overrides, code] of cases) {
      const { err, logs, coin: refused } = await plantCoin(sandbox, trader, overrides);
      expect(customError(err), `${Object.keys(overrides ?? {}).join(",")}\n${logs.join('\n')}`).toBe(code);
      expect(sandbox.cluster.getAccount(refused.curve)).toBeNull();
    }
  });

  it('pays the creator vault to the creator only when the creator signs', async () => {
    const creator = await fundedWallet(sandbox);
    const planted = await plantCoin(sandbox, trader, { creator: creator.address });
    const own = planted.coin;
    const state = curveOf(sandbox, own);
    const expected = buyExactTokens(state, tokens(50_000_000_000n), SANDBOX_FEE_RATES);
    const bought = await send(sandbox, trader, [
      await openCoinAccount(trader, own),
      await buyV2Instruction(partiesFor(sandbox, own, trader.address), { amount: tokens(50_000_000_000n), maxQuoteCost: expected.totalCost }),
    ]);
    expect(bought.err, bought.logs.join('\n')).toBeNull();
    const zec = sandbox.profile.mints.zec;
    const vault = await findCreatorVault(programsOf(sandbox).launchpad, creator.address);
    expect(await tokenBalance(sandbox, vault, zec.address, zec.tokenProgram)).toBe(expected.creatorFee);

    const input = { launchpad: programsOf(sandbox).launchpad, creator: creator.address, quoteMint: zec.address, quoteTokenProgram: zec.tokenProgram };
    const unsigned = await send(sandbox, trader, [await collectCreatorFeeV2Instruction(input)]);
    expect(customError(unsigned.err)).toBe(ANCHOR_ERRORS.ConstraintSigner);
    const signed = await send(sandbox, creator, [await collectCreatorFeeV2Instruction({ ...input, creatorSigns: true })]);
    expect(signed.err, signed.logs.join('\n')).toBeNull();
    expect(await tokenBalance(sandbox, creator.address, zec.address, zec.tokenProgram)).toBe(expected.creatorFee);
    expect(await tokenBalance(sandbox, vault, zec.address, zec.tokenProgram)).toBe(0n);
  });

  it('passes the upgradeable loader\'s strict checks (deployed, not just loaded)', async () => {
    const payer = await fundedWallet(sandbox);
    const { program } = await deployUpgradeable(sandbox.cluster, payer, new Uint8Array(readFileSync('resources/programs/launchpad.so')));
    sandbox.cluster.advanceSlots(1);
    const result = await send(sandbox, payer, [{ programAddress: program, accounts: [], data: new Uint8Array(8) }]);
    // Deployed elsewhere it runs (and refuses the unknown instruction with its own code).
    expect(customError(result.err)).toBe(ANCHOR_ERRORS.InstructionFallbackNotFound);
  });
});
