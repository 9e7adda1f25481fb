import type { Address, KeyPairSigner } from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { curveState } from '../../core/math/curve.js';
import { poolReserves } from '../../core/math/pool.js';
import { routeBuy, routeSell } from '../../core/math/route.js';
import { routeFeeRates, routeVenues } from '../../core/math/route-venues.js';
import type { TokenUnits, ZecUnits } from '../../core/math/units.js';
import { multiHopSwapInstruction, type RouteHop } from '../../core/programs/amm/instructions/multi-hop-swap.js';
import { decodeBondingCurve } from '../../core/programs/launchpad/bonding-curve.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { TOKEN_2022_PROGRAM } from '../../core/sandbox/token-balances.js';
import { fundedWallet, openCoinAccount, plantCoin, programsOf, send, tokenBalance, type Coin } from '../helpers/launchpad.js';

const ZEC = 100_000_000n;
const RATES = routeFeeRates({ protocolBps: 5n, creatorBps: 200n, lpBps: 20n });

/** Random route buys and sells on a native-paired curve move both venues exactly as core/math/route says. */
describe('native route against core/math/route', () => {
  let sandbox: Sandbox;
  let trader: KeyPairSigner;
  let coin: Coin;
  let hop1: RouteHop;
  let hop2: RouteHop;
  let buyback: Address;

  beforeAll(async () => {
    sandbox = await Sandbox.open({ dataDir: null, slotMs: 0 });
    trader = await fundedWallet(sandbox, 40_000n * ZEC);
    const { mints, accounts } = sandbox.profile;
    coin = (await plantCoin(sandbox, trader, { quoteMint: mints.native.address, quoteTokenProgram: mints.native.tokenProgram })).coin;
    const ata = async (owner: Address, mint: Address) => (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_2022_PROGRAM }))[0];
    hop1 = { baseMint: mints.native.address, quoteMint: mints.zec.address, venue: accounts['nativePool']!, venueBase: accounts['nativePoolBaseVault']!, venueQuote: accounts['nativePoolQuoteVault']! };
    hop2 = { baseMint: coin.mint, quoteMint: mints.native.address, venue: coin.curve, venueBase: await ata(coin.curve, coin.mint), venueQuote: await ata(coin.curve, mints.native.address) };
    buyback = (await findAssociatedTokenPda({ owner: accounts['buybackFeeRecipient']!, mint: mints.zec.address, tokenProgram: mints.zec.tokenProgram }))[0];
    expect((await send(sandbox, trader, [await openCoinAccount(trader, coin)])).err).toBeNull();
  });
  afterAll(() => sandbox.close());

  const venues = async () => {
    const { mints } = sandbox.profile;
    const c = decodeBondingCurve(sandbox.cluster.getAccount(coin.curve)!.data);
    return routeVenues(
      poolReserves({
        baseReserves: await tokenBalance(sandbox, hop1.venue, mints.native.address, TOKEN_2022_PROGRAM),
        quoteReserves: await tokenBalance(sandbox, hop1.venue, mints.zec.address, mints.zec.tokenProgram),
      }),
      { venue: 'curve', curve: curveState({ ...c }) },
    );
  };
  const instruction = (side: 'buy' | 'sell', amountIn: bigint, minAmountOut: bigint) =>
    multiHopSwapInstruction({ programs: { ...programsOf(sandbox), amm: sandbox.profile.programs['amm']! }, side, user: trader.address, hop1, hop2, buybackFeeAccount: buyback, amountIn, minAmountOut });

  it('agrees over random buys and sells, to the base unit, until the curve completes', async () => {
    let seed = 7;
    const random = (limit: bigint) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return 1n + (BigInt(seed) * limit) / 0x80000000n;
    };
    for (let i = 0; i < 24; i++) {
      const before = await venues();
      if (before.hop2.venue === 'curve' && before.hop2.curve.complete) break;
      const held = await tokenBalance(sandbox, trader.address, coin.mint, TOKEN_2022_PROGRAM);
      if (i % 4 !== 3 || held === 0n) {
        // Up to 7.5 ZEC a buy: a native curve starts at the 30 ZEC a ZEC curve does (genesis), so the loop stays short of its end.
        const expected = routeBuy(before, ((random(1_500n) * ZEC) / 200n) as ZecUnits, RATES);
        const result = await send(sandbox, trader, [await instruction('buy', expected.amountIn, expected.tokensOut)]);
        expect(result.err, result.logs.join('\n')).toBeNull();
        expect(await venues()).toEqual(expected.next);
        expect(await tokenBalance(sandbox, trader.address, coin.mint, TOKEN_2022_PROGRAM)).toBe(held + expected.tokensOut);
      } else {
        const expected = routeSell(before, random(held / 4n + 1n) as TokenUnits, RATES);
        const result = await send(sandbox, trader, [await instruction('sell', expected.tokensIn, expected.userReceives)]);
        expect(result.err, result.logs.join('\n')).toBeNull();
        expect(await venues()).toEqual(expected.next);
      }
    }
    // A buy larger than what is left takes exactly the remaining tokens and hands the unused native back as ZEC.
    const last = routeBuy(await venues(), (20_000n * ZEC) as ZecUnits, RATES);
    expect(last.completes).toBe(true);
    expect(last.zecRefund > 0n).toBe(true);
    const zecBefore = await tokenBalance(sandbox, trader.address, sandbox.profile.mints.zec.address, sandbox.profile.mints.zec.tokenProgram);
    const result = await send(sandbox, trader, [await instruction('buy', last.amountIn, last.tokensOut)]);
    expect(result.err, result.logs.join('\n')).toBeNull();
    expect(await venues()).toEqual(last.next);
    expect(await tokenBalance(sandbox, trader.address, sandbox.profile.mints.zec.address, sandbox.profile.mints.zec.tokenProgram)).toBe(zecBefore - last.zecSpent);
  });
});
