import { LISTING_RULES } from '../../config/listing-rules.js';
import { NATIVE_SYMBOL } from '../../config/profile.js';
import { buildPlanting, type PlantRequest } from '../../engine/plant.js';
import { readWorld } from '../../engine/world.js';
import { readRefusedWords } from '../../index/index-rules.js';
import { invalidParam } from '../api-error.js';
import { buildAnswerOf, buildAnswerWith } from '../schemas/build.js';
import { EXPECTED } from '../schemas/expected.js';
import { PlantBuildBody } from '../schemas/requests.js';
import type { Api, ApiContext } from '../api-context.js';
import { addressOf, amountOf, computeUnitPriceField, payeeOf, slippageOf } from '../route-kit/request-values.js';
import { ERROR_RESPONSES } from '../route-kit/route-config.js';

const PLANTS = { rateGroup: 'plants' as const };

/**
 * The spec's name rules, each refusal naming its field: name at most 32 bytes, ticker by
 * `planting.ticker.pattern` and not the native coin's, no refused word, uri https or ipfs within 100
 * characters. The index would not list a planting breaking any of them.
 */
export function checkNames(fields: { name: string; symbol: string; uri: string }, nativeSymbol: string, refusedWords: readonly string[]): void {
  const bytes = new TextEncoder().encode(fields.name).length;
  if (bytes === 0) throw invalidParam('name', 'is empty');
  if (bytes > LISTING_RULES.nameMaxBytes) throw invalidParam('name', `takes ${bytes} bytes; at most ${LISTING_RULES.nameMaxBytes}`);
  if (!LISTING_RULES.tickerPattern.test(fields.symbol)) throw invalidParam('symbol', `${JSON.stringify(fields.symbol.slice(0, 20))} is not 2 to 10 characters of A-Z and 0-9`);
  if (fields.symbol === nativeSymbol.toUpperCase()) throw invalidParam('symbol', `${fields.symbol} is the native coin's own ticker`);
  for (const [field, text] of [['name', fields.name], ['symbol', fields.symbol]] as const) {
    if (refusedWords.some((w) => text.toLowerCase().includes(w.toLowerCase()))) throw invalidParam(field, 'holds a word that is not allowed');
  }
  if (!/^(https:\/\/|ipfs:\/\/)\S+$/.test(fields.uri)) throw invalidParam('uri', 'must be an https:// or ipfs:// link (POST /v1/plant/upload answers one)');
  if (fields.uri.length > LISTING_RULES.uriMaxChars) throw invalidParam('uri', `has ${fields.uri.length} characters; at most ${LISTING_RULES.uriMaxChars}`);
}


/** POST /v1/plant/build: one transaction that creates, pays the launch fee, buys if asked and declares the payee. */
export function registerPlantRoutes(app: Api, ctx: ApiContext): void {
  const refusedWords = readRefusedWords();
  app.post(
    '/v1/plant/build',
    {
      config: PLANTS,
      schema: {
        summary: 'Build a planting (unsigned, simulated): wallet signs first, then the mint key',
        tags: ['plant'],
        body: PlantBuildBody,
        response: { 200: buildAnswerWith(EXPECTED.plant), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const body = request.body;
      const wallet = addressOf(body.wallet, 'wallet');
      const mint = addressOf(body.mint, 'mint');
      if (mint === wallet) throw invalidParam('mint', 'is the wallet: the mint needs its own fresh key');
      checkNames(body, ctx.profile.pairs?.native?.symbol ?? NATIVE_SYMBOL, refusedWords);
      const payee = payeeOf(body.payee, 'payee', wallet);
      const pair = body.pair ?? 'zec';
      if (pair === 'native' && !ctx.profile.pairs?.native) throw invalidParam('pair', 'this cluster has no native pair');
      const plant: PlantRequest = {
        wallet, mint, name: body.name, symbol: body.symbol, uri: body.uri, payee, pair,
        firstBuy: body.firstBuy ? { zec: amountOf(body.firstBuy.zec, 'firstBuy.zec') as bigint, slippageBps: slippageOfField(body.firstBuy.slippageBps) } : null,
        ...computeUnitPriceField(body.computeUnitPrice),
      };
      const world = await readWorld(ctx.chain, ctx.profile);
      const build = await buildPlanting(ctx.chain, plant, world, (ctx.now ?? Date.now)());
      await ctx.relay?.record(build);
      return buildAnswerOf(build);
    },
  );
}

function slippageOfField(value: number | undefined): bigint | null {
  try {
    return slippageOf(value);
  } catch {
    throw invalidParam('firstBuy.slippageBps', 'must be an integer from 0 to 2000');
  }
}
