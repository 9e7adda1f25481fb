import { getCompiledTransactionMessageDecoder, getTransactionDecoder, isAddress, type Address } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import { LISTING_RULES } from '../config/listing-rules.js';
import { nativeRouteRules, zecTradeRules } from '../engine/accepted-trade.js';
import { readPayeeState, vaultRulesOf } from '../engine/payee.js';
import { quoteSwap, aggregatorRulesOf } from '../engine/swap.js';
import { quoteTradeRequest, type RequestQuote, type TradeRequest } from '../engine/trade.js';
import type { World } from '../engine/world.js';
import { isDeskError } from '../errors.js';
import { readIndexRules } from '../index/index-rules.js';
import { MULTI_HOP_SWAP_DISCRIMINATOR } from '../programs/amm/instructions/multi-hop-swap.js';
import { hasDiscriminator } from '../programs/launchpad/borsh.js';
import { BUY_V2_DISCRIMINATOR, decodeBuyV2Data } from '../programs/launchpad/instructions/buy-v2.js';
import { decodeLookupTable } from '../programs/lookup-table.js';
import type { Payee } from '../programs/vault/declare-payee.js';
import { claimProblem, payeeChangeProblem, swapProblem, zecTradeProblem } from '../verify/build-shape.js';
import { resolveTransaction, type ResolvedTransaction } from '../verify/message.js';
import { nativeRouteProblem } from '../verify/native-route.js';
import { judgePlanting, plantingTransactionOf } from '../verify/planting.js';
import { computeBudgetOf } from '../verify/signed-build.js';
import { readTransactionWire } from '../verify/transaction-wire.js';
import type { BuildJson, ClaimBuildRequest, ParamsJson, PayeeBuildRequest, PlantBuildRequest, SwapBuildRequest, TradeBuildRequest } from './api-types.js';
import { asLaunchdeskError } from './client-error.js';
import { clientWorld } from './cluster-view.js';
import { pinDifferences, type Pins } from './pins.js';

/**
 * The spec's client-side check (spec "What the service does" 6: build, verify, sign, send), run on the
 * caller's own request, never on the build's `intent`. Every transaction is decoded (v0, its lookup
 * tables read from the caller's own chain, frozen, and the same the build names), its signers must be
 * exactly who the request makes sign, in slot order, with every slot empty and the blockhash alive; the
 * shape of each build kind is judged by core/verify (the same rules the server checks its builds with
 * before answering), with the rules read from chain through the caller's RPC; the amounts must be the
 * request's and the minimums at least the caller's own quote of the chain now, and `expected` must say
 * what the transaction does. The addresses the API names are compared with the caller's pins first.
 * Nothing here trusts the server: what it answers is only ever compared.
 */

export type BuildAsk =
  | { readonly kind: 'trade'; readonly body: TradeBuildRequest }
  | { readonly kind: 'swap'; readonly body: SwapBuildRequest }
  | { readonly kind: 'plant'; readonly body: PlantBuildRequest }
  | { readonly kind: 'claim'; readonly body: ClaimBuildRequest }
  | { readonly kind: 'payee'; readonly body: PayeeBuildRequest };

export interface VerifyContext {
  /** The caller's own view of the cluster (its RPC: `new RpcChain(url)`, or any Chain). */
  readonly chain: Chain;
  /** GET /v1/params as the API answered it: compared with `pins` before anything else is read. */
  readonly params: ParamsJson;
  readonly pins: Pins;
  /** The world read through `chain` moments ago (the flows pass it); read afresh when absent. */
  readonly world?: World;
}

export interface BuildVerdict {
  readonly ok: boolean;
  /** What differs from the request, in plain words; empty when ok. */
  readonly differences: readonly string[];
  /**
   * True when the only difference is a minimum below the caller's own quote of the chain now: the price
   * moved since the build (or the build's slippage is not the one asked for). Building again is the remedy.
   */
  readonly stale: boolean;
  /** Each transaction taken apart (null where it could not be), for a review before signing. */
  readonly transactions: readonly (ResolvedTransaction | null)[];
}

const LOOKUP_TABLE_PROGRAM = 'AddressLookupTab1e1111111111111111111111111' as Address;
const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const u64At = (data: Uint8Array, offset: number) => new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true);
const bytesOf = (base64: string) => new Uint8Array(Buffer.from(base64, 'base64'));

