import { lamports, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import { getSetComputeUnitLimitInstruction } from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import { getCreateAssociatedTokenIdempotentInstruction } from '@solana-program/token';
import type { NetworkProfile } from '../../config/profile.js';
import { tokenUnits, type Bps } from '../../math/units.js';
import { ammBuyExactQuoteInInstruction } from '../../programs/amm/instructions/buy-exact-quote-in.js';
import { multiHopSwapInstruction, type RouteHop } from '../../programs/amm/instructions/multi-hop-swap.js';
import { ammSellInstruction } from '../../programs/amm/instructions/sell.js';
import type { AmmTradeParties } from '../../programs/amm/instructions/trade-accounts.js';
import { findPool, findPoolTokenAccount, findPumpPoolAuthority } from '../../programs/amm/pdas.js';
import { buyExactQuoteInV2Instruction } from '../../programs/launchpad/instructions/buy-exact-quote-in-v2.js';
import { buyV2Instruction } from '../../programs/launchpad/instructions/buy-v2.js';
import { createV2Instruction } from '../../programs/launchpad/instructions/create-v2.js';
import { MIGRATE_V2_COMPUTE_UNITS, migrateV2Instruction } from '../../programs/launchpad/instructions/migrate-v2.js';
import { sellV2Instruction } from '../../programs/launchpad/instructions/sell-v2.js';
import type { TradeV2Parties } from '../../programs/launchpad/instructions/trade-v2-accounts.js';
import { findAssociatedTokenAccount, findBondingCurve, type LaunchpadPrograms } from '../../programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM } from '../../programs/token-account.js';
import { decodeVaultConfig } from '../../programs/vault/config.js';
import { declarePayeeInstruction, type Payee } from '../../programs/vault/declare-payee.js';
import { findCoinAuthority } from '../../programs/vault/pdas.js';
import type { SandboxCluster } from '../cluster.js';

/**
 * The orders a market participant sends, as instructions of the real programs: a planting in the hand-built
 * shape (listed) or with another creator (a plain launchpad coin, unlisted), buys and sales on a coin's
 * curve, its pool, or its native route, and the migration of a complete curve. Addresses come from the
 * network profile and PDAs; nothing is written around the chain. Minimums are the least the programs
 * accept (1): these traders take any price, as a market order does.
 */
export interface MarketCoin {
  readonly mint: Address;
  readonly pair: 'zec' | 'native';
  readonly creator: Address;
}

export class MarketOrders {
  private constructor(
    private readonly cluster: SandboxCluster,
    private readonly profile: NetworkProfile,
    private readonly vaultConfig: ReturnType<typeof decodeVaultConfig>,
  ) {}

  static of(cluster: SandboxCluster, profile: NetworkProfile): MarketOrders {
    const config = cluster.getAccount(profile.accounts['vaultConfig']!);
    if (!config) throw new Error('the seeded market needs the vault (genesis step 7)');
    return new MarketOrders(cluster, profile, decodeVaultConfig(config.data));
  }

  private get programs(): LaunchpadPrograms {
    const p = this.profile.programs;
    return { launchpad: p['launchpad']!, fees: p['fees']!, mayhem: p['mayhem']! };
  }

  private quoteOf(pair: MarketCoin['pair']) {
    return this.profile.mints[pair];
  }

  /** A planting: listed (the hand-built shape) unless `unlisted`, which plants with another creator and no declaration. */
  async plant(payer: KeyPairSigner, mint: KeyPairSigner, coin: { name: string; symbol: string; uri: string; pair: MarketCoin['pair']; payee: Payee }, unlisted = false): Promise<{ coin: MarketCoin; instructions: Instruction[] }> {
    const vault = this.profile.programs['vault']!;
    const quote = this.quoteOf(coin.pair);
    const creator = unlisted ? payer.address : await findCoinAuthority(vault, mint.address);
    const create = await createV2Instruction(
      { programs: this.programs, mint: mint.address, user: payer.address, quote: { mint: quote.address, tokenProgram: quote.tokenProgram } },
      {
        name: coin.name, symbol: coin.symbol, uri: coin.uri, creator, isMayhemMode: false, isCashbackEnabled: false,
        creatorFeeBps: this.vaultConfig.creatorFeeBps as Bps, isHolderReward: false,
      },
    );
    const listed = unlisted
      ? []
      : [
          getTransferSolInstruction({ source: payer, destination: this.vaultConfig.treasury, amount: lamports(this.vaultConfig.launchFeeLamports) }),
          await declarePayeeInstruction({ vault, zecMint: this.profile.mints.zec.address, deployer: payer.address, mint: mint.address, payee: coin.payee }),
        ];
    return { coin: { mint: mint.address, pair: coin.pair, creator }, instructions: [create, ...listed] };
  }

  /** Whether the coin trades on its curve (false once migrated), and the curve's address. */
  async venueOf(coin: MarketCoin): Promise<{ curve: Address; onCurve: boolean }> {
    const curve = await findBondingCurve(this.programs.launchpad, coin.mint);
    const account = this.cluster.getAccount(curve);
    // A migrated curve keeps its account, emptied and complete; the pool is then the venue.
    const pool = await this.poolOf(coin);
    return { curve, onCurve: account !== null && this.cluster.getAccount(pool) === null };
  }

  private async poolOf(coin: MarketCoin): Promise<Address> {
    const amm = this.profile.programs['amm']!;
    return findPool(amm, 0, await findPumpPoolAuthority(this.programs.launchpad, coin.mint), coin.mint, this.quoteOf(coin.pair).address);
  }

  private curveParties(coin: MarketCoin, user: Address): TradeV2Parties {
    const quote = this.quoteOf(coin.pair);
    const a = this.profile.accounts;
    return {
      programs: this.programs, baseMint: coin.mint, baseTokenProgram: TOKEN_2022_PROGRAM, quoteMint: quote.address, quoteTokenProgram: quote.tokenProgram,
      user, creator: coin.creator, feeRecipient: a['feeRecipient']!, buybackFeeRecipient: a['buybackFeeRecipient']!,
    };
  }

  private async poolParties(coin: MarketCoin, user: Address): Promise<AmmTradeParties> {
    const quote = this.quoteOf(coin.pair);
    const p = this.profile.programs;
    return {
      programs: { amm: p['amm']!, fees: p['fees']! }, pool: await this.poolOf(coin), baseMint: coin.mint, baseTokenProgram: TOKEN_2022_PROGRAM,
      quoteMint: quote.address, quoteTokenProgram: quote.tokenProgram, user, coinCreator: coin.creator, protocolFeeRecipient: this.profile.accounts['ammProtocolFeeRecipient']!,
    };
  }

  private async routeHops(coin: MarketCoin, onCurve: boolean, curve: Address): Promise<{ hop1: RouteHop; hop2: RouteHop }> {
    const { mints, accounts } = this.profile;
    const native = mints.native.address;
    const hop1: RouteHop = { baseMint: native, quoteMint: mints.zec.address, venue: accounts['nativePool']!, venueBase: accounts['nativePoolBaseVault']!, venueQuote: accounts['nativePoolQuoteVault']! };
    if (onCurve) {
      return { hop1, hop2: { baseMint: coin.mint, quoteMint: native, venue: curve, venueBase: await findAssociatedTokenAccount(curve, coin.mint, TOKEN_2022_PROGRAM), venueQuote: await findAssociatedTokenAccount(curve, native, TOKEN_2022_PROGRAM) } };
    }
    const pool = await this.poolOf(coin);
    return { hop1, hop2: { baseMint: coin.mint, quoteMint: native, venue: pool, venueBase: await findPoolTokenAccount(pool, coin.mint, TOKEN_2022_PROGRAM), venueQuote: await findPoolTokenAccount(pool, native, TOKEN_2022_PROGRAM) } };
  }

  /** A buy spending `zec` (a native-paired coin: its route): the wallet's coin account opened first. */
  async buy(wallet: KeyPairSigner, coin: MarketCoin, zec: bigint): Promise<Instruction[]> {
    const user = wallet.address;
    const open = getCreateAssociatedTokenIdempotentInstruction({ payer: wallet, ata: await findAssociatedTokenAccount(user, coin.mint, TOKEN_2022_PROGRAM), owner: user, mint: coin.mint, tokenProgram: TOKEN_2022_PROGRAM });
    const { curve, onCurve } = await this.venueOf(coin);
    if (coin.pair === 'native') return [open, await this.route(user, coin, onCurve, curve, 'buy', zec)];
    if (onCurve) return [open, await buyExactQuoteInV2Instruction(this.curveParties(coin, user), { spendableQuoteIn: zec, minTokensOut: tokenUnits(1n) })];
    return [open, await ammBuyExactQuoteInInstruction(await this.poolParties(coin, user), { spendableQuoteIn: zec, minBaseAmountOut: tokenUnits(1n), trackVolume: false })];
  }

  /** A sale of `tokens` (a native-paired coin: its route into ZEC). */
  async sell(wallet: KeyPairSigner, coin: MarketCoin, tokens: bigint): Promise<Instruction[]> {
    const user = wallet.address;
    const { curve, onCurve } = await this.venueOf(coin);
    if (coin.pair === 'native') return [await this.route(user, coin, onCurve, curve, 'sell', tokens)];
    if (onCurve) return [await sellV2Instruction(this.curveParties(coin, user), { amount: tokenUnits(tokens), minQuoteOutput: 0n })];
    return [await ammSellInstruction(await this.poolParties(coin, user), { baseAmountIn: tokenUnits(tokens), minQuoteAmountOut: 0n })];
  }

  private async route(user: Address, coin: MarketCoin, onCurve: boolean, curve: Address, side: 'buy' | 'sell', amountIn: bigint): Promise<Instruction> {
    const { hop1, hop2 } = await this.routeHops(coin, onCurve, curve);
    const p = this.profile.programs;
    const zec = this.profile.mints.zec;
    return multiHopSwapInstruction({
      programs: { amm: p['amm']!, launchpad: p['launchpad']!, fees: p['fees']! }, side, user, hop1, hop2,
      buybackFeeAccount: await findAssociatedTokenAccount(this.profile.accounts['buybackFeeRecipient']!, zec.address, zec.tokenProgram),
      amountIn, minAmountOut: 1n,
    });
  }

  /** Buys every token left on a ZEC-paired coin's curve (completing it), spending at most `maxZec`. */
  async buyOut(wallet: KeyPairSigner, coin: MarketCoin, tokensLeft: bigint, maxZec: bigint): Promise<Instruction[]> {
    const user = wallet.address;
    const open = getCreateAssociatedTokenIdempotentInstruction({ payer: wallet, ata: await findAssociatedTokenAccount(user, coin.mint, TOKEN_2022_PROGRAM), owner: user, mint: coin.mint, tokenProgram: TOKEN_2022_PROGRAM });
    return [open, await buyV2Instruction(this.curveParties(coin, user), { amount: tokenUnits(tokensLeft), maxQuoteCost: maxZec })];
  }

  /** Moves a complete curve to its canonical pool (anyone may send it), with the units a migration needs. */
  async migrate(wallet: KeyPairSigner, coin: MarketCoin): Promise<Instruction[]> {
    const quote = this.quoteOf(coin.pair);
    return [
      getSetComputeUnitLimitInstruction({ units: MIGRATE_V2_COMPUTE_UNITS }),
      await migrateV2Instruction({
        launchpad: this.programs.launchpad, amm: this.profile.programs['amm']!, mint: coin.mint, quoteMint: quote.address, quoteTokenProgram: quote.tokenProgram,
        user: wallet.address, withdrawAuthority: this.profile.accounts['launchpadAuthority']!,
      }),
    ];
  }
}
