import { createRequire } from 'node:module';
import { AccountRole, getAddressDecoder, isSignerRole, isWritableRole, type Address, type Instruction } from '@solana/kit';
import type { AccountInfo, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { EVENT_IX_TAG, findEventAuthority } from '../../core/programs/anchor/event-authority.js';
import type { Bps, TokenUnits } from '../../core/math/units.js';
import {
  BONDING_CURVE_DISCRIMINATOR,
  BONDING_CURVE_SIZE,
  decodeBondingCurve,
  encodeBondingCurve,
  type BondingCurve,
} from '../../core/programs/launchpad/bonding-curve.js';
import { LAUNCHPAD_ERRORS, launchpadErrorName } from '../../core/programs/launchpad/errors.js';
import {
  decodeLaunchpadEvent,
  encodeLaunchpadEvent,
  EVENT_DISCRIMINATORS,
  pickLaunchpadEvents,
  type LaunchpadEvent,
  type LaunchpadEventName,
} from '../../core/programs/launchpad/events.js';
import { decodeGlobal, encodeGlobal, GLOBAL_DISCRIMINATOR, GLOBAL_SIZE, type Global } from '../../core/programs/launchpad/global.js';
import { findMayhemGlobalParams, findMayhemSolVault, findMayhemState, findMayhemTokenVault } from '../../core/programs/launchpad/mayhem.js';
import {
  findAssociatedTokenAccount,
  findBondingCurve,
  findCreatorVault,
  findGlobal,
  findGlobalVolumeAccumulator,
  findHolderRewards,
  findLaunchpadFeeConfig,
  findQuoteControl,
  findSharingConfig,
  findUserVolumeAccumulator,
  type LaunchpadPrograms,
} from '../../core/programs/launchpad/pdas.js';
import {
  decodeQuoteControl,
  encodeQuoteControl,
  isQuoteControl,
  QUOTE_CONTROL_DISCRIMINATOR,
  QUOTE_CONTROL_INITIAL_SIZE,
  type QuoteControl,
} from '../../core/programs/launchpad/quote-control.js';
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '../../core/programs/launchpad/spl-programs.js';
import { addQuoteControlMintInstruction } from '../../core/programs/launchpad/instructions/add-quote-control-mint.js';
import { addQuoteMintInstruction } from '../../core/programs/launchpad/instructions/add-quote-mint.js';
import { buyExactQuoteInV2Instruction, decodeBuyExactQuoteInV2Data } from '../../core/programs/launchpad/instructions/buy-exact-quote-in-v2.js';
import { buyV2Instruction, decodeBuyV2Data } from '../../core/programs/launchpad/instructions/buy-v2.js';
import { collectCreatorFeeV2Instruction } from '../../core/programs/launchpad/instructions/collect-creator-fee-v2.js';
import { createV2Instruction, decodeCreateV2Data, type CreateV2Args } from '../../core/programs/launchpad/instructions/create-v2.js';
import { initializeQuoteControlInstruction } from '../../core/programs/launchpad/instructions/initialize-quote-control.js';
import { initializeInstruction } from '../../core/programs/launchpad/instructions/initialize.js';
import { removeQuoteControlMintInstruction } from '../../core/programs/launchpad/instructions/remove-quote-control-mint.js';
import { removeQuoteMintInstruction } from '../../core/programs/launchpad/instructions/remove-quote-mint.js';
import { decodeSellV2Data, sellV2Instruction } from '../../core/programs/launchpad/instructions/sell-v2.js';
import { decodeSetParamsData, setParamsInstruction, type SetParamsArgs } from '../../core/programs/launchpad/instructions/set-params.js';
import { setReservedFeeRecipientsInstruction } from '../../core/programs/launchpad/instructions/set-reserved-fee-recipients.js';
import { toggleCreateV2Instruction } from '../../core/programs/launchpad/instructions/toggle-create-v2.js';
import type { TradeV2Parties } from '../../core/programs/launchpad/instructions/trade-v2-accounts.js';
import { updateBuybackConfigInstruction } from '../../core/programs/launchpad/instructions/update-buyback-config.js';

/**
 * Our launchpad codecs against the reference SDK (@pump-fun/pump-sdk 2.0.0, its Anchor coders and
 * builders), offline. The SDK's ESM entry does not load under Node 20 (nor under vitest), so its
 * CommonJS build is required, together with the web3.js and bn.js it uses.
 */
const require = createRequire(import.meta.url);
const sdk = require('@pump-fun/pump-sdk');
const web3 = require('@solana/web3.js') as typeof import('@solana/web3.js');
const BN = require('bn.js') as new (value: string) => { toString(): string };

// An Anchor Program over the IDL; nothing here touches the connection.
const program = sdk.getPumpProgram(new web3.Connection('http://127.0.0.1:9'));
const PUMP = sdk.PUMP_SDK;
const programs: LaunchpadPrograms = {
  launchpad: sdk.PUMP_PROGRAM_ID.toBase58(),
  fees: sdk.PUMP_FEE_PROGRAM_ID.toBase58(),
  mayhem: sdk.MAYHEM_PROGRAM_ID.toBase58(),
};

// ---- the IDL drives random values and the conversion between our values and Anchor's ----

type IdlType = string | { array: [IdlType, number] } | { vec: IdlType } | { option: IdlType } | { defined: { name: string } };
interface IdlField {
  readonly name: string;
  readonly type: IdlType;
}
interface IdlTypeDef {
  readonly name: string;
  readonly type: { readonly fields: readonly IdlField[] };
}
const idl = sdk.pumpIdl as {
  instructions: { name: string; discriminator: number[]; args: IdlField[] }[];
  accounts: { name: string; discriminator: number[] }[];
  events: { name: string; discriminator: number[] }[];
  errors: { name: string; code: number }[];
  types: IdlTypeDef[];
};
const idlTypes = new Map(idl.types.map((t) => [t.name, t]));
const camel = (name: string) => name.replace(/^_+/, '').replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const fieldsOf = (name: string) => idlTypes.get(name)!.type.fields;

let state = 0x1234_5678_9abc_def0n;
const MASK = (1n << 64n) - 1n;
/** splitmix64: the same values on every run. */
function nextU64(): bigint {
  state = (state + 0x9e3779b97f4a7c15n) & MASK;
  let z = state;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return z ^ (z >> 31n);
}
const below = (n: number) => Number(nextU64() % BigInt(n));
const randomBytes = (n: number) => Uint8Array.from({ length: n }, () => below(256));
const randomAddress = () => getAddressDecoder().decode(randomBytes(32));
const WORDS = ['Zcash', 'coin', '🌱', 'ñandú', '株式', 'x', '', 'a\u0000b', 'https://example.org/m.json'];
const randomString = () => Array.from({ length: below(4) }, () => WORDS[below(WORDS.length)]).join(' ');

/** A random value of an IDL type in our representation (camelCase fields, bigint, Address). */
function randomOf(type: IdlType): unknown {
  if (typeof type === 'string') {
    switch (type) {
      case 'pubkey': return randomAddress();
      case 'u64': return nextU64();
      case 'i64': return BigInt.asIntN(64, nextU64());
      case 'u16': return BigInt(below(65_536));
      case 'bool': return below(2) === 1;
      case 'string': return randomString();
      default: throw new Error(`no random ${type}`);
    }
  }
  if ('array' in type) {
    const [item, size] = type.array;
    return item === 'u8' ? randomBytes(size) : Array.from({ length: size }, () => randomOf(item));
  }
  if ('vec' in type) return Array.from({ length: below(4) }, () => randomOf(type.vec));
  if ('option' in type) return below(2) === 1 ? randomOf(type.option) : null;
  return Object.fromEntries(fieldsOf(type.defined.name).map((f) => [camel(f.name), randomOf(f.type)]));
}

/** Our representation -> the objects Anchor's coders take (PublicKey, BN, number). */
function toSdk(type: IdlType, value: unknown): unknown {
  if (typeof type === 'string') {
    if (type === 'pubkey') return new web3.PublicKey(value as string);
    if (type === 'u64' || type === 'i64') return new BN((value as bigint).toString());
    if (type === 'u16' || type === 'u8') return Number(value);
    return value;
  }
  if ('array' in type) return type.array[0] === 'u8' ? Array.from(value as Uint8Array) : (value as unknown[]).map((v) => toSdk(type.array[0], v));
  if ('vec' in type) return (value as unknown[]).map((v) => toSdk(type.vec, v));
  if ('option' in type) return value === null ? null : toSdk(type.option, value);
  const record = value as Record<string, unknown>;
  return Object.fromEntries(fieldsOf(type.defined.name).map((f) => [camel(f.name), toSdk(f.type, record[camel(f.name)])]));
}

/** Anchor's decoded objects -> our representation. */
function fromSdk(type: IdlType, value: unknown): unknown {
  if (typeof type === 'string') {
    if (type === 'pubkey') return (value as PublicKey).toBase58();
    if (type === 'u64' || type === 'i64' || type === 'u16') return BigInt(String(value));
    return value;
  }
  if ('array' in type) return type.array[0] === 'u8' ? Uint8Array.from(value as number[]) : (value as unknown[]).map((v) => fromSdk(type.array[0], v));
  if ('vec' in type) return (value as unknown[]).map((v) => fromSdk(type.vec, v));
  if ('option' in type) return value === null ? null : fromSdk(type.option, value);
  const record = value as Record<string, unknown>;
  return Object.fromEntries(fieldsOf(type.defined.name).map((f) => [camel(f.name), fromSdk(f.type, record[camel(f.name)])]));
}

const defined = (name: string): IdlType => ({ defined: { name } });
const accountInfo = (data: Uint8Array): AccountInfo<Buffer> => ({ data: Buffer.from(data), executable: false, lamports: 0, owner: sdk.PUMP_PROGRAM_ID, rentEpoch: 0 });
const discriminatorOf = (list: { name: string; discriminator: number[] }[], name: string) => Uint8Array.from(list.find((x) => x.name === name)!.discriminator);

/**
 * Anchor's account/type coders encode into a fixed 1000-byte buffer, too small for Global; the layout
 * they hold encodes into any buffer.
 */
function anchorEncode(typeName: string, value: unknown): Uint8Array {
  const layout = (program.coder.types as unknown as { typeLayouts: Map<string, { encode(v: unknown, b: Buffer): number }> }).typeLayouts.get(camel(typeName.charAt(0).toLowerCase() + typeName.slice(1)))!;
  const buffer = Buffer.alloc(8192);
  const length = layout.encode(toSdk(defined(typeName), value), buffer);
  return Uint8Array.from(buffer.subarray(0, length));
}
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => Array.from(p)));