/** A request's amount in base units, or in words why it is not one. */
function baseUnits(text: string, field: string): bigint | string {
  if (!/^[0-9]{1,20}$/.test(text)) return `your request's ${field} "${text.slice(0, 40)}" is not an amount in base units`;
  return BigInt(text);
}

/** An amount `expected` names, or null when it names none. */
function expectedAmount(build: BuildJson, key: string): bigint | null {
  const value = build.expected[key];
  return typeof value === 'string' && /^[0-9]+$/.test(value) ? BigInt(value) : null;
}

function payeeOfText(text: string, wallet: Address): Payee | string {
  if (text === 'holders') return { kind: 'holders' };
  if (text === 'me') return { kind: 'wallet', wallet };
  const match = /^wallet:(.+)$/.exec(text);
  if (match && isAddress(match[1]!)) return { kind: 'wallet', wallet: match[1] };
  return `your request's payee "${text.slice(0, 60)}" is not me, wallet:<address> or holders`;
}
const payeeWords = (payee: Payee) => (payee.kind === 'holders' ? 'holders' : `wallet:${payee.wallet}`);

/** Collects differences; one marked stale does not by itself make the build a forgery. */
class Findings {
  readonly list: string[] = [];
  private fresh = 0;
  add(text: string | null, where = ''): void {
    if (text === null) return;
    this.list.push(where ? `${where}: ${text}` : text);
    this.fresh += 1;
  }
  stale(text: string): void {
    this.list.push(text);
  }
  get onlyStale(): boolean {
    return this.fresh === 0 && this.list.length > 0;
  }
}

/**
 * A build judged against the request on this machine. What differs is the verdict's `differences`; a chain
 * that cannot be read throws the client's own error (`unavailable` naming the RPC's URL), never a verdict.
 */
export async function verifyBuild(ask: BuildAsk, build: BuildJson, context: VerifyContext): Promise<BuildVerdict> {
  try {
    return await judgeBuild(ask, build, context);
  } catch (error) {
    throw asLaunchdeskError(error);
  }
}

async function judgeBuild(ask: BuildAsk, build: BuildJson, context: VerifyContext): Promise<BuildVerdict> {
  const found = new Findings();
  const pinned = pinDifferences(context.pins, context.params);
  // Addresses that are not the ones pinned make every other comparison meaningless: stop here.
  if (pinned.length > 0) return { ok: false, differences: pinned, stale: false, transactions: [] };
  const { chain } = context;
  const wallet = ask.body.wallet as Address;
  const signers: Address[] = ask.kind === 'plant' ? [wallet, ask.body.mint as Address] : [wallet];
  // The world, the block height and each transaction's tables and blockhash are read at once.
  const [world, blockHeight, decoded] = await Promise.all([
    context.world ?? clientWorld(context.params, chain),
    chain.getBlockHeight('confirmed'),
    Promise.all(build.transactions.map((entry, i) => decodeEntry(chain, entry, i, signers, found))),
  ]);
  if (world.vault.treasury !== context.pins.treasury) found.add(`the vault's config on chain names ${world.vault.treasury} as the treasury, but you pinned ${context.pins.treasury}`);
  const transactions = decoded.map((d) => d.tx);
  for (const [i, entry] of build.transactions.entries()) {
    const where = `transaction ${i + 1}`;
    // Expired by time: building again is the remedy (stale). A blockhash the cluster never saw is not.
    if (BigInt(entry.lastValidBlockHeight) < blockHeight) found.stale(`${where}: its blockhash expired at block height ${entry.lastValidBlockHeight} (the cluster is at ${blockHeight}): build again`);
    else if (decoded[i]!.tx && !decoded[i]!.blockhashValid) found.add(`its blockhash ${decoded[i]!.tx!.blockhash} is not one the cluster accepts: it was never seen, or it is not the build's (last valid at block height ${entry.lastValidBlockHeight})`, where);
  }
  if (transactions.every((tx) => tx !== null)) {
    const txs = transactions as ResolvedTransaction[];
    switch (ask.kind) {
      case 'trade':
        await judgeTrade(ask.body, build, txs, world, chain, found);
        break;
      case 'swap':
        await judgeSwap(ask.body, build, txs, world, chain, found);
        break;
      case 'claim':
        await judgeClaim(ask.body, txs, world, chain, found);
        break;
      case 'payee':
        await judgePayee(ask.body, build, txs, world, chain, found);
        break;
      case 'plant':
        await judgePlant(ask.body, build, txs, world, chain, found);
        break;
    }
    priceProblems(ask.body.computeUnitPrice, txs, found);
  }
  return { ok: found.list.length === 0, differences: found.list, stale: found.onlyStale, transactions };
}

