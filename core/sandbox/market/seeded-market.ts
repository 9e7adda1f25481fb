import { getTransferSolInstruction } from '@solana-program/system';
import { AccountRole, lamports, type Address, type Instruction, type KeyPairSigner } from '@solana/kit';
import type { NetworkProfile } from '../../config/profile.js';
import { zecUnits } from '../../math/units.js';
import { decodeBondingCurve } from '../../programs/launchpad/bonding-curve.js';
import { findAssociatedTokenAccount, findBondingCurve } from '../../programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM, tokenAccountAmount } from '../../programs/token-account.js';
import type { Payee } from '../../programs/vault/declare-payee.js';
import { trySendInstructions } from '../admin-transaction.js';
import type { SandboxCluster } from '../cluster.js';
import { Faucet } from '../faucet.js';
import { MarketOrders, type MarketCoin } from './market-orders.js';
import { findCoinAuthority } from '../../programs/vault/pdas.js';
import { marketKey, MarketRandom } from './market-random.js';

/**
 * A fresh sandbox as a living market: coins planted and traded by real signed transactions through the
 * real programs, over hours of block time (the cluster's clock is set as it goes), so that every list,
 * chart interval and holding has something to show. Deterministic from its seed: the same seed plants the
 * same mints, with the same wallets, and trades the same amounts in the same order.
 */
export const DEFAULT_MARKET_SEED = 'launchdesk';
const ZEC = 100_000_000n;
const SOL = 1_000_000_000n;
const TRADERS = 8;

/** The coins, by name and ticker (checked against the moderation lists by the index like any planting). */
const COINS: readonly (readonly [string, string])[] = [
  ['Shielded Owl', 'OWL'], ['Halo Arc', 'HALO'], ['Sapling Sprout', 'SPROUT'], ['Orchard Fox', 'FOX'], ['Zebra Stripe', 'ZEBRA'],
  ['Turnstile', 'TURN'], ['Viewing Key', 'VIEW'], ['Memo Field', 'MEMO'], ['Nullifier', 'NULL'], ['Diversifier', 'DIVR'],
  ['Blossom', 'BLOSM'], ['Heartwood', 'HEART'], ['Canopy', 'CANOPY'], ['Nu Five', 'NUFIVE'], ['Equihash', 'EQUI'],
  ['Jubjub', 'JUBJUB'], ['Pallas Moon', 'PALLAS'], ['Vesta Star', 'VESTA'], ['Founders Pie', 'PIE'], ['Dev Fund', 'DEVF'],
  ['Transparent Tim', 'TTIM'], ['Z Addr', 'ZADDR'], ['Unified Address', 'UA'], ['Note Commitment', 'NOTE'], ['Merkle Root', 'ROOT'],
  ['Proof Size', 'PROOF'], ['Groth Sixteen', 'GROTH'], ['Halo Two', 'HALO2'], ['Bellman', 'BELL'], ['Zcashd Classic', 'ZCD'],
  ['Zingo Zap', 'ZINGO'], ['Ywallet Yak', 'YAK'], ['Nighthawk', 'HAWK'], ['Zkool', 'ZKOOL'], ['Frost Bite', 'FROST'],
  ['Crosslink', 'XLINK'],
];
/**
 * The seeded coins that show the risk figures: bought by three wallets in its creation slot, sniped in the next
 * two, its deployer selling, and bought in one slot of its launch by two new wallets that one wallet funded.
 */
export const RISK_CASES = { bundled: 'SPROUT', sniped: 'ZEBRA', deployerSells: 'VIEW', fundedBundle: 'NULL' } as const;
/** Plantings a listing refuses (another creator: a plain launchpad coin): recorded, never listed. */
const UNLISTED: readonly (readonly [string, string])[] = [['Copy Owl', 'OWLL'], ['Rug Pull Pete', 'PETE'], ['Test Token', 'TESTT'], ['No Fee Nick', 'NICK']];

type Fate = 'graduated' | 'near' | 'active' | 'fresh';

