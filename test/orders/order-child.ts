import { join } from 'node:path';
import { getSignatureFromTransaction, getTransactionDecoder, getTransactionEncoder, partiallySignTransaction, type Address, type Signature } from '@solana/kit';
import { ORDERS_FILE, OrderBook } from '../../core/api/store/order-book.js';
import { SandboxChain } from '../../core/chain/sandbox-chain.js';
import { buildTrade } from '../../core/engine/trade.js';
import { readWorld } from '../../core/engine/world.js';
import { startIndex } from '../../core/index/index-service.js';
import { OrderRunner } from '../../core/orders/order-runner.js';
import { Relay } from '../../core/relay/relay.js';
import { SqliteBuildLedger } from '../../core/relay/store/sqlite-build-ledger.js';
import { Sandbox } from '../../core/sandbox/sandbox.js';
import { OsKeychain } from '../../core/signer/keychain.js';
import { ProgramGuard } from '../../core/signer/program-guard.js';
import { WalletBook } from '../../core/signer/wallet-book.js';
import { initialState } from '../../core/verify/order-trigger.js';
import { fundedWallet } from '../helpers/launchpad.js';
import { plantListedCoin } from '../helpers/vault.js';

/**
 * The process the orders' kill -9 test starts and kills (test/orders/order-kill.test.ts), over a sandbox, an
 * index, a build ledger, a keychain wallet and an order book in one data dir, as `launchdesk start` keeps them:
 *   setup DIR SERVICE        plants a coin, makes keychain wallet in SERVICE, funds it, and places ORDERS
 *                            limit buys that any trade fires; prints {"mint", "wallet"} and exits
 *   run DIR SERVICE [STEP]   runs the orders (a market buy crosses them all) until every one is filled,
 *                            printing each fill's steps; at STEP (built:N, signed:N or sent:N, the N-th of
 *                            that step in this process) it stops dead until it is killed
 */
const [mode, dataDir, service, stopAt] = process.argv.slice(2);
if (!dataDir || !service || (mode !== 'setup' && mode !== 'run')) throw new Error('usage: order-child.ts setup|run DIR SERVICE [STEP]');
const ORDERS = 20;
const ZEC = 100_000_000n;

const sandbox = await Sandbox.open({ dataDir, slotMs: 10, market: { state: 'empty' } });
// The sandbox's slot clock does not hold the process open (its timer is unref'd); this does, while it works.
const alive = setInterval(() => undefined, 1_000);
const chain = new SandboxChain(sandbox.cluster);
const index = await startIndex({ chain, profile: sandbox.profile, indexPath: join(dataDir, 'index.sqlite') });
const wallets = await WalletBook.open(dataDir, new OsKeychain(service));
const book = OrderBook.open(join(dataDir, ORDERS_FILE));

if (mode === 'setup') {
  const coin = await plantListedCoin(sandbox, await fundedWallet(sandbox, 10n * ZEC), { kind: 'holders' }, 1_000_000_000n);
  const wallet = (await wallets.create('Crash')).address as Address;
  await sandbox.faucet.sol(wallet, (10n * 10n ** 9n) as never);
  await sandbox.faucet.zec(wallet, (10n * ZEC) as never);
  sandbox.cluster.advanceSlots(2);
  await index.ingestor.idle();
  const now = Date.now();
  for (let i = 0; i < ORDERS; i++) {
    book.place({ wallet, mint: coin.mint, trigger: { kind: 'limit_buy', atOrBelowE18: 10n ** 30n }, amount: { kind: 'zat', zat: ZEC / 10n }, slippageBps: 500, computeUnitPrice: 10_000n, expiresAt: null }, now, initialState(now), await index.store.stream.position());
  }
  process.stdout.write(`${JSON.stringify({ mint: coin.mint, wallet })}\n`);
} else {
  const ledger = SqliteBuildLedger.open(join(dataDir, 'builds.sqlite'));
  const relay = new Relay(chain, ledger, sandbox.profile, (signatures) => index.ingestor.take(signatures));
  const guard = await ProgramGuard.open(chain, sandbox.profile, dataDir);
  await guard.check();
  const counts = { built: 0, signed: 0, sent: 0 };
  const runner = new OrderRunner({
    store: index.store,
    book,
    fill: { chain, profile: sandbox.profile, store: index.store, relay, wallets, guard },
    backoffMs: 50,
    tickMs: 100,
    onError: (error) => process.stderr.write(`runner: ${String(error)}\n`),
    onStep: (step, key) => {
      const name = `${step}:${counts[step]++}`;
      process.stdout.write(`step ${name} ${key}\n`);
      // Stop dead here (no event loop, no timer, nothing more written or sent) until the test's SIGKILL arrives.
      if (name === stopAt) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 120_000);
    },
  });
  await runner.start();
  const mint = book.all()[0]!.mint;
  /** A market buy by a new wallet, landed and indexed: it crosses every open order. */
  const marketBuy = async () => {
    const trader = await fundedWallet(sandbox, ZEC);
    const built = await buildTrade(chain, { wallet: trader.address, mint, side: 'buy', amount: ZEC / 100n, slippageBps: 500n }, await readWorld(chain, sandbox.profile));
    const tx = await partiallySignTransaction([trader.keyPair], getTransactionDecoder().decode(built.transactions[0]!.wire));
    const signature = getSignatureFromTransaction(tx) as Signature;
    await chain.send(new Uint8Array(getTransactionEncoder().encode(tx)));
    await chain.confirm(signature, { lastValidBlockHeight: built.transactions[0]!.lastValidBlockHeight });
    await index.ingestor.take([signature]);
  };
  for (let round = 0; ; round++) {
    const orders = book.all();
    if (orders.every((o) => o.state === 'filled')) break;
    const paused = orders.find((o) => o.state === 'paused');
    if (paused) throw new Error(`order ${paused.id} paused: ${paused.reason}`);
    if (round % 50 === 0 && orders.some((o) => o.state === 'open')) await marketBuy();
    await new Promise((r) => setTimeout(r, 20));
  }
  await runner.close();
  process.stdout.write('filled\n');
  ledger.close();
}
book.close();
await index.stop();
sandbox.close();
clearInterval(alive);
process.exit(0);