/** A request that chose its compute unit price (`computeUnitPrice`): every transaction pays exactly that. */
function priceProblems(chosen: string | undefined, txs: readonly ResolvedTransaction[], found: Findings): void {
  if (chosen === undefined) return;
  if (!/^[0-9]{1,20}$/.test(chosen)) return found.add(`your request's computeUnitPrice ${JSON.stringify(chosen.slice(0, 40))} is not decimal digits`);
  for (const [i, tx] of txs.entries()) {
    // A budget a wallet may not set is found by the accepted shape already.
    const budget = computeBudgetOf(tx.instructions, { maxPriorityLamports: LISTING_RULES.maxPriorityLamports, assertionPrograms: [] });
    if (typeof budget !== 'string' && budget.microLamports !== BigInt(chosen)) {
      found.add(`it pays ${budget.microLamports} micro-lamports per compute unit, not the ${BigInt(chosen)} your request chose`, `transaction ${i + 1}`);
    }
  }
}

/** Frozen lookup tables never change again (no authority is left to extend or close them): read once per chain. */
const frozenTables = new WeakMap<Chain, Map<Address, readonly Address[]>>();

/**
 * One transaction entry decoded and framed (v0, its lookup tables, signers, empty slots), with whether its
 * blockhash is one the cluster accepts (asked while the tables are read: one round trip, not two).
 */
async function decodeEntry(chain: Chain, entry: BuildJson['transactions'][number], i: number, signers: readonly Address[], found: Findings): Promise<{ tx: ResolvedTransaction | null; blockhashValid: boolean }> {
  const where = `transaction ${i + 1}`;
  const wire = bytesOf(entry.transaction);
  const shape = readTransactionWire(wire);
  if (typeof shape === 'string') {
    found.add(`it is not a transaction: ${shape}`, where);
    return { tx: null, blockhashValid: false };
  }
  if (shape.version !== 0) found.add('it is a legacy transaction; every build is a version 0 transaction', where);
  if (entry.size !== wire.length) found.add(`the build says it is ${entry.size} bytes, but it is ${wire.length}`, where);
  const message = messageDecoder.decode(transactionDecoder.decode(wire).messageBytes);
  const [tables, blockhashValid] = await Promise.all([lookupTablesOf(chain, message, entry, where, found), chain.isBlockhashValid(message.lifetimeToken, 'confirmed')]);
  return { tx: tables && framed(wire, tables, entry, signers, where, found), blockhashValid };
}

/** The contents of the lookup tables the message uses, read from chain; null (with the reason found) when one is not a table. */
async function lookupTablesOf(chain: Chain, message: ReturnType<typeof messageDecoder.decode>, entry: BuildJson['transactions'][number], where: string, found: Findings): Promise<Map<Address, readonly Address[]> | null> {
  const used = 'addressTableLookups' in message && message.addressTableLookups ? message.addressTableLookups.map((l) => l.lookupTableAddress) : [];
  if (used.join() !== entry.lookupTables.join()) found.add(`it uses the lookup tables [${used.join(', ')}], but the build names [${entry.lookupTables.join(', ')}]`, where);
  let known = frozenTables.get(chain);
  if (!known) frozenTables.set(chain, (known = new Map()));
  const tables = new Map<Address, readonly Address[]>();
  const missing = used.filter((table) => !known.has(table));
  const accounts = missing.length > 0 ? await chain.getAccounts(missing, 'confirmed') : [];
  for (const table of used) {
    const cached = known.get(table);
    if (cached) {
      tables.set(table, cached);
      continue;
    }
    const account = accounts[missing.indexOf(table)];
    if (!account || account.owner !== LOOKUP_TABLE_PROGRAM) {
      found.add(`its lookup table ${table} is not a lookup table on the cluster your RPC reaches`, where);
      return null;
    }
    const decoded = decodeLookupTable(account.data);
    // A table that can still be extended or changed could point the signed transaction elsewhere later.
    if (!decoded.frozen) found.add(`its lookup table ${table} is not frozen: its authority could change what it points to`, where);
    else known.set(table, decoded.addresses);
    tables.set(table, decoded.addresses);
  }
  return tables;
}