/** A listed coin's pair in the seeded market: every sixth is paired with the native coin. */
const pairOf = (index: number): 'zec' | 'native' => (index % 6 === 3 ? 'native' : 'zec');

/** The listed coins a seed plants: their mints, pairs and creators (the coin authority), derived, not read. */
export async function seededCoins(seed: string, profile: NetworkProfile): Promise<MarketCoin[]> {
  const vault = profile.programs['vault']!;
  return Promise.all(
    COINS.map(async ([, symbol], index) => {
      const mint = (await marketKey(seed, `mint-${symbol}`)).address;
      return { mint, pair: pairOf(index), creator: await findCoinAuthority(vault, mint) };
    }),
  );
}

interface CoinPlan {
  readonly index: number;
  readonly name: string;
  readonly symbol: string;
  readonly pair: 'zec' | 'native';
  readonly fate: Fate;
  readonly plantedAt: bigint;
}

export interface SeededMarket {
  readonly seed: string;
  readonly traders: readonly Address[];
  readonly listed: number;
  readonly unlisted: number;
  readonly trades: number;
  /** Transactions the programs refused (none expected: a plan that trades what it holds). */
  readonly refused: number;
  /** Transactions refused once and sent again in the next slot (their first refusals are in `refusals`). */
  readonly retried: number;
  /** The first refusals, in words (a plan that trades what it holds has none). */
  readonly refusals: readonly string[];
  readonly from: bigint;
  readonly to: bigint;
}

interface Step {
  readonly at: bigint;
  readonly order: number;
  readonly run: () => Promise<void>;
}

/** Marks `signer` as signing wherever its address appears (a planting's mint key). */
function withSigner(instructions: readonly Instruction[], signer: KeyPairSigner): Instruction[] {
  return instructions.map((ix) => ({
    ...ix,
    accounts: ix.accounts?.map((a) => (a.address === signer.address ? { ...a, role: a.role === AccountRole.WRITABLE || a.role === AccountRole.WRITABLE_SIGNER ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER, signer } : a)),
  })) as Instruction[];
}

/**
 * Plants and trades the seeded market on `cluster`, its history spread over the `hours` before now.
 * `onProgress` hears how many of the planned transactions have been sent.
 */
