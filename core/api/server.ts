import type { Address } from '@solana/kit';
import { timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import Fastify, { type FastifyError, type FastifyReply, type FastifyRequest } from 'fastify';
import { registerFaucetRoute } from './routes/faucet.js';
import { issuerStatusOn } from '../stocks/node/issuer-status-node.js';
import { registerStockRoutes } from './routes/stocks.js';
import { registerZcashRoutes } from './routes/zcash.js';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { DeskError } from '../errors.js';
import { isApiError, toApiError } from './api-error.js';
import { serializationSchema } from './schemas/common.js';
import { hostedPolicy, LOOPBACK_POLICY } from './host-policy.js';
import { requestRefusal, schemaRefusal } from './request-refusals.js';
import { RATE_GROUPS, RateLimiter, type RateTier } from './rate-limit.js';
import { registerCoinRoutes } from './routes/coins.js';
import { registerDocsRoutes } from './routes/docs.js';
import { registerKeyRoutes } from './routes/keys.js';
import { registerTxRoutes } from './routes/tx.js';
import { registerTradeRoutes } from './routes/trade.js';
import { registerPlantRoutes } from './routes/plant.js';
import { registerPayeeRoutes } from './routes/payee.js';
import { registerSwapRoutes } from './routes/swap.js';
import { registerRelayRoutes } from './routes/relay.js';
import { registerReadRoutes } from './routes/reads.js';
import { registerRunRoutes } from './routes/runs.js';
import { registerRiskRoutes } from './routes/risk.js';
import { registerUploadRoutes } from './routes/upload.js';
import { registerStreamRoute } from './routes/stream.js';
import { StreamHub } from './stream/stream-hub.js';
import { WalletWatches } from './stream/wallet-watch.js';
import { streamCoinContext } from './route-kit/coin-context.js';
import { registerDeskApi } from './desk/desk-api.js';
import { registerOrderRoutes } from './routes/orders.js';
import { registerReviewKitRoute } from './desk/review-kit-route.js';
import { DESK_TOKEN_HEADER } from './desk/desk-token.js';
import { defaultDeskDir, deskSessionOf, newDeskSession, registerDeskRoutes } from './desk-site.js';
import type { Api, ApiContext } from './api-context.js';

/** The spec's filter names (Errors: an unknown `sort`, `stage`, `quote`, `stock` or `pair` answers 400 invalid_param). */
const FILTERS = ['sort', 'stage', 'quote', 'stock', 'pair'] as const;

/** A route's integer query fields, found once per querystring schema (not per request). */
const integerFields = new WeakMap<object, readonly string[]>();
function integerQueryFields(schema: unknown): readonly string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  let names = integerFields.get(schema);
  if (names === undefined) {
    const properties = (schema as { properties?: Record<string, { type?: string }> }).properties ?? {};
    names = Object.entries(properties).filter(([, property]) => property.type === 'integer').map(([name]) => name);
    integerFields.set(schema, names);
  }
  return names;
}

/**
 * A filter an endpoint does not take is refused naming it, never ignored: `GET /v1/trades?sort=bogus`
 * would otherwise answer 200 as if the order asked for were the one given. Values of the filters a route
 * declares are checked by its schema (an enum naming the allowed values); this covers the rest, in the
 * query and in a JSON body alike.
 */
function refuseUntakenFilters(request: FastifyRequest): void {
  const schema = request.routeOptions.schema as { querystring?: { properties?: object }; body?: { properties?: object } } | undefined;
  const sources: [Record<string, unknown> | null, object | undefined][] = [
    [request.query as Record<string, unknown> | null, schema?.querystring?.properties],
    [typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? (request.body as Record<string, unknown>) : null, schema?.body?.properties],
  ];
  for (const [values, declared] of sources) {
    if (!values) continue;
    for (const name of FILTERS) {
      if (values[name] === undefined || (declared && Object.hasOwn(declared, name))) continue;
      const where = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
      throw new DeskError('invalid_param', `${name}: ${JSON.stringify(String(values[name]).slice(0, 40))} is not taken here: ${where} has no ${name} parameter`);
    }
  }
}

