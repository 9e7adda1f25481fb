import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poolFeeRates } from '../../core/math/pool-fees.js';
import { sellExactBase, poolReserves } from '../../core/math/pool.js';
import { deposit } from '../../core/math/pool-lp.js';
import { conversionFloor, divideConvertedZec, realisedRate, splitCreatorFee } from '../../core/math/split.js';
import { tokenUnits } from '../../core/math/units.js';
import { multiHopSwapInstruction, type RouteHop } from '../../core/programs/amm/instructions/multi-hop-swap.js';
import { findCanonicalPool, findCoinCreatorVaultAuthority, findLpMint, findPoolTokenAccount } from '../../core/programs/amm/pdas.js';
import { decodePool } from '../../core/programs/amm/pool.js';
import { decodeBondingCurve } from '../../core/programs/launchpad/bonding-curve.js';
import { buyV2Instruction } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { migrateV2Instruction } from '../../core/programs/launchpad/instructions/migrate-v2.js';
import { findCreatorVault } from '../../core/programs/launchpad/pdas.js';
import {
  addLiquidityInstruction,
  AMM_EXCEEDED_SLIPPAGE,
  collectNativeInstruction,
  decodeNativeSplitEvent,
  NATIVE_ERRORS,
  splitNativeInstruction,
  type NativeVenue,
} from '../../core/programs/vault/native.js';
import { findCoinAuthority, findPayeeRecord } from '../../core/programs/vault/pdas.js';
import { decodePriceRecord, findPriceRecord, setReferenceInstruction } from '../../core/programs/vault/price-record.js';
import { AMM_FEES } from '../../core/sandbox/genesis/amm.js';
import { NATIVE_REFERENCE_RATE } from '../../core/sandbox/genesis/native-price.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { fundedWallet, openCoinAccount, partiesFor, plantCoin, programsOf, send, tokenBalance, type Coin } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';
import { plantListedCoin, vaultConfigOf, vaultOf } from '../helpers/vault.js';

const ZEC = 100_000_000n;
const NATIVE = 1_000_000n;
/** The native-coin/ZEC pool's rates on a plain sell: no coin creator. */
const NATIVE_POOL_RATES = poolFeeRates({ lpBps: AMM_FEES.lpBps, protocolBps: AMM_FEES.protocolBps, creatorBps: 0n });

function venueOf(sandbox: Sandbox): NativeVenue {
  const { programs, mints, accounts } = sandbox.profile;
  return {
    vault: vaultOf(sandbox),
    launchpad: programs['launchpad']!,
    amm: programs['amm']!,
    fees: programs['fees']!,
    nativeMint: mints.native.address,
    zecMint: mints.zec.address,
    pool: accounts['nativePool']!,
    protocolFeeRecipient: accounts['ammProtocolFeeRecipient']!,
  };
}

/** What a test needs around one native-paired listed coin. */
function world(sandbox: () => Sandbox) {
  const zec = () => sandbox().profile.mints.zec;
  const native = () => sandbox().profile.mints.native;
  const u64At = (address: Address, offset: number) => {
    const data = sandbox().cluster.getAccount(address)!.data;
    return new DataView(data.buffer, data.byteOffset).getBigUint64(offset, true);
  };
  return {
    zecOf: (owner: Address) => tokenBalance(sandbox(), owner, zec().address, zec().tokenProgram),
    nativeOf: (owner: Address) => tokenBalance(sandbox(), owner, native().address, TOKEN_2022_PROGRAM),
    nativeSupply: () => u64At(native().address, 36),
    /** A route's creator fees waiting in the curve's tail (BC_ROUTE_CREATOR_FEES). */
    curveTail: (coin: Coin) => u64At(coin.curve, 125),
    /** ... and in a pool's tail (P_ROUTE_CREATOR_FEES). */
    poolTail: (pool: Address) => u64At(pool, 271),
    hop1: (): RouteHop => {
      const { accounts, mints } = sandbox().profile;
      return { baseMint: mints.native.address, quoteMint: mints.zec.address, venue: accounts['nativePool']!, venueBase: accounts['nativePoolBaseVault']!, venueQuote: accounts['nativePoolQuoteVault']! };
    },
    buybackFeeAccount: async () => {
      const { accounts, mints } = sandbox().profile;
      return (await findAssociatedTokenPda({ owner: accounts['buybackFeeRecipient']!, mint: mints.zec.address, tokenProgram: mints.zec.tokenProgram }))[0];
    },
  };
}