/** The transaction resolved with its tables, its signers and slots checked against who the request makes sign. */
function framed(wire: Uint8Array, tables: ReadonlyMap<Address, readonly Address[]>, entry: BuildJson['transactions'][number], signers: readonly Address[], where: string, found: Findings): ResolvedTransaction | null {
  let tx: ResolvedTransaction;
  try {
    tx = resolveTransaction(wire, tables);
  } catch (error) {
    found.add(`it cannot be read: ${(error as Error).message}`, where);
    return null;
  }
  if (tx.signers.join() !== signers.join()) found.add(`it asks for the signatures of ${tx.signers.join(', ')}; your request makes ${signers.join(', ')} sign, in that order`, where);
  if (entry.signers.join() !== tx.signers.join()) found.add(`the build lists the signers ${entry.signers.join(', ')}, but the transaction's slots are for ${tx.signers.join(', ')}`, where);
  tx.signatures.forEach((signature, slot) => {
    if (signature && signature.some((b) => b !== 0)) found.add(`signature slot ${slot + 1} (${tx.signers[slot]}) already holds a signature; a build is answered unsigned`, where);
  });
  return tx;
}

// --- Trades ---------------------------------------------------------------------------------------

async function judgeTrade(body: TradeBuildRequest, build: BuildJson, txs: readonly ResolvedTransaction[], world: World, chain: Chain, found: Findings): Promise<void> {
  const wallet = body.wallet as Address;
  const mint = body.mint as Address;
  const viaSol = body.pay === 'SOL' || body.receive === 'SOL';
  const amount = body.amount === 'all' && body.side === 'sell' ? 'all' : baseUnits(body.amount, 'amount');
  if (typeof amount === 'string' && amount !== 'all') return found.add(amount);
  const request: TradeRequest = { wallet, mint, side: body.side, amount, slippageBps: body.slippageBps === undefined ? null : BigInt(body.slippageBps), viaSol };
  let own: RequestQuote;
  try {
    own = await quoteTradeRequest(chain, world, request);
  } catch (error) {
    // A chain that does not answer is not a difference in the build: it is said as itself.
    if (isDeskError(error, 'unavailable')) throw error;
    return found.add(`your own quote of the request could not be made: ${isDeskError(error) ? error.message : (error as Error).message}`);
  }
  if (txs.length !== 1) return found.add(`it holds ${txs.length} transactions; a trade is one transaction (a split one is one transaction and \`then\`)`);
  const tx = txs[0]!;
  const maxPriorityLamports = LISTING_RULES.maxPriorityLamports;

  if (build.then && body.side === 'buy' && body.pay === 'SOL') {
    // Split: the swap alone, then the ZEC buy of what it guarantees.
    const swap = own.swap!;
    const minimum = minimumOf(build, 'minZecOut', swap.minOut, 'ZEC base units', found);
    const rules = await aggregatorRulesOf(world);
    if (!rules) return found.add('the API answered a swap, but the cluster has no aggregator');
    found.add(await swapProblem(tx, { wallet, direction: 'sol_to_zec', amountIn: request.amount as bigint, minAmountOut: minimum }, { ...rules, maxPriorityLamports }), 'transaction 1');
    return thenProblem(build, 'POST /v1/trade/build', { wallet, mint, side: 'buy', pay: 'ZEC', amount: minimum.toString(), ...(body.slippageBps !== undefined ? { slippageBps: body.slippageBps } : {}), ...priceOf(body) }, found);
  }
  const quote = own.quote;
  const plan = quote.plan;
  const [amountIn, ownMin] = plan.venue === 'route' ? [plan.amountIn, plan.minAmountOut] : plan.side === 'buy' ? [plan.spendable, plan.minTokensOut] : [plan.tokens, plan.minZecOut];
  const minimum = minimumOf(build, body.side === 'buy' ? 'minTokensOut' : 'minZecOut', ownMin, body.side === 'buy' ? 'coin units' : 'ZEC base units', found);
  const split = build.then !== undefined;
  if (split && !(body.side === 'sell' && body.receive === 'SOL')) return found.add(`it says to call ${build.then!.call} next, but your request is one transaction`);
  const swapAsked = viaSol && !split;
  const tradeAsk = { wallet, mint, side: body.side, amountIn, minAmountOut: minimum, swapAsked };
  const market = own.market;
  // The pair is read from the coin's curve on chain: a native-paired coin trades only by its route.
  const problem = market.pair === 'native'
    ? await nativeRouteProblem(tx, tradeAsk, await nativeRouteRules(world, market))
    : await zecTradeProblem(tx, tradeAsk, await zecTradeRules(world, market, wallet, swapAsked));
  found.add(problem, 'transaction 1');
  // What `expected` says it spends or sells is what was asked.
  if (body.side === 'buy' && body.pay !== 'SOL') sameAmount(build, 'maxZecIn', request.amount as bigint, 'the ZEC it may spend', found);
  if (body.side === 'sell') sameAmount(build, 'tokensIn', own.amount, 'the coin units it sells', found);
  if (swapAsked) await swapLegProblem(body, build, tx, own, world, found);
  if (split) thenProblem(build, 'POST /v1/swap/build', { wallet, direction: 'zec_to_sol', amount: minimum.toString(), ...(body.slippageBps !== undefined ? { slippageBps: body.slippageBps } : {}), ...priceOf(body) }, found);
}

