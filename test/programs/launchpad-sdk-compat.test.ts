import { SANDBOX_STOCK_PAIRS } from '../../core/sandbox/genesis/stock-pairs.js';
import { generateKeyPairSigner, type Address, type KeyPairSigner, type Signature } from '@solana/kit';
import type { PublicKey, TransactionInstruction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LAUNCHPAD_ERRORS } from '../../core/programs/launchpad/errors.js';
import { CURVE_SHAPE, INITIAL_VIRTUAL_NATIVE_RESERVES, INITIAL_VIRTUAL_ZEC_RESERVES, MAX_CREATOR_FEE_BPS } from '../../core/sandbox/genesis/launchpad.js';
import { LIVE_BUYBACK_FEE_RECIPIENTS, LIVE_PROGRAMS } from '../../core/sandbox/genesis/live-addresses.js';
import { SANDBOX_FLAT_FEES } from '../../core/sandbox/genesis/fees.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { fundedWallet, send, tokenBalance, tokens } from '../helpers/launchpad.js';
import { customError } from '../helpers/programs.js';
import { accountInfoOf, addr, big, bn, pk, plain, pumpSdk, selfCpiEventsOf, toKitInstruction, web3 } from '../helpers/pump-sdk.js';

const ZEC = 100_000_000n;
const NATIVE = 1_000_000n;

/**
 * The official SDK (@pump-fun/pump-sdk 2.0.0) against our launchpad program in a sandbox, unchanged:
 * its offline builder (`PumpSdk`, an Anchor Program over no connection) builds create/buy/sell, its own
 * estimators size them from accounts its own decoders read out of the sandbox, and its event decoders
 * read the self-CPI events our program emitted. Only the transport is ours: each web3.js instruction is
 * carried over to kit as is (program, accounts with their flags, data).
 */