export async function seedMarket(
  cluster: SandboxCluster,
  /** The sandbox's faucet authority: it pays the play money. */
  authority: KeyPairSigner,
  profile: NetworkProfile,
  options: { readonly seed?: string; readonly hours?: number; readonly now?: bigint; readonly onProgress?: (done: number, total: number) => void } = {},
): Promise<SeededMarket> {
  const seed = options.seed ?? DEFAULT_MARKET_SEED;
  const random = new MarketRandom(seed);
  const orders = MarketOrders.of(cluster, profile);
  const now = options.now ?? BigInt(Math.floor(Date.now() / 1000));
  const span = BigInt(Math.round((options.hours ?? 8) * 3600));
  const from = now - span;
  const traders = await Promise.all(Array.from({ length: TRADERS }, (_, i) => marketKey(seed, `trader-${i + 1}`)));
  const whale = await marketKey(seed, 'whale');
  // The funded bundle's wallets: new, their first SOL from one wallet (not the faucet, which funds everyone).
  const bundler = await marketKey(seed, 'bundler');
  const bundleWallets = await Promise.all([1, 2].map((i) => marketKey(seed, `bundle-wallet-${i}`)));

  // Play money first, at the start of the history.
  cluster.advanceSlots(1, from);
  const faucet = new Faucet(cluster, authority, profile.mints);
  for (const wallet of [...traders, whale]) {
    await faucet.sol(wallet.address, lamports((wallet === whale ? 100n : 50n) * SOL));
    await faucet.zec(wallet.address, zecUnits((wallet === whale ? 40_000n : 3_000n) * ZEC));
  }
  await faucet.sol(bundler.address, lamports(10n * SOL));
  const funding = await trySendInstructions(cluster, bundler, bundleWallets.map((wallet) => getTransferSolInstruction({ source: bundler, destination: wallet.address, amount: lamports(2n * SOL) })));
  if (funding.err !== null) throw new Error(`seeded market: the bundler's funding was refused: ${JSON.stringify(funding.err)}`);
  for (const wallet of bundleWallets) await faucet.zec(wallet.address, zecUnits(100n * ZEC));

  const plans: CoinPlan[] = COINS.map(([name, symbol], index) => {
    const pair = pairOf(index);
    const fate: Fate = pair === 'zec' && [0, 5, 11, 20].includes(index) ? 'graduated' : [1, 7, 9, 14, 26].includes(index) ? 'near' : index >= 30 ? 'fresh' : 'active';
    // Older coins first; the fresh ones in the last hour.
    const plantedAt = fate === 'fresh' ? now - random.between(120n, 3_300n) : from + (span * 85n * BigInt(index)) / (100n * BigInt(COINS.length)) + random.between(0n, 600n);
    return { index, name, symbol, pair, fate, plantedAt };
  });

  const steps: Step[] = [];
  let order = 0;
  const at = (time: bigint, run: () => Promise<void>) => steps.push({ at: time < from ? from : time > now ? now : time, order: order++, run });
  let trades = 0;
  let refused = 0;
  const refusals: string[] = [];
  let clock = from;
  let retried = 0;
  const send = async (payer: KeyPairSigner, instructions: readonly Instruction[], trade: boolean) => {
    let outcome = await trySendInstructions(cluster, payer, instructions);
    if (outcome.err !== null) {
      // Once more in the next slot (a new blockhash): a refusal that repeats is the plan's, and counted.
      retried += 1;
      if (refusals.length < 3) refusals.push(`${JSON.stringify(outcome.err)}: ${outcome.logs.slice(-3).join(' | ')}`);
      cluster.advanceSlots(1, clock);
      outcome = await trySendInstructions(cluster, payer, instructions);
    }
    if (outcome.err !== null) refused += 1;
    else if (trade) trades += 1;
  };
  const balanceOf = async (wallet: KeyPairSigner, coin: MarketCoin) => {
    const account = cluster.getAccount(await findAssociatedTokenAccount(wallet.address, coin.mint, TOKEN_2022_PROGRAM));
    return account ? tokenAccountAmount(account.data) : 0n;
  };
  /** A time between `start` and now, more often near now (activity picks up toward the present). */
  const recentAfter = (start: bigint) => {
    const u = random.between(0n, 1_000n);
    return start + ((now - start) * (1_000_000n - (1_000n - u) * (1_000n - u))) / 1_000_000n;
  };

  const coins = new Map<number, MarketCoin>();
  for (const plan of plans) {
    const planter = traders[plan.index % TRADERS]!;
    const payee: Payee = plan.index % 3 === 0 ? { kind: 'wallet', wallet: planter.address } : plan.index % 3 === 1 ? { kind: 'holders' } : { kind: 'wallet', wallet: traders[(plan.index + 3) % TRADERS]!.address };
    const mint = await marketKey(seed, `mint-${plan.symbol}`);
    const uri = `https://launchdesk.invalid/seed/${plan.symbol.toLowerCase()}.json`;
    const planted = await orders.plant(planter, mint, { name: plan.name, symbol: plan.symbol, uri, pair: plan.pair, payee });
    coins.set(plan.index, planted.coin);
    const coin = planted.coin;
    at(plan.plantedAt, () => send(planter, withSigner(planted.instructions, mint), false));

    const buy = (time: bigint, wallet: KeyPairSigner, zec: bigint) => at(time, async () => send(wallet, await orders.buy(wallet, coin, zec), true));
    const sellPart = (time: bigint, wallet: KeyPairSigner, percent: bigint) =>
      at(time, async () => {
        const held = await balanceOf(wallet, coin);
        const tokens = (held * percent) / 100n;
        if (tokens > 0n) await send(wallet, await orders.sell(wallet, coin, tokens), true);
      });
    const someone = () => traders[random.index(TRADERS)]!;
    const tradeCount = plan.fate === 'fresh' ? random.between(0n, 3n) : plan.fate === 'active' ? random.between(12n, 40n) : random.between(8n, 16n);
    for (let i = 0n; i < tradeCount; i++) {
      const time = plan.fate === 'fresh' ? plan.plantedAt + random.between(30n, 600n) : recentAfter(plan.plantedAt + 60n);
      if (random.chance(2n, 3n)) buy(time, someone(), random.between(ZEC / 20n, 3n * ZEC));
      else sellPart(time, someone(), random.between(10n, 70n));
    }
    // The risk figures' cases (core/types/risk-figures.ts), with fixed amounts and no draw from the seed's
    // sequence (every other coin trades as before): a bundled launch, a sniped coin, a deployer that sells.
    if (plan.symbol === RISK_CASES.bundled) for (const k of [1, 2, 3]) buy(plan.plantedAt, traders[(plan.index + k) % TRADERS]!, 2n * ZEC);
    if (plan.symbol === RISK_CASES.sniped) for (const k of [1n, 2n]) buy(plan.plantedAt + k, traders[(plan.index + 4 + Number(k)) % TRADERS]!, 3n * ZEC);
    if (plan.symbol === RISK_CASES.fundedBundle) for (const [k, wallet] of bundleWallets.entries()) buy(plan.plantedAt + 8n, wallet, BigInt(k + 2) * ZEC);
    if (plan.symbol === RISK_CASES.deployerSells) {
      buy(plan.plantedAt + 20n, planter, 4n * ZEC);
      sellPart(plan.plantedAt + 1_800n, planter, 80n);
    }
    if (plan.fate === 'near' || plan.fate === 'graduated') {
      // A run of buyers lifts the curve (about 85 ZEC completes a ZEC curve): near graduation, or all the way.
      const pushes = random.between(5n, 9n);
      const total = plan.fate === 'near' ? random.between(50n, 68n) * ZEC : 60n * ZEC;
      for (let i = 0n; i < pushes; i++) buy(plan.plantedAt + 300n + i * random.between(120n, 900n), someone(), total / pushes);
    }
    if (plan.fate === 'graduated') {
      const graduation = plan.plantedAt + random.between(3_600n, 5_400n);
      at(graduation, async () => {
        const curve = decodeBondingCurve(cluster.getAccount(await findBondingCurve(profile.programs['launchpad']!, coin.mint))!.data);
        await send(whale, await orders.buyOut(whale, coin, curve.realTokenReserves, 500n * ZEC), true);
        await send(whale, await orders.migrate(whale, coin), false);
      });
      const poolTrades = random.between(10n, 25n);
      for (let i = 0n; i < poolTrades; i++) {
        const time = recentAfter(graduation + 60n);
        if (random.chance(3n, 5n)) buy(time, someone(), random.between(ZEC / 4n, 8n * ZEC));
        else sellPart(time, random.chance(1n, 4n) ? whale : someone(), random.between(5n, 40n));
      }
    }
  }
  for (const [index, [name, symbol]] of UNLISTED.entries()) {
    const planter = traders[(index * 3) % TRADERS]!;
    const mint = await marketKey(seed, `unlisted-${symbol}`);
    const planted = await orders.plant(planter, mint, { name, symbol, uri: `https://launchdesk.invalid/seed/${symbol.toLowerCase()}.json`, pair: 'zec', payee: { kind: 'holders' } }, true);
    const time = from + random.between(600n, span - 600n);
    at(time, () => send(planter, withSigner(planted.instructions, mint), false));
    at(time + 90n, async () => send(planter, await orders.buy(planter, planted.coin, ZEC / 2n), true));
  }

  // In time order (a plan's own order within a second), one slot per distinct second.
  steps.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.order - b.order));
  for (const [i, step] of steps.entries()) {
    if (step.at > clock) {
      clock = step.at;
      cluster.advanceSlots(1, clock);
    }
    await step.run();
    options.onProgress?.(i + 1, steps.length);
  }
  cluster.advanceSlots(1); // back on the wall clock
  return { seed, traders: traders.map((t) => t.address), listed: COINS.length, unlisted: UNLISTED.length, trades, refused, retried, refusals, from, to: now };
}