/** The aggregator leg of a trade in one transaction: lamports in exactly as asked (buy), or the sale's minimum (sale), for at least the caller's own minimum. */
async function swapLegProblem(body: TradeBuildRequest, build: BuildJson, tx: ResolvedTransaction, own: RequestQuote, world: World, found: Findings): Promise<void> {
  const swap = own.swap!;
  const aggregator = world.profile.programs['aggregator'];
  const ix = tx.instructions.find((i) => i.program === aggregator);
  if (!ix) return found.add('it holds no swap, though your request pays or receives SOL', 'transaction 1');
  const [amountIn, minOut] = [u64At(ix.data, 8), u64At(ix.data, 16)];
  const asked = body.side === 'buy' ? BigInt(body.amount) : swap.amountIn;
  if (amountIn !== asked) found.add(`its swap takes ${amountIn}, not the ${asked} ${body.side === 'buy' ? 'lamports asked for' : 'ZEC base units the sale guarantees'}`, 'transaction 1');
  const minimum = minimumOf(build, body.side === 'buy' ? 'swapMinZecOut' : 'minSolOut', swap.minOut, body.side === 'buy' ? 'ZEC base units' : 'lamports', found);
  if (minOut < minimum) found.add(`its swap accepts as little as ${minOut}, below the ${minimum} \`expected\` names`, 'transaction 1');
  if (body.side === 'buy') sameAmount(build, 'solIn', asked, 'the lamports it swaps', found);
}

/**
 * The minimum `expected` names, checked against the caller's own quote: below it is stale (the price
 * moved, or the slippage is not the one asked for); the transaction is then checked against it.
 */
function minimumOf(build: BuildJson, key: string, own: bigint, unit: string, found: Findings): bigint {
  const named = expectedAmount(build, key);
  if (named === null) {
    found.add(`\`expected\` names no ${key}`);
    return own;
  }
  if (named < own) found.stale(`its minimum (${key}) is ${named} ${unit}, below your own quote of the chain now less your slippage (${own}): the price moved since it was built, or the slippage is not yours; build again`);
  return named > own ? named : own;
}

function sameAmount(build: BuildJson, key: string, asked: bigint, what: string, found: Findings): void {
  const named = expectedAmount(build, key);
  if (named !== asked) found.add(`\`expected\` gives ${named === null ? 'no amount' : named} as ${what} (${key}), not the ${asked} of your request`);
}

/** The second step of a split trade chooses the same price as the request. */
const priceOf = (body: TradeBuildRequest): { computeUnitPrice?: string } => (body.computeUnitPrice === undefined ? {} : { computeUnitPrice: body.computeUnitPrice });

