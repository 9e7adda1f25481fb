// A bot that plants a coin (upload, holder rewards, a first buy), buys more, sells all of it, and claims
// the deployer share of a coin it is the payee of. Every build is verified on this machine against the
// bot's own request before it is signed (@launchdesk/client's verifyBuild), then sent through the relay.
//
//   LAUNCHDESK_KEY=wallet.json node examples/plant-trade-claim.mjs      (see examples/connect.mjs)
import { readFileSync } from 'node:fs';
import { isLaunchdeskError } from '@launchdesk/client';
import { connect, zec } from './connect.mjs';

const { desk, wallet } = await connect();
const image = { bytes: readFileSync(new URL('./coin.png', import.meta.url)), type: 'image/png', filename: 'coin.png' };
const suffix = Date.now().toString(36).slice(-4).toUpperCase();

try {
  // 1. Plant: the image and words uploaded, the deployer share paid to holders for good, a first buy of 0.5 ZEC.
  const planted = await desk.plant(
    { name: `Example Bot ${suffix}`, symbol: `EXB${suffix}`, description: 'planted by examples/plant-trade-claim.mjs', image, payee: 'holders', firstBuy: { zec: String(zec('0.5')) } },
    wallet,
  );
  console.log(`planted ${planted.coin.symbol} at ${planted.mint}: first buy of ${planted.builds[0].expected.tokensOut} coin units`);

  // 2. Buy 1 ZEC more, at 3% slippage.
  const bought = await desk.trade({ mint: planted.mint, side: 'buy', amount: String(zec('1')), slippageBps: 300 }, wallet);
  console.log(`bought ${bought.trade.tokens} coin units for ${bought.trade.zec} zat (quoted ${bought.quote.tokensOut})`);

  // 3. Sell all of it: the emptied coin account is closed and its rent comes back.
  const sold = await desk.trade({ mint: planted.mint, side: 'sell', amount: 'all' }, wallet);
  console.log(`sold all ${sold.trade.tokens} coin units for ${sold.trade.zec} zat`);

  // 4. Claim: a second coin pays its deployer share to this wallet; after a trade, claim what waits.
  const own = await desk.plant({ name: `Payee Bot ${suffix}`, symbol: `EXP${suffix}`, image, payee: 'me' }, wallet);
  await desk.trade({ mint: own.mint, side: 'buy', amount: String(zec('2')) }, wallet);
  try {
    const claimed = await desk.claim({ mint: own.mint }, wallet);
    console.log(`claimed ${claimed.builds[0].expected.zecOut} zat for ${own.coin.symbol}`);
  } catch (error) {
    // Nothing waits until the service's split run has moved the payee's part to the fee account (and the
    // service pays a payee with a ZEC account itself on its runs): a refusal in words, nothing sent.
    if (!isLaunchdeskError(error, 'refused')) throw error;
    console.log(`no claim for ${own.coin.symbol} yet: ${error.message}`);
  }
} catch (error) {
  console.error(isLaunchdeskError(error) ? `${error.code}: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await desk.close();
}
