import { readFileSync } from 'node:fs';
import { extname, resolve } from 'node:path';
import { generateKeyPairSigner, isAddress, type Address, type KeyPairSigner } from '@solana/kit';
import { V1Client, type BuildAsk, type BuildVerdict, type FlowResult, type Launchdesk, type TradeResult } from '../client/index.js';
import type { BuildJson, QuoteJson, TradeJson } from '../client/api-types.js';
import { DeskError } from '../errors.js';
import { choiceOf, textOf, type CommandValues } from './command-values.js';
import { askYes, requireAnswerable } from './confirm-prompt.js';
import { Declined, LandedThenFailed } from './exit-codes.js';
import { reviewOf } from './build-review-lines.js';
import { amountIn, COINS, percentOf, priorityFeeOf, shareOf, slippageOf, SOL, unitsText, ZEC, type Unit } from './trade-amounts.js';
import { formatDecimalUnits } from '../math/units.js';
import { apiUrlOf, tradeDesk, type TradeDesk } from './trade-connection.js';
import { keyFileOf, signingWallet } from './signing-wallet.js';

/**
 * The trading commands: each one whole flow of launchdesk/client (build, verify on this machine, review
 * and confirm, sign with the keychain's wallet, send, wait for the index), with the review in words before
 * signing, progress on stderr, and one result at the end: lines for a person, or one JSON object for a
 * script (amounts as decimal strings, in whole units and in base units).
 */

type Coin = { readonly mint: Address; readonly ticker: string };

function mintOf(text: string): Address {
  if (!isAddress(text)) throw new DeskError('invalid_param', `<mint>: ${JSON.stringify(text.slice(0, 60))} is not a coin's mint address`);
  return text;
}

/** Writes the result: the JSON object on stdout with --json, else the person's lines. */
function answer(values: CommandValues, json: Record<string, unknown>, lines: readonly string[]): void {
  process.stdout.write(values['json'] ? `${JSON.stringify({ ok: true, ...json })}\n` : `${lines.join('\n')}\n`);
}

interface FlowRun<T extends FlowResult> {
  readonly command: string;
  /** The coin the flow is about, for the review's labels (null for a swap). */
  readonly coin: (desk: Launchdesk) => Promise<Coin | null>;
  readonly otherSigners?: readonly Address[];
  readonly run: (setup: TradeDesk, coin: Coin | null) => Promise<T>;
}

/**
 * Runs one flow with the review and the confirmation in its confirm hook. A declined build, and a failure
 * after something landed, leave with their own exit status: a script must never send a landed trade twice.
 */
async function runFlow<T extends FlowResult>(values: CommandValues, flow: FlowRun<T>): Promise<{ result: T; setup: TradeDesk; coin: Coin | null }> {
  const yes = values['yes'] === true;
  requireAnswerable(yes, flow.command);
  // The review is for a person; with --json stdout carries the result alone.
  const reviewOut = values['json'] ? process.stderr : process.stdout;
  const landed: string[] = [];
  let declined = false;
  let coin: Coin | null = null;
  const holder: { setup: TradeDesk | null } = { setup: null };
  const confirm = async (step: { readonly ask: BuildAsk; readonly build: BuildJson; readonly verdict: BuildVerdict }): Promise<boolean> => {
    const setup = holder.setup!;
    const review = await reviewOf(setup.desk, step, setup.wallet.address, coin, flow.otherSigners ?? []);
    reviewOut.write(`${review.lines.join('\n')}\n\n`);
    if (review.flags.length > 0) throw new DeskError('refused', `not signed: the review found ${review.flags.length === 1 ? 'a red flag' : `${review.flags.length} red flags`} (${review.flags.join('; ')}); the desk signs no build with one`);
    if (yes) return true;
    const ok = await askYes(`Sign with wallet "${setup.wallet.label}" and send?`);
    declined = !ok;
    return ok;
  };
  const setup = await tradeDesk(values, {
    confirm,
    onProgress: (p) => {
      if (p.step === 'landed') landed.push(...p.detail.split(', '));
      process.stderr.write(`… ${p.step}: ${p.detail}\n`);
    },
  });
  holder.setup = setup;
  try {
    coin = await flow.coin(setup.desk);
    const result = await flow.run(setup, coin);
    return { result, setup, coin };
  } catch (error) {
    if (declined) throw new Declined(`you declined the ${flow.command}: nothing was signed or sent`);
    if (landed.length > 0) throw new LandedThenFailed(landed, error);
    throw error;
  } finally {
    await setup.desk.close();
  }
}

const coinNamed = (mint: Address) => async (desk: Launchdesk): Promise<Coin> => ({ mint, ticker: (await desk.api.coin(mint)).symbol });

