import { Type, type Static } from 'typebox';
import type { Address } from '@solana/kit';
import { NATIVE_SYMBOL, type NativePair } from '../../config/profile.js';
import type { CoinRow } from '../../index/store/index-store.js';
import { spotValueZec, type NativeRate } from '../../index/valuation.js';
import { findPool, findPumpPoolAuthority } from '../../programs/amm/pdas.js';
import { findBondingCurve } from '../../programs/launchpad/pdas.js';
import { AddressString, Amount, UnixSeconds } from './common.js';

/** The stage names (not shown by the spec; ours): trading on the curve, curve complete awaiting migration, trading on the pool. */
export const STAGES = ['curve', 'complete', 'pool'] as const;

export const NativePairBlock = Type.Object(
  {
    key: Type.Literal('native'),
    symbol: Type.String({ description: "the native coin's symbol" }),
    mint: AddressString("the native coin's mint (Token-2022, 6 decimals)"),
    pool: AddressString('the native-coin/ZEC pool'),
  },
  { description: 'Present for a coin paired with the native coin; absent for a coin paired with ZEC.' },
);

export const RouteBlock = Type.Object(
  {
    instruction: Type.Literal('multi_hop_swap'),
    program: AddressString('the launchpad AMM program'),
    hops: Type.Array(
      Type.Object({ venue: Type.Union([Type.Literal('pool'), Type.Literal('curve')]), address: AddressString(), base: AddressString(), quote: AddressString() }),
      { minItems: 2, maxItems: 2, description: 'in buy order; a sale runs them backwards' },
    ),
  },
  { description: 'Detail answer of a native-paired coin only.' },
);

export const Coin = Type.Object(
  {
    mint: AddressString(),
    name: Type.String(),
    symbol: Type.String(),
    uri: Type.String(),
    deployer: AddressString('the wallet that planted it'),
    creator: AddressString("the coin's creator on the launchpad (its coin-authority address)"),
    stage: Type.Union([Type.Literal('curve'), Type.Literal('complete'), Type.Literal('pool')], { description: '`curve`, `complete` (awaiting migration) or `pool`' }),
    createdAt: UnixSeconds('block time of the planting'),
    createdSignature: Type.String(),
    pair: Type.Optional(NativePairBlock),
    payee: Type.Union([Type.Object({ kind: Type.Literal('wallet'), wallet: AddressString() }), Type.Object({ kind: Type.Literal('holders') }), Type.Null()], {
      description: "who receives the deployer's 40%",
    }),
    reserves: Type.Object(
      {
        curve: Type.Union([
          Type.Object({ virtualToken: Amount('raw coin units'), virtualQuote: Amount("the pair's quote base units"), realToken: Amount('raw coin units'), realQuote: Amount("the pair's quote base units") }),
          Type.Null(),
        ]),
        pool: Type.Union([Type.Object({ address: AddressString(), base: Amount('raw coin units'), quote: Amount("the pair's quote base units") }), Type.Null()]),
      },
      { description: "raw reserves of the venues; a native-paired coin's quote side is in native-coin base units (6 decimals)" },
    ),
    priceZecE9: Amount('spot price of one whole coin in ZEC times 1e9 (a paired coin at its pair\'s ZEC rate now)'),
    priceZecE18: Amount('an addition: the same spot price times 1e18, floored once (priceZecE9 is this divided by 1e9)'),
    marketCapZec: Amount('the total supply at the spot price, in zat'),
    volumeZec: Amount('counted trade volume in zat'),
    creatorFeesZec: Amount('creator fees its trades paid, in zat'),
    trades: Type.Integer({ minimum: 0 }),
    buys: Type.Integer({ minimum: 0 }),
    sells: Type.Integer({ minimum: 0 }),
    lastTradeAt: Type.Union([UnixSeconds('block time of the last trade'), Type.Null()]),
    raiseAtCompletionZec: Amount('what the curve holds once complete (were the rest bought at once), in zat'),
    raisedSoFarZec: Amount('what the curve holds now (after migration: what moved to the pool), in zat'),
  },
  { description: 'A coin (spec, "Coin (read shape)").' },
);

