import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyExactTokens, sellExactTokens } from '../../core/math/curve.js';
import { splitCreatorFee } from '../../core/math/split.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { sellV2Instruction } from '../../core/programs/launchpad/instructions/sell-v2.js';
import { collectCoinCreatorFeeInstruction } from '../../core/programs/amm/instructions/collect-coin-creator-fee.js';
import { ammSellInstruction } from '../../core/programs/amm/instructions/sell.js';
import { findCoinCreatorVaultAuthority } from '../../core/programs/amm/pdas.js';
import { migrateV2Instruction } from '../../core/programs/launchpad/instructions/migrate-v2.js';
import { findCreatorVault } from '../../core/programs/launchpad/pdas.js';
import { splitFeesInstruction, type SplitFeesInput } from '../../core/programs/vault/split-fees.js';
import { findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { curveOf, fundedWallet, openCoinAccount, partiesFor, programsOf, SANDBOX_FEE_RATES, send, tokenBalance, tokens, type Coin, buyOutCurve } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';
import { plantListedCoin, vaultConfigOf, vaultOf } from '../helpers/vault.js';
import { coinPoolParties } from '../helpers/amm.js';

const ZEC = 100_000_000n;

/** Trades on a listed coin's curve accrue its creator fee; `split` moves it four ways exactly as core/math/split says. */
describe('vault: split of a listed coin\'s creator fees', () => {
  let sandbox: Sandbox;
  let trader: KeyPairSigner;
  let coin: Coin;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    trader = await fundedWallet(sandbox, 1_000n * ZEC);
    coin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'wallet', wallet: (await generateKeyPairSigner()).address }, 1_000_000_000n);
  });
  afterAll(() => sandbox.close());

  const zec = () => sandbox.profile.mints.zec;
  const zecOf = (owner: Address) => tokenBalance(sandbox, owner, zec().address, zec().tokenProgram);
  const input = async (over: Partial<SplitFeesInput> = {}): Promise<SplitFeesInput> => ({
    vault: vaultOf(sandbox),
    launchpad: programsOf(sandbox).launchpad,
    amm: sandbox.profile.programs['amm']!,
    zecMint: zec().address,
    mint: coin.mint,
    sender: (await fundedWallet(sandbox)).address,
    config: vaultConfigOf(sandbox),
    ...over,
  });
  const creatorVaultZec = async () => zecOf(await findCreatorVault(programsOf(sandbox).launchpad, coin.creator));
  const destinationsOf = async (of: Coin) => {
    const c = vaultConfigOf(sandbox);
    return { liquidity: await zecOf(c.liquidityPot), rootstock: await zecOf(c.rootstock), treasury: await zecOf(c.treasury), payee: await zecOf(await findPayeeRecord(vaultOf(sandbox), of.mint)) };
  };
  const destinations = () => destinationsOf(coin);

  async function trade(): Promise<bigint> {
    const before = await creatorVaultZec();
    const buy = buyExactTokens(curveOf(sandbox, coin), tokens(3_000_000_000_000n), SANDBOX_FEE_RATES);
    const parties = partiesFor(sandbox, coin, trader.address);
    expect((await send(sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(parties, { amount: buy.tokens, maxQuoteCost: buy.totalCost })])).err).toBeNull();
    const sale = sellExactTokens(curveOf(sandbox, coin), tokens(1_234_567_891n), SANDBOX_FEE_RATES);
    expect((await send(sandbox, trader, [await sellV2Instruction(parties, { amount: sale.tokens, minQuoteOutput: sale.userReceives })])).err).toBeNull();
    const accrued = (await creatorVaultZec()) - before;
    expect(accrued).toBe(buy.creatorFee + sale.creatorFee);
    return accrued;
  }

  it('sends every unit collected to the four destinations by the config\'s split; the sender gets nothing', async () => {
    await trade();
    const collected = await creatorVaultZec();
    expect(collected > 0n).toBe(true);
    const before = await destinations();
    const splitter = await fundedWallet(sandbox);
    const ix = await splitFeesInstruction({ ...(await input()), sender: splitter.address });
    const result = await send(sandbox, splitter, [ix]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    const expected = splitCreatorFee(collected, vaultConfigOf(sandbox).split);
    const after = await destinations();
    expect({ liquidity: after.liquidity - before.liquidity, rootstock: after.rootstock - before.rootstock, treasury: after.treasury - before.treasury, payee: after.payee - before.payee }).toEqual(expected);
    expect(await creatorVaultZec()).toBe(0n);
    expect(await zecOf(splitter.address)).toBe(0n);
  });

  it('splits again after more trades, and does nothing when nothing waits', async () => {
    const accrued = await trade();
    const before = await destinations();
    const first = await input();
    expect((await send(sandbox, trader, [await splitFeesInstruction({ ...first, sender: trader.address })])).err).toBeNull();
    const after = await destinations();
    expect(after.liquidity + after.rootstock + after.treasury + after.payee - (before.liquidity + before.rootstock + before.treasury + before.payee)).toBe(accrued);
    expect((await send(sandbox, trader, [await splitFeesInstruction({ ...first, sender: trader.address })])).err).toBeNull();
    expect(await destinations()).toEqual(after);
  });

  it('after migration, collects the pool trades\' creator fee from the AMM too, and splits it the same way', async () => {
    const { programs, accounts: profileAccounts } = sandbox.profile;
    const whale = await fundedWallet(sandbox, 5_000n * ZEC);
    const listed = await plantListedCoin(sandbox, whale, { kind: 'wallet', wallet: whale.address });
    expect((await buyOutCurve(sandbox, whale, listed)).err).toBeNull();
    const amm = programs['amm']!;
    const migrate = await migrateV2Instruction({ launchpad: programs['launchpad']!, amm, mint: listed.mint, quoteMint: zec().address, quoteTokenProgram: zec().tokenProgram, user: whale.address, withdrawAuthority: profileAccounts['launchpadAuthority']! });
    expect((await send(sandbox, whale, [migrate])).err).toBeNull();
    const parties = await coinPoolParties(sandbox, listed, whale.address);
    const ammVault = await findCoinCreatorVaultAuthority(amm, listed.creator);
    const launchpadVault = await findCreatorVault(programs['launchpad']!, listed.creator);
    // The curve's fees (the buy-out) wait in the launchpad; a pool sale adds the AMM's.
    expect((await send(sandbox, whale, [await ammSellInstruction(parties, { baseAmountIn: tokens(10_000_000_000_000n), minQuoteAmountOut: 1n })])).err).toBeNull();
    const fromPool = await zecOf(ammVault);
    const fromCurve = await zecOf(launchpadVault);
    expect(fromPool > 0n && fromCurve > 0n).toBe(true);
    const before = await destinationsOf(listed);
    const ix = await splitFeesInstruction({ ...(await input()), mint: listed.mint, sender: whale.address });
    const result = await send(sandbox, whale, [ix]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    const after = await destinationsOf(listed);
    const expected = splitCreatorFee(fromPool + fromCurve, vaultConfigOf(sandbox).split);
    expect({ liquidity: after.liquidity - before.liquidity, rootstock: after.rootstock - before.rootstock, treasury: after.treasury - before.treasury, payee: after.payee - before.payee }).toEqual(expected);
    expect(await zecOf(ammVault)).toBe(0n);
    expect(await zecOf(launchpadVault)).toBe(0n);

    // The AMM pays a coin creator's fees only into the creator's own account (2015), whoever sends it.
    expect((await send(sandbox, whale, [await ammSellInstruction(parties, { baseAmountIn: tokens(10_000_000_000_000n), minQuoteAmountOut: 1n })])).err).toBeNull();
    const waiting = await zecOf(ammVault);
    const [whaleZec] = await findAssociatedTokenPda({ owner: whale.address, mint: zec().address, tokenProgram: zec().tokenProgram });
    const elsewhere = await collectCoinCreatorFeeInstruction({ amm, coinCreator: listed.creator, quoteMint: zec().address, quoteTokenProgram: zec().tokenProgram, coinCreatorTokenAccount: whaleZec });
    expect(customError((await send(sandbox, whale, [elsewhere])).err)).toBe(2015);
    expect(await zecOf(ammVault)).toBe(waiting);
  });

  it('refuses a destination that is not the config\'s (6206) and leaves the fees waiting', async () => {
    await trade();
    const waiting = await creatorVaultZec();
    const config = vaultConfigOf(sandbox);
    for (const over of [{ treasury: trader.address }, { rootstock: trader.address }, { liquidityPot: trader.address }]) {
      const ix = await splitFeesInstruction({ ...(await input()), sender: trader.address, config: { ...config, ...over } });
      expect(customError((await send(sandbox, trader, [ix])).err)).toBe(6206);
    }
    expect(await creatorVaultZec()).toBe(waiting);
  });

  it("refuses another coin's payee record (2006) and a coin without one (3012)", async () => {
    const other = await plantListedCoin(sandbox, trader, { kind: 'holders' });
    const ix = await splitFeesInstruction({ ...(await input()), sender: trader.address });
    const otherRecord = await findPayeeRecord(vaultOf(sandbox), other.mint);
    const wrongRecord = { ...ix, accounts: ix.accounts!.map((a, i) => (i === 5 ? { ...a, address: otherRecord } : a)) };
    expect(customError((await send(sandbox, trader, [wrongRecord])).err)).toBe(2006);
    const unlisted = await generateKeyPairSigner();
    expect(customError((await send(sandbox, trader, [await splitFeesInstruction({ ...(await input()), sender: trader.address, mint: unlisted.address })])).err)).toBe(3012);
  });
});
