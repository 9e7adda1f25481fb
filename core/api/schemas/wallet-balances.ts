import type { Address } from '@solana/kit';
import { Type, type Static } from 'typebox';
import type { WalletHoldings } from '../../engine/wallet-holdings.js';
import { spotValueZec } from '../../index/valuation.js';
import type { CoinRow } from '../../index/store/index-store.js';
import { NATIVE_SYMBOL, type NetworkProfile } from '../../config/profile.js';
import { AddressString, Amount } from './common.js';
import { stockKeyOf, type CoinContext } from './coin.js';

/**
 * A wallet's balances as the chain holds them (a local addition: the hosted spec has no balance read).
 * Unlike GET /v1/accounts/{wallet}, which follows the trades the index saw, every figure here is the
 * chain's: coins that arrived by a plain transfer count, coins sent away do not.
 */
export const WalletCoinBalance = Type.Object({
  mint: AddressString(),
  name: Type.String(),
  symbol: Type.String(),
  amount: Amount('raw coin units, summed over the wallet\'s accounts of this coin'),
  accounts: Type.Array(AddressString(), { description: 'the wallet\'s token accounts of this coin (an emptied one stays until it is closed)' }),
  valueZec: Type.Union([Amount('the amount at the coin\'s spot price now, in zat'), Type.Null()], { description: 'null while the coin has no ZEC value' }),
});

export const WalletBalances = Type.Object(
  {
    wallet: AddressString(),
    sol: Amount('lamports'),
    zec: Amount('zat, over every ZEC account of the wallet'),
    zecAccount: Type.Boolean({ description: 'whether the wallet has a ZEC token account at all' }),
    native: Amount('the native coin\'s base units'),
    nativeSymbol: Type.String({ description: 'the native coin\'s ticker' }),
    coins: Type.Array(WalletCoinBalance, { description: 'listed coins the wallet has a token account of, by mint' }),
  },
  { description: "A wallet's SOL, ZEC, native coin and coin balances, read from chain" },
);
export type WalletBalancesJson = Static<typeof WalletBalances>;

export interface BalanceSources {
  readonly profile: NetworkProfile;
  readonly coin: (mint: Address) => Promise<CoinRow | null>;
}

/** What a coin's `amount` is worth now, as GET /v1/accounts values a holding (null: no ZEC value yet). */
export function coinValueZec(coin: CoinRow, amount: bigint, c: CoinContext): bigint | null {
  const stock = stockKeyOf(coin.pair);
  if (coin.pair === 'native' && c.nativeRate === null) return null;
  const spot = spotValueZec(amount, coin, coin.pair === 'native' ? c.nativeRate : null);
  if (stock === null) return spot;
  const rate = c.stocks?.get(stock)?.zec.zatPerWholeRawE12 ?? null;
  return rate === null ? null : (spot * rate) / 10n ** 12n;
}

/** `contextFor`: the coin context of the wallet's listed coins (coin-context.ts), made once they are read. */
export async function presentWalletBalances(h: WalletHoldings, sources: BalanceSources, contextFor: (coins: readonly CoinRow[]) => Promise<CoinContext>): Promise<WalletBalancesJson> {
  const { zec, native } = sources.profile.mints;
  let zecAmount = 0n;
  let zecAccount = false;
  let nativeAmount = 0n;
  const coins = new Map<Address, { coin: CoinRow; amount: bigint; accounts: Address[] }>();
  for (const t of h.tokens) {
    if (t.mint === zec.address) {
      zecAmount += t.amount;
      zecAccount = true;
    } else if (t.mint === native.address) nativeAmount += t.amount;
    else {
      const held = coins.get(t.mint);
      if (held) {
        held.amount += t.amount;
        held.accounts.push(t.account);
        continue;
      }
      const coin = await sources.coin(t.mint);
      if (coin && coin.listed && coin.kind === 'coin') coins.set(t.mint, { coin, amount: t.amount, accounts: [t.account] });
    }
  }
  const c = await contextFor([...coins.values()].map((held) => held.coin));
  return {
    wallet: h.wallet,
    sol: String(h.lamports),
    zec: String(zecAmount),
    zecAccount,
    native: String(nativeAmount),
    nativeSymbol: sources.profile.pairs?.native?.symbol ?? NATIVE_SYMBOL,
    coins: [...coins.values()].map(({ coin, amount, accounts }) => {
      const value = coinValueZec(coin, amount, c);
      return { mint: coin.mint, name: coin.name, symbol: coin.symbol, amount: String(amount), accounts, valueZec: value === null ? null : String(value) };
    }),
  };
}
