import type { Address, KeyPairSigner } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curveState } from '../../core/math/curve.js';
import { feeRates, largestAmountWithinBudget } from '../../core/math/curve-fees.js';
import { quoteUnits } from '../../core/math/quote-units.js';
import { multiHopSwapInstruction, type MultiHopSwapInput, type RouteHop } from '../../core/programs/amm/instructions/multi-hop-swap.js';
import { findPool, findPoolTokenAccount, findPumpPoolAuthority } from '../../core/programs/amm/pdas.js';
import { decodeBondingCurve } from '../../core/programs/launchpad/bonding-curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { migrateV2Instruction } from '../../core/programs/launchpad/instructions/migrate-v2.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { fundedWallet, openCoinAccount, partiesFor, plantCoin, programsOf, send, tokenBalance, type Coin } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';

const ZEC = 100_000_000n;
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** multi_hop_swap on a native-paired coin's curve: ZEC -> native coin -> coin, and back. */
describe('native route (multi_hop_swap) on a curve', () => {
  let sandbox: Sandbox;
  let trader: KeyPairSigner;
  let coin: Coin;
  let hop1: RouteHop;
  let hop2: RouteHop;
  let buybackFeeAccount: Address;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    trader = await fundedWallet(sandbox, 1_000n * ZEC);
    const { mints, accounts } = sandbox.profile;
    const planted = await plantCoin(sandbox, trader, { quoteMint: mints.native.address, quoteTokenProgram: mints.native.tokenProgram });
    expect(planted.err, planted.logs.join('\n')).toBeNull();
    coin = planted.coin;
    const ata = async (owner: Address, mint: Address) => (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_2022_PROGRAM }))[0];
    hop1 = { baseMint: mints.native.address, quoteMint: mints.zec.address, venue: accounts['nativePool']!, venueBase: accounts['nativePoolBaseVault']!, venueQuote: accounts['nativePoolQuoteVault']! };
    hop2 = { baseMint: coin.mint, quoteMint: mints.native.address, venue: coin.curve, venueBase: await ata(coin.curve, coin.mint), venueQuote: await ata(coin.curve, mints.native.address) };
    buybackFeeAccount = (await findAssociatedTokenPda({ owner: accounts['buybackFeeRecipient']!, mint: mints.zec.address, tokenProgram: mints.zec.tokenProgram }))[0];
  });
  afterAll(() => sandbox.close());

  const zec = () => sandbox.profile.mints.zec;
  const native = () => sandbox.profile.mints.native;
  const zecOf = (owner: Address) => tokenBalance(sandbox, owner, zec().address, zec().tokenProgram);
  const nativeOf = (owner: Address) => tokenBalance(sandbox, owner, native().address, native().tokenProgram);
  const coinsOf = (owner: Address) => tokenBalance(sandbox, owner, coin.mint, TOKEN_2022_PROGRAM);
  /** A token account's balance, by the account's own address. */
  const amountIn = (account: Address) => {
    const data = sandbox.cluster.getAccount(account)!.data;
    return new DataView(data.buffer, data.byteOffset).getBigUint64(64, true);
  };
  const route = (over: Partial<MultiHopSwapInput> & Pick<MultiHopSwapInput, 'side' | 'amountIn' | 'minAmountOut'>) =>
    multiHopSwapInstruction({ programs: { ...programsOf(sandbox), amm: sandbox.profile.programs['amm']! }, user: trader.address, hop1, hop2, buybackFeeAccount, ...over });
  const curve = () => decodeBondingCurve(sandbox.cluster.getAccount(coin.curve)!.data);

  it('buys: spends exactly amount_in ZEC, protocol fee once into the buyback account, the native coin venue to venue', async () => {
    const spend = 5n * ZEC;
    const [b1, q1] = [await nativeOf(hop1.venue), await zecOf(hop1.venue)];
    const before = curve();
    const protocolFee = ceilDiv(spend * 5n, 10_000n);
    const z = spend - protocolFee;
    const n = (z * b1) / (q1 + z);
    const c = largestAmountWithinBudget(quoteUnits(n), feeRates({ protocolBps: 0n, creatorBps: 200n, buybackBps: 0n }));
    const tokens = (c * before.virtualTokenReserves - 1n) / (before.virtualQuoteReserves + c);
    const cost = (tokens * before.virtualQuoteReserves) / (before.virtualTokenReserves - tokens) + 1n;
    const [zecBefore, buybackBefore] = [await zecOf(trader.address), amountIn(buybackFeeAccount)];

    const result = await send(sandbox, trader, [await openCoinAccount(trader, coin), await route({ side: 'buy', amountIn: spend, minAmountOut: tokens })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await zecOf(trader.address)).toBe(zecBefore - spend);
    expect(amountIn(buybackFeeAccount)).toBe(buybackBefore + protocolFee);
    expect(await zecOf(hop1.venue)).toBe(q1 + z);
    expect(await nativeOf(hop1.venue)).toBe(b1 - n);
    expect(await coinsOf(trader.address)).toBe(tokens);
    expect(await nativeOf(coin.curve)).toBe(n); // cost in the reserves + the creator fee held for collection
    expect(await nativeOf(trader.address)).toBe(0n); // the trader never holds the native coin
    const after = curve();
    expect(after.realQuoteReserves).toBe(cost);
    expect(after.virtualTokenReserves).toBe(before.virtualTokenReserves - tokens);
  });

  it('sells: coin to native into the pool\'s vault, native to ZEC, protocol fee once, minimum on the final hop', async () => {
    const held = await coinsOf(trader.address);
    const amount = held / 2n;
    const before = curve();
    const state = curveState({ ...before, complete: before.complete });
    const quoteOut = (amount * state.virtualQuoteReserves) / (state.virtualTokenReserves + amount);
    const creatorFee = ceilDiv(quoteOut * 200n, 10_000n);
    const n = quoteOut - creatorFee;
    const [b1, q1] = [await nativeOf(hop1.venue), await zecOf(hop1.venue)];
    const zecOut = (q1 * n) / (b1 + n);
    const protocolFee = ceilDiv(zecOut * 5n, 10_000n);
    const zecBefore = await zecOf(trader.address);

    const refused = await send(sandbox, trader, [await route({ side: 'sell', amountIn: amount, minAmountOut: zecOut - protocolFee + 1n })]);
    expect(customError(refused.err)).toBe(6104);
    const result = await send(sandbox, trader, [await route({ side: 'sell', amountIn: amount, minAmountOut: zecOut - protocolFee })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await zecOf(trader.address)).toBe(zecBefore + zecOut - protocolFee);
    expect(await coinsOf(trader.address)).toBe(held - amount); // exactly the tokens asked for left
    expect(await nativeOf(hop1.venue)).toBe(b1 + n);
    expect(curve().realQuoteReserves).toBe(before.realQuoteReserves - quoteOut);
  });

  it('takes a sale\'s hops in reverse order (the coin\'s venue at 16-20), and refuses either side written in the other\'s order with its own code', async () => {
    const held = await coinsOf(trader.address);
    const sale = await route({ side: 'sell', amountIn: held / 4n, minAmountOut: 1n });
    const addresses = (ix: typeof sale) => ix.accounts!.map((a) => a.address);
    expect(addresses(sale).slice(16, 21)).toEqual([hop2.baseMint, hop2.quoteMint, hop2.venue, hop2.venueBase, hop2.venueQuote]);
    expect(addresses(sale).slice(21, 26)).toEqual([hop1.baseMint, hop1.quoteMint, hop1.venue, hop1.venueBase, hop1.venueQuote]);
    const buy = await route({ side: 'buy', amountIn: ZEC, minAmountOut: 1n });
    expect(addresses(buy).slice(16, 21)).toEqual([hop1.baseMint, hop1.quoteMint, hop1.venue, hop1.venueBase, hop1.venueQuote]);
    // The same instructions with their two hops swapped: a sale in a buy's order, a buy in a sale's order.
    const swapped = (ix: typeof sale) => ({ ...ix, accounts: [...ix.accounts!.slice(0, 16), ...ix.accounts!.slice(21, 26), ...ix.accounts!.slice(16, 21)] });
    for (const [name, ix] of [['sale in buy order', swapped(sale)], ['buy in sale order', swapped(buy)]] as const) {
      const result = await send(sandbox, trader, [ix]);
      expect(customError(result.err), `${name}\n${result.logs.join('\n')}`).toBe(6105);
    }
    expect(await coinsOf(trader.address)).toBe(held); // nothing moved
    const landed = await send(sandbox, trader, [sale]);
    expect(landed.err, landed.logs.join('\n')).toBeNull();
    expect(await coinsOf(trader.address)).toBe(held - held / 4n);
  });

  it('refuses a minimum that cannot be met on a buy', async () => {
    const result = await send(sandbox, trader, [await route({ side: 'buy', amountIn: ZEC, minAmountOut: 10n ** 15n })]);
    expect(customError(result.err)).toBe(6042);
  });

  it('refuses any other pool, vault, coin, wallet account, or a coin paired with ZEC', async () => {
    const { accounts, mints } = sandbox.profile;
    const other = await fundedWallet(sandbox, 10n * ZEC);
    const zecCoin = (await plantCoin(sandbox, trader)).coin;
    const wsolHop: RouteHop = { ...hop1, venue: accounts['wsolPool']!, venueBase: accounts['wsolPoolBaseVault']!, venueQuote: accounts['wsolPoolQuoteVault']! };
    const cases: [Partial<MultiHopSwapInput>, number][] = [
      [{ hop1: wsolHop }, 6100], // another pool
      [{ hop1: { ...hop1, venueQuote: accounts['wsolPoolQuoteVault']! } }, 6100], // another vault
      [{ hop2: { ...hop2, baseMint: zecCoin.mint } }, 6100], // another coin
      [{ hop2: { ...hop2, quoteMint: mints.zec.address } }, 6103], // a coin paired with ZEC has no route
      [{ user: other.address }, 6101], // placeholder replaced below
      [{ buybackFeeAccount: (await findAssociatedTokenPda({ owner: other.address, mint: mints.zec.address, tokenProgram: mints.zec.tokenProgram }))[0] }, 6102],
    ];
    for (const [over, code] of cases) {
      let instruction = await route({ side: 'buy', amountIn: ZEC, minAmountOut: 1n, ...over });
      if (over.user) {
        // Another wallet's ZEC account as the input, the trader signing.
        const theirs = (await findAssociatedTokenPda({ owner: other.address, mint: mints.zec.address, tokenProgram: mints.zec.tokenProgram }))[0];
        instruction = await route({ side: 'buy', amountIn: ZEC, minAmountOut: 1n });
        instruction = { ...instruction, accounts: instruction.accounts!.map((a, i) => (i === 1 ? { ...a, address: theirs } : a)) };
      }
      const result = await send(sandbox, trader, [instruction]);
      expect(customError(result.err), `${JSON.stringify(Object.keys(over))}\n${result.logs.join('\n')}`).toBe(code);
    }
    // Any other program in the launchpad's place.
    const base = await route({ side: 'buy', amountIn: ZEC, minAmountOut: 1n });
    const swapped = { ...base, accounts: base.accounts!.map((a, i) => (i === 12 ? { ...a, address: sandbox.profile.programs['aggregator']! } : a)) };
    expect(customError((await send(sandbox, trader, [swapped])).err)).toBe(6100);
  });

  it('completes the curve: the last buy takes exactly the remaining tokens and the unused native comes back as ZEC', async () => {
    const { mints } = sandbox.profile;
    // Bring the curve close to completion with a direct buy in the native coin.
    await sandbox.faucet.native(trader.address, (50_000_000n * 1_000_000n) as never);
    const near = curve();
    const parties = { ...partiesFor(sandbox, coin, trader.address), quoteMint: mints.native.address, quoteTokenProgram: mints.native.tokenProgram };
    const direct = await send(sandbox, trader, [await buyV2Instruction(parties, { amount: (near.realTokenReserves - 1_000_000_000n) as never, maxQuoteCost: 10n ** 15n })]);
    expect(direct.err, direct.logs.join('\n')).toBeNull();
    const before = curve();
    const rt = before.realTokenReserves;
    const [b1, q1] = [await nativeOf(hop1.venue), await zecOf(hop1.venue)];
    const spend = 50n * ZEC; // far more than 1,000 tokens cost
    const protocolFee = ceilDiv(spend * 5n, 10_000n);
    const z = spend - protocolFee;
    const n = (z * b1) / (q1 + z);
    const cost = (rt * before.virtualQuoteReserves) / (before.virtualTokenReserves - rt) + 1n;
    const leftover = n - cost - ceilDiv(cost * 200n, 10_000n);
    const refund = ((q1 + z) * leftover) / (b1 - n + leftover);
    const [zecBefore, coinsBefore] = [await zecOf(trader.address), await coinsOf(trader.address)];

    const result = await send(sandbox, trader, [await route({ side: 'buy', amountIn: spend, minAmountOut: rt })]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(curve().complete).toBe(true);
    expect(curve().realTokenReserves).toBe(0n);
    expect(await coinsOf(trader.address)).toBe(coinsBefore + rt);
    expect(refund > 0n).toBe(true);
    expect(await zecOf(trader.address)).toBe(zecBefore - spend + refund);
    expect(await nativeOf(hop1.venue)).toBe(b1 - n + leftover);
    expect(await zecOf(hop1.venue)).toBe(q1 + z - refund);
  });
});

/** The same route once the coin has migrated: hop 2 is its canonical native-coin pool. */
describe('native route (multi_hop_swap) on a migrated coin\'s pool', () => {
  let sandbox: Sandbox;
  let trader: KeyPairSigner;
  let hop1: RouteHop;
  let hop2: RouteHop;
  let buybackFeeAccount: Address;
  let coinMint: Address;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    trader = await fundedWallet(sandbox, 1_000n * ZEC);
    const { mints, accounts, programs } = sandbox.profile;
    await sandbox.faucet.native(trader.address, (50_000_000n * 1_000_000n) as never);
    const planted = await plantCoin(sandbox, trader, { quoteMint: mints.native.address, quoteTokenProgram: mints.native.tokenProgram });
    expect(planted.err).toBeNull();
    const coin = planted.coin;
    coinMint = coin.mint;
    // Complete the curve with a direct buy in the native coin, then migrate it into its canonical pool.
    const parties = { ...partiesFor(sandbox, coin, trader.address), quoteMint: mints.native.address, quoteTokenProgram: mints.native.tokenProgram };
    const state = decodeBondingCurve(sandbox.cluster.getAccount(coin.curve)!.data);
    const bought = await send(sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(parties, { amount: state.realTokenReserves as never, maxQuoteCost: 10n ** 15n })]);
    expect(bought.err, bought.logs.join('\n')).toBeNull();
    const migrated = await send(sandbox, trader, [
      await migrateV2Instruction({ launchpad: programs['launchpad']!, amm: programs['amm']!, mint: coin.mint, quoteMint: mints.native.address, quoteTokenProgram: mints.native.tokenProgram, user: trader.address, withdrawAuthority: accounts['launchpadAuthority']! }),
    ]);
    expect(migrated.err, migrated.logs.join('\n')).toBeNull();
    const pool = await findPool(programs['amm']!, 0, await findPumpPoolAuthority(programs['launchpad']!, coin.mint), coin.mint, mints.native.address);
    hop1 = { baseMint: mints.native.address, quoteMint: mints.zec.address, venue: accounts['nativePool']!, venueBase: accounts['nativePoolBaseVault']!, venueQuote: accounts['nativePoolQuoteVault']! };
    hop2 = { baseMint: coin.mint, quoteMint: mints.native.address, venue: pool, venueBase: await findPoolTokenAccount(pool, coin.mint, TOKEN_2022_PROGRAM), venueQuote: await findPoolTokenAccount(pool, mints.native.address, TOKEN_2022_PROGRAM) };
    buybackFeeAccount = (await findAssociatedTokenPda({ owner: accounts['buybackFeeRecipient']!, mint: mints.zec.address, tokenProgram: mints.zec.tokenProgram }))[0];
  });
  afterAll(() => sandbox.close());

  const balance = (owner: Address, mint: Address, program: Address) => tokenBalance(sandbox, owner, mint, program);

  it('buys and sells through the pool, the coin creator\'s and LP fees charged in the native coin', async () => {
    const { mints, programs } = sandbox.profile;
    const route = (side: 'buy' | 'sell', amountIn: bigint, minAmountOut: bigint) =>
      multiHopSwapInstruction({ programs: { ...programsOf(sandbox), amm: programs['amm']! }, user: trader.address, hop1, hop2, buybackFeeAccount, side, amountIn, minAmountOut });
    const [b1, q1] = [await balance(hop1.venue, mints.native.address, TOKEN_2022_PROGRAM), await balance(hop1.venue, mints.zec.address, mints.zec.tokenProgram)];
    const [b2, q2] = [await balance(hop2.venue, coinMint, TOKEN_2022_PROGRAM), await balance(hop2.venue, mints.native.address, TOKEN_2022_PROGRAM)];
    const spend = 3n * ZEC;
    const z = spend - ceilDiv(spend * 5n, 10_000n);
    const n = (z * b1) / (q1 + z);
    let c = (n * 10_000n) / 10_220n;
    while (c + ceilDiv(c * 20n, 10_000n) + ceilDiv(c * 200n, 10_000n) > n) c -= 1n;
    const tokens = (c * b2) / (q2 + c);
    const coinsBefore = await balance(trader.address, coinMint, TOKEN_2022_PROGRAM);
    const bought = await send(sandbox, trader, [await route('buy', spend, tokens)]);
    expect(bought.err, bought.logs.join('\n')).toBeNull();
    expect(await balance(trader.address, coinMint, TOKEN_2022_PROGRAM)).toBe(coinsBefore + tokens);
    expect(await balance(hop2.venue, mints.native.address, TOKEN_2022_PROGRAM)).toBe(q2 + n);

    const zecBefore = await balance(trader.address, mints.zec.address, mints.zec.tokenProgram);
    const sold = await send(sandbox, trader, [await route('sell', tokens, 1n)]);
    expect(sold.err, sold.logs.join('\n')).toBeNull();
    expect(await balance(trader.address, mints.zec.address, mints.zec.tokenProgram)).toBeGreaterThan(zecBefore);
    expect(await balance(trader.address, coinMint, TOKEN_2022_PROGRAM)).toBe(coinsBefore);
  });
});