describe('the official pump SDK against the sandbox launchpad', () => {
  const sdk = new pumpSdk.PumpSdk();
  // The Anchor coder of the SDK's own offline Program over its IDL (names camelCased, as the SDK uses them).
  const coder = pumpSdk.getPumpProgram(null as never).coder;
  // Every web3.js Connection method, watched: the offline builder must never reach for one.
  const connectionSpies = Object.entries(Object.getOwnPropertyDescriptors(web3.Connection.prototype))
    .filter(([name, d]) => name !== 'constructor' && typeof d.value === 'function')
    .map(([name]) => vi.spyOn(web3.Connection.prototype as unknown as Record<string, (...args: unknown[]) => unknown>, name));
  let sandbox: Sandbox;
  let trader: KeyPairSigner;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    trader = await fundedWallet(sandbox, 1_000n * ZEC);
    await sandbox.faucet.native(trader.address, tokens(1_000_000n * NATIVE));
  });
  afterAll(() => {
    sandbox.close();
    for (const spy of connectionSpies) spy.mockRestore();
  });

  const zec = () => sandbox.profile.mints.zec;
  const native = () => sandbox.profile.mints.native;
  const info = (address: Address | PublicKey) => {
    const account = accountInfoOf(sandbox, address);
    if (!account) throw new Error(`no account ${typeof address === 'string' ? address : address.toBase58()}`);
    return account;
  };
  const global = () => sdk.decodeGlobal(info(pumpSdk.GLOBAL_PDA));
  /** FeeConfig as the SDK decodes it (our fee program allocates the live size, 4097 bytes). */
  const feeConfig = () => sdk.decodeFeeConfig(info(pumpSdk.PUMP_FEE_CONFIG_PDA));
  const quoteControl = () => sdk.decodeQuoteControl(info(pumpSdk.QUOTE_CONTROL_PDA));
  const curvePda = (mint: Address) => pumpSdk.bondingCurvePda(pk(mint));
  const curveOf = (mint: Address) => sdk.decodeBondingCurve(info(curvePda(mint)));
  const balance = (owner: Address, quote: { address: Address; tokenProgram: Address }) => tokenBalance(sandbox, owner, quote.address, quote.tokenProgram);
  const coinsOf = (owner: Address, mint: Address) => tokenBalance(sandbox, owner, mint, TOKEN_2022_PROGRAM);

  /** The events our program emitted in a transaction, decoded by the SDK's Anchor coder (discriminator included). */
  const eventsOf = (signature: Signature) =>
    selfCpiEventsOf(sandbox, signature, LIVE_PROGRAMS.launchpad).map((bytes) => {
      const event = coder.events.decode(bytes.toString('base64'));
      if (!event) throw new Error(`not an IDL event: ${bytes.subarray(0, 8).toString('hex')}`);
      return { name: event.name, data: event.data as Record<string, unknown>, bytes };
    });
  /** The one event named `name`, checked to be byte for byte what the IDL's coder encodes for it. */
  const theEvent = (signature: Signature, name: string) => {
    const events = eventsOf(signature).filter((e) => e.name === name);
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(coder.types.encode(name, event.data).toString('hex')).toBe(event.bytes.subarray(8).toString('hex'));
    return event.bytes.subarray(8);
  };

  async function sendSdk(instructions: readonly TransactionInstruction[], signers: readonly KeyPairSigner[] = []) {
    const result = await send(sandbox, trader, instructions.map(toKitInstruction), signers);
    expect(result.err, result.logs.join('\n')).toBeNull();
    return result.signature;
  }

  it('finds genesis at the SDK addresses and decodes Global, FeeConfig and QuoteControl with its decoders', () => {
    const accounts = sandbox.profile.accounts;
    expect(addr(pumpSdk.PUMP_PROGRAM_ID)).toBe(sandbox.profile.programs['launchpad']);
    expect(addr(pumpSdk.PUMP_FEE_PROGRAM_ID)).toBe(sandbox.profile.programs['fees']);
    expect(addr(pumpSdk.GLOBAL_PDA)).toBe(accounts['launchpadGlobal']);
    expect(addr(pumpSdk.QUOTE_CONTROL_PDA)).toBe(accounts['launchpadQuoteControl']);
    expect(addr(pumpSdk.PUMP_FEE_CONFIG_PDA)).toBe(accounts['launchpadFeeConfig']);
    expect(addr(pumpSdk.PUMP_EVENT_AUTHORITY_PDA)).toBe(accounts['launchpadEventAuthority']);

    const g = plain(global()) as Record<string, unknown>;
    expect(g).toMatchObject({
      initialized: true,
      authority: accounts['launchpadAuthority'],
      feeRecipient: accounts['feeRecipient'],
      initialVirtualTokenReserves: CURVE_SHAPE.initialVirtualTokenReserves,
      initialVirtualSolReserves: 30_000_000_000n,
      initialRealTokenReserves: CURVE_SHAPE.initialRealTokenReserves,
      tokenTotalSupply: CURVE_SHAPE.tokenTotalSupply,
      feeBasisPoints: 5n,
      withdrawAuthority: accounts['launchpadAuthority'],
      enableMigrate: true,
      poolMigrationFee: 0n,
      creatorFeeBasisPoints: 200n,
      setCreatorAuthority: accounts['launchpadAuthority'],
      adminSetCreatorAuthority: accounts['launchpadAuthority'],
      createV2Enabled: true,
      mayhemModeEnabled: false,
      isCashbackEnabled: false,
      buybackFeeRecipients: [...LIVE_BUYBACK_FEE_RECIPIENTS],
      buybackBasisPoints: 0n,
      initialVirtualQuoteReserves: INITIAL_VIRTUAL_ZEC_RESERVES,
      creatorFeeConfigurable: true,
      maxConfigurableCreatorFeeBps: MAX_CREATOR_FEE_BPS,
      isHolderRewardEnabled: false,
    });
    // The sandbox's 8 protocol fee recipients: Global's fee_recipient then 7 fee_recipients, all distinct.
    const recipients = [g['feeRecipient'], ...(g['feeRecipients'] as Address[])];
    expect(recipients).toHaveLength(8);
    expect(new Set(recipients).size).toBe(8);
    expect((g['whitelistedQuoteMints'] as Address[]).filter((m) => m !== addr(web3.PublicKey.default))).toEqual([zec().address]);

    const fees = plain(feeConfig()) as Record<string, unknown>;
    const zeroFees = { lpFeeBps: 0n, protocolFeeBps: 0n, creatorFeeBps: 0n };
    const [, bump] = web3.PublicKey.findProgramAddressSync([Buffer.from('fee_config'), pumpSdk.PUMP_PROGRAM_ID.toBuffer()], pumpSdk.PUMP_FEE_PROGRAM_ID);
    expect(fees).toEqual({
      bump,
      admin: accounts['feesAdmin'],
      flatFees: { lpFeeBps: SANDBOX_FLAT_FEES.lpFeeBps, protocolFeeBps: SANDBOX_FLAT_FEES.protocolFeeBps, creatorFeeBps: SANDBOX_FLAT_FEES.creatorFeeBps },
      feeTiers: [],
      stableFeeTiers: [],
      exoticFlatFees: zeroFees,
    });
    // The SDK's Anchor coder reads the account as stored, to the same values...
    const raw = info(pumpSdk.PUMP_FEE_CONFIG_PDA).data;
    expect(plain(coder.accounts.decode('feeConfig', raw))).toEqual(fees);
    // ...and so does `decodeFeeConfig`, which wants at least the live program's allocation.
    expect(raw.length).toBe(pumpSdk.FEE_CONFIG_CURRENT_SIZE);
    expect(plain(sdk.decodeFeeConfig(info(pumpSdk.PUMP_FEE_CONFIG_PDA)))).toEqual(fees);
    // ZEC is an exotic quote to the SDK, so the flat schedule (the exotic one being unset) prices it.
    expect(pumpSdk.isExoticQuoteMint(pk(zec().address))).toBe(true);
    const schedule = pumpSdk.selectCurveFeeSchedule({ feeConfig: feeConfig(), quoteMint: pk(zec().address), marketCap: bn(0n) });
    expect(plain(schedule)).toEqual({ lpFeeBps: 20n, protocolFeeBps: 5n, creatorFeeBps: 200n });

    // The native coin, then the stocks genesis admits (step 15), each with 10 shares of virtual reserves.
    const admitted = SANDBOX_STOCK_PAIRS.map(({ key }) => sandbox.profile.stocks!.stocks.find((s) => s.key === key)!);
    expect(plain(quoteControl())).toMatchObject({
      mints: [{ mint: native().address, initialVirtualQuoteReserves: INITIAL_VIRTUAL_NATIVE_RESERVES }, ...admitted.map((s) => ({ mint: s.mint, initialVirtualQuoteReserves: 10n * 10n ** BigInt(s.decimals) }))],
    });
    expect(big(pumpSdk.initialVirtualQuoteReservesFor(global(), pk(zec().address), quoteControl()))).toBe(INITIAL_VIRTUAL_ZEC_RESERVES);
    expect(big(pumpSdk.initialVirtualQuoteReservesFor(global(), pk(native().address), quoteControl()))).toBe(INITIAL_VIRTUAL_NATIVE_RESERVES);
  });

  describe('a ZEC curve built, bought and sold by the SDK', () => {
    let mint: KeyPairSigner;
    let creator: Address;

    it('create_v2 (PumpSdk.createV2Instruction, creator fee 200 bps) lands; the SDK reads the curve it predicted and the CreateEvent', async () => {
      mint = await generateKeyPairSigner();
      creator = (await generateKeyPairSigner()).address;
      const ix = await sdk.createV2Instruction({
        mint: pk(mint.address),
        name: 'SDK Coin',
        symbol: 'SDKC',
        uri: 'https://example.com/sdk.json',
        creator: pk(creator),
        user: pk(trader.address),
        mayhemMode: false,
        quoteMint: pk(zec().address),
        quoteTokenProgram: pk(zec().tokenProgram),
        creatorFeeBps: bn(200n),
      });
      const signature = await sendSdk([ix], [mint]);

      const expected = { ...(plain(pumpSdk.newBondingCurve(global(), pk(zec().address), quoteControl(), bn(200n))) as object), creator };
      expect(plain(curveOf(mint.address))).toEqual(expected);
      expect(await coinsOf(addr(curvePda(mint.address)), mint.address)).toBe(CURVE_SHAPE.tokenTotalSupply);
      expect(sandbox.cluster.getAccount(mint.address)!.owner).toBe(TOKEN_2022_PROGRAM);

      const event = plain(sdk.decodeCreateEventBc(theEvent(signature, 'createEvent')));
      expect(event).toMatchObject({
        name: 'SDK Coin',
        symbol: 'SDKC',
        uri: 'https://example.com/sdk.json',
        mint: mint.address,
        bondingCurve: addr(curvePda(mint.address)),
        user: trader.address,
        creator,
        virtualTokenReserves: CURVE_SHAPE.initialVirtualTokenReserves,
        realTokenReserves: CURVE_SHAPE.initialRealTokenReserves,
        tokenTotalSupply: CURVE_SHAPE.tokenTotalSupply,
        tokenProgram: TOKEN_2022_PROGRAM,
        isMayhemMode: false,
        isCashbackEnabled: false,
        quoteMint: zec().address,
        virtualQuoteReserves: INITIAL_VIRTUAL_ZEC_RESERVES,
        creatorFeeBps: 200n,
        isHolderReward: false,
      });
    });

    it('buy_v2 (PumpSdk.buyV2Instructions) for 5 ZEC as the SDK sizes it: charged what the SDK computes, within its slippage', async () => {
      const quoteAmount = 5n * ZEC;
      const bondingCurve = curveOf(mint.address);
      const associatedUser = pumpSdk.quoteAta(pk(trader.address), pk(mint.address), pk(TOKEN_2022_PROGRAM));
      const inputs = { global: global(), feeConfig: feeConfig(), mintSupply: bondingCurve.tokenTotalSupply, bondingCurve, quoteMint: bondingCurve.quoteMint };
      const amount = pumpSdk.getBuyTokenAmountFromSolAmount({ ...inputs, amount: bn(quoteAmount) });
      const sdkCost = big(pumpSdk.getBuySolAmountFromTokenAmount({ ...inputs, amount }));
      expect(sdkCost <= quoteAmount).toBe(true);

      const instructions = await sdk.buyV2Instructions({
        global: inputs.global,
        bondingCurveAccountInfo: info(curvePda(mint.address)),
        bondingCurve,
        associatedUserAccountInfo: accountInfoOf(sandbox, associatedUser),
        mint: pk(mint.address),
        user: pk(trader.address),
        amount,
        quoteAmount: bn(quoteAmount),
        slippage: 1,
        tokenProgram: pk(TOKEN_2022_PROGRAM),
        quoteTokenProgram: pk(zec().tokenProgram),
      });
      expect(instructions).toHaveLength(2); // the trader's coin account, then buy_v2
      const creatorVault = addr(pumpSdk.creatorVaultPda(pk(creator)));
      // The SDK picks the protocol fee recipient at random among Global's; each one's ZEC, before.
      const recipients = [addr(inputs.global.feeRecipient), ...inputs.global.feeRecipients.map(addr)];
      const recipientsBefore = new Map(await Promise.all(recipients.map(async (r) => [r, await balance(r, zec())] as const)));
      const [zecBefore, vaultBefore] = [await balance(trader.address, zec()), await balance(creatorVault, zec())];
      const signature = await sendSdk(instructions);

      const paid = zecBefore - (await balance(trader.address, zec()));
      expect(await coinsOf(trader.address, mint.address)).toBe(big(amount));
      expect(paid).toBe(sdkCost);
      expect(paid <= (quoteAmount * 101n) / 100n).toBe(true);

      const trade = sdk.decodeTradeEventBc(theEvent(signature, 'tradeEvent'));
      const after = curveOf(mint.address);
      const sdkFee = big(pumpSdk.getFee({ ...inputs, amount: trade.quoteAmount, isNewBondingCurve: false }));
      expect(plain(trade)).toMatchObject({
        mint: mint.address,
        isBuy: true,
        user: trader.address,
        tokenAmount: big(amount),
        creator,
        feeBasisPoints: 5n,
        creatorFeeBasisPoints: 200n,
        buybackFeeBasisPoints: 0n,
        buybackFee: 0n,
        mayhemMode: false,
        ixName: 'buy_v2',
        quoteMint: zec().address,
        virtualQuoteReserves: big(after.virtualQuoteReserves),
        virtualTokenReserves: big(after.virtualTokenReserves),
        realQuoteReserves: big(after.realQuoteReserves),
        realTokenReserves: big(after.realTokenReserves),
      });
      expect(big(trade.quoteAmount) + big(trade.fee) + big(trade.creatorFee)).toBe(paid);
      expect(big(trade.fee) + big(trade.creatorFee)).toBe(sdkFee);
      expect(recipients).toContain(addr(trade.feeRecipient));
      expect(await balance(addr(trade.feeRecipient), zec())).toBe(recipientsBefore.get(addr(trade.feeRecipient))! + big(trade.fee));
      expect(await balance(creatorVault, zec())).toBe(vaultBefore + big(trade.creatorFee));
    });

    it('sell_v2 (PumpSdk.sellV2Instructions) of half the coins: the seller gets exactly what the SDK computes', async () => {
      const held = await coinsOf(trader.address, mint.address);
      const amount = bn(held / 2n);
      const bondingCurve = curveOf(mint.address);
      const quoteAmount = pumpSdk.getSellSolAmountFromTokenAmount({ global: global(), feeConfig: feeConfig(), mintSupply: bondingCurve.tokenTotalSupply, bondingCurve, amount });
      const instructions = await sdk.sellV2Instructions({
        global: global(),
        bondingCurveAccountInfo: info(curvePda(mint.address)),
        bondingCurve,
        mint: pk(mint.address),
        user: pk(trader.address),
        amount,
        quoteAmount,
        slippage: 1,
        tokenProgram: pk(TOKEN_2022_PROGRAM),
        quoteTokenProgram: pk(zec().tokenProgram),
      });
      const zecBefore = await balance(trader.address, zec());
      const signature = await sendSdk(instructions);

      expect((await balance(trader.address, zec())) - zecBefore).toBe(big(quoteAmount));
      expect(await coinsOf(trader.address, mint.address)).toBe(held - big(amount));
      const trade = plain(sdk.decodeTradeEventBc(theEvent(signature, 'tradeEvent'))) as Record<string, bigint>;
      expect(trade).toMatchObject({ isBuy: false, tokenAmount: big(amount), ixName: 'sell_v2', creatorFeeBasisPoints: 200n });
      expect(trade['quoteAmount']! - trade['fee']! - trade['creatorFee']!).toBe(big(quoteAmount));
    });

    it('refuses an SDK-built buy whose max quote is short of the cost (6002 TooMuchSolRequired)', async () => {
      const bondingCurve = curveOf(mint.address);
      const amount = bn(1_000_000_000_000n);
      const cost = big(pumpSdk.getBuySolAmountFromTokenAmount({ global: global(), feeConfig: feeConfig(), mintSupply: bondingCurve.tokenTotalSupply, bondingCurve, amount, quoteMint: bondingCurve.quoteMint }));
      const instructions = await sdk.buyV2Instructions({
        global: global(),
        bondingCurveAccountInfo: info(curvePda(mint.address)),
        bondingCurve,
        associatedUserAccountInfo: info(pumpSdk.quoteAta(pk(trader.address), pk(mint.address), pk(TOKEN_2022_PROGRAM))),
        mint: pk(mint.address),
        user: pk(trader.address),
        amount,
        quoteAmount: bn(cost - 1n),
        slippage: 0,
        tokenProgram: pk(TOKEN_2022_PROGRAM),
        quoteTokenProgram: pk(zec().tokenProgram),
      });
      const result = await send(sandbox, trader, instructions.map(toKitInstruction));
      expect(customError(result.err)).toBe(LAUNCHPAD_ERRORS.TooMuchSolRequired);
    });

    it('charges and pays exactly what the SDK computes over many random SDK-built trades', async () => {
      let seed = 0x5dc;
      const random = (limit: bigint): bigint => {
        seed = (seed * 1103515245 + 12345) & 0x7fffffff;
        return (BigInt(seed) * limit) / 0x80000000n;
      };
      for (let i = 0; i < 24; i++) {
        const bondingCurve = curveOf(mint.address);
        const inputs = { global: global(), feeConfig: feeConfig(), mintSupply: bondingCurve.tokenTotalSupply, bondingCurve, quoteMint: bondingCurve.quoteMint };
        const common = { global: inputs.global, bondingCurveAccountInfo: info(curvePda(mint.address)), bondingCurve, mint: pk(mint.address), user: pk(trader.address), slippage: 1, tokenProgram: pk(TOKEN_2022_PROGRAM), quoteTokenProgram: pk(zec().tokenProgram) };
        const held = await coinsOf(trader.address, mint.address);
        const zecBefore = await balance(trader.address, zec());
        if (i % 2 === 0 || held === 0n) {
          const quoteAmount = bn(1_000n + random(20n * ZEC));
          const amount = pumpSdk.getBuyTokenAmountFromSolAmount({ ...inputs, amount: quoteAmount });
          const cost = big(pumpSdk.getBuySolAmountFromTokenAmount({ ...inputs, amount }));
          const associatedUserAccountInfo = accountInfoOf(sandbox, pumpSdk.quoteAta(pk(trader.address), pk(mint.address), pk(TOKEN_2022_PROGRAM)));
          await sendSdk(await sdk.buyV2Instructions({ ...common, associatedUserAccountInfo, amount, quoteAmount }));
          expect(zecBefore - (await balance(trader.address, zec())), `buy for ${quoteAmount.toString()}`).toBe(cost);
          expect(await coinsOf(trader.address, mint.address)).toBe(held + big(amount));
        } else {
          const amount = bn(1n + random(held));
          const out = big(pumpSdk.getSellSolAmountFromTokenAmount({ ...inputs, amount }));
          await sendSdk(await sdk.sellV2Instructions({ ...common, amount, quoteAmount: bn(out) }));
          expect((await balance(trader.address, zec())) - zecBefore, `sell ${amount.toString()}`).toBe(out);
          expect(await coinsOf(trader.address, mint.address)).toBe(held - big(amount));
        }
      }
    });
  });

  it('create_v2 + buy_v2 in one go (PumpSdk.createV2AndBuyV2Instructions, schedule creator rate) on ZEC', async () => {
    const mint = await generateKeyPairSigner();
    const creator = (await generateKeyPairSigner()).address;
    const quoteAmount = bn(2n * ZEC);
    const inputs = { global: global(), feeConfig: feeConfig(), mintSupply: null, bondingCurve: null, quoteMint: pk(zec().address), quoteControl: quoteControl() };
    const amount = pumpSdk.getBuyTokenAmountFromSolAmount({ ...inputs, amount: quoteAmount });
    const sdkCost = big(pumpSdk.getBuySolAmountFromTokenAmount({ ...inputs, amount }));
    const instructions = await sdk.createV2AndBuyV2Instructions({
      global: inputs.global,
      mint: pk(mint.address),
      name: 'SDK Two',
      symbol: 'SDK2',
      uri: 'https://example.com/sdk2.json',
      creator: pk(creator),
      user: pk(trader.address),
      amount,
      quoteAmount,
      mayhemMode: false,
      quoteMint: pk(zec().address),
      quoteTokenProgram: pk(zec().tokenProgram),
    });
    const zecBefore = await balance(trader.address, zec());
    const signature = await sendSdk(instructions, [mint]);

    expect(zecBefore - (await balance(trader.address, zec()))).toBe(sdkCost);
    expect(await coinsOf(trader.address, mint.address)).toBe(big(amount));
    expect(plain(curveOf(mint.address))).toMatchObject({ creator, creatorFeeBps: 0n, quoteMint: zec().address });
    expect(eventsOf(signature).map((e) => e.name)).toEqual(['createEvent', 'tradeEvent']);
    expect(plain(sdk.decodeTradeEventBc(theEvent(signature, 'tradeEvent')))).toMatchObject({ isBuy: true, tokenAmount: big(amount), creatorFeeBasisPoints: 200n, feeBasisPoints: 5n });
  });

  it('create_v2 + buy_v2 on the native coin (a QuoteControl mint under Token-2022), then a sell', async () => {
    const mint = await generateKeyPairSigner();
    const creator = (await generateKeyPairSigner()).address;
    const quote = native();
    const quoteAmount = bn(50_000n * NATIVE);
    const inputs = { global: global(), feeConfig: feeConfig(), mintSupply: null, bondingCurve: null, quoteMint: pk(quote.address), quoteControl: quoteControl() };
    const amount = pumpSdk.getBuyTokenAmountFromSolAmount({ ...inputs, amount: quoteAmount, creatorFeeBps: bn(150n) });
    const sdkCost = big(pumpSdk.getBuySolAmountFromTokenAmount({ ...inputs, amount, creatorFeeBps: bn(150n) }));
    const instructions = await sdk.createV2AndBuyV2Instructions({
      global: inputs.global,
      mint: pk(mint.address),
      name: 'SDK Native',
      symbol: 'SDKN',
      uri: 'https://example.com/sdkn.json',
      creator: pk(creator),
      user: pk(trader.address),
      amount,
      quoteAmount,
      mayhemMode: false,
      quoteMint: pk(quote.address),
      quoteTokenProgram: pk(quote.tokenProgram),
      creatorFeeBps: bn(150n),
    });
    const before = await balance(trader.address, quote);
    await sendSdk(instructions, [mint]);
    expect(before - (await balance(trader.address, quote))).toBe(sdkCost);
    expect(await coinsOf(trader.address, mint.address)).toBe(big(amount));
    const bondingCurve = curveOf(mint.address);
    expect(plain(bondingCurve)).toMatchObject({ creator, creatorFeeBps: 150n, quoteMint: quote.address });

    const sellAmount = bn(big(amount) / 3n);
    const sdkOut = pumpSdk.getSellSolAmountFromTokenAmount({ global: global(), feeConfig: feeConfig(), mintSupply: bondingCurve.tokenTotalSupply, bondingCurve, amount: sellAmount });
    const sell = await sdk.sellV2Instructions({
      global: global(),
      bondingCurveAccountInfo: info(curvePda(mint.address)),
      bondingCurve,
      mint: pk(mint.address),
      user: pk(trader.address),
      amount: sellAmount,
      quoteAmount: sdkOut,
      slippage: 1,
      tokenProgram: pk(TOKEN_2022_PROGRAM),
      quoteTokenProgram: pk(quote.tokenProgram),
    });
    const beforeSell = await balance(trader.address, quote);
    await sendSdk(sell);
    expect((await balance(trader.address, quote)) - beforeSell).toBe(big(sdkOut));
  });

  it('never reached for the network', () => {
    expect(connectionSpies.length).toBeGreaterThan(50);
    for (const spy of connectionSpies) expect(spy).not.toHaveBeenCalled();
  });
});