/** A trade as the index listed it, in whole units beside the base units. */
const tradeJson = (trade: TradeJson | null) =>
  trade && { ...trade, units: { coins: unitsText(trade.tokens, COINS), zec: trade.zec === null ? null : unitsText(trade.zec, ZEC) } };

const flowJson = (result: FlowResult) => ({
  signatures: result.signatures,
  builds: result.builds.map((b) => ({ buildId: b.buildId, expected: b.expected, solCostLamports: b.simulation.solCostLamports })),
  registration: result.registration,
});

function tradeLines(result: TradeResult, coin: Coin): string[] {
  const t = result.trade;
  const sig = result.signatures.at(-1);
  if (!t) return [`landed in ${sig} (the index lists no trade of it yet)`];
  const coins = `${unitsText(t.tokens, COINS)} ${coin.ticker}`;
  const zec = t.zec === null ? 'ZEC' : `${unitsText(t.zec, ZEC)} ZEC`;
  return [t.side === 'buy' ? `bought ${coins} for ${zec} in ${sig}` : `sold ${coins} for ${zec} in ${sig}`];
}

export async function buy(positionals: readonly string[], values: CommandValues): Promise<void> {
  const mint = mintOf(positionals[0]!);
  const pay = choiceOf(values, 'pay', ['ZEC', 'SOL'] as const, 'ZEC');
  const unit = pay === 'SOL' ? SOL : ZEC;
  const amount = amountIn(positionals[1]!, unit, '<amount>');
  const slippageBps = slippageOf(textOf(values, 'slippage'));
  const request = { mint, side: 'buy' as const, amount: amount.toString(), ...(pay === 'SOL' ? { pay } : {}), ...(slippageBps !== undefined ? { slippageBps } : {}), ...priorityFeeOf(values) };
  const { result, setup, coin } = await runFlow(values, { command: 'buy', coin: coinNamed(mint), run: (s) => s.desk.trade(request, s.signer) });
  answer(values, { command: 'buy', wallet: setup.wallet.address, mint, pay, amount: unitsText(amount, unit), amountBaseUnits: amount.toString(), ...flowJson(result), quote: result.quote, trade: tradeJson(result.trade) }, tradeLines(result, coin!));
}

export async function sell(positionals: readonly string[], values: CommandValues): Promise<void> {
  const mint = mintOf(positionals[0]!);
  const receive = choiceOf(values, 'receive', ['ZEC', 'SOL'] as const, 'ZEC');
  const typed = positionals[1]!.trim();
  const share = shareOf(typed, '<amount>');
  const all = typed.toLowerCase() === 'all' || share === 10_000n;
  let amount = all ? 'all' : share === undefined ? amountIn(typed, COINS, '<amount>').toString() : '';
  const slippageBps = slippageOf(textOf(values, 'slippage'));
  const request = { mint, side: 'sell' as const, ...(receive === 'SOL' ? { receive } : {}), ...(slippageBps !== undefined ? { slippageBps } : {}), ...priorityFeeOf(values) };
  const run = async (s: TradeDesk): Promise<TradeResult> => {
    // A share is of the balance as the server reads it now (its quote of `all`), rounded down to a base unit.
    if (amount === '') amount = (await shareOfBalance(s, mint, share!)).toString();
    return s.desk.trade({ ...request, amount }, s.signer);
  };
  const { result, setup, coin } = await runFlow(values, { command: 'sell', coin: coinNamed(mint), run });
  const shown = all && share === undefined ? 'all' : share !== undefined ? `${formatDecimalUnits(share, 2)}%` : unitsText(amount, COINS);
  answer(values, { command: 'sell', wallet: setup.wallet.address, mint, receive, amount: shown, amountBaseUnits: amount, ...flowJson(result), quote: result.quote, trade: tradeJson(result.trade) }, tradeLines(result, coin!));
}

/** `share` basis points of the wallet's balance of the coin, in base units; refused when that is nothing. */
async function shareOfBalance(setup: TradeDesk, mint: Address, share: bigint): Promise<bigint> {
  const held = BigInt((await setup.desk.api.quote(mint, { side: 'sell', amount: 'all', wallet: setup.wallet.address })).amount);
  const amount = (held * share) / 10_000n;
  if (amount === 0n) throw new DeskError('refused', `${formatDecimalUnits(share, 2)}% of the ${unitsText(held, COINS)} coins wallet ${setup.wallet.address} holds is less than one base unit: nothing to sell`);
  return amount;
}