type SerializerFactory = (externalSchemas: unknown, options: unknown) => (route: { schema: unknown }) => (data: unknown) => string;
/** Fastify's own serialiser compiler (fast-json-stringify), resolved from Fastify itself: the one it would use. */
const fastifySerializers = (createRequire(createRequire(import.meta.url).resolve('fastify'))('@fastify/fast-json-stringify-compiler') as { SerializerSelector: () => SerializerFactory }).SerializerSelector();
/** Fastify's serialiser, given each response schema in the form that serialises without validating (schemas/common.ts, serializationSchema). */
const buildSerializer: SerializerFactory = (externalSchemas, options) => {
  const compile = fastifySerializers(externalSchemas, options);
  return (route) => compile({ ...route, schema: serializationSchema(route.schema) });
};

/**
 * The local /v1 server: schema-first routes (validation, serialisation and the OpenAPI document come
 * from the same schemas), one error model, the spec's rate limits, and a loopback-only stance: it binds
 * 127.0.0.1, refuses a Host that is not a loopback name (DNS rebinding) and sends no CORS headers.
 */
export async function createApiServer(given: ApiContext): Promise<Api> {
  // Hosted: no desk, no faucet, no desk routes, whatever else was given (docs/hosting.md).
  const placed: ApiContext = given.hosted ? { ...given, desk: undefined, faucet: null, deskDir: null } : given;
  const ctx: ApiContext = placed.stocks ? placed : { ...placed, stocks: issuerStatusOn(placed.chain, () => placed.profile.stocks, { ...(placed.profile.programs['vault'] ? { vault: placed.profile.programs['vault'] } : {}) }) };
  const hostPolicy = ctx.hosted ? hostedPolicy(ctx.hosted.hosts) : LOOPBACK_POLICY;
  const app = Fastify({
    logger: false,
    bodyLimit: 5 * 1024 * 1024,
    // Responses are serialised from their schemas (fast-json-stringify) without a validator in the loop.
    schemaController: { compilersFactory: { buildSerializer: buildSerializer as never } },
    routerOptions: { maxParamLength: 200 },
    // Hosted behind a proxy: the caller's address (its rate limits) from X-Forwarded-For, said by these proxies only.
    trustProxy: ctx.hosted && ctx.hosted.trustedProxies.length > 0 ? [...ctx.hosted.trustedProxies] : false,
    // A request without Host reaches the Host check (and its JSON error) instead of Node's empty 400.
    http: { requireHostHeader: false } as never,
    // verbose: a refused value's schema (its description) comes with the error, to say what the field takes.
    ajv: { customOptions: { coerceTypes: true, removeAdditional: false, useDefaults: true, allErrors: false, verbose: true } },
    // The router's own refusals (a malformed percent-encoding, a path segment over 200 characters).
    frameworkErrors: (error, request, reply) => {
      const path = request.url.split('?')[0]!.slice(0, 100);
      const why = requestRefusal(error)?.message.replace(/^path: /, '') ?? 'it cannot be read';
      const answer = { error: { code: 'invalid_param', message: `path: ${JSON.stringify(path)} cannot be read: ${why}` } };
      void (reply as unknown as FastifyReply).status(400).type('application/json').send(answer);
    },
    // Requests Node's HTTP parser cannot read never reach a route: answer them in the error model and close.
    clientErrorHandler: (connectionError, socket) => {
      const error = connectionError as unknown as NodeJS.ErrnoException & { rawPacket?: Buffer };
      if (!socket.writable) return void socket.destroy();
      const why = error.code === 'HPE_HEADER_OVERFLOW' ? 'its headers are too large' : error.code === 'HPE_URI_TOO_LONG' ? 'its URL is too long' : 'it is not a valid HTTP/1.1 request';
      const body = JSON.stringify({ error: { code: 'invalid_param', message: `request: ${why}` } });
      const head = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD '; // a HEAD answer carries no content
      socket.end(`HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${head ? '' : body}`);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  // Node answers an unknown Expect with an empty 417 unless someone listens: answer in the error model.
  app.server.on('checkExpectation', (_request, response) => {
    response.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'invalid_param', message: 'Expect: only 100-continue is understood' } }));
  });
  const limiter = ctx.limiter ?? new RateLimiter(ctx.now);
  const desk = { dir: ctx.deskDir === undefined ? defaultDeskDir() : ctx.deskDir, session: newDeskSession() };

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'launchdesk local /v1',
        version: '1',
        description:
          'The Token Launch and Trading Developer API, served on this machine. Amounts are integer base units as decimal strings. ' +
          'Lists answer `{data, next}`: pass `next` as `cursor` for the following page. Errors answer `{error: {code, message}}`.',
      },
      servers: [],
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer', description: 'Optional: raises the rate limits.' } } },
    },
  });

  // The reference, the OpenAPI document and the review kit are registered without a group, yet each answer
  // costs more than a refusal does (the document is 200 KB of JSON, the kit reads the chain): they count as reads.
  app.addHook('onRoute', (route) => {
    if (COUNTED_AS_READS.has(route.url)) route.config = { ...route.config, rateGroup: 'reads' };
  });
  // On the hosted index, each read's answer sees one snapshot (a batch committed meanwhile is not half seen). Only the
  // GET reads: a build or a relay send may wait on the chain, and would hold a connection and a transaction meanwhile.
  const answer = ctx.store.answer?.bind(ctx.store);
  if (answer) {
    app.addHook('onRoute', (route) => {
      if (route.method !== 'GET') return;
      if ((route as { websocket?: boolean }).websocket) return; // the push stream reads by position, batch by batch
      const handler = route.handler as (this: unknown, request: FastifyRequest, reply: FastifyReply) => unknown;
      // Only an async handler answers when its promise settles; a plugin's plain one may answer later by itself.
      if (handler.constructor.name !== 'AsyncFunction') return;
      route.handler = function (request, reply) {
        return answer(async () => handler.call(this, request, reply));
      };
    });
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const hostProblem = hostPolicy.hostProblem(request.headers.host, request.socket.localPort);
    if (hostProblem !== null) throw new DeskError('invalid_param', hostProblem);
    // A page of another site may read nothing (no CORS headers) and change nothing: a state-changing request
    // that carries an Origin must come from this server's own pages (bots send none).
    const origin = request.headers.origin;
    if (origin !== undefined && CHANGES_STATE.has(request.method) && hostPolicy.originProblem(origin, request.socket.localPort) !== null) {
      throw new DeskError('forbidden', `a page of another site (Origin: ${JSON.stringify(origin.slice(0, 100))}) may not change anything on this server: only its own pages, and clients that send no Origin, may`);
    }
    const group = request.routeOptions.config?.rateGroup;
    const auth = request.headers.authorization;
    let tier: RateTier = 'anonymous';
    let identity = `ip:${request.ip}`;
    if (auth !== undefined) {
      const token = /^Bearer ([\x21-\x7e]{1,200})$/.exec(auth)?.[1];
      const key = token === undefined ? null : ((await ctx.keys?.resolve(token)) ?? null);
      if (!key) throw new DeskError('unauthorized', 'the Authorization header holds no valid key (it does not exist or was revoked); omit the header to use anonymous limits');
      request.apiKey = key;
      tier = key.tier;
      identity = `key:${key.id}`;
      if (group) await ctx.keys!.countUse(key.id, group, (ctx.now ?? Date.now)());
    } else if (deskSessionOf(request, desk.session) || deskTokenOf(request, ctx.desk?.token)) {
      tier = 'raised';
      identity = 'desk';
    }
    if (!group) return;
    const verdict = await limiter.take(group, tier, identity);
    reply.header('X-RateLimit-Limit', verdict.limit);
    reply.header('X-RateLimit-Remaining', verdict.remaining);
    if (verdict.retryAfter !== null) {
      reply.header('Retry-After', verdict.retryAfter);
      const who = identity === 'desk' ? 'the desk' : tier === 'anonymous' ? 'an address without a key' : `a ${tier} key`;
      throw new DeskError('rate_limited', `too many requests for the ${group} group (${verdict.limit} in any ${RATE_GROUPS[group].windowSeconds === 60 ? 'minute' : 'hour'} for ${who}); retry in ${verdict.retryAfter} s`);
    }
  });

  // Every answer a person could navigate to (the reference, an /ipfs file, an error page, any JSON) carries a
  // Content-Security-Policy: nothing runs or loads unless the answer itself allows it (the desk's page sets its own).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('content-security-policy')) void reply.header('content-security-policy', NAVIGABLE_CSP);
    if (!reply.hasHeader('x-content-type-options')) void reply.header('x-content-type-options', 'nosniff');
    return payload;
  });

  app.addHook('preValidation', async (request) => {
    refuseUntakenFilters(request);
    // Integers in a query must be plain decimal digits: Ajv's coercion would take `1e309` or `Infinity` for numbers.
    const integers = integerQueryFields(request.routeOptions.schema?.querystring);
    if (integers.length === 0) return;
    const query = request.query as Record<string, unknown>;
    for (const name of integers) {
      const value = query[name];
      if (value !== undefined && (typeof value !== 'string' || !/^-?[0-9]{1,15}$/.test(value))) {
        throw new DeskError('invalid_param', `${name}: must be an integer written in decimal digits`);
      }
    }
  });

  const onUnexpectedError = ctx.onUnexpectedError ?? ((error: unknown, where: string) => console.error(`launchdesk /v1: ${where} answered 503 after an unexpected error:`, error));
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // The framework's refusals of a malformed request (schema, JSON, media type, form) are said in our words.
    const refusal = error instanceof DeskError ? error : error.validation ? schemaRefusal(error) : requestRefusal(error);
    const answer = toApiError(refusal ?? error);
    // Anything else answers a plain 503 (never a library's text or a stack); the detail is for the log.
    if (!isApiError(refusal)) onUnexpectedError(error, `${request.method} ${request.url.split('?')[0]!.slice(0, 200)}`);
    void reply.status(answer.status).type('application/json').send(answer.body);
  });

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!.slice(0, 200);
    void reply.status(404).send({ error: { code: 'not_found', message: `no such endpoint: ${request.method} ${path}` } });
  });

  registerReadRoutes(app, ctx);
  registerCoinRoutes(app, ctx);
  registerRunRoutes(app, ctx);
  registerRiskRoutes(app, ctx);
  registerStockRoutes(app, ctx);
  registerZcashRoutes(app, ctx);
  registerKeyRoutes(app, ctx);
  registerTxRoutes(app, ctx);
  registerTradeRoutes(app, ctx);
  registerPlantRoutes(app, ctx);
  registerPayeeRoutes(app, ctx);
  registerSwapRoutes(app, ctx);
  registerRelayRoutes(app, ctx);
  registerUploadRoutes(app, ctx);
  registerFaucetRoute(app, ctx);
  registerStreamRoute(app);
  registerDocsRoutes(app);
  if (!ctx.hosted) registerReviewKitRoute(app, ctx);
  if (ctx.desk) await registerDeskApi(app, ctx, ctx.desk);
  if (ctx.desk?.orders) await registerOrderRoutes(app, ctx, { ...ctx.desk, orders: ctx.desk.orders });
  // The stream presents synchronously: its stock readings are the issuer status's answer, read again before each range when older than 15 s.
  const walletFeeds = { watches: new WalletWatches(ctx.chain), sources: { profile: ctx.profile, coin: (mint: Address) => ctx.store.coin(mint) } };
  const hub = new StreamHub(ctx.store, (coins, options) => streamCoinContext(ctx, coins, options), ctx.progress, async () => (ctx.stocks && ctx.stocks.listed.length > 0 && !ctx.stocks.fresh() ? ctx.stocks.read() : undefined), walletFeeds, hostPolicy);
  hub.attach(app.server);
  // Before the server closes: its WebSocket connections would otherwise keep close() waiting for ever.
  app.addHook('preClose', async () => hub.close());
  // The hosted /v1 serves no pages: `/` and the rest answer the JSON 404.
  if (!ctx.hosted) registerDeskRoutes(app, desk);
  return app;
}

/** The policy of every answer but the desk's page: inline styles (the reference page) and this server's images only. */
export const NAVIGABLE_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Routes registered elsewhere without a rate group that count as reads (docs/api.md, "Rate limits"). */
const COUNTED_AS_READS = new Set(['/v1/openapi.json', '/v1/docs', '/desk-api/review-kit']);

/**
 * Whether a request carries this run's desk token (handed only to the person: core/api/desk/desk-token.ts).
 * It counts as the desk, as the desk session does; a wrong token is left to the route to refuse.
 */
function deskTokenOf(request: FastifyRequest, token: string | undefined): boolean {
  const sent = request.headers[DESK_TOKEN_HEADER];
  if (token === undefined || typeof sent !== 'string') return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The methods that change something: a cross-site request with one of them is refused. */
const CHANGES_STATE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Starts the server on 127.0.0.1 (never another interface). */
export async function listenLocal(app: Api, port: number): Promise<{ url: string; port: number }> {
  await app.listen({ host: '127.0.0.1', port });
  const address = app.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return { url: `http://127.0.0.1:${actual}`, port: actual };
}
