import type { Address, KeyPairSigner, Signature } from '@solana/kit';
import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { poolFeeRates, type PoolFeeRates } from '../../core/math/pool-fees.js';
import { buyExactBase, buyExactQuoteIn, poolReserves, sellExactBase, type PoolReserves } from '../../core/math/pool.js';
import { quoteUnits } from '../../core/math/quote-units.js';
import { AMM_ERRORS } from '../../core/programs/amm/errors.js';
import { decodeGlobalConfig } from '../../core/programs/amm/global-config.js';
import { AMM_BUY_DISCRIMINATOR } from '../../core/programs/amm/instructions/buy.js';
import { AMM_BUY_EXACT_QUOTE_IN_DISCRIMINATOR } from '../../core/programs/amm/instructions/buy-exact-quote-in.js';
import { CREATE_POOL_DISCRIMINATOR } from '../../core/programs/amm/instructions/create-pool.js';
import { AMM_DEPOSIT_DISCRIMINATOR } from '../../core/programs/amm/instructions/deposit.js';
import { AMM_SELL_DISCRIMINATOR } from '../../core/programs/amm/instructions/sell.js';
import { findPool, findPumpPoolAuthority, ZERO_KEY } from '../../core/programs/amm/pdas.js';
import { decodePool, POOL_ACCOUNT_SIZE } from '../../core/programs/amm/pool.js';
import { decodeFeeConfig } from '../../core/programs/fees/fee-config.js';
import { migrateV2Instruction } from '../../core/programs/launchpad/instructions/migrate-v2.js';
import { AMM_FEES, NATIVE_POOL_DEPTH } from '../../core/sandbox/genesis/amm.js';
import { SANDBOX_FLAT_FEES } from '../../core/sandbox/genesis/fees.js';
import { CURVE_SHAPE } from '../../core/sandbox/genesis/launchpad.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { fundedWallet, plantCoin, programsOf, send, tokens, type Coin, buyOutCurve } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';
import {
  accountInfoOf,
  addr,
  big,
  bn,
  createPoolSolanaStateOf,
  existingAccountInfoOf,
  liquiditySolanaStateOf,
  pk,
  plain,
  pumpSdk,
  pumpSwapSdk,
  selfCpiEventsOf,
  splToken,
  swapSolanaStateOf,
  toKitInstruction,
  web3,
} from '../helpers/pump-sdk.js';

const ZEC = 100_000_000n;
const NATIVE = 1_000_000n;

/**
 * The official AMM clients against our AMM program in a sandbox, unchanged. @pump-fun/pump-swap-sdk
 * 1.20.0 is the AMM's SDK: its offline `PUMP_AMM_SDK` builds buy and sell (buyBaseInput, buyQuoteInput,
 * sellBaseInput, sellQuoteInput, and buyInstructions / sellInstructions with limits of our choosing),
 * create_pool and deposit, each sized by the SDK's own quote functions over the state its online half
 * would fetch (here read from the sandbox by test/helpers/pump-sdk.ts, decoded by the SDK's decoders).
 * @pump-fun/pump-sdk 2.0.0 brings the AMM's newer IDL: its Anchor coder and its `decode*EventAmm` read
 * the events our program emits. pump-sdk has no offline AMM trade builders, and pump-swap-sdk none for
 * buy_exact_quote_in, so that one is coded by pump-sdk's Anchor program over the IDL. Only the transport
 * is ours: web3.js instructions carried over to kit as they are.
 *
 * What the SDK adds that our program does not read, and ignores: the remaining accounts (the pool-v2
 * PDA of pools with a coin creator, a buyback fee recipient and its token account), the volume
 * accumulators, and track_volume = true on every buy (our BuyEvent reports track_volume false). Our
 * pools are allocated at 300 bytes, so the SDK never prepends extend_account.
 */