// ---- instructions compared as (program, accounts with roles, data) ----

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');
function sdkInstruction(ix: TransactionInstruction) {
  return {
    program: ix.programId.toBase58(),
    accounts: ix.keys.map((k) => ({ address: k.pubkey.toBase58(), signer: k.isSigner, writable: k.isWritable })),
    data: hex(ix.data),
  };
}
function ourInstruction(ix: Instruction) {
  return {
    program: ix.programAddress,
    accounts: (ix.accounts ?? []).map((a) => ({ address: a.address, signer: isSignerRole(a.role), writable: isWritableRole(a.role) })),
    data: hex(Uint8Array.from(ix.data ?? [])),
  };
}
const pk = (address: Address) => new web3.PublicKey(address);
const bn = (value: bigint) => new BN(value.toString());

describe('launchpad codecs against the reference SDK', () => {
  it('derives every PDA the v2 instructions use as the SDK does', async () => {
    const p = programs.launchpad;
    expect(await findGlobal(p)).toBe(sdk.GLOBAL_PDA.toBase58());
    expect(await findQuoteControl(p)).toBe(sdk.QUOTE_CONTROL_PDA.toBase58());
    expect(await findGlobalVolumeAccumulator(p)).toBe(sdk.GLOBAL_VOLUME_ACCUMULATOR_PDA.toBase58());
    expect(await findLaunchpadFeeConfig(programs)).toBe(sdk.PUMP_FEE_CONFIG_PDA.toBase58());
    expect(await findEventAuthority(p)).toBe(sdk.PUMP_EVENT_AUTHORITY_PDA.toBase58());
    expect(await findMayhemGlobalParams(programs.mayhem)).toBe(sdk.getGlobalParamsPda().toBase58());
    expect(await findMayhemSolVault(programs.mayhem)).toBe(sdk.getSolVaultPda().toBase58());
    for (let i = 0; i < 8; i++) {
      const mint = randomAddress();
      const wallet = randomAddress();
      const tokenProgram = i % 2 ? TOKEN_PROGRAM_ADDRESS : TOKEN_2022_PROGRAM_ADDRESS;
      expect(await findBondingCurve(p, mint)).toBe(sdk.bondingCurvePda(pk(mint)).toBase58());
      expect(await findCreatorVault(p, wallet)).toBe(sdk.creatorVaultPda(pk(wallet)).toBase58());
      expect(await findUserVolumeAccumulator(p, wallet)).toBe(sdk.userVolumeAccumulatorPda(pk(wallet)).toBase58());
      expect(await findHolderRewards(p, mint)).toBe(sdk.holderRewardsPda(pk(mint)).toBase58());
      expect(await findSharingConfig(programs.fees, mint)).toBe(sdk.feeSharingConfigPda(pk(mint)).toBase58());
      expect(await findMayhemState(programs.mayhem, mint)).toBe(sdk.getMayhemStatePda(pk(mint)).toBase58());
      expect(await findMayhemTokenVault(programs.mayhem, mint)).toBe(sdk.getTokenVaultPda(pk(mint)).toBase58());
      // Off-curve owners (PDAs) as well as wallets.
      const owner = i < 4 ? wallet : await findBondingCurve(p, mint);
      expect(await findAssociatedTokenAccount(owner, mint, tokenProgram)).toBe(sdk.quoteAta(pk(owner), pk(mint), pk(tokenProgram)).toBase58());
    }
  });

  it('uses the IDL discriminators and error codes', () => {
    expect(GLOBAL_DISCRIMINATOR).toEqual(discriminatorOf(idl.accounts, 'Global'));
    expect(BONDING_CURVE_DISCRIMINATOR).toEqual(discriminatorOf(idl.accounts, 'BondingCurve'));
    expect(QUOTE_CONTROL_DISCRIMINATOR).toEqual(discriminatorOf(idl.accounts, 'QuoteControl'));
    for (const name of Object.keys(EVENT_DISCRIMINATORS) as LaunchpadEventName[]) {
      expect(EVENT_DISCRIMINATORS[name]).toEqual(discriminatorOf(idl.events, name));
    }
    expect({ ...LAUNCHPAD_ERRORS }).toEqual(Object.fromEntries(idl.errors.map((e) => [e.name, e.code])));
    expect(Object.isFrozen(LAUNCHPAD_ERRORS)).toBe(true);
    expect(launchpadErrorName(6075)).toBe('InvalidQuoteControl');
    expect(launchpadErrorName(6094)).toBeUndefined();
  });

  describe('accounts', () => {
    it('Global: ours -> SDK and SDK -> ours, random values', () => {
      for (let i = 0; i < 25; i++) {
        const global = randomOf(defined('Global')) as Global;
        const ours = encodeGlobal(global);
        expect(ours.length).toBe(GLOBAL_SIZE);
        expect(ours.length).toBe(sdk.GLOBAL_SIZE);
        expect(fromSdk(defined('Global'), PUMP.decodeGlobal(accountInfo(ours)))).toEqual(global);
        const theirs = concat(GLOBAL_DISCRIMINATOR, anchorEncode('Global', global));
        expect(hex(theirs)).toBe(hex(ours));
        expect(decodeGlobal(theirs)).toEqual(global);
      }
    });

    it('Global: shorter live layouts read with the missing fields at zero, as the SDK reads them', () => {
      const full = encodeGlobal(randomOf(defined('Global')) as Global);
      for (const length of [1045, 1054]) {
        const short = full.slice(0, length);
        expect(decodeGlobal(short)).toEqual(fromSdk(defined('Global'), PUMP.decodeGlobal(accountInfo(short))));
      }
      expect(decodeGlobal(full.slice(0, 1045)).maxConfigurableCreatorFeeBps).toBe(0n);
      expect(() => decodeGlobal(full.slice(0, 1000))).toThrow(/Global/);
      expect(() => decodeGlobal(encodeBondingCurve(randomOf(defined('BondingCurve')) as BondingCurve))).toThrow(/Global/);
    });

    it('BondingCurve: both directions, and every layout length the program has written', () => {
      for (let i = 0; i < 25; i++) {
        const curve = randomOf(defined('BondingCurve')) as BondingCurve;
        const ours = encodeBondingCurve(curve);
        expect(ours.length).toBe(BONDING_CURVE_SIZE);
        expect(fromSdk(defined('BondingCurve'), PUMP.decodeBondingCurve(accountInfo(ours)))).toEqual(curve);
        const theirs = concat(BONDING_CURVE_DISCRIMINATOR, anchorEncode('BondingCurve', curve));
        expect(hex(theirs)).toBe(hex(ours));
        expect(decodeBondingCurve(theirs)).toEqual(curve);
        for (const length of [49, 81, 82, 83, 115, 124]) {
          const short = ours.slice(0, length);
          expect(decodeBondingCurve(short)).toEqual(fromSdk(defined('BondingCurve'), PUMP.decodeBondingCurve(accountInfo(short))));
        }
        // Extended to 151 bytes: the tail is not read.
        expect(decodeBondingCurve(concat(ours, randomBytes(26)))).toEqual(curve);
      }
      expect(() => decodeBondingCurve(new Uint8Array(48))).toThrow(/BondingCurve/);
    });

    it('QuoteControl: both directions, the pre-allocated tail ignored, an over-declared list refused', () => {
      for (const entries of [0, 1, 3, 50, 51]) {
        const control: QuoteControl = {
          admin: randomAddress(),
          reserved: randomBytes(64),
          mints: Array.from({ length: entries }, () => ({ mint: randomAddress(), initialVirtualQuoteReserves: nextU64() })),
        };
        const exact = encodeQuoteControl(control);
        const allocated = encodeQuoteControl(control, Math.max(QUOTE_CONTROL_INITIAL_SIZE, exact.length + 40));
        for (const data of [exact, allocated]) {
          expect(isQuoteControl(data)).toBe(true);
          expect(decodeQuoteControl(data)).toEqual(control);
          expect(fromSdk(defined('QuoteControl'), PUMP.decodeQuoteControl(accountInfo(data)))).toEqual(control);
        }
        const theirs = concat(QUOTE_CONTROL_DISCRIMINATOR, anchorEncode('QuoteControl', control));
        expect(hex(theirs)).toBe(hex(exact));
        // Stale entries past the declared length are not part of the list.
        const stale = allocated.slice();
        new DataView(stale.buffer).setUint32(104, Math.max(0, entries - 1), true);
        expect(decodeQuoteControl(stale).mints).toEqual(control.mints.slice(0, Math.max(0, entries - 1)));
        const overDeclared = exact.slice();
        new DataView(overDeclared.buffer).setUint32(104, entries + 1, true);
        expect(isQuoteControl(overDeclared)).toBe(false);
        expect(() => PUMP.decodeQuoteControl(accountInfo(overDeclared))).toThrow();
      }
    });
  });

  describe('instructions', () => {
    const createArgs = (over: Partial<CreateV2Args> = {}): CreateV2Args => ({
      name: `Seed ${randomString()}`,
      symbol: 'SEED',
      uri: 'https://example.org/seed.json',
      creator: randomAddress(),
      isMayhemMode: false,
      isCashbackEnabled: false,
      creatorFeeBps: BigInt(below(500)) as Bps,
      isHolderReward: false,
      ...over,
    });
    const sdkCreate = (mint: Address, user: Address, a: CreateV2Args, quote?: { mint: Address; tokenProgram: Address }) =>
      PUMP.createV2Instruction({
        mint: pk(mint),
        name: a.name,
        symbol: a.symbol,
        uri: a.uri,
        creator: pk(a.creator),
        user: pk(user),
        mayhemMode: a.isMayhemMode,
        cashback: a.isCashbackEnabled,
        creatorFeeBps: bn(a.creatorFeeBps),
        holderReward: a.isHolderReward,
        ...(quote ? { quoteMint: pk(quote.mint), quoteTokenProgram: pk(quote.tokenProgram) } : {}),
      });

    it('create_v2 on SOL and on token quotes (remaining accounts), data and accounts', async () => {
      const cases = [
        { quote: undefined, over: {} },
        { quote: { mint: randomAddress(), tokenProgram: TOKEN_PROGRAM_ADDRESS }, over: { isHolderReward: true } },
        { quote: { mint: randomAddress(), tokenProgram: TOKEN_2022_PROGRAM_ADDRESS }, over: { isMayhemMode: true, isCashbackEnabled: true } },
      ];
      for (const { quote, over } of cases) {
        const mint = randomAddress();
        const user = randomAddress();
        const a = createArgs(over);
        const ours = await createV2Instruction({ programs, mint, user, ...(quote ? { quote } : {}) }, a);
        expect(ourInstruction(ours)).toEqual(sdkInstruction(await sdkCreate(mint, user, a, quote)));
        expect(ours.accounts).toHaveLength(quote ? 20 : 16);
        expect(decodeCreateV2Data(ours.data!)).toEqual(a);
      }
    });

    it('create_v2 data: OptionBool/OptionU64 are tagless, and read as false/0 where the data ends', async () => {
      const a = createArgs({ creatorFeeBps: 250n as Bps, isHolderReward: true, isCashbackEnabled: true });
      const ix = await createV2Instruction({ programs, mint: randomAddress(), user: randomAddress() }, a);
      const data = ix.data!;
      expect(Array.from(data.slice(-10))).toEqual([1, 250, 0, 0, 0, 0, 0, 0, 0, 1]);
      expect(decodeCreateV2Data(data.slice(0, -1))).toEqual({ ...a, isHolderReward: false });
      expect(decodeCreateV2Data(data.slice(0, -9))).toEqual({ ...a, creatorFeeBps: 0n, isHolderReward: false });
      expect(decodeCreateV2Data(data.slice(0, -10))).toEqual({ ...a, isCashbackEnabled: false, creatorFeeBps: 0n, isHolderReward: false });
      expect(() => decodeCreateV2Data(data.slice(0, -5))).toThrow();
    });

    const tradeParties = (quoteTokenProgram: Address): TradeV2Parties => ({
      programs,
      baseMint: randomAddress(),
      baseTokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      quoteMint: randomAddress(),
      quoteTokenProgram,
      user: randomAddress(),
      creator: randomAddress(),
      feeRecipient: randomAddress(),
      buybackFeeRecipient: randomAddress(),
    });
    const sdkTradeInput = (t: TradeV2Parties) => ({
      user: pk(t.user),
      mint: pk(t.baseMint),
      creator: pk(t.creator),
      feeRecipient: pk(t.feeRecipient),
      buybackFeeRecipient: pk(t.buybackFeeRecipient),
      tokenProgram: pk(t.baseTokenProgram),
      quoteMint: pk(t.quoteMint),
      quoteTokenProgram: pk(t.quoteTokenProgram),
    });

    it('buy_v2 and sell_v2 as the SDK builds them', async () => {
      for (const quoteProgram of [TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS]) {
        const t = tradeParties(quoteProgram);
        const amount = nextU64() as TokenUnits;
        const quote = nextU64();
        const buy = await buyV2Instruction(t, { amount, maxQuoteCost: quote });
        const sdkBuy = await PUMP.getBuyV2InstructionRaw({ ...sdkTradeInput(t), amount: bn(amount), quoteAmount: bn(quote) });
        expect(ourInstruction(buy)).toEqual(sdkInstruction(sdkBuy));
        expect(buy.accounts).toHaveLength(27);
        expect(decodeBuyV2Data(Uint8Array.from(sdkBuy.data))).toEqual({ amount, maxQuoteCost: quote });

        const sell = await sellV2Instruction(t, { amount, minQuoteOutput: quote });
        const sdkSell = await PUMP.getSellV2InstructionRaw({ ...sdkTradeInput(t), amount: bn(amount), quoteAmount: bn(quote) });
        expect(ourInstruction(sell)).toEqual(sdkInstruction(sdkSell));
        expect(sell.accounts).toHaveLength(26);
        expect(decodeSellV2Data(Uint8Array.from(sdkSell.data))).toEqual({ amount, minQuoteOutput: quote });
      }
    });

    it('buy_exact_quote_in_v2 as Anchor resolves it from the IDL seeds', async () => {
      const t = tradeParties(TOKEN_PROGRAM_ADDRESS);
      const spendableQuoteIn = nextU64();
      const minTokensOut = nextU64() as TokenUnits;
      const ours = await buyExactQuoteInV2Instruction(t, { spendableQuoteIn, minTokensOut });
      // Only the accounts the IDL cannot derive: creator_vault's seed is read from the curve's data.
      const theirs = await program.methods
        .buyExactQuoteInV2(bn(spendableQuoteIn), bn(minTokensOut))
        .accountsPartial({
          baseMint: pk(t.baseMint),
          quoteMint: pk(t.quoteMint),
          baseTokenProgram: pk(t.baseTokenProgram),
          quoteTokenProgram: pk(t.quoteTokenProgram),
          feeRecipient: pk(t.feeRecipient),
          buybackFeeRecipient: pk(t.buybackFeeRecipient),
          user: pk(t.user),
          associatedBaseUser: pk(await findAssociatedTokenAccount(t.user, t.baseMint, t.baseTokenProgram)),
          associatedQuoteUser: pk(await findAssociatedTokenAccount(t.user, t.quoteMint, t.quoteTokenProgram)),
          creatorVault: pk(await findCreatorVault(programs.launchpad, t.creator)),
        })
        .instruction();
      expect(ourInstruction(ours)).toEqual(sdkInstruction(theirs));
      expect(decodeBuyExactQuoteInV2Data(ours.data!)).toEqual({ spendableQuoteIn, minTokensOut });
    });

    it('collect_creator_fee_v2', async () => {
      const creator = randomAddress();
      const quoteMint = randomAddress();
      const ours = await collectCreatorFeeV2Instruction({ launchpad: programs.launchpad, creator, quoteMint, quoteTokenProgram: TOKEN_PROGRAM_ADDRESS });
      const theirs = await program.methods
        .collectCreatorFeeV2()
        .accountsPartial({ creator: pk(creator), quoteMint: pk(quoteMint), quoteTokenProgram: pk(TOKEN_PROGRAM_ADDRESS) })
        .instruction();
      expect(ourInstruction(ours)).toEqual(sdkInstruction(theirs));
    });

    it('the admin instructions', async () => {
      const launchpad = programs.launchpad;
      const authority = randomAddress();
      const quoteMint = randomAddress();
      const anchor = (method: string, args: unknown[], accounts: Record<string, unknown>, remaining: unknown[] = []) =>
        program.methods[method](...args).accountsPartial(accounts).remainingAccounts(remaining).instruction() as Promise<TransactionInstruction>;
      const same = async (ours: Promise<Instruction>, theirs: Promise<TransactionInstruction>) =>
        expect(ourInstruction(await ours)).toEqual(sdkInstruction(await theirs));

      await same(initializeInstruction({ launchpad, user: authority }), anchor('initialize', [], { user: pk(authority) }));

      const setParamsIdlArgs = idl.instructions.find((i) => i.name === 'set_params')!.args;
      const params = Object.fromEntries(setParamsIdlArgs.map((f) => [camel(f.name), randomOf(f.type)])) as unknown as SetParamsArgs;
      const extra = [randomAddress(), randomAddress()].map((address) => ({ address, role: AccountRole.READONLY }));
      const ours = await setParamsInstruction({ launchpad, authority, remainingAccounts: extra }, params);
      await same(
        Promise.resolve(ours),
        anchor(
          'setParams',
          setParamsIdlArgs.map((f) => toSdk(f.type, (params as unknown as Record<string, unknown>)[camel(f.name)])),
          { authority: pk(authority) },
          extra.map((e) => ({ pubkey: pk(e.address), isSigner: false, isWritable: false })),
        ),
      );
      expect(decodeSetParamsData(ours.data!)).toEqual(params);

      await same(addQuoteMintInstruction({ launchpad, authority, quoteMint }), anchor('addQuoteMint', [pk(quoteMint)], { authority: pk(authority) }));
      await same(removeQuoteMintInstruction({ launchpad, authority, quoteMint }), anchor('removeQuoteMint', [pk(quoteMint)], { authority: pk(authority) }));
      await same(initializeQuoteControlInstruction({ launchpad, user: authority }), PUMP.initializeQuoteControlInstruction({ user: pk(authority) }));
      const reserves = nextU64();
      await same(
        addQuoteControlMintInstruction({ launchpad, authority }, { quoteMint, initialVirtualQuoteReserves: reserves }),
        PUMP.addQuoteControlMintInstruction({ authority: pk(authority), quoteMint: pk(quoteMint), initialVirtualQuoteReserves: bn(reserves) }),
      );
      await same(
        removeQuoteControlMintInstruction({ launchpad, authority, quoteMint }),
        anchor('removeQuoteControlMint', [pk(quoteMint)], { authority: pk(authority) }),
      );
      const recipients = Array.from({ length: 8 }, randomAddress);
      await same(
        updateBuybackConfigInstruction({ launchpad, authority, buybackBasisPoints: 1234n as Bps, buybackFeeRecipients: recipients }),
        anchor('updateBuybackConfig', [bn(1234n)], { authority: pk(authority) }, recipients.map((r) => ({ pubkey: pk(r), isSigner: false, isWritable: false }))),
      );
      await same(
        updateBuybackConfigInstruction({ launchpad, authority, buybackBasisPoints: null }),
        anchor('updateBuybackConfig', [null], { authority: pk(authority) }),
      );
      await expect(updateBuybackConfigInstruction({ launchpad, authority, buybackBasisPoints: null, buybackFeeRecipients: recipients.slice(1) })).rejects.toThrow(RangeError);
      const whitelist = randomAddress();
      await same(
        setReservedFeeRecipientsInstruction({ launchpad, authority, whitelistPda: whitelist }),
        anchor('setReservedFeeRecipients', [pk(whitelist)], { authority: pk(authority) }),
      );
      await same(toggleCreateV2Instruction({ launchpad, authority, enabled: true }), anchor('toggleCreateV2', [true], { authority: pk(authority) }));
    });
  });

  describe('events', () => {
    const NAMES: LaunchpadEventName[] = ['CreateEvent', 'TradeEvent', 'CompleteEvent', 'CollectCreatorFeeEvent'];
    const randomEvent = (name: LaunchpadEventName) => ({ name, data: randomOf(defined(name)) }) as LaunchpadEvent;
    const sdkDecoders: Record<LaunchpadEventName, (data: Buffer) => unknown> = {
      CreateEvent: (d) => PUMP.decodeCreateEventBc(d),
      TradeEvent: (d) => PUMP.decodeTradeEventBc(d),
      CompleteEvent: (d) => PUMP.decodeCompleteEventBc(d),
      CollectCreatorFeeEvent: (d) => PUMP.decodeCollectCreatorFeeEventBc(d),
    };

    it('decodes what Anchor encodes, and the SDK and Anchor event coder decode what we encode', () => {
      for (let i = 0; i < 15; i++) {
        for (const name of NAMES) {
          const event = randomEvent(name);
          const body = anchorEncode(name, event.data);
          const anchorData = concat(EVENT_IX_TAG, discriminatorOf(idl.events, name), body);
          expect(decodeLaunchpadEvent(anchorData)).toEqual(event);

          const ours = encodeLaunchpadEvent(event);
          expect(hex(ours)).toBe(hex(anchorData));
          expect(fromSdk(defined(name), sdkDecoders[name](Buffer.from(ours.subarray(16))))).toEqual(event.data);
          const logged = program.coder.events.decode(Buffer.from(ours.subarray(8)).toString('base64'));
          expect(logged.name).toBe(camel(name.charAt(0).toLowerCase() + name.slice(1)));
          expect(fromSdk(defined(name), logged.data)).toEqual(event.data);
        }
      }
    });

    it('reads events of older layouts with the trailing fields at their defaults, as the SDK does', () => {
      const create = randomEvent('CreateEvent');
      const trade = randomEvent('TradeEvent');
      const cases: [LaunchpadEvent, number, Record<string, unknown>][] = [
        [create, 1, { isHolderReward: false }],
        [create, 9, { creatorFeeBps: 0n, isHolderReward: false }],
        [trade, 16, { holderRewardsBps: 0n, holderRewards: 0n }],
      ];
      for (const [event, cut, defaults] of cases) {
        const data = encodeLaunchpadEvent(event).slice(0, -cut);
        const decoded = decodeLaunchpadEvent(data)!;
        expect(decoded.data).toEqual({ ...event.data, ...defaults });
        expect(fromSdk(defined(event.name), sdkDecoders[event.name](Buffer.from(data.subarray(16))))).toEqual(decoded.data);
      }
      expect(() => decodeLaunchpadEvent(encodeLaunchpadEvent(trade).slice(0, -20))).toThrow();
    });

    it('picks the launchpad events out of a transaction\'s inner instructions, in order', () => {
      const events = NAMES.map(randomEvent);
      const setParamsEvent = concat(EVENT_IX_TAG, discriminatorOf(idl.events, 'SetParamsEvent'), randomBytes(40));
      const transfer = Uint8Array.from([3, ...randomBytes(8)]);
      const inner = [transfer, encodeLaunchpadEvent(events[1]!), setParamsEvent, encodeLaunchpadEvent(events[0]!), new Uint8Array(0), encodeLaunchpadEvent(events[3]!), encodeLaunchpadEvent(events[2]!)];
      expect(pickLaunchpadEvents(inner)).toEqual([events[1], events[0], events[3], events[2]]);
      expect(decodeLaunchpadEvent(setParamsEvent)).toBeNull();
      expect(decodeLaunchpadEvent(transfer)).toBeNull();
    });
  });
});
