// A bot that follows the push stream and buys every newly listed coin: a small buy, verified on this
// machine before signing, as each coin appears. It stops after LAUNCHDESK_COINS coins (default 3).
//
//   LAUNCHDESK_KEY=wallet.json node examples/follow-new-coins.mjs       (see examples/connect.mjs)
import { isLaunchdeskError } from '@launchdesk/client';
import { connect, zec } from './connect.mjs';

const { desk, wallet } = await connect();
const wanted = Number(process.env.LAUNCHDESK_COINS ?? 3);
const spend = String(zec(process.env.LAUNCHDESK_SPEND ?? '0.1'));
let bought = 0;
let queue = Promise.resolve();

const stream = desk.api.subscribe(['coins'], {
  events(events) {
    for (const event of events) {
      // Stock-paired coins have no trade builds in this API (spec "Stock pairs"); ZEC- and native-paired coins do.
      if (event.kind !== 'coin' || event.data.pair?.kind === 'stock') continue;
      const coin = event.data;
      // One trade at a time, in the order the coins were listed.
      queue = queue.then(async () => {
        if (bought >= wanted) return;
        try {
          const result = await desk.trade({ mint: coin.mint, side: 'buy', amount: spend }, wallet);
          bought += 1;
          console.log(`bought ${result.trade.tokens} ${coin.symbol} (${coin.mint}) for ${result.trade.zec} zat`);
        } catch (error) {
          console.log(`skipped ${coin.symbol}: ${isLaunchdeskError(error) ? `${error.code}: ${error.message}` : error}`);
        }
        if (bought >= wanted) {
          stream.close();
          await desk.close();
        }
      });
    }
  },
  status(status) {
    process.stderr.write(`  stream: ${status}\n`);
  },
});
await stream.ready();
console.log(`following new coins; buying ${spend} zat of each, ${wanted} in all`);