function thenProblem(build: BuildJson, call: string, body: Readonly<Record<string, string | number>>, found: Findings): void {
  const then = build.then;
  if (!then) return found.add(`it holds only the first step and no \`then\` to ${call}`);
  if (then.call !== call) return found.add(`its \`then\` calls ${then.call}, not ${call}`);
  for (const [key, value] of Object.entries(body)) {
    if (String(then.body[key]) !== String(value)) found.add(`its \`then\` asks for ${key} ${JSON.stringify(then.body[key] ?? null)}, not ${JSON.stringify(value)}`);
  }
  const extra = Object.keys(then.body).filter((key) => !(key in body));
  if (extra.length > 0) found.add(`its \`then\` adds ${extra.join(', ')}, which your request does not hold`);
}

// --- Swaps, claims, payee changes -----------------------------------------------------------------

async function judgeSwap(body: SwapBuildRequest, build: BuildJson, txs: readonly ResolvedTransaction[], world: World, chain: Chain, found: Findings): Promise<void> {
  const amount = baseUnits(body.amount, 'amount');
  if (typeof amount === 'string') return found.add(amount);
  if (txs.length !== 1) return found.add(`it holds ${txs.length} transactions; a swap is one`);
  const rules = await aggregatorRulesOf(world);
  if (!rules) return found.add('the cluster has no aggregator: no swap can be accepted');
  const own = await quoteSwap(chain, world, { direction: body.direction, amount, slippageBps: body.slippageBps === undefined ? null : BigInt(body.slippageBps) });
  const sol = body.direction === 'sol_to_zec';
  const minimum = minimumOf(build, sol ? 'minZecOut' : 'minSolOut', own.minOut, sol ? 'ZEC base units' : 'lamports', found);
  const ask = { wallet: body.wallet as Address, direction: body.direction, amountIn: amount, minAmountOut: minimum };
  found.add(await swapProblem(txs[0]!, ask, { ...rules, maxPriorityLamports: LISTING_RULES.maxPriorityLamports }), 'transaction 1');
  sameAmount(build, sol ? 'solIn' : 'zecIn', amount, sol ? 'the lamports it swaps' : 'the ZEC it swaps', found);
}

async function judgeClaim(body: ClaimBuildRequest, txs: readonly ResolvedTransaction[], world: World, chain: Chain, found: Findings): Promise<void> {
  if (txs.length !== 1) return found.add(`it holds ${txs.length} transactions; a claim is one`);
  const { record } = await readPayeeState(chain, world, body.mint as Address);
  if (record.payee.kind === 'holders') return found.add(`coin ${body.mint} pays holder rewards: there is no claim to accept`);
  found.add(await claimProblem(txs[0]!, { wallet: body.wallet as Address, mint: body.mint as Address }, { ...vaultRulesOf(world), payee: record.payee.wallet }), 'transaction 1');
}

async function judgePayee(body: PayeeBuildRequest, build: BuildJson, txs: readonly ResolvedTransaction[], world: World, chain: Chain, found: Findings): Promise<void> {
  const wallet = body.wallet as Address;
  const next = payeeOfText(body.payee, wallet);
  if (typeof next === 'string') return found.add(next);
  if (txs.length !== 1) return found.add(`it holds ${txs.length} transactions; a payee change is one`);
  const { record } = await readPayeeState(chain, world, body.mint as Address);
  if (record.payee.kind === 'holders') return found.add(`coin ${body.mint} pays holder rewards, for good: no change can be accepted`);
  found.add(await payeeChangeProblem(txs[0]!, { wallet, mint: body.mint as Address, next }, { ...vaultRulesOf(world), currentPayee: record.payee.wallet }), 'transaction 1');
  if (build.permanent !== (next.kind === 'holders')) found.add(`it says permanent: ${build.permanent}, but a change to ${payeeWords(next)} ${next.kind === 'holders' ? 'is' : 'is not'} permanent`);
}

// --- Plantings ------------------------------------------------------------------------------------

