import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { priceZecE18 } from '../../core/index/candles.js';
import { Ingestor } from '../../core/index/ingest/ingestor.js';
import { IndexStore, type TradeRow } from '../../core/index/store/index-store.js';
import { poolFeeRates } from '../../core/math/pool-fees.js';
import { buyExactBase, poolReserves, sellExactBase } from '../../core/math/pool.js';
import { ammBuyInstruction } from '../../core/programs/amm/instructions/buy.js';
import { multiHopSwapInstruction, type RouteHop } from '../../core/programs/amm/instructions/multi-hop-swap.js';
import { ammSellInstruction } from '../../core/programs/amm/instructions/sell.js';
import { findPool, findPoolTokenAccount, findPumpPoolAuthority } from '../../core/programs/amm/pdas.js';
import { decodeBondingCurve } from '../../core/programs/launchpad/bonding-curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { migrateV2Instruction } from '../../core/programs/launchpad/instructions/migrate-v2.js';
import { collectNativeInstruction, splitNativeInstruction, type NativeVenue } from '../../core/programs/vault/native.js';
import { changePayeeInstruction, claimInstruction } from '../../core/programs/vault/payee.js';
import { findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { splitFeesInstruction } from '../../core/programs/vault/split-fees.js';
import { AMM_FEES } from '../../core/sandbox/genesis/amm.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { coinPoolParties, nativePoolParties } from '../helpers/amm.js';
import { buyOutCurve, fundedWallet, openCoinAccount, partiesFor, programsOf, send, tokenBalance, tokens, type Coin } from '../helpers/launchpad.js';
import { tempDir } from '../helpers/sandbox.js';
import { plantListedCoin, vaultConfigOf, vaultOf } from '../helpers/vault.js';
import { rulesOf } from './rules.js';

const ZEC = 100_000_000n;
const sum = (values: readonly bigint[]) => values.reduce((a, b) => a + b, 0n);

/**
 * Real transactions in the sandbox, followed live into a real SQLite file: a ZEC coin bought out, migrated
 * and traded on its pool, its fees split, claimed and its payee changed; a native-paired coin traded
 * through the route on its curve, its fees collected and split; the stats over all of it.
 */
describe('index: migration, pool trades, routes, fees, payee changes and stats', () => {
  let sandbox: Sandbox;
  let dir: string;
  let store: IndexStore;
  let ingestor: Ingestor;
  let whale: KeyPairSigner;
  let payee: KeyPairSigner;
  let zecCoin: Coin;
  let nativeCoin: Coin;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    dir = tempDir('launchdesk-index-venues-');
    whale = await fundedWallet(sandbox, 3_000n * ZEC);
    payee = await fundedWallet(sandbox);
    store = IndexStore.open(join(dir, 'index.sqlite'));
    ingestor = new Ingestor(new SandboxChain(sandbox.cluster), store, rulesOf(sandbox));
    await ingestor.start();
    zecCoin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'wallet', wallet: payee.address });
    nativeCoin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'wallet', wallet: payee.address }, null, 'native');
    await settle();
  });
  afterAll(() => {
    ingestor.stop();
    store.close();
    sandbox.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function settle(): Promise<void> {
    sandbox.cluster.advanceSlots(1);
    await ingestor.idle();
  }
  const zec = () => sandbox.profile.mints.zec;
  const native = () => sandbox.profile.mints.native;
  const zecOf = (owner: Address) => tokenBalance(sandbox, owner, zec().address, zec().tokenProgram);
  const coinsOf = (owner: Address, coin: Coin) => tokenBalance(sandbox, owner, coin.mint, TOKEN_2022_PROGRAM);
  const mine = (rows: TradeRow[], user: Address) => rows.filter((t) => t.user === user);

  it('records a buy-out, the completion, the migration and pool trades to the base unit', async () => {
    const before = await zecOf(whale.address);
    expect((await buyOutCurve(sandbox, whale, zecCoin)).err).toBeNull();
    const curveBefore = (await store.coin(zecCoin.mint))!;
    expect(curveBefore.raiseAtCompletion > curveBefore.raisedSoFar).toBe(true);
    const paid = before - (await zecOf(whale.address));
    await settle();
    // One buy of everything left: the raise at completion said exactly what the curve now holds.
    expect(await store.coin(zecCoin.mint)).toMatchObject({ stage: 'complete', realToken: 0n, raisedSoFar: curveBefore.raiseAtCompletion, raisedSoFarZec: curveBefore.raiseAtCompletionZec });

    const { programs, accounts } = sandbox.profile;
    const migrated = await send(sandbox, whale, [
      await migrateV2Instruction({
        launchpad: programsOf(sandbox).launchpad, amm: programs['amm']!, mint: zecCoin.mint, quoteMint: zec().address, quoteTokenProgram: zec().tokenProgram,
        user: whale.address, withdrawAuthority: accounts['launchpadAuthority']!,
      }),
    ]);
    expect(migrated.err, migrated.logs.join('\n')).toBeNull();
    await settle();
    const pool = await findPool(programs['amm']!, 0, await findPumpPoolAuthority(programs['launchpad']!, zecCoin.mint), zecCoin.mint, zec().address);
    const poolBase = () => tokenBalance(sandbox, pool, zecCoin.mint, TOKEN_2022_PROGRAM);
    const poolQuote = () => tokenBalance(sandbox, pool, zec().address, zec().tokenProgram);
    expect(await store.coin(zecCoin.mint)).toMatchObject({ stage: 'pool', pool, poolBase: await poolBase(), poolQuote: await poolQuote(), raisedSoFar: await poolQuote() });

    // Pool buy and sale: the rows equal what the whale paid and received.
    const parties = await coinPoolParties(sandbox, zecCoin, whale.address);
    const rates = poolFeeRates({ lpBps: AMM_FEES.lpBps, protocolBps: AMM_FEES.protocolBps, creatorBps: 200n });
    const buy = buyExactBase(poolReserves({ baseReserves: await poolBase(), quoteReserves: await poolQuote() }), tokens(1_000_000_000_000n), rates);
    const beforeBuy = await zecOf(whale.address);
    expect((await send(sandbox, whale, [await ammBuyInstruction(parties, { baseAmountOut: buy.baseOut, maxQuoteAmountIn: buy.totalCost, trackVolume: false })])).err).toBeNull();
    const paidOnPool = beforeBuy - (await zecOf(whale.address));
    const sale = sellExactBase(poolReserves({ baseReserves: await poolBase(), quoteReserves: await poolQuote() }), tokens(400_000_000_000n), rates);
    const beforeSale = await zecOf(whale.address);
    expect((await send(sandbox, whale, [await ammSellInstruction(parties, { baseAmountIn: sale.baseIn, minQuoteAmountOut: sale.userReceives })])).err).toBeNull();
    const received = (await zecOf(whale.address)) - beforeSale;
    await settle();

    const trades = mine(await store.tradesOf(zecCoin.mint), whale.address);
    expect(trades.map((t) => [t.venue, t.side, t.tokens, t.zec])).toEqual([
      ['curve', 'buy', trades[0]!.tokens, paid],
      ['pool', 'buy', buy.baseOut, paidOnPool],
      ['pool', 'sell', sale.baseIn, received],
    ]);
    expect(trades[1]!.creatorFee).toBe(buy.creatorFee);
    expect(await store.coin(zecCoin.mint)).toMatchObject({ poolBase: await poolBase(), poolQuote: await poolQuote() });
    const [graduation] = await store.graduations();
    expect(graduation).toMatchObject({ mint: zecCoin.mint, pool, signature: migrated.signature });
  });

  it('records the split, a claim and payee changes (to a wallet, then to holders) with the vault\'s own figures', async () => {
    const vault = vaultOf(sandbox);
    const accounts = { vault, zecMint: zec().address, mint: zecCoin.mint };
    const config = vaultConfigOf(sandbox);
    const destinations = [config.liquidityPot, config.rootstock, config.treasury, await findPayeeRecord(vault, zecCoin.mint)];
    const before = await Promise.all(destinations.map(zecOf));
    const split = await send(sandbox, whale, [await splitFeesInstruction({ ...accounts, launchpad: programsOf(sandbox).launchpad, amm: sandbox.profile.programs['amm']!, sender: whale.address, config })]);
    expect(split.err, split.logs.join('\n')).toBeNull();
    const moved = (await Promise.all(destinations.map(zecOf))).map((after, i) => after - before[i]!);
    const claimed = await send(sandbox, whale, [await claimInstruction({ ...accounts, sender: whale.address, payee: payee.address })]);
    expect(claimed.err).toBeNull();
    const next = await generateKeyPairSigner();
    expect((await send(sandbox, payee, [await changePayeeInstruction({ ...accounts, currentPayee: payee.address, next: { kind: 'wallet', wallet: next.address } })])).err).toBeNull();
    await settle();

    const fees = (await store.fees(zecCoin.mint))!;
    expect([fees.toLpZec, fees.rootstockZec, fees.treasuryZec, fees.payeeZec]).toEqual(moved);
    expect(fees.splitZec).toBe(sum(moved));
    // Everything the coin's trades paid in creator fees was split (both venues collected).
    expect(fees.splitZec).toBe((await store.coin(zecCoin.mint))!.creatorFeesZec);
    expect(fees.paidOutZec).toBe(await zecOf(payee.address));
    expect(fees.native).toBeNull();
    expect(await store.coin(zecCoin.mint)).toMatchObject({ payeeKind: 'wallet', payee: next.address });

    // The new payee hands over to holders: permanent.
    await sandbox.faucet.sol(next.address, 1_000_000_000n as never);
    expect((await send(sandbox, next, [await changePayeeInstruction({ ...accounts, currentPayee: next.address, next: { kind: 'holders' } })])).err).toBeNull();
    await settle();
    expect(await store.coin(zecCoin.mint)).toMatchObject({ payeeKind: 'holders', payee: null });
    expect((await store.feeEvents(zecCoin.mint)).map((e) => [e.kind, e.amount, e.party])).toEqual([
      ['split', fees.splitZec, null],
      ['payout', fees.paidOutZec, payee.address],
      ['payee', 0n, next.address],
      ['payee', 0n, null],
    ]);
  });

  it('records a native route once, as the paired coin\'s trade, and its pool side on the native coin\'s list, never counted', async () => {
    const { mints, accounts } = sandbox.profile;
    const trader = await fundedWallet(sandbox, 100n * ZEC);
    const ata = async (owner: Address, mint: Address) => (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_2022_PROGRAM }))[0];
    const hop1: RouteHop = { baseMint: mints.native.address, quoteMint: mints.zec.address, venue: accounts['nativePool']!, venueBase: accounts['nativePoolBaseVault']!, venueQuote: accounts['nativePoolQuoteVault']! };
    const hop2: RouteHop = { baseMint: nativeCoin.mint, quoteMint: mints.native.address, venue: nativeCoin.curve, venueBase: await ata(nativeCoin.curve, nativeCoin.mint), venueQuote: await ata(nativeCoin.curve, mints.native.address) };
    const buybackFeeAccount = (await findAssociatedTokenPda({ owner: accounts['buybackFeeRecipient']!, mint: mints.zec.address, tokenProgram: mints.zec.tokenProgram }))[0];
    const route = (side: 'buy' | 'sell', amountIn: bigint) =>
      multiHopSwapInstruction({ programs: { ...programsOf(sandbox), amm: sandbox.profile.programs['amm']! }, user: trader.address, hop1, hop2, buybackFeeAccount, side, amountIn, minAmountOut: 1n });
    const nativeBefore = (await store.coin(native().address))!;
    expect(nativeBefore.poolBase! > 0n && nativeBefore.poolQuote! > 0n).toBe(true); // seeded from chain before any trade
    const statsBefore = await store.stats();
    const hop1Zec = () => tokenBalance(sandbox, hop1.venue, mints.zec.address, mints.zec.tokenProgram);
    const hop1Native = () => tokenBalance(sandbox, hop1.venue, mints.native.address, mints.native.tokenProgram);

    const [zec0, pool0] = [await zecOf(trader.address), await hop1Zec()];
    expect((await send(sandbox, trader, [await openCoinAccount(trader, nativeCoin), await route('buy', 5n * ZEC)])).err).toBeNull();
    const [zec1, pool1, bought] = [await zecOf(trader.address), await hop1Zec(), await coinsOf(trader.address, nativeCoin)];
    const sold = bought / 2n;
    expect((await send(sandbox, trader, [await route('sell', sold)])).err).toBeNull();
    const [zec2, pool2] = [await zecOf(trader.address), await hop1Zec()];
    await settle();

    const trades = await store.tradesOf(nativeCoin.mint);
    expect(trades.map((t) => [t.venue, t.side, t.tokens, t.zec, t.routed])).toEqual([
      ['curve', 'buy', bought, zec0 - zec1, false],
      ['curve', 'sell', sold, zec2 - zec1, false],
    ]);
    const nativeCoinRow = (await store.coin(nativeCoin.mint))!;
    const rate = (await store.coin(native().address))!;
    expect(nativeCoinRow.raisedSoFarZec).toBe((nativeCoinRow.realQuote * rate.poolQuote!) / rate.poolBase!);
    expect(nativeCoinRow).toMatchObject({ pair: 'native', trades: 2n, volumeZec: zec0 - zec1 + (zec2 - zec1), counted: false });
    expect(nativeCoinRow.creatorFeesZec > 0n).toBe(true);
    expect(await store.holding(nativeCoin.mint, trader.address)).toMatchObject({ balance: bought - sold, costBasisZec: zec0 - zec1 - ((zec0 - zec1) * sold) / bought });

    // The native coin's own list: each route's pool side, routed, with the ZEC that crossed the pool.
    const routed = (await store.tradesOf(native().address)).filter((t) => t.routed);
    expect(routed.map((t) => [t.side, t.zec, t.user])).toEqual([
      ['buy', pool1 - pool0, trader.address],
      ['sell', pool1 - pool2, trader.address],
    ]);
    expect(routed[0]!.priceE18).toBe(priceZecE18(routed[0]!.zec, routed[0]!.tokens));
    expect((await store.tradesOf(native().address, { includeRouted: false })).some((t) => t.routed)).toBe(false);
    // Never counted: not in the native coin's totals, holdings or the stats.
    expect(await store.coin(native().address)).toMatchObject({ trades: nativeBefore.trades, volumeZec: nativeBefore.volumeZec, poolBase: await hop1Native(), poolQuote: await hop1Zec() });
    expect(await store.holding(native().address, trader.address)).toBeNull();
    // Its chart moves with the routed rows (their price is the last close) but their volume is not counted.
    const minute = await store.candles(native().address, 60n);
    expect(minute.at(-1)!.close).toBe(routed.at(-1)!.priceE18);
    expect(minute.reduce((s, c) => s + c.volumeZec, 0n)).toBe((await store.coin(native().address))!.volumeZec);
    expect(await store.stats()).toEqual(statsBefore); // a native-paired coin is not in the stats either
  });

  it('records a route through a migrated native-paired coin\'s pool, and its graduation', async () => {
    const { mints, accounts, programs } = sandbox.profile;
    const trader = await fundedWallet(sandbox, 100n * ZEC);
    await sandbox.faucet.native(trader.address, tokens(50_000_000n * 1_000_000n));
    const coin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' }, null, 'native');
    const parties = { ...partiesFor(sandbox, coin, trader.address), quoteMint: mints.native.address, quoteTokenProgram: mints.native.tokenProgram };
    const all = decodeBondingCurve(sandbox.cluster.getAccount(coin.curve)!.data).realTokenReserves;
    expect((await send(sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(parties, { amount: tokens(all), maxQuoteCost: 10n ** 15n })])).err).toBeNull();
    const migrated = await send(sandbox, trader, [
      await migrateV2Instruction({ launchpad: programs['launchpad']!, amm: programs['amm']!, mint: coin.mint, quoteMint: mints.native.address, quoteTokenProgram: mints.native.tokenProgram, user: trader.address, withdrawAuthority: accounts['launchpadAuthority']! }),
    ]);
    expect(migrated.err, migrated.logs.join('\n')).toBeNull();
    const pool = await findPool(programs['amm']!, 0, await findPumpPoolAuthority(programs['launchpad']!, coin.mint), coin.mint, mints.native.address);
    const hop1: RouteHop = { baseMint: mints.native.address, quoteMint: mints.zec.address, venue: accounts['nativePool']!, venueBase: accounts['nativePoolBaseVault']!, venueQuote: accounts['nativePoolQuoteVault']! };
    const hop2: RouteHop = { baseMint: coin.mint, quoteMint: mints.native.address, venue: pool, venueBase: await findPoolTokenAccount(pool, coin.mint, TOKEN_2022_PROGRAM), venueQuote: await findPoolTokenAccount(pool, mints.native.address, TOKEN_2022_PROGRAM) };
    const buybackFeeAccount = (await findAssociatedTokenPda({ owner: accounts['buybackFeeRecipient']!, mint: mints.zec.address, tokenProgram: mints.zec.tokenProgram }))[0];
    const route = (side: 'buy' | 'sell', amountIn: bigint) =>
      multiHopSwapInstruction({ programs: { ...programsOf(sandbox), amm: programs['amm']! }, user: trader.address, hop1, hop2, buybackFeeAccount, side, amountIn, minAmountOut: 1n });
    const [zec0, coins0] = [await zecOf(trader.address), await coinsOf(trader.address, coin)];
    expect((await send(sandbox, trader, [await route('buy', 2n * ZEC)])).err).toBeNull();
    const [zec1, coins1] = [await zecOf(trader.address), await coinsOf(trader.address, coin)];
    expect((await send(sandbox, trader, [await route('sell', (coins1 - coins0) / 2n)])).err).toBeNull();
    const zec2 = await zecOf(trader.address);
    await settle();

    expect(await store.coin(coin.mint)).toMatchObject({ stage: 'pool', pool, poolBase: await tokenBalance(sandbox, pool, coin.mint, TOKEN_2022_PROGRAM) });
    expect((await store.graduations()).find((g) => g.mint === coin.mint)).toMatchObject({ pool, signature: migrated.signature });
    const routes = mine(await store.tradesOf(coin.mint), trader.address).filter((t) => t.venue === 'pool');
    expect(routes.map((t) => [t.side, t.tokens, t.zec, t.routed])).toEqual([
      ['buy', coins1 - coins0, zec0 - zec1, false],
      ['sell', (coins1 - coins0) / 2n, zec2 - zec1, false],
    ]);
    expect(routes.every((t) => t.creatorFee > 0n)).toBe(true);
  });

  it('records a native-paired coin\'s collect and split: the native block as it moved, valued at the conversion\'s rate', async () => {
    const { programs, accounts, mints } = sandbox.profile;
    const venue: NativeVenue = {
      vault: vaultOf(sandbox), launchpad: programs['launchpad']!, amm: programs['amm']!, fees: programs['fees']!, nativeMint: mints.native.address, zecMint: mints.zec.address,
      pool: accounts['nativePool']!, protocolFeeRecipient: accounts['ammProtocolFeeRecipient']!,
    };
    const sender = await fundedWallet(sandbox);
    const collected = await send(sandbox, sender, [await collectNativeInstruction(venue, nativeCoin.mint, sender.address)]);
    expect(collected.err, collected.logs.join('\n')).toBeNull();
    const split = await send(sandbox, sender, [await splitNativeInstruction(venue, vaultConfigOf(sandbox), nativeCoin.mint, sender.address)]);
    expect(split.err, split.logs.join('\n')).toBeNull();
    await settle();

    const fees = (await store.fees(nativeCoin.mint))!;
    const n = fees.native!;
    expect(n.claimed > 0n).toBe(true);
    expect(n.burned + n.toLp + n.converted).toBe(n.claimed);
    expect(fees.payeeZec + fees.treasuryZec).toBe(n.convertedZec);
    expect(fees.rootstockZec).toBe((n.burned * n.convertedZec) / n.converted);
    expect((await store.feeEvents(nativeCoin.mint)).map((e) => e.kind)).toEqual(['collect', 'burn', 'to-lp', 'conversion']);
    // The payee's share was paid as the conversion paid it: into the payee record's ZEC account.
    expect(await zecOf(await findPayeeRecord(vaultOf(sandbox), nativeCoin.mint))).toBe(fees.payeeZec);
  });

  it('records direct trades: the native coin on its own pool (counted as its trade), and a native-paired coin bought with the native coin (valued at the pool\'s rate then)', async () => {
    const { mints } = sandbox.profile;
    const trader = await fundedWallet(sandbox, 100n * ZEC);
    await sandbox.faucet.native(trader.address, tokens(1n)); // opens the trader's native-coin account
    const nativeRow = (await store.coin(native().address))!;
    const reserves = poolReserves({ baseReserves: nativeRow.poolBase!, quoteReserves: nativeRow.poolQuote! });
    const rates = poolFeeRates({ lpBps: AMM_FEES.lpBps, protocolBps: AMM_FEES.protocolBps, creatorBps: 0n });
    const buy = buyExactBase(reserves, tokens(1_000_000_000n), rates);
    const before = await zecOf(trader.address);
    const bought = await send(sandbox, trader, [await ammBuyInstruction(nativePoolParties(sandbox, trader.address), { baseAmountOut: buy.baseOut, maxQuoteAmountIn: buy.totalCost, trackVolume: false })]);
    expect(bought.err, bought.logs.join('\n')).toBeNull();
    const paid = before - (await zecOf(trader.address));
    await settle();
    expect(await store.coin(native().address)).toMatchObject({ trades: nativeRow.trades + 1n, volumeZec: nativeRow.volumeZec + paid });
    expect(await store.holding(native().address, trader.address)).toMatchObject({ balance: buy.baseOut, costBasisZec: paid });

    // A direct curve buy of the native-paired coin, paid in the native coin the trader now holds.
    const rate = (await store.coin(native().address))!;
    const parties = { ...partiesFor(sandbox, nativeCoin, trader.address), quoteMint: mints.native.address, quoteTokenProgram: mints.native.tokenProgram };
    const nativeBefore = await tokenBalance(sandbox, trader.address, mints.native.address, mints.native.tokenProgram);
    const direct = await send(sandbox, trader, [await openCoinAccount(trader, nativeCoin), await buyV2Instruction(parties, { amount: tokens(1_000_000_000n), maxQuoteCost: buy.baseOut })]);
    expect(direct.err, direct.logs.join('\n')).toBeNull();
    const spentNative = nativeBefore - (await tokenBalance(sandbox, trader.address, mints.native.address, mints.native.tokenProgram));
    await settle();
    const [row] = mine(await store.tradesOf(nativeCoin.mint), trader.address);
    expect(row).toMatchObject({ venue: 'curve', side: 'buy', tokens: 1_000_000_000n, zec: (spentNative * rate.poolQuote!) / rate.poolBase!, routed: false });
  });

  it('counts only listed ZEC-paired coins in the stats, per day and in all', async () => {
    const counted = [(await store.coin(zecCoin.mint))!];
    const trades = await store.tradesOf(zecCoin.mint);
    const stats = await store.stats();
    expect(stats).toEqual({
      coins: 1n,
      trades: BigInt(trades.length),
      buys: BigInt(trades.filter((t) => t.side === 'buy').length),
      sells: BigInt(trades.filter((t) => t.side === 'sell').length),
      volumeZec: sum(counted.map((c) => c.volumeZec)),
      creatorFeesZec: sum(counted.map((c) => c.creatorFeesZec)),
      graduations: 1n,
      traders: BigInt(new Set(trades.map((t) => t.user)).size),
    });
    const daily = await store.dailyStats();
    expect(sum(daily.map((d) => d.volumeZec))).toBe(stats.volumeZec);
    expect(sum(daily.map((d) => d.trades))).toBe(stats.trades);
  });
});
