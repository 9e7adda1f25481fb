import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { DeskError } from '../../errors.js';
import { invalidParam, notFound } from '../api-error.js';
import { AddressString, UnixSeconds } from '../schemas/common.js';
import type { Api, ApiContext } from '../api-context.js';
import { MAX_KEYS_PER_WALLET, type KeyRecord } from '../store/key-store.js';
import { parseSignInMessage, SIGN_IN_STATEMENT, signatureBytesOf, signedBy, signInMessage } from '../sign-in.js';
import { addressOf } from '../route-kit/request-values.js';
import { ERROR_RESPONSES, READS } from '../route-kit/route-config.js';

const CHALLENGE_MS = 5 * 60_000;

export const KeyInfo = Type.Object({
  id: Type.String(),
  prefix: Type.String({ description: 'the first 12 characters of the key' }),
  tier: Type.Union([Type.Literal('standard'), Type.Literal('raised')]),
  createdAt: UnixSeconds('when it was made'),
  revokedAt: Type.Union([UnixSeconds('when it was revoked'), Type.Null()]),
  lastUsedAt: Type.Union([UnixSeconds('its last request'), Type.Null()]),
  requests: Type.Integer({ minimum: 0 }),
});

export const ChallengeAnswer = Type.Object({ message: Type.String(), nonce: Type.String(), expiresAt: UnixSeconds('sign and send it before then') });
export const KeyCreated = Type.Object({ key: Type.String({ description: 'shown once: store it now' }), wallet: AddressString(), ...KeyInfo.properties });
export const KeyList = Type.Object({ wallet: AddressString(), data: Type.Array(KeyInfo) });
export const KeyUsageAnswer = Type.Object({ ...KeyInfo.properties, usage: Type.Array(Type.Object({ day: Type.String(), group: Type.String(), requests: Type.Integer() })) });

const seconds = (ms: number | null) => (ms === null ? null : Math.floor(ms / 1000));
const shown = (r: KeyRecord) => ({ id: r.id, prefix: r.prefix, tier: r.tier, createdAt: seconds(r.createdAt)!, revokedAt: seconds(r.revokedAt), lastUsedAt: seconds(r.lastUsedAt), requests: r.requests });

/**
 * API keys (spec, "Authentication"; the paths are ours): sign in with a wallet (one SIWS message, no
 * funds), at most 5 live keys per wallet, each shown once; list, usage and revocation with any live key
 * of the same wallet. Rotation: make a new key, switch, revoke the old one. Raising a key's tier is a
 * local admin command (`launchdesk keys raise <prefix>`).
 */
export function registerKeyRoutes(app: Api, ctx: ApiContext): void {
  const now = ctx.now ?? Date.now;
  const keys = () => {
    if (!ctx.keys) throw new DeskError('unavailable', 'this server was started without a key store');
    return ctx.keys;
  };
  /** The live key of the request: key management needs one. */
  const caller = (request: FastifyRequest): KeyRecord => {
    if (!request.apiKey) throw new DeskError('unauthorized', 'key management needs the header Authorization: Bearer <API_KEY> with a live key of the wallet');
    return request.apiKey;
  };
  const ownKey = async (request: FastifyRequest, id: string): Promise<KeyRecord> => {
    const me = caller(request);
    const key = await keys().record(id);
    if (!key || key.wallet !== me.wallet) throw notFound(`no key ${id} of this wallet`);
    return key;
  };

  app.post(
    '/v1/auth/challenge',
    {
      config: READS,
      schema: {
        summary: 'A Sign-In With Solana message to sign (one per key)',
        tags: ['keys'],
        body: Type.Object({ wallet: AddressString('the wallet that will own the key') }),
        response: { 200: ChallengeAnswer, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const wallet = addressOf(request.body.wallet, 'wallet');
      const at = now();
      const expires = at + CHALLENGE_MS;
      const nonce = await keys().issueNonce(wallet, at, expires);
      const host = request.headers.host!;
      const message = signInMessage({
        domain: host,
        address: wallet,
        statement: SIGN_IN_STATEMENT,
        uri: `http://${host}`,
        version: '1',
        chainId: ctx.profile.cluster.kind === 'sandbox' ? 'sandbox' : 'solana',
        nonce,
        issuedAt: new Date(at).toISOString(),
        expirationTime: new Date(expires).toISOString(),
      });
      return { message, nonce, expiresAt: Math.floor(expires / 1000) };
    },
  );

  app.post(
    '/v1/keys',
    {
      config: READS,
      schema: {
        summary: 'Make a key: the signed challenge in, the key out (shown this once)',
        tags: ['keys'],
        body: Type.Object({ message: Type.String({ maxLength: 2_000 }), signature: Type.String({ maxLength: 200, description: 'Ed25519 signature of the message, base58 or base64' }) }),
        response: { 201: KeyCreated, ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const fields = parseSignInMessage(request.body.message);
      const signature = signatureBytesOf(request.body.signature);
      const host = request.headers.host!;
      if (fields.domain !== host || fields.uri !== `http://${host}`) throw invalidParam('message', `was made for ${fields.domain}, not ${host}`);
      const at = now();
      if (Date.parse(fields.expirationTime) <= at) throw invalidParam('message', 'has expired: ask for a new challenge');
      if (!(await signedBy(fields.address, request.body.message, signature))) throw invalidParam('signature', 'does not verify against the wallet in the message');
      const store = keys();
      const full = () => new DeskError('refused', `this wallet already has ${MAX_KEYS_PER_WALLET} keys: revoke one (DELETE /v1/keys/{id}) before making another`);
      if ((await store.activeKeysOf(fields.address)) >= MAX_KEYS_PER_WALLET) throw full();
      if (!(await store.takeNonce(fields.nonce, fields.address, at))) throw invalidParam('message', 'its nonce was not issued to this wallet, was used already, or has expired');
      // The store counts again as it adds (another replica may have added one since): past the limit it throws RangeError.
      let made: { key: string; record: KeyRecord };
      try {
        made = await store.create(fields.address, at);
      } catch (error) {
        throw error instanceof RangeError ? full() : error;
      }
      const { key, record } = made;
      void reply.status(201);
      return { key, wallet: record.wallet, ...shown(record) };
    },
  );

  app.get(
    '/v1/keys',
    { config: READS, schema: { summary: "The wallet's keys (never the keys themselves)", tags: ['keys'], security: [{ apiKey: [] }], response: { 200: KeyList, ...ERROR_RESPONSES } } },
    async (request) => {
      const me = caller(request);
      return { wallet: me.wallet, data: (await keys().keysOf(me.wallet)).map(shown) };
    },
  );

  app.get(
    '/v1/keys/:id/usage',
    {
      config: READS,
      schema: {
        summary: "A key's usage per day and route group",
        tags: ['keys'],
        security: [{ apiKey: [] }],
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: KeyUsageAnswer, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const key = await ownKey(request, request.params.id);
      const [record, usage] = await Promise.all([keys().record(key.id), keys().usageOf(key.id)]);
      return { ...shown(record!), usage };
    },
  );

  app.delete(
    '/v1/keys/:id',
    {
      config: READS,
      schema: {
        summary: 'Revoke a key (effective at once; the spec allows 10 s)',
        tags: ['keys'],
        security: [{ apiKey: [] }],
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: KeyInfo, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const key = await ownKey(request, request.params.id);
      await keys().revoke(key.id, now());
      return shown((await keys().record(key.id))!);
    },
  );
}