describe('the official pump AMM SDKs against the sandbox AMM', () => {
  const swap = pumpSwapSdk;
  const AMM = swap.PUMP_AMM_SDK;
  const pump = new pumpSdk.PumpSdk();
  // pump-sdk's Anchor Program over its (newer) pump_amm IDL, offline: names camelCased as the SDK uses them.
  const ammProgram = pumpSdk.getPumpAmmProgram(null as never);
  const coder = ammProgram.coder;
  // Every web3.js Connection method, watched: nothing here may reach for one.
  const connectionSpies = Object.entries(Object.getOwnPropertyDescriptors(web3.Connection.prototype))
    .filter(([name, d]) => name !== 'constructor' && typeof d.value === 'function')
    .map(([name]) => vi.spyOn(web3.Connection.prototype as unknown as Record<string, (...args: unknown[]) => unknown>, name));

  let sandbox: Sandbox;
  let whale: KeyPairSigner;
  let creator: KeyPairSigner;
  let trader: KeyPairSigner;
  let coin: Coin;
  let canonicalPool: Address;
  let migration: Signature;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    // A coin planted, bought to completion and migrated into its canonical pool, as migration.test.ts does.
    whale = await fundedWallet(sandbox, 2_000n * ZEC);
    creator = await fundedWallet(sandbox);
    const planted = await plantCoin(sandbox, whale, { creator: creator.address });
    expect(planted.err, planted.logs.join('\n')).toBeNull();
    coin = planted.coin;
    const bought = await buyOutCurve(sandbox, whale, coin);
    expect(bought.err, bought.logs.join('\n')).toBeNull();
    const { programs, mints, accounts } = sandbox.profile;
    const migrated = await send(sandbox, whale, [
      await migrateV2Instruction({
        launchpad: programsOf(sandbox).launchpad,
        amm: programs['amm']!,
        mint: coin.mint,
        quoteMint: mints.zec.address,
        quoteTokenProgram: mints.zec.tokenProgram,
        user: whale.address,
        withdrawAuthority: accounts['launchpadAuthority']!,
      }),
    ]);
    expect(migrated.err, migrated.logs.join('\n')).toBeNull();
    migration = migrated.signature;
    canonicalPool = await findPool(programs['amm']!, 0, await findPumpPoolAuthority(programs['launchpad']!, coin.mint), coin.mint, mints.zec.address);

    trader = await fundedWallet(sandbox, 10_000n * ZEC);
    await sandbox.faucet.native(trader.address, tokens(5_000_000n * NATIVE));
  });
  afterAll(() => {
    sandbox.close();
    for (const spy of connectionSpies) spy.mockRestore();
  });

  const amm = () => sandbox.profile.programs['amm']!;
  const zec = () => sandbox.profile.mints.zec;
  const native = () => sandbox.profile.mints.native;
  const info = (address: Address | PublicKey) => existingAccountInfoOf(sandbox, address);
  /** A token account's amount as spl-token reads it; 0 when it does not exist. */
  const amountAt = (address: Address | PublicKey): bigint => {
    const account = accountInfoOf(sandbox, address);
    return account ? splToken.AccountLayout.decode(account.data).amount : 0n;
  };

  // ---- events: the self-CPI events our program emitted, read by pump-sdk ----

  const eventsOf = (signature: Signature) =>
    selfCpiEventsOf(sandbox, signature, amm()).map((bytes) => {
      const event = coder.events.decode(bytes.toString('base64'));
      if (!event) throw new Error(`not an IDL event: ${bytes.subarray(0, 8).toString('hex')}`);
      return { name: event.name, data: event.data as Record<string, unknown>, bytes };
    });
  /** The one event named `name` (its body, after the discriminator), byte for byte what the IDL's coder encodes for it. */
  const theEvent = (signature: Signature, name: string): Buffer => {
    const events = eventsOf(signature).filter((e) => e.name === name);
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(coder.types.encode(name, event.data).toString('hex')).toBe(event.bytes.subarray(8).toString('hex'));
    return event.bytes.subarray(8);
  };

  // ---- the SDK's quote functions, fed exactly as its builders feed them ----

  type SwapState = ReturnType<typeof swapSolanaStateOf>;
  const quoteArgs = (state: SwapState, slippage: number) => ({
    slippage,
    baseReserve: state.poolBaseAmount,
    quoteReserve: state.poolQuoteAmount,
    virtualQuoteReserves: state.pool.virtualQuoteReserves,
    globalConfig: state.globalConfig,
    baseMintAccount: state.baseMintAccount,
    baseMint: state.baseMint,
    coinCreator: state.pool.coinCreator,
    creator: state.pool.creator,
    feeConfig: state.feeConfig,
    quoteMint: state.pool.quoteMint,
    isMayhemMode: state.pool.isMayhemMode,
    creatorFeeBps: state.pool.creatorFeeBps,
  });
  const sdkBuyBase = (state: SwapState, base: bigint, slippage = 1) => {
    const r = swap.buyBaseInput({ ...quoteArgs(state, slippage), base: bn(base) });
    return { quoteIn: big(r.internalQuoteAmount), totalCost: big(r.uiQuote), maxQuote: big(r.maxQuote) };
  };
  const sdkBuyQuote = (state: SwapState, quote: bigint, slippage = 1) => {
    const r = swap.buyQuoteInput({ ...quoteArgs(state, slippage), quote: bn(quote) });
    return { base: big(r.base), maxQuote: big(r.maxQuote) };
  };
  const sdkSellBase = (state: SwapState, base: bigint, slippage = 1) => {
    const r = swap.sellBaseInput({ ...quoteArgs(state, slippage), base: bn(base) });
    return { quoteOut: big(r.internalQuoteAmountOut), userReceives: big(r.uiQuote), minQuote: big(r.minQuote) };
  };
  const sdkSellQuote = (state: SwapState, quote: bigint, slippage = 1) => {
    const r = swap.sellQuoteInput({ ...quoteArgs(state, slippage), quote: bn(quote) });
    return { base: big(r.base), minQuote: big(r.minQuote) };
  };
  /** The rates the SDK charges (computeFeesBps; no creator fee without a coin creator, as its quote functions do). */
  const sdkRates = (state: SwapState): PoolFeeRates => {
    const fees = swap.computeFeesBps({
      globalConfig: state.globalConfig,
      feeConfig: state.feeConfig,
      creator: state.pool.creator,
      baseMintSupply: bn(state.baseMintAccount.supply),
      baseMint: state.baseMint,
      baseReserve: state.poolBaseAmount,
      quoteReserve: bn(big(state.poolQuoteAmount) + big(state.pool.virtualQuoteReserves)),
      quoteMint: state.pool.quoteMint,
      isMayhemMode: state.pool.isMayhemMode,
      creatorFeeBps: state.pool.creatorFeeBps,
    });
    const creatorBps = state.pool.coinCreator.equals(web3.PublicKey.default) ? 0n : big(fees.creatorFeeBps);
    return poolFeeRates({ lpBps: big(fees.lpFeeBps), protocolBps: big(fees.protocolFeeBps), creatorBps });
  };
  const reservesOf = (state: SwapState): PoolReserves => poolReserves({ baseReserves: big(state.poolBaseAmount), quoteReserves: big(state.poolQuoteAmount) });

  // ---- SDK instruction lists: the one AMM instruction in them, and every balance it names ----

  const isAmm = (ix: TransactionInstruction) => addr(ix.programId) === amm();
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
  /** The SDK's list holds exactly one AMM instruction (so no extend_account), with this discriminator. */
  const theAmmInstruction = (ixs: readonly TransactionInstruction[], discriminator: Uint8Array) => {
    const ours = ixs.filter(isAmm);
    expect(ours).toHaveLength(1);
    expect(hex(ours[0]!.data.subarray(0, 8))).toBe(hex(discriminator));
    return ours[0]!;
  };
  /** The token balances a swap instruction names, by its IDL positions. */
  const swapBalances = (ix: TransactionInstruction) => {
    const at = (i: number) => amountAt(ix.keys[i]!.pubkey);
    return { userBase: at(5), userQuote: at(6), poolBase: at(7), poolQuote: at(8), protocolFee: at(10), creatorVault: at(17) };
  };
  type Balances = ReturnType<typeof swapBalances>;
  const delta = (before: Balances, after: Balances) =>
    Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - before[k as keyof Balances]])) as Balances;

  async function sendSdk(instructions: readonly TransactionInstruction[], signer: KeyPairSigner = trader) {
    const result = await send(sandbox, signer, instructions.map(toKitInstruction));
    expect(result.err, result.logs.join('\n')).toBeNull();
    return result.signature;
  }
  /** Runs an SDK-built swap: the balances it named, before and after, and its signature. */
  async function runSwap(ixs: readonly TransactionInstruction[], discriminator: Uint8Array) {
    const ix = theAmmInstruction(ixs, discriminator);
    const before = swapBalances(ix);
    const signature = await sendSdk(ixs);
    return { ix, signature, moved: delta(before, swapBalances(ix)) };
  }

  it('finds the AMM at the SDK addresses; GlobalConfig and FeeConfig read by the SDK decoders as by ours', () => {
    const { programs, accounts } = sandbox.profile;
    expect(addr(swap.PUMP_AMM_PROGRAM_ID)).toBe(programs['amm']);
    expect(addr(pumpSdk.PUMP_AMM_PROGRAM_ID)).toBe(programs['amm']);
    expect(addr(swap.PUMP_FEE_PROGRAM_ID)).toBe(programs['fees']);
    expect(addr(swap.GLOBAL_CONFIG_PDA)).toBe(accounts['ammGlobalConfig']);
    expect(addr(swap.PUMP_AMM_FEE_CONFIG_PDA)).toBe(accounts['ammFeeConfig']);

    const raw = info(swap.GLOBAL_CONFIG_PDA).data;
    const ours = decodeGlobalConfig(raw);
    // pump-swap-sdk's decoder, and pump-sdk's Anchor coder over the newer IDL: the same values as ours.
    expect(plain(AMM.decodeGlobalConfig(info(swap.GLOBAL_CONFIG_PDA)))).toEqual(ours);
    expect(plain(coder.accounts.decode('globalConfig', raw))).toEqual(ours);
    expect(ours).toMatchObject({
      admin: accounts['ammAdmin'],
      lpFeeBasisPoints: AMM_FEES.lpBps,
      protocolFeeBasisPoints: AMM_FEES.protocolBps,
      coinCreatorFeeBasisPoints: AMM_FEES.coinCreatorBps,
      disableFlags: 0,
      adminSetCoinCreatorAuthority: accounts['ammAdmin'],
      creatorFeeConfigurable: false,
    });
    expect(ours.protocolFeeRecipients).toHaveLength(8);
    expect(new Set(ours.protocolFeeRecipients).size).toBe(8);
    expect(ours.protocolFeeRecipients).toContain(accounts['ammProtocolFeeRecipient']);

    const feeConfig = plain(AMM.decodeFeeConfig(info(swap.PUMP_AMM_FEE_CONFIG_PDA))) as Record<string, unknown>;
    const zero = { lpFeeBps: 0n, protocolFeeBps: 0n, creatorFeeBps: 0n };
    expect(feeConfig).toMatchObject({ admin: accounts['feesAdmin'], flatFees: { ...SANDBOX_FLAT_FEES }, feeTiers: [], stableFeeTiers: [], exoticFlatFees: zero });
    expect(feeConfig['flatFees']).toEqual(decodeFeeConfig(info(swap.PUMP_AMM_FEE_CONFIG_PDA).data).flatFees);
  });

  it('reads both pools with the SDK decoders as with ours; the SDK selects the flat schedule for each, as our program does', () => {
    for (const [pool, isCanonical] of [
      [canonicalPool, true],
      [sandbox.profile.accounts['nativePool']!, false],
    ] as const) {
      const raw = info(pool).data;
      expect(raw.length).toBe(POOL_ACCOUNT_SIZE); // >= POOL_ACCOUNT_NEW_SIZE: no extend_account
      expect(POOL_ACCOUNT_SIZE).toBe(swap.POOL_ACCOUNT_NEW_SIZE);
      const ours = decodePool(raw);
      // pump-swap-sdk's IDL is one release older: its Pool ends before is_holder_reward.
      const { isHolderReward, ...older } = ours;
      expect(isHolderReward).toBe(false);
      expect(plain(AMM.decodePool(info(pool)))).toEqual(older);
      expect(plain(coder.accounts.decode('pool', raw))).toEqual(ours);

      const state = swapSolanaStateOf(sandbox, pool, trader.address);
      expect(swap.isPumpPool(state.baseMint, state.pool.creator)).toBe(isCanonical);
      const { lpFeeBps, protocolFeeBps, creatorFeeBps } = SANDBOX_FLAT_FEES;
      expect(sdkRates(state)).toEqual(poolFeeRates({ lpBps: lpFeeBps, protocolBps: protocolFeeBps, creatorBps: isCanonical ? creatorFeeBps : 0n }));
    }
    const canonical = decodePool(info(canonicalPool).data);
    expect(canonical).toMatchObject({ index: 0, baseMint: coin.mint, quoteMint: zec().address, coinCreator: creator.address, creatorFeeBps: 200n });
    expect(addr(swap.canonicalPumpPoolPda(pk(coin.mint), pk(zec().address)))).toBe(canonicalPool);
  });

  it("decodes the migration's CreatePoolEvent (pump-sdk decodeCreatePoolEventAmm) as the pool it made", () => {
    const pool = decodePool(info(canonicalPool).data);
    const event = plain(pump.decodeCreatePoolEventAmm(theEvent(migration, 'createPoolEvent'))) as Record<string, unknown>;
    const baseIn = CURVE_SHAPE.tokenTotalSupply - CURVE_SHAPE.initialRealTokenReserves;
    expect(event).toMatchObject({
      index: 0,
      creator: pool.creator,
      baseMint: coin.mint,
      quoteMint: zec().address,
      baseMintDecimals: splToken.MintLayout.decode(info(coin.mint).data).decimals,
      quoteMintDecimals: zec().decimals,
      baseAmountIn: baseIn,
      poolBaseAmount: baseIn,
      pool: canonicalPool,
      lpMint: pool.lpMint,
      coinCreator: creator.address,
      isMayhemMode: false,
      creatorFeeBps: 200n,
      canEditCreatorFee: false,
      isHolderReward: false,
    });
    expect(event['quoteAmountIn']).toBe(event['poolQuoteAmount']);
    expect(event['lpTokenAmountOut']).toBe((event['initialLiquidity'] as bigint) - (event['minimumLiquidity'] as bigint));
    expect(event['initialLiquidity']).toBe(pool.lpSupply);
  });

  /**
   * The same SDK-built trades on a pool: `pool()` and whether it has a coin creator (the canonical pool
   * pays one 2.00%; the genesis pools have none).
   */
  function sdkTrades(pool: () => Address, hasCoinCreator: boolean) {
    const state = () => swapSolanaStateOf(sandbox, pool(), trader.address);
    /** The remaining accounts the SDK appends after the IDL's 23 (buy) or 21 (sell). */
    const expectRemaining = (ix: TransactionInstruction, listed: number, s: SwapState) => {
      const extra = ix.keys.slice(listed).map((k) => addr(k.pubkey));
      // A buyback fee recipient the SDK picked at random among GlobalConfig's, then its quote account.
      const buyback = extra.at(-2)!;
      expect(s.globalConfig.buybackFeeRecipients.map(addr)).toContain(buyback);
      const buybackAccount = addr(splToken.getAssociatedTokenAddressSync(s.pool.quoteMint, pk(buyback), true, s.quoteTokenProgram));
      expect(extra).toEqual([...(hasCoinCreator ? [addr(swap.poolV2Pda(s.baseMint))] : []), buyback, buybackAccount]);
      // The protocol fee recipient the SDK picked at random is one GlobalConfig names.
      expect(s.globalConfig.protocolFeeRecipients.map(addr)).toContain(addr(ix.keys[9]!.pubkey));
    };

    it('buyBaseInput: the trader pays exactly the SDK quote, every fee lands where core/math/pool says', async () => {
      const s = state();
      const base = NATIVE * 25_000n + 7n;
      const quote = sdkBuyBase(s, base);
      const ours = buyExactBase(reservesOf(s), tokens(base), sdkRates(s));
      expect({ quoteIn: quote.quoteIn, totalCost: quote.totalCost }).toEqual({ quoteIn: ours.quoteIn, totalCost: ours.totalCost });
      expect(quote.maxQuote).toBe((quote.totalCost * 101n) / 100n);

      const ixs = await AMM.buyBaseInput(s, bn(base), 1);
      // The canonical pool's coin is new to the trader: the SDK opens its account first (idempotently).
      expect(s.userBaseAccountInfo === null).toBe(hasCoinCreator);
      expect(ixs.filter((ix) => !isAmm(ix)).length).toBe(hasCoinCreator ? 1 : 0);
      const { ix, signature, moved } = await runSwap(ixs, AMM_BUY_DISCRIMINATOR);
      expect(ix.keys).toHaveLength(23 + (hasCoinCreator ? 3 : 2));
      expectRemaining(ix, 23, s);
      expect(ix.data.subarray(24).toString('hex')).toBe('01'); // track_volume: Some(true)
      expect(moved).toEqual({
        userBase: base,
        userQuote: -quote.totalCost,
        poolBase: -base,
        poolQuote: ours.quoteIn + ours.lpFee,
        protocolFee: ours.protocolFee,
        creatorVault: ours.creatorFee,
      });
      expect(hasCoinCreator ? ours.creatorFee > 0n : ours.creatorFee === 0n).toBe(true);

      // Its *_token_reserves fields are left out: the IDL does not say whether they are read before or
      // after the trade (ours: after).
      const event = plain(pump.decodeBuyEventAmm(theEvent(signature, 'buyEvent')));
      expect(event).toMatchObject({
        baseAmountOut: base,
        maxQuoteAmountIn: quote.maxQuote,
        quoteAmountIn: quote.quoteIn,
        lpFeeBasisPoints: SANDBOX_FLAT_FEES.lpFeeBps,
        lpFee: ours.lpFee,
        protocolFeeBasisPoints: SANDBOX_FLAT_FEES.protocolFeeBps,
        protocolFee: ours.protocolFee,
        quoteAmountInWithLpFee: ours.quoteIn + ours.lpFee,
        userQuoteAmountIn: quote.totalCost,
        pool: pool(),
        user: trader.address,
        userBaseTokenAccount: addr(s.userBaseTokenAccount),
        userQuoteTokenAccount: addr(s.userQuoteTokenAccount),
        protocolFeeRecipient: addr(ix.keys[9]!.pubkey),
        protocolFeeRecipientTokenAccount: addr(ix.keys[10]!.pubkey),
        coinCreator: addr(s.pool.coinCreator),
        coinCreatorFeeBasisPoints: hasCoinCreator ? SANDBOX_FLAT_FEES.creatorFeeBps : 0n,
        coinCreatorFee: ours.creatorFee,
        minBaseAmountOut: 0n,
        ixName: 'buy',
        baseSupply: s.baseMintAccount.supply,
      });
    });

    it('buyQuoteInput: the SDK buys its estimate of base for what its own buyBaseInput charges, never above the budget', async () => {
      const s = state();
      const budget = 3n * ZEC + 123_457n;
      const estimate = sdkBuyQuote(s, budget);
      const charge = sdkBuyBase(s, estimate.base);
      expect(charge.totalCost <= budget).toBe(true);
      expect(estimate.maxQuote).toBe((budget * 101n) / 100n);
      // core/math/pool's exact-in never buys less than the SDK estimate (test/math/pool-sdk.test.ts).
      const exact = buyExactQuoteIn(reservesOf(s), quoteUnits(budget), sdkRates(s));
      expect(exact.baseOut >= estimate.base).toBe(true);
      expect(buyExactBase(reservesOf(s), tokens(estimate.base), sdkRates(s)).totalCost).toBe(charge.totalCost);

      const { signature, moved } = await runSwap(await AMM.buyQuoteInput(s, bn(budget), 1), AMM_BUY_DISCRIMINATOR);
      expect(moved.userBase).toBe(estimate.base);
      expect(moved.userQuote).toBe(-charge.totalCost);
      expect(plain(pump.decodeBuyEventAmm(theEvent(signature, 'buyEvent')))).toMatchObject({ baseAmountOut: estimate.base, maxQuoteAmountIn: estimate.maxQuote, userQuoteAmountIn: charge.totalCost });
    });

    it('sellBaseInput: the seller receives exactly the SDK quote', async () => {
      const s = state();
      const base = amountAt(s.userBaseTokenAccount) / 3n;
      const quote = sdkSellBase(s, base);
      const ours = sellExactBase(reservesOf(s), tokens(base), sdkRates(s));
      expect({ quoteOut: quote.quoteOut, userReceives: quote.userReceives }).toEqual({ quoteOut: ours.quoteOut, userReceives: ours.userReceives });
      expect(quote.minQuote).toBe((quote.userReceives * 99n) / 100n);

      const { ix, signature, moved } = await runSwap(await AMM.sellBaseInput(s, bn(base), 1), AMM_SELL_DISCRIMINATOR);
      expect(ix.keys).toHaveLength(21 + (hasCoinCreator ? 3 : 2));
      expectRemaining(ix, 21, s);
      expect(moved).toEqual({
        userBase: -base,
        userQuote: quote.userReceives,
        poolBase: base,
        poolQuote: -(ours.quoteOut - ours.lpFee),
        protocolFee: ours.protocolFee,
        creatorVault: ours.creatorFee,
      });
      expect(plain(pump.decodeSellEventAmm(theEvent(signature, 'sellEvent')))).toMatchObject({
        baseAmountIn: base,
        minQuoteAmountOut: quote.minQuote,
        quoteAmountOut: quote.quoteOut,
        lpFee: ours.lpFee,
        protocolFee: ours.protocolFee,
        quoteAmountOutWithoutLpFee: ours.quoteOut - ours.lpFee,
        userQuoteAmountOut: quote.userReceives,
        pool: pool(),
        user: trader.address,
        protocolFeeRecipient: addr(ix.keys[9]!.pubkey),
        coinCreator: addr(s.pool.coinCreator),
        coinCreatorFee: ours.creatorFee,
      });
    });

    it('sellQuoteInput: the SDK sells the base it computes for the quote, paid what its sellBaseInput says', async () => {
      const s = state();
      // What a quarter of the trader's coins would fetch, plus a little: a quote the SDK must size the sale for.
      const wanted = sdkSellBase(s, amountAt(s.userBaseTokenAccount) / 4n).userReceives + 98_765n;
      const plan = sdkSellQuote(s, wanted);
      const paid = sdkSellBase(s, plan.base).userReceives;
      expect(plan.minQuote).toBe((wanted * 99n) / 100n);
      expect(paid >= plan.minQuote).toBe(true);
      expect(sellExactBase(reservesOf(s), tokens(plan.base), sdkRates(s)).userReceives).toBe(paid);

      const { moved } = await runSwap(await AMM.sellQuoteInput(s, bn(wanted), 1), AMM_SELL_DISCRIMINATOR);
      expect(moved.userBase).toBe(-plan.base);
      expect(moved.userQuote).toBe(paid);
    });

    it('buy_exact_quote_in, coded by pump-sdk\'s Anchor program over the IDL (no SDK builder): charged as core/math/pool says', async () => {
      const s = state();
      const spend = 4n * ZEC + 1n;
      const ours = buyExactQuoteIn(reservesOf(s), quoteUnits(spend), sdkRates(s));
      const recipient = s.globalConfig.protocolFeeRecipients[3]!;
      const ix = (await ammProgram.methods
        .buyExactQuoteIn(bn(spend), bn(ours.baseOut), { 0: false })
        .accountsPartial({
          pool: s.poolKey,
          user: s.user,
          globalConfig: swap.GLOBAL_CONFIG_PDA,
          baseMint: s.baseMint,
          quoteMint: s.pool.quoteMint,
          userBaseTokenAccount: s.userBaseTokenAccount,
          userQuoteTokenAccount: s.userQuoteTokenAccount,
          poolBaseTokenAccount: s.pool.poolBaseTokenAccount,
          poolQuoteTokenAccount: s.pool.poolQuoteTokenAccount,
          protocolFeeRecipient: recipient,
          baseTokenProgram: s.baseTokenProgram,
          quoteTokenProgram: s.quoteTokenProgram,
          coinCreatorVaultAuthority: swap.coinCreatorVaultAuthorityPda(s.pool.coinCreator),
        })
        .instruction()) as TransactionInstruction;
      expect(ix.keys).toHaveLength(23);
      const { signature, moved } = await runSwap([ix], AMM_BUY_EXACT_QUOTE_IN_DISCRIMINATOR);
      expect(moved).toMatchObject({ userBase: ours.baseOut, userQuote: -ours.totalCost, protocolFee: ours.protocolFee, creatorVault: ours.creatorFee });
      expect(ours.totalCost <= spend).toBe(true);
      expect(plain(pump.decodeBuyEventAmm(theEvent(signature, 'buyEvent')))).toMatchObject({
        baseAmountOut: ours.baseOut,
        minBaseAmountOut: ours.baseOut,
        protocolFee: ours.protocolFee,
        coinCreatorFee: ours.creatorFee,
        ixName: 'buy_exact_quote_in',
      });
    });

    it('refuses SDK-built trades whose limits the price exceeds (6004 ExceededSlippage), moving nothing', async () => {
      const s = state();
      const base = 10_000n * NATIVE;
      const buy = sdkBuyBase(s, base);
      const sell = sdkSellBase(s, base);
      const attempts = [
        await AMM.buyInstructions(s, bn(base), bn(buy.totalCost - 1n)),
        await AMM.sellInstructions(s, bn(base), bn(sell.userReceives + 1n)),
      ];
      for (const ixs of attempts) {
        const ix = ixs.find(isAmm)!;
        const before = swapBalances(ix);
        const result = await send(sandbox, trader, ixs.map(toKitInstruction));
        expect(customError(result.err), result.logs.join('\n')).toBe(AMM_ERRORS.ExceededSlippage);
        expect(swapBalances(ix)).toEqual(before);
      }
      // At exactly the SDK's figures both go through.
      await sendSdk(await AMM.buyInstructions(s, bn(base), bn(buy.totalCost)));
      const after = swapSolanaStateOf(sandbox, pool(), trader.address);
      await sendSdk(await AMM.sellInstructions(after, bn(base), bn(sdkSellBase(after, base).userReceives)));
    });

    it('moves balances exactly by the SDK quotes, and the pool as core/math/pool says, over random SDK-built trades', async () => {
      let seed = hasCoinCreator ? 0x5eed : 0xa11;
      const random = (limit: bigint) => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        return 1n + (BigInt(seed) * limit) / 0x80000000n;
      };
      const names = ['buyBaseInput', 'buyQuoteInput', 'sellBaseInput', 'sellQuoteInput'];
      for (let i = 0; i < 16; i++) {
        const s = state();
        const [reserves, rates] = [reservesOf(s), sdkRates(s)];
        const held = amountAt(s.userBaseTokenAccount);
        const kind = held === 0n ? 0 : i % 4;
        const label = `trade ${i} (${names[kind]})`;
        // The SDK builds; what it sizes the trade at is base, by its own quote functions.
        let ixs: TransactionInstruction[];
        let base: bigint;
        if (kind === 0) {
          base = random(50_000n * NATIVE);
          ixs = await AMM.buyBaseInput(s, bn(base), 1);
        } else if (kind === 1) {
          const budget = random(20n * ZEC) + 1_000n;
          base = sdkBuyQuote(s, budget).base;
          ixs = await AMM.buyQuoteInput(s, bn(budget), 1);
        } else if (kind === 2) {
          base = random(held / 2n);
          ixs = await AMM.sellBaseInput(s, bn(base), 1);
        } else {
          const wanted = random(sdkSellBase(s, held / 2n).userReceives);
          base = sdkSellQuote(s, wanted).base;
          ixs = await AMM.sellQuoteInput(s, bn(wanted), 1);
        }
        let next: PoolReserves;
        if (kind < 2) {
          const { moved } = await runSwap(ixs, AMM_BUY_DISCRIMINATOR);
          expect([moved.userBase, moved.userQuote], label).toEqual([base, -sdkBuyBase(s, base).totalCost]);
          next = buyExactBase(reserves, tokens(base), rates).next;
        } else {
          const { moved } = await runSwap(ixs, AMM_SELL_DISCRIMINATOR);
          expect([moved.userBase, moved.userQuote], label).toEqual([-base, sdkSellBase(s, base).userReceives]);
          next = sellExactBase(reserves, tokens(base), rates).next;
        }
        expect(reservesOf(state()), label).toEqual(next);
      }
    });
  }

  describe("a migrated coin's canonical pool (coin creator 2.00%)", () => {
    sdkTrades(() => canonicalPool, true);
  });

  describe('the genesis native-coin/ZEC pool (no coin creator)', () => {
    sdkTrades(() => sandbox.profile.accounts['nativePool']!, false);

    it('holds its genesis vaults, as the SDK reads them', () => {
      const state = swapSolanaStateOf(sandbox, sandbox.profile.accounts['nativePool']!, trader.address);
      const { accounts } = sandbox.profile;
      expect(addr(state.pool.poolBaseTokenAccount)).toBe(accounts['nativePoolBaseVault']);
      expect(addr(state.pool.poolQuoteTokenAccount)).toBe(accounts['nativePoolQuoteVault']);
      expect(addr(state.pool.creator)).toBe(accounts['ammAdmin']);
      expect(addr(state.pool.coinCreator)).toBe(ZERO_KEY);
      // Traded above, so no longer at NATIVE_POOL_DEPTH, but the product never fell.
      expect(big(state.poolBaseAmount) * big(state.poolQuoteAmount) >= NATIVE_POOL_DEPTH.base * NATIVE_POOL_DEPTH.quote).toBe(true);
    });
  });

  describe('a pool created and deposited into by the SDK', () => {
    let pool: Address;
    let provider: KeyPairSigner;

    beforeAll(async () => {
      provider = await fundedWallet(sandbox, 5_000n * ZEC);
      await sandbox.faucet.native(provider.address, tokens(5_000_000n * NATIVE));
    });

    it('create_pool (PumpAmmSdk.createPoolInstructions, native coin/ZEC, index 7) lands; CreatePoolEvent and Pool read by the SDK', async () => {
      const baseIn = 1_000_000n * NATIVE;
      const quoteIn = 1_000n * ZEC;
      const state = createPoolSolanaStateOf(sandbox, 7, provider.address, native().address, zec().address);
      pool = addr(state.poolKey);
      expect(await findPool(amm(), 7, provider.address, native().address, zec().address)).toBe(pool);
      const ixs = await AMM.createPoolInstructions(state, bn(baseIn), bn(quoteIn));
      // The SDK opens the pool's two token accounts itself (idempotently) before create_pool.
      expect(ixs.filter((ix) => !isAmm(ix))).toHaveLength(2);
      theAmmInstruction(ixs, CREATE_POOL_DISCRIMINATOR);
      const signature = await sendSdk(ixs, provider);

      const decoded = plain(AMM.decodePool(info(pool))) as Record<string, unknown>;
      expect(decoded).toMatchObject({ index: 7, creator: provider.address, baseMint: native().address, quoteMint: zec().address, coinCreator: ZERO_KEY, creatorFeeBps: 0n, canEditCreatorFee: false });
      expect(info(pool).data.length).toBe(POOL_ACCOUNT_SIZE);
      const liquidity = 316_227_766_016n; // isqrt(10^12 * 10^11), floor
      expect(plain(pump.decodeCreatePoolEventAmm(theEvent(signature, 'createPoolEvent')))).toMatchObject({
        index: 7,
        creator: provider.address,
        baseMint: native().address,
        quoteMint: zec().address,
        baseAmountIn: baseIn,
        quoteAmountIn: quoteIn,
        poolBaseAmount: baseIn,
        poolQuoteAmount: quoteIn,
        minimumLiquidity: 100n,
        initialLiquidity: liquidity,
        lpTokenAmountOut: liquidity - 100n,
        pool,
        lpMint: decoded['lpMint'],
        coinCreator: ZERO_KEY,
        creatorFeeBps: 0n,
        isHolderReward: false,
      });
      expect(decoded['lpSupply']).toBe(liquidity);
      expect(amountAt(swap.lpMintAta(pk(decoded['lpMint'] as Address), pk(provider.address)))).toBe(liquidity - 100n);
    });

    it('deposit (PumpAmmSdk.depositInstructions at 0% slippage) takes exactly what the SDK computes', async () => {
      const state = liquiditySolanaStateOf(sandbox, pool, provider.address);
      const lp = big(state.pool.lpSupply) / 7n;
      const sdk = swap.depositLpToken(bn(lp), 0, bn(state.poolBaseTokenAccount.amount), bn(state.poolQuoteTokenAccount.amount), state.pool.lpSupply);
      const ixs = await AMM.depositInstructions(state, bn(lp), 0);
      const ix = theAmmInstruction(ixs, AMM_DEPOSIT_DISCRIMINATOR);
      const [userBase, userQuote, userLp] = [6, 7, 8].map((i) => ix.keys[i]!.pubkey);
      const before = [amountAt(userBase!), amountAt(userQuote!), amountAt(userLp!)];
      const signature = await sendSdk(ixs, provider);
      expect([before[0]! - amountAt(userBase!), before[1]! - amountAt(userQuote!), amountAt(userLp!) - before[2]!]).toEqual([big(sdk.maxBase), big(sdk.maxQuote), lp]);
      expect(big(AMM.decodePool(info(pool)).lpSupply)).toBe(big(state.pool.lpSupply) + lp);
      expect(plain(pump.decodeDepositEventAmm(theEvent(signature, 'depositEvent')))).toMatchObject({
        lpTokenAmountOut: lp,
        maxBaseAmountIn: big(sdk.maxBase),
        maxQuoteAmountIn: big(sdk.maxQuote),
        baseAmountIn: big(sdk.maxBase),
        quoteAmountIn: big(sdk.maxQuote),
        lpMintSupply: big(state.pool.lpSupply) + lp,
        pool,
        user: provider.address,
      });
    });

    it('trades on it as the SDK quotes (a permissionless pool pays the flat schedule, no creator fee)', async () => {
      const s = swapSolanaStateOf(sandbox, pool, trader.address);
      expect(swap.isPumpPool(s.baseMint, s.pool.creator)).toBe(false);
      const base = 5_000n * NATIVE;
      const { moved } = await runSwap(await AMM.buyBaseInput(s, bn(base), 1), AMM_BUY_DISCRIMINATOR);
      expect([moved.userBase, moved.userQuote, moved.creatorVault]).toEqual([base, -sdkBuyBase(s, base).totalCost, 0n]);
      const after = swapSolanaStateOf(sandbox, pool, trader.address);
      const sold = await runSwap(await AMM.sellBaseInput(after, bn(base), 1), AMM_SELL_DISCRIMINATOR);
      expect([sold.moved.userBase, sold.moved.userQuote]).toEqual([-base, sdkSellBase(after, base).userReceives]);
    });
  });

  it('never reached for the network', () => {
    expect(connectionSpies.length).toBeGreaterThan(50);
    for (const spy of connectionSpies) expect(spy).not.toHaveBeenCalled();
  });
});
