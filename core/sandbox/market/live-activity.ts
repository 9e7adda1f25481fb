import { lamports, type KeyPairSigner } from '@solana/kit';
import { zecUnits } from '../../math/units.js';
import { findAssociatedTokenAccount } from '../../programs/launchpad/pdas.js';
import { TOKEN_2022_PROGRAM, tokenAccountAmount } from '../../programs/token-account.js';
import { trySendInstructions } from '../admin-transaction.js';
import type { Sandbox } from '../sandbox.js';
import { MarketOrders, type MarketCoin } from './market-orders.js';
import { marketKey, MarketRandom } from './market-random.js';
import { DEFAULT_MARKET_SEED, seededCoins } from './seeded-market.js';

const ZEC = 100_000_000n;
const SOL = 1_000_000_000n;

/**
 * Paper-trading activity (`launchdesk serve --activity N`): N simulated traders buying and selling the
 * seeded market's coins with real signed transactions, at a human pace (one trade every few seconds among
 * them), so that the desk moves while you watch. A refused trade is counted and forgotten; a trader low on
 * ZEC or SOL is topped up from the faucet. Off unless asked for.
 */
export class LiveActivity {
  private timer: NodeJS.Timeout | null = null;
  private busy = false;
  private stopped = false;
  /** The trade under way, which stop() waits for. */
  private current: Promise<void> | null = null;
  sent = 0;
  refused = 0;

  private constructor(
    private readonly sandbox: Sandbox,
    private readonly orders: MarketOrders,
    private readonly traders: readonly KeyPairSigner[],
    private readonly coins: readonly MarketCoin[],
    private readonly random: MarketRandom,
    private readonly paceMs: number,
  ) {}

  /** Starts `count` traders on the coins of the sandbox's seeded market; null when it has none to trade. */
  static async start(sandbox: Sandbox, count: number, options: { readonly paceMs?: number } = {}): Promise<LiveActivity | null> {
    const market = sandbox.profile.market;
    if (count <= 0 || market?.state !== 'seeded') return null;
    const seed = market.seed ?? DEFAULT_MARKET_SEED;
    const coins = (await seededCoins(seed, sandbox.profile)).filter((c) => sandbox.cluster.getAccount(c.mint) !== null);
    const traders = await Promise.all(Array.from({ length: count }, (_, i) => marketKey(seed, `activity-${i + 1}`)));
    const activity = new LiveActivity(sandbox, MarketOrders.of(sandbox.cluster, sandbox.profile), traders, coins, new MarketRandom(`${seed}:activity:${Date.now()}`), options.paceMs ?? 4_000);
    activity.schedule();
    return activity;
  }

  /** Stops trading; resolves once a trade under way has finished (nothing is sent after it resolves). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.current;
  }

  /** The next trade after a pause around paceMs / N (each trader trades about every paceMs). */
  private schedule(): void {
    if (this.stopped) return;
    const base = BigInt(Math.max(50, Math.floor(this.paceMs / this.traders.length)));
    this.timer = setTimeout(() => void this.tick(), Number(this.random.between(base / 2n, (base * 3n) / 2n)));
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.busy || this.stopped) return this.schedule();
    this.busy = true;
    try {
      this.current = this.trade();
      await this.current;
    } catch {
      this.refused += 1; // a refused or failed trade is the market's business, never the server's
    } finally {
      this.busy = false;
      this.schedule();
    }
  }

  private async trade(): Promise<void> {
    const trader = this.random.pick(this.traders);
    const coin = this.random.pick(this.coins);
    await this.topUp(trader);
    const account = this.sandbox.cluster.getAccount(await findAssociatedTokenAccount(trader.address, coin.mint, TOKEN_2022_PROGRAM));
    const held = account ? tokenAccountAmount(account.data) : 0n;
    const sell = held > 0n && this.random.chance(2n, 5n);
    if (this.stopped) return; // stopped while it topped up: the trade is not sent
    const instructions = sell ? await this.orders.sell(trader, coin, (held * this.random.between(10n, 60n)) / 100n) : await this.orders.buy(trader, coin, this.random.between(ZEC / 20n, 2n * ZEC));
    const outcome = await trySendInstructions(this.sandbox.cluster, trader, instructions);
    if (outcome.err === null) this.sent += 1;
    else this.refused += 1;
  }

  private async topUp(trader: KeyPairSigner): Promise<void> {
    const { cluster, faucet, profile } = this.sandbox;
    const zec = profile.mints.zec;
    if ((cluster.getAccount(trader.address)?.lamports ?? 0n) < SOL) await faucet.sol(trader.address, lamports(5n * SOL));
    const zecAccount = cluster.getAccount(await findAssociatedTokenAccount(trader.address, zec.address, zec.tokenProgram));
    if (!zecAccount || tokenAccountAmount(zecAccount.data) < 5n * ZEC) await faucet.zec(trader.address, zecUnits(200n * ZEC));
  }
}
