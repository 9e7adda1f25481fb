import { Type, type Static } from 'typebox';
import type { CoinFeesRow } from '../../index/store/index-store.js';
import { AddressString, Amount } from './common.js';

export const CoinFees = Type.Object(
  {
    mint: AddressString(),
    creatorFeesZec: Amount('creator fees its trades paid'),
    splitZec: Amount('what the vault has split so far'),
    toLpZec: Amount('liquidity share'),
    rootstockZec: Amount('rootstock share (burned, for a native-paired coin)'),
    treasuryZec: Amount('treasury share'),
    payeeZec: Amount("the deployer's payee's share (a native-paired coin's exactly as the conversions paid it)"),
    paidOutZec: Amount('paid to the payee so far (claims and payee changes; for holder rewards, every holder paid by the runs)'),
    waitingZec: Amount("the payee's share not paid out yet: what waits in the coin's fee account (an addition)"),
    native: Type.Optional(
      Type.Object(
        {
          claimed: Amount('native-coin base units collected'),
          burned: Amount('native-coin base units burned'),
          toLp: Amount('native-coin base units added to the native-coin/ZEC pool'),
          converted: Amount('native-coin base units converted to ZEC'),
          convertedZec: Amount('ZEC the conversions paid, in zat'),
        },
        { description: 'Native-paired coins only: the native coin as it moved.' },
      ),
    ),
  },
  { description: 'Fee totals of a coin, in zat (spec, "Coin fees").' },
);

export function presentFees(f: CoinFeesRow): Static<typeof CoinFees> {
  return {
    mint: f.mint,
    creatorFeesZec: String(f.creatorFeesZec),
    splitZec: String(f.splitZec),
    toLpZec: String(f.toLpZec),
    rootstockZec: String(f.rootstockZec),
    treasuryZec: String(f.treasuryZec),
    payeeZec: String(f.payeeZec),
    paidOutZec: String(f.paidOutZec),
    waitingZec: String(f.payeeZec > f.paidOutZec ? f.payeeZec - f.paidOutZec : 0n),
    ...(f.native
      ? { native: { claimed: String(f.native.claimed), burned: String(f.native.burned), toLp: String(f.native.toLp), converted: String(f.native.converted), convertedZec: String(f.native.convertedZec) } }
      : {}),
  };
}