export async function swap(positionals: readonly string[], values: CommandValues): Promise<void> {
  const words = { 'sol-to-zec': ['sol_to_zec', SOL, ZEC], 'zec-to-sol': ['zec_to_sol', ZEC, SOL] } as const;
  const chosen = words[positionals[0]!.toLowerCase() as keyof typeof words];
  if (!chosen) throw new DeskError('usage', `swap: sol-to-zec or zec-to-sol comes first, got ${JSON.stringify(positionals[0]!.slice(0, 40))}`);
  const [direction, from, to] = chosen;
  const amount = amountIn(positionals[1]!, from, '<amount>');
  const slippageBps = slippageOf(textOf(values, 'slippage'));
  const request = { direction, amount: amount.toString(), ...(slippageBps !== undefined ? { slippageBps } : {}), ...priorityFeeOf(values) };
  const { result, setup } = await runFlow(values, { command: 'swap', coin: async () => null, run: (s) => s.desk.swap(request, s.signer) });
  const expected = result.builds[0]!.expected;
  const least = expected[to === ZEC ? 'minZecOut' : 'minSolOut'];
  answer(values, { command: 'swap', wallet: setup.wallet.address, direction, amount: unitsText(amount, from), amountBaseUnits: amount.toString(), ...flowJson(result) }, [
    `swapped ${unitsText(amount, from)} ${from.name} to ${to.name} (at least ${least === undefined ? '?' : unitsText(String(least), to)} ${to.name}) in ${result.signatures.at(-1)}`,
  ]);
}

export async function claim(positionals: readonly string[], values: CommandValues): Promise<void> {
  const mint = mintOf(positionals[0]!);
  const price = priorityFeeOf(values);
  const { result, setup, coin } = await runFlow(values, { command: 'claim', coin: coinNamed(mint), run: (s) => s.desk.claim({ mint, ...price }, s.signer) });
  const paid = result.builds[0]!.expected['zecOut'];
  answer(values, { command: 'claim', wallet: setup.wallet.address, mint, paidOutZec: paid === undefined ? null : unitsText(String(paid), ZEC), ...flowJson(result) }, [
    `claimed ${paid === undefined ? 'what waited' : `${unitsText(String(paid), ZEC)} ZEC`} of ${coin!.ticker} to its payee in ${result.signatures.at(-1)}`,
  ]);
}

/** `holders`, `wallet:ADDRESS`, or a bare address (taken as wallet:ADDRESS). */
function payeeOf(text: string, allowMe: boolean): string {
  const t = text.trim();
  if (t === 'holders' || (allowMe && t === 'me')) return t;
  const address = t.startsWith('wallet:') ? t.slice('wallet:'.length) : t;
  if (!isAddress(address)) throw new DeskError('invalid_param', `payee: ${JSON.stringify(t.slice(0, 60))} is not ${allowMe ? 'me, ' : ''}holders or wallet:<ADDRESS>`);
  return `wallet:${address}`;
}

export async function payee(positionals: readonly string[], values: CommandValues): Promise<void> {
  const mint = mintOf(positionals[0]!);
  const next = payeeOf(positionals[1]!, false);
  const price = priorityFeeOf(values);
  const { result, setup, coin } = await runFlow(values, { command: 'payee', coin: coinNamed(mint), run: (s) => s.desk.payee({ mint, payee: next, ...price }, s.signer) });
  answer(values, { command: 'payee', wallet: setup.wallet.address, mint, payee: next, permanent: result.builds[0]!.permanent, ...flowJson(result) }, [`the payee of ${coin!.ticker} is now ${next} (${result.signatures.at(-1)})`]);
}

const IMAGE_TYPES: Readonly<Record<string, string>> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.webp': 'image/webp', '.gif': 'image/gif' };