export const CoinDetail = Type.Object({ ...Coin.properties, route: Type.Optional(RouteBlock) }, { description: 'A coin with its route when native-paired.' });

export type CoinJson = Static<typeof Coin>;

export interface CoinContext {
  readonly nativePair: NativePair | undefined;
  readonly nativeRate: NativeRate | null;
}

/** The native pair block of a native-paired coin; undefined for a coin paired with ZEC. */
export function pairBlockOf(c: Pick<CoinRow, 'pair'>, ctx: CoinContext): Static<typeof NativePairBlock> | undefined {
  const pair = ctx.nativePair;
  if (c.pair !== 'native' || !pair) return undefined;
  return { key: 'native', symbol: pair.symbol ?? NATIVE_SYMBOL, mint: pair.mint, pool: pair.pool };
}

/** A coin row as the API shows it. */
export function presentCoin(c: CoinRow, ctx: CoinContext): CoinJson {
  const paired = c.pair === 'native';
  const rate = paired ? ctx.nativeRate : null;
  const value = (amount: bigint) => spotValueZec(amount, c, rate);
  const pair = pairBlockOf(c, ctx);
  return {
    mint: c.mint,
    name: c.name,
    symbol: c.symbol,
    uri: c.uri,
    deployer: c.deployer,
    creator: c.creator,
    stage: c.stage,
    createdAt: Number(c.createdAt),
    createdSignature: c.createdSignature,
    ...(pair ? { pair } : {}),
    payee: c.payeeKind === 'wallet' && c.payee ? { kind: 'wallet', wallet: c.payee } : c.payeeKind === 'holders' ? { kind: 'holders' } : null,
    reserves: {
      curve: c.stage === 'pool' ? null : { virtualToken: String(c.virtualToken), virtualQuote: String(c.virtualQuote), realToken: String(c.realToken), realQuote: String(c.realQuote) },
      pool: c.pool && c.poolBase !== null && c.poolQuote !== null ? { address: c.pool, base: String(c.poolBase), quote: String(c.poolQuote) } : null,
    },
    // ZEC per whole coin (1e6 raw) times 1e9 = zat per 1e6 raw times 10 = the value of 1e7 raw, floored once.
    priceZecE9: String(value(10n ** 7n)),
    // ... and times 1e18: the value of 1e16 raw.
    priceZecE18: String(value(10n ** 16n)),
    marketCapZec: String(value(c.tokenTotalSupply)),
    volumeZec: String(c.volumeZec),
    creatorFeesZec: String(c.creatorFeesZec),
    trades: Number(c.trades),
    buys: Number(c.buys),
    sells: Number(c.sells),
    lastTradeAt: c.lastTradeAt === null ? null : Number(c.lastTradeAt),
    raiseAtCompletionZec: String(c.raiseAtCompletionZec),
    raisedSoFarZec: String(c.raisedSoFarZec),
  };
}

/** The route of a native-paired coin (spec, "Route block"): hop 1 the pinned pool, hop 2 its curve or canonical pool. */
export async function routeOf(c: CoinRow, programs: { launchpad: Address; amm: Address }, pair: NativePair, zecMint: Address): Promise<Static<typeof RouteBlock>> {
  const hop2 =
    c.stage === 'pool'
      ? { venue: 'pool' as const, address: c.pool ?? (await findPool(programs.amm, 0, await findPumpPoolAuthority(programs.launchpad, c.mint), c.mint, pair.mint)) }
      : { venue: 'curve' as const, address: await findBondingCurve(programs.launchpad, c.mint) };
  return {
    instruction: 'multi_hop_swap',
    program: pair.routeProgram,
    hops: [
      { venue: 'pool', address: pair.pool, base: pair.mint, quote: zecMint },
      { ...hop2, base: c.mint, quote: pair.mint },
    ],
  };
}