describe('vault: a native-paired coin\'s fees, burned, pooled and converted to ZEC never below the floor', () => {
  let sandbox: Sandbox;
  let trader: KeyPairSigner;
  let coin: Coin;
  let payee: Address;
  let hop2: RouteHop;
  const w = world(() => sandbox);

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    trader = await fundedWallet(sandbox, 1_000n * ZEC);
    await sandbox.faucet.native(trader.address, (1_000_000n * NATIVE) as never);
    payee = (await generateKeyPairSigner()).address;
    coin = await plantListedCoin(sandbox, await fundedWallet(sandbox), { kind: 'wallet', wallet: payee }, null, 'native');
    const ata = async (owner: Address, mint: Address) => (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_2022_PROGRAM }))[0];
    hop2 = { baseMint: coin.mint, quoteMint: sandbox.profile.mints.native.address, venue: coin.curve, venueBase: await ata(coin.curve, coin.mint), venueQuote: await ata(coin.curve, sandbox.profile.mints.native.address) };
  });
  afterAll(() => sandbox.close());

  const venue = () => venueOf(sandbox);
  const authority = () => findCoinAuthority(vaultOf(sandbox), coin.mint);
  const creatorVault = () => findCreatorVault(programsOf(sandbox).launchpad, coin.creator);
  const route = async (side: 'buy' | 'sell', amountIn: bigint) =>
    multiHopSwapInstruction({ programs: { ...programsOf(sandbox), amm: venue().amm }, user: trader.address, hop1: w.hop1(), hop2, buybackFeeAccount: await w.buybackFeeAccount(), side, amountIn, minAmountOut: 1n });

  /** Route trades (fees in the curve's tail) and a direct buy in the native coin (fees in the creator vault). */
  async function trade(): Promise<void> {
    const routed = await send(sandbox, trader, [await openCoinAccount(trader, coin), await route('buy', 20n * ZEC)]);
    expect(routed.err, routed.logs.join('\n')).toBeNull();
    const coins = await tokenBalance(sandbox, trader.address, coin.mint, TOKEN_2022_PROGRAM);
    const sold = await send(sandbox, trader, [await route('sell', coins / 3n)]);
    expect(sold.err, sold.logs.join('\n')).toBeNull();
    const direct = await send(sandbox, trader, [await buyV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: tokenUnits(1_000_000_000_000n), maxQuoteCost: 100_000n * NATIVE })]);
    expect(direct.err, direct.logs.join('\n')).toBeNull();
  }

  async function collect(): Promise<bigint> {
    const sender = await fundedWallet(sandbox);
    const result = await send(sandbox, sender, [await collectNativeInstruction(venue(), coin.mint, sender.address)]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    return w.nativeOf(await authority());
  }

  it('collects every native unit from the launchpad\'s creator vault and the curve\'s route tail', async () => {
    await trade();
    const [fromVault, fromTail] = [await w.nativeOf(await creatorVault()), w.curveTail(coin)];
    expect(fromVault > 0n && fromTail > 0n).toBe(true);
    const curveNative = await w.nativeOf(coin.curve);
    const reservesBefore = decodeBondingCurve(sandbox.cluster.getAccount(coin.curve)!.data).realQuoteReserves;
    expect(await collect()).toBe(fromVault + fromTail);
    expect(await w.nativeOf(await creatorVault())).toBe(0n);
    expect(w.curveTail(coin)).toBe(0n);
    expect(await w.nativeOf(coin.curve)).toBe(curveNative - fromTail); // the tail only: the reserves stay
    expect(decodeBondingCurve(sandbox.cluster.getAccount(coin.curve)!.data).realQuoteReserves).toBe(reservesBefore);
    expect(await collect()).toBe(fromVault + fromTail); // a second collection finds nothing more
  });

  it('splits: the rootstock part burned, the liquidity part to the pot, the rest sold for ZEC at the pool and paid to treasury and payee', async () => {
    const config = vaultConfigOf(sandbox);
    const collected = await w.nativeOf(await authority());
    const parts = splitCreatorFee(collected, config.split);
    const converted = parts.treasury + parts.payee;
    const pool = venue().pool;
    const sale = sellExactBase(poolReserves({ baseReserves: await w.nativeOf(pool), quoteReserves: (await w.zecOf(pool)) - w.poolTail(pool) }), tokenUnits(converted), NATIVE_POOL_RATES);
    const zecOut = sale.userReceives;
    const floor = conversionFloor(converted, { reference: NATIVE_REFERENCE_RATE, toleranceBps: config.conversionToleranceBps });
    expect(zecOut >= floor).toBe(true);
    const paid = divideConvertedZec(zecOut, parts);
    const record = await findPayeeRecord(vaultOf(sandbox), coin.mint);
    const before = { supply: w.nativeSupply(), pot: await w.nativeOf(config.liquidityPot), treasury: await w.zecOf(config.treasury), payee: await w.zecOf(record) };

    const sender = await fundedWallet(sandbox);
    const result = await send(sandbox, sender, [await splitNativeInstruction(venue(), config, coin.mint, sender.address)]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(w.nativeSupply()).toBe(before.supply - parts.rootstock);
    expect(await w.nativeOf(config.liquidityPot)).toBe(before.pot + parts.liquidity);
    expect(await w.zecOf(config.treasury)).toBe(before.treasury + paid.treasury);
    expect(await w.zecOf(record)).toBe(before.payee + paid.payee);
    expect(await w.nativeOf(await authority())).toBe(0n);
    expect(await w.zecOf(await authority())).toBe(0n);
    expect(await w.zecOf(sender.address)).toBe(0n);
    const price = decodePriceRecord(sandbox.cluster.getAccount(await findPriceRecord(vaultOf(sandbox), sandbox.profile.mints.native.address))!.data);
    expect(price.realised).toBe(realisedRate(converted, zecOut));
    expect(price.reference).toBe(NATIVE_REFERENCE_RATE);

    const events = result.logs.filter((line) => line.startsWith('Program data: ')).map((line) => decodeNativeSplitEvent(Buffer.from(line.slice(14), 'base64')));
    expect(events).toEqual([{ mint: coin.mint, collected, burned: parts.rootstock, toLp: parts.liquidity, converted, convertedZec: zecOut, treasuryZec: paid.treasury, payeeZec: paid.payee }]);
  });

  it('adds the pot\'s native coin as liquidity with the pot\'s ZEC; what the ZEC cannot match waits', async () => {
    const config = vaultConfigOf(sandbox);
    const pot = config.liquidityPot;
    const pool = venue().pool;
    const lpMint = await findLpMint(venue().amm, pool);
    const lpOfPot = () => tokenBalance(sandbox, pot, lpMint, TOKEN_2022_PROGRAM);
    const sender = await fundedWallet(sandbox);
    // No ZEC in the pot yet: nothing moves, the native coin waits.
    const nativeWaiting = await w.nativeOf(pot);
    expect(nativeWaiting > 0n).toBe(true);
    const idle = await send(sandbox, sender, [await addLiquidityInstruction(venue(), pot, sender.address)]);
    expect(idle.err, idle.logs.join('\n')).toBeNull();
    expect(await w.nativeOf(pot)).toBe(nativeWaiting);

    // ZEC for about half of it (the pot's ZEC comes from ZEC-paired coins' splits; here from the faucet).
    await sandbox.faucet.zec(pot, 1n as never);
    const reserves = poolReserves({ baseReserves: await w.nativeOf(pool), quoteReserves: (await w.zecOf(pool)) - w.poolTail(pool) });
    const zecNeeded = (nativeWaiting * reserves.quoteReserves) / reserves.baseReserves / 2n;
    await sandbox.faucet.zec(pot, zecNeeded as never);
    const zecHeld = await w.zecOf(pot);
    const supply = decodePool(sandbox.cluster.getAccount(pool)!.data).lpSupply;
    const byNative = (nativeWaiting * supply) / reserves.baseReserves;
    const byZec = (zecHeld * supply) / reserves.quoteReserves;
    const lp = byNative < byZec ? byNative : byZec;
    const expected = deposit(reserves, supply, lp);
    const added = await send(sandbox, sender, [await addLiquidityInstruction(venue(), pot, sender.address)]);
    expect(added.err, added.logs.join('\n')).toBeNull();
    expect(await lpOfPot()).toBe(lp);
    expect(await w.nativeOf(pot)).toBe(nativeWaiting - expected.baseIn);
    expect(await w.zecOf(pot)).toBe(zecHeld - expected.quoteIn);
    expect((await w.nativeOf(pot)) > 0n).toBe(true); // the ZEC ran out first: the rest waits
  });

  it('refuses a conversion the pool would pay below the floor, and nothing moves', async () => {
    await trade();
    await collect();
    const admin = sandbox.serviceAuthority;
    const nativeMint = sandbox.profile.mints.native.address;
    const setReference = async (reference: bigint) => {
      const result = await send(sandbox, admin, [await setReferenceInstruction({ vault: vaultOf(sandbox), admin: admin.address, mint: nativeMint, reference })]);
      expect(result.err, result.logs.join('\n')).toBeNull();
    };
    // The admin's memory says the native coin is worth twice what the pool pays now.
    await setReference(2n * NATIVE_REFERENCE_RATE);
    const config = vaultConfigOf(sandbox);
    const held = await w.nativeOf(await authority());
    const supply = w.nativeSupply();
    const sender = await fundedWallet(sandbox);
    const refused = await send(sandbox, sender, [await splitNativeInstruction(venue(), config, coin.mint, sender.address)]);
    expect(customError(refused.err)).toBe(AMM_EXCEEDED_SLIPPAGE);
    expect(await w.nativeOf(await authority())).toBe(held);
    expect(w.nativeSupply()).toBe(supply);
    // Back at the market: it goes through.
    await setReference(NATIVE_REFERENCE_RATE);
    const result = await send(sandbox, sender, [await splitNativeInstruction(venue(), config, coin.mint, sender.address)]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await w.nativeOf(await authority())).toBe(0n);
  });

  it('refuses another pool than the pinned native-coin/ZEC one (6220) and its vaults swapped', async () => {
    const { accounts } = sandbox.profile;
    const config = vaultConfigOf(sandbox);
    const sender = await fundedWallet(sandbox);
    const wsolPool = await splitNativeInstruction({ ...venue(), pool: accounts['wsolPool']! }, config, coin.mint, sender.address);
    expect(customError((await send(sandbox, sender, [wsolPool])).err)).toBe(NATIVE_ERRORS.NotNativePool);
    const base = await splitNativeInstruction(venue(), config, coin.mint, sender.address);
    const swapped = { ...base, accounts: base.accounts!.map((a, i) => (i === 21 ? base.accounts![22]! : i === 22 ? base.accounts![21]! : a)) };
    expect(customError((await send(sandbox, sender, [swapped])).err)).toBe(NATIVE_ERRORS.NotNativePool);
  });

  it('refuses to collect native fees for a coin paired with ZEC (6221)', async () => {
    const zecCoin = await plantListedCoin(sandbox, await fundedWallet(sandbox), { kind: 'holders' });
    const sender = await fundedWallet(sandbox);
    const result = await send(sandbox, sender, [await collectNativeInstruction(venue(), zecCoin.mint, sender.address)]);
    expect(customError(result.err)).toBe(NATIVE_ERRORS.NotNativePaired);
  });

  it('refuses a split of a coin whose creator is not the coin authority: nothing of it can be collected', async () => {
    const { mints } = sandbox.profile;
    const unlisted = await plantCoin(sandbox, trader, { quoteMint: mints.native.address, quoteTokenProgram: mints.native.tokenProgram });
    expect(unlisted.err).toBeNull();
    const sender = await fundedWallet(sandbox);
    // The launchpad's own check: only the curve's creator may take its route tail (2006).
    const result = await send(sandbox, sender, [await collectNativeInstruction(venue(), unlisted.coin.mint, sender.address)]);
    expect(customError(result.err)).toBe(2006);
    expect(await w.nativeOf(await findCoinAuthority(vaultOf(sandbox), unlisted.coin.mint))).toBe(0n);
  });
});