async function judgePlant(body: PlantBuildRequest, build: BuildJson, txs: readonly ResolvedTransaction[], world: World, chain: Chain, found: Findings): Promise<void> {
  const wallet = body.wallet as Address;
  const payee = payeeOfText(body.payee, wallet);
  if (typeof payee === 'string') return found.add(payee);
  if (txs.length !== 1) return found.add(`it holds ${txs.length} transactions; a planting is one`);
  const tx = txs[0]!;
  const verdict = await judgePlanting(plantingTransactionOf(tx), await readIndexRules(chain, world.profile));
  if (!verdict) return found.add('it plants no coin');
  if (!verdict.listed) return found.add(`the index would not list the coin it plants: ${verdict.reason}`);
  const pair = body.pair ?? 'zec';
  if (verdict.mint !== body.mint) found.add(`it plants mint ${verdict.mint}, not your ${body.mint}`);
  if (verdict.deployer !== wallet) found.add(`its deployer is ${verdict.deployer}, not your wallet ${wallet}`);
  if (verdict.pair !== pair) {
    found.add(verdict.pair === 'native' ? 'it plants a coin paired with the native coin, which your request did not ask for' : `it plants a coin paired with ${verdict.pair === 'zec' ? 'ZEC' : verdict.pair}, not the ${pair === 'native' ? 'native coin' : 'ZEC'} pair your request asked for`);
  }
  if (payeeWords(verdict.payee) !== payeeWords(payee)) found.add(`it declares the payee ${payeeWords(verdict.payee)}, not ${payeeWords(payee)} as asked`);
  for (const field of ['name', 'symbol', 'uri'] as const) {
    if (verdict.create[field] !== body[field]) found.add(`its ${field} is ${JSON.stringify(verdict.create[field])}, not ${JSON.stringify(body[field])} as asked`);
  }
  sameAmount(build, 'launchFeeLamports', world.vault.launchFeeLamports, 'the launch fee', found);
  firstBuyProblem(body, build, tx, pair, found);
}

/** The first buy spends what was asked, no more, for at least what `expected` names; none when none was asked. */
function firstBuyProblem(body: PlantBuildRequest, build: BuildJson, tx: ResolvedTransaction, pair: 'zec' | 'native', found: Findings): void {
  const buys = tx.instructions.filter((ix) => hasDiscriminator(ix.data, BUY_V2_DISCRIMINATOR) || hasDiscriminator(ix.data, MULTI_HOP_SWAP_DISCRIMINATOR));
  if (!body.firstBuy) {
    if (buys.length > 0) found.add('it makes a first buy, which your request did not ask for');
    return;
  }
  const zec = baseUnits(body.firstBuy.zec, 'firstBuy.zec');
  if (typeof zec === 'string') return found.add(zec);
  const buy = buys[0];
  if (!buy) return found.add('it makes no first buy, though your request asked for one');
  sameAmount(build, 'maxZecIn', zec, 'the most ZEC the first buy spends', found);
  const minTokens = expectedAmount(build, 'minTokensOut');
  if (minTokens === null) return found.add('`expected` names no minTokensOut for the first buy');
  if (pair === 'zec') {
    // buy_v2 of exact tokens, on a curve created in the same transaction: its cost is at most what was asked.
    const args = decodeBuyV2Data(buy.data);
    if (args.maxQuoteCost > zec) found.add(`its first buy may spend up to ${args.maxQuoteCost} ZEC base units, more than the ${zec} asked`);
    if (args.amount < minTokens) found.add(`its first buy takes ${args.amount} coin units, fewer than the ${minTokens} \`expected\` names`);
  } else {
    const [amountIn, minOut] = [u64At(buy.data, 8), u64At(buy.data, 16)];
    if (amountIn !== zec) found.add(`its first buy's route spends ${amountIn} ZEC base units, not the ${zec} asked`);
    if (minOut < minTokens) found.add(`its first buy's route accepts as few as ${minOut} coin units, below the ${minTokens} \`expected\` names`);
    const tokensOut = expectedAmount(build, 'tokensOut');
    const slippage = BigInt(body.firstBuy.slippageBps ?? 100);
    if (tokensOut !== null && minTokens < (tokensOut * (10_000n - slippage)) / 10_000n) found.add(`its first buy's minimum ${minTokens} is below the quote ${tokensOut} less your ${slippage} bps`);
  }
}