export async function plant(values: CommandValues): Promise<void> {
  const need = (flag: string): string => {
    const text = textOf(values, flag);
    if (text === undefined) throw new DeskError('usage', `plant: --${flag} is needed`);
    return text;
  };
  const name = need('name');
  const symbol = need('symbol');
  const imagePath = resolve(need('image'));
  const type = IMAGE_TYPES[extname(imagePath).toLowerCase()];
  if (!type) throw new DeskError('invalid_param', `--image: ${imagePath} is not a .png, .jpg, .webp or .gif file`);
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(readFileSync(imagePath));
  } catch (error) {
    throw new DeskError('invalid_param', `--image: cannot read ${imagePath} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const firstBuyText = textOf(values, 'first-buy');
  const firstBuy = firstBuyText === undefined ? undefined : amountIn(firstBuyText, ZEC, '--first-buy');
  const payeeChoice = payeeOf(textOf(values, 'payee') ?? 'me', true);
  const pair = choiceOf(values, 'pair', ['zec', 'native'] as const, 'zec');
  const words = Object.fromEntries((['description', 'website', 'twitter', 'telegram'] as const).flatMap((k) => (textOf(values, k) !== undefined ? [[k, textOf(values, k)!]] : [])));
  // The mint key is made here, so the review can name it as the one other signer it expects.
  const mintKey: KeyPairSigner = await generateKeyPairSigner();
  const ask = { name, symbol, ...words, image: { bytes, type }, payee: payeeChoice, ...(firstBuy !== undefined ? { firstBuy: { zec: firstBuy.toString() } } : {}), ...(pair === 'native' ? { pair } : {}), ...priorityFeeOf(values) };
  const { result, setup } = await runFlow(values, {
    command: 'plant',
    coin: async () => ({ mint: mintKey.address, ticker: symbol }),
    otherSigners: [mintKey.address],
    run: (s) => s.desk.plant(ask, s.signer, mintKey),
  });
  answer(values, { command: 'plant', wallet: setup.wallet.address, mint: result.mint, uri: result.uri, coin: result.coin, ...flowJson(result) }, [`planted ${result.coin.symbol} at ${result.mint} in ${result.signatures.at(-1)}`]);
}

/** `launchdesk quote`: a read; the wallet is only needed to quote `all`. */
export async function quote(positionals: readonly string[], values: CommandValues): Promise<void> {
  const mint = mintOf(positionals[0]!);
  const side = positionals[1]!.toLowerCase();
  if (side !== 'buy' && side !== 'sell') throw new DeskError('usage', `quote: buy or sell comes after the mint, got ${JSON.stringify(positionals[1]!.slice(0, 20))}`);
  const pay = choiceOf(values, 'pay', ['ZEC', 'SOL'] as const, 'ZEC');
  const receive = choiceOf(values, 'receive', ['ZEC', 'SOL'] as const, 'ZEC');
  const unit: Unit = side === 'sell' ? COINS : pay === 'SOL' ? SOL : ZEC;
  const all = side === 'sell' && positionals[2]!.trim().toLowerCase() === 'all';
  const amount = all ? 'all' : amountIn(positionals[2]!, unit, '<amount>').toString();
  const slippageBps = slippageOf(textOf(values, 'slippage'));
  const wallet = all || textOf(values, 'wallet') !== undefined || keyFileOf(values) !== undefined ? (await signingWallet(values)).address : undefined;
  const api = new V1Client({ baseUrl: apiUrlOf(values), ...(process.env['LAUNCHDESK_API_KEY'] ? { apiKey: process.env['LAUNCHDESK_API_KEY'] } : {}) });
  const q: QuoteJson = await api.quote(mint, {
    side,
    amount,
    ...(wallet ? { wallet } : {}),
    ...(side === 'buy' && pay === 'SOL' ? { pay } : {}),
    ...(side === 'sell' && receive === 'SOL' ? { receive } : {}),
    ...(slippageBps !== undefined ? { slippageBps } : {}),
  });
  const ticker = (await api.coin(mint)).symbol;
  const lines =
    side === 'buy'
      ? [
          `buy ${ticker} with ${unitsText(q.amount, unit)} ${unit.name} on the ${q.venue}:`,
          `  gets about     ${q.tokensOut === undefined ? '?' : unitsText(q.tokensOut, COINS)} ${ticker}`,
          `  no fewer than  ${q.minTokensOut === undefined ? '?' : unitsText(q.minTokensOut, COINS)} ${ticker} (slippage ${percentOf(q.slippageBps)})`,
        ]
      : [
          `sell ${unitsText(q.amount, COINS)} ${ticker} on the ${q.venue}:`,
          `  gets about     ${q.zecOut === undefined ? '?' : unitsText(q.zecOut, ZEC)} ZEC`,
          `  no less than   ${q.minOutZec === undefined ? '?' : unitsText(q.minOutZec, ZEC)} ZEC (slippage ${percentOf(q.slippageBps)})`,
        ];
  lines.push(`  fees ${percentOf(q.feeBps)}, price impact ${percentOf(q.priceImpactBps)}`);
  answer(values, { command: 'quote', mint, ticker, side, ...(wallet ? { wallet } : {}), quote: q, units: quoteUnits(q, side === 'buy' ? unit : COINS) }, lines);
}

/** The quote's amounts in whole units, beside its base units. */
function quoteUnits(q: QuoteJson, amountUnit: Unit): Record<string, string> {
  const out: Record<string, string> = { amount: unitsText(q.amount, amountUnit) };
  for (const key of ['tokensOut', 'minTokensOut'] as const) if (q[key] !== undefined) out[key] = unitsText(q[key], COINS);
  for (const key of ['zecIn', 'zecOut', 'minOutZec', 'amountIn'] as const) if (q[key] !== undefined) out[key] = unitsText(q[key], ZEC);
  return out;
}