describe('vault: native split without a price record', () => {
  it('refuses with NoPriceRecord (6219) on a sandbox from before the native price record', async () => {
    const sandbox = await Sandbox.open({ dataDir: null, slotMs: 0, genesisUpTo: 7 });
    try {
      const trader = await fundedWallet(sandbox, 100n * ZEC);
      const coin = await plantListedCoin(sandbox, await fundedWallet(sandbox), { kind: 'holders' }, null, 'native');
      await sandbox.faucet.native(trader.address, (10_000n * NATIVE) as never);
      const buy = await send(sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: tokenUnits(1_000_000_000_000n), maxQuoteCost: 10_000n * NATIVE })]);
      expect(buy.err, buy.logs.join('\n')).toBeNull();
      const sender = await fundedWallet(sandbox);
      expect((await send(sandbox, sender, [await collectNativeInstruction(venueOf(sandbox), coin.mint, sender.address)])).err).toBeNull();
      const result = await send(sandbox, sender, [await splitNativeInstruction(venueOf(sandbox), vaultConfigOf(sandbox), coin.mint, sender.address)]);
      expect(customError(result.err)).toBe(NATIVE_ERRORS.NoPriceRecord);
    } finally {
      sandbox.close();
    }
  });
});

describe('vault: a migrated native-paired coin\'s fees from the AMM too', () => {
  let sandbox: Sandbox;
  const w = world(() => sandbox);
  afterAll(() => sandbox.close());

  it('collects the AMM\'s coin creator vault and the pool\'s route tail besides the launchpad\'s, then splits them all', async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    const { mints, accounts, programs } = sandbox.profile;
    const trader = await fundedWallet(sandbox, 1_000n * ZEC);
    await sandbox.faucet.native(trader.address, (50_000_000n * NATIVE) as never);
    const coin = await plantListedCoin(sandbox, await fundedWallet(sandbox), { kind: 'wallet', wallet: trader.address }, null, 'native');
    const state = decodeBondingCurve(sandbox.cluster.getAccount(coin.curve)!.data);
    const bought = await send(sandbox, trader, [await openCoinAccount(trader, coin), await buyV2Instruction(partiesFor(sandbox, coin, trader.address), { amount: tokenUnits(state.realTokenReserves), maxQuoteCost: 10n ** 15n })]);
    expect(bought.err, bought.logs.join('\n')).toBeNull();
    const migrated = await send(sandbox, trader, [
      await migrateV2Instruction({ launchpad: programs['launchpad']!, amm: programs['amm']!, mint: coin.mint, quoteMint: mints.native.address, quoteTokenProgram: mints.native.tokenProgram, user: trader.address, withdrawAuthority: accounts['launchpadAuthority']! }),
    ]);
    expect(migrated.err, migrated.logs.join('\n')).toBeNull();
    const pool = await findCanonicalPool({ amm: programs['amm']!, launchpad: programs['launchpad']! }, coin.mint, mints.native.address);
    const hop2: RouteHop = { baseMint: coin.mint, quoteMint: mints.native.address, venue: pool, venueBase: await findPoolTokenAccount(pool, coin.mint, TOKEN_2022_PROGRAM), venueQuote: await findPoolTokenAccount(pool, mints.native.address, TOKEN_2022_PROGRAM) };
    const routed = await send(sandbox, trader, [
      await multiHopSwapInstruction({ programs: { ...programsOf(sandbox), amm: programs['amm']! }, user: trader.address, hop1: w.hop1(), hop2, buybackFeeAccount: await w.buybackFeeAccount(), side: 'buy', amountIn: 10n * ZEC, minAmountOut: 1n }),
    ]);
    expect(routed.err, routed.logs.join('\n')).toBeNull();

    const authority = await findCoinAuthority(vaultOf(sandbox), coin.mint);
    const launchpadVault = await w.nativeOf(await findCreatorVault(programs['launchpad']!, authority));
    const ammVault = await w.nativeOf(await findCoinCreatorVaultAuthority(programs['amm']!, authority));
    const poolTail = w.poolTail(pool);
    expect(launchpadVault > 0n && poolTail > 0n).toBe(true);
    const poolNative = await w.nativeOf(pool);
    const sender = await fundedWallet(sandbox);
    const collected = await send(sandbox, sender, [await collectNativeInstruction(venueOf(sandbox), coin.mint, sender.address)]);
    expect(collected.err, collected.logs.join('\n')).toBeNull();
    expect(await w.nativeOf(authority)).toBe(launchpadVault + ammVault + poolTail);
    expect(w.poolTail(pool)).toBe(0n);
    expect(await w.nativeOf(pool)).toBe(poolNative - poolTail);
    const split = await send(sandbox, sender, [await splitNativeInstruction(venueOf(sandbox), vaultConfigOf(sandbox), coin.mint, sender.address)]);
    expect(split.err, split.logs.join('\n')).toBeNull();
    expect(await w.nativeOf(authority)).toBe(0n);
  });
});
