import multipart, { type MultipartFile } from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyError } from 'fastify';
import { Type, type Static } from 'typebox';
import { LISTING_RULES } from '../../config/listing-rules.js';
import { NATIVE_SYMBOL } from '../../config/profile.js';
import { isCid } from '../../content/cid.js';
import { IMAGE_MAX_BYTES, imageSizeProblem, imageTypeOf } from '../../verify/image-type.js';
import { publishCoin, type CoinUpload } from '../../content/metadata.js';
import { DeskError } from '../../errors.js';
import { invalidParam, notFound } from '../api-error.js';
import { AddressString, StringEnum } from '../schemas/common.js';
import type { Api, ApiContext } from '../api-context.js';
import { addressOf } from '../route-kit/request-values.js';
import { ERROR_RESPONSES, READS } from '../route-kit/route-config.js';

const UPLOADS = { rateGroup: 'uploads' as const };
const IMMUTABLE = 'public, max-age=31536000, immutable';
const LINK_MAX_CHARS = 200;
const DESCRIPTION_MAX_CHARS = 2_000;
/** Above every text limit of the schema, so a value busboy cuts short still fails the schema. */
const FIELD_MAX_BYTES = 64 * 1024;

const Link = (what: string) =>
  Type.Optional(Type.String({ maxLength: LINK_MAX_CHARS, pattern: '^(|https?://\\S+)$', description: `${what}: an http(s) link; empty is the same as absent` }));

const UploadBody = Type.Object({
  // The rule is in bytes (checked in coinUploadOf, which says so); the schema only bounds what is read.
  name: Type.String({ minLength: 1, maxLength: 200, description: `at most ${LISTING_RULES.nameMaxBytes} bytes of UTF-8` }),
  symbol: Type.String({ pattern: LISTING_RULES.tickerPattern.source, description: 'the ticker: 2 to 10 characters of A-Z and 0-9, not the native coin\'s' }),
  description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX_CHARS })),
  twitter: Link('twitter'),
  website: Link('website'),
  telegram: Link('telegram'),
  image: Type.Unsafe<unknown>({ contentMediaType: 'application/octet-stream', description: 'a file part: PNG, JPEG, WebP or GIF (read from its bytes), under 4 MB' }),
  payer: Type.Optional(AddressString('the planter\'s wallet')),
  mint: Type.Optional(AddressString('the new coin\'s public key')),
  holders: Type.Optional(StringEnum(['0', '1'] as const, '`1` when the deployer\'s share will pay holder rewards, else `0`')),
});

/** A link field: http(s) with a host, else `invalid_param` naming it; empty is absent. */
function linkOf(value: string | undefined, field: string): string | undefined {
  if (value === undefined || value === '') return undefined;
  let url: URL | null = null;
  try {
    url = new URL(value);
  } catch {
    // answered below
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') throw invalidParam(field, `${JSON.stringify(value.slice(0, 60))} is not an http(s) link`);
  return value;
}

/** The upload as the planting will name it; each rule the schema cannot say is checked here, naming its field. */
function coinUploadOf(body: Static<typeof UploadBody>, nativeSymbol: string): CoinUpload {
  const nameBytes = Buffer.byteLength(body.name, 'utf8');
  if (nameBytes > LISTING_RULES.nameMaxBytes) throw invalidParam('name', `is ${nameBytes} bytes of UTF-8; at most ${LISTING_RULES.nameMaxBytes}`);
  if (body.symbol === nativeSymbol.toUpperCase()) throw invalidParam('symbol', `${body.symbol} is the native coin's ticker`);
  const image = body.image;
  if (!Buffer.isBuffer(image)) throw invalidParam('image', Array.isArray(image) ? 'send exactly one image file' : 'must be a file part of the form, not a text field');
  const type = imageTypeOf(image);
  if (!type) throw invalidParam('image', 'is not a PNG, JPEG, WebP or GIF image (the type is read from the file\'s bytes, not its name or declared type)');
  // Decode bombs: the header's dimensions are checked before anything (here or in the desk) decodes it.
  const sizeProblem = imageSizeProblem(image, type);
  if (sizeProblem !== null) throw invalidParam('image', sizeProblem.replace(/^image: /, ''));
  const optional = <K extends string, V>(key: K, value: V | undefined) => (value === undefined ? {} : ({ [key]: value } as Record<K, V>));
  return {
    name: body.name,
    symbol: body.symbol,
    description: body.description ?? '',
    ...optional('twitter', linkOf(body.twitter, 'twitter')),
    ...optional('telegram', linkOf(body.telegram, 'telegram')),
    ...optional('website', linkOf(body.website, 'website')),
    ...optional('payer', body.payer === undefined ? undefined : addressOf(body.payer, 'payer')),
    ...optional('mint', body.mint === undefined ? undefined : addressOf(body.mint, 'mint')),
    ...optional('holders', body.holders === undefined ? undefined : body.holders === '1'),
    image: { bytes: image, type },
  };
}

/**
 * Each file part is read here, as it arrives, into memory up to the image limit (busboy keeps no byte
 * past it, so a huge upload is read through but never held); then only a single `image` part is kept.
 */
async function onFile(part: MultipartFile): Promise<void> {
  let tooLarge = false;
  try {
    await part.toBuffer();
  } catch (error) {
    if ((error as { code?: string }).code !== 'FST_REQ_FILE_TOO_LARGE') throw error;
    tooLarge = true;
  }
  if (part.fieldname !== 'image') throw invalidParam(part.fieldname, 'must be a text field; only `image` is a file');
  if (tooLarge) throw invalidParam('image', `is too large: an image must be under 4 MB (${IMAGE_MAX_BYTES + 1} bytes)`);
  if (Array.isArray(part.fields['image'])) throw invalidParam('image', 'send exactly one image file');
}

/** POST /v1/plant/upload (multipart) and GET /ipfs/{cid}, the content it stores, served back. */
export function registerUploadRoutes(app: Api, ctx: ApiContext): void {
  app.get(
    '/ipfs/:cid',
    {
      config: READS,
      schema: {
        summary: 'Stored content by its CID (an uploaded image or metadata document); immutable',
        tags: ['plant'],
        params: Type.Object({ cid: Type.String({ maxLength: 100, description: 'a CIDv1 (raw, sha2-256, base32)' }) }),
        response: { 200: Type.Unsafe<unknown>({ contentMediaType: 'application/octet-stream', description: 'the bytes: an image, or application/json' }), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const { cid } = request.params;
      const stored = isCid(cid) ? await ctx.content?.read(cid) : null;
      if (!stored) throw notFound(`no content with cid ${JSON.stringify(cid.slice(0, 80))} is stored here`);
      return reply.type(stored.contentType).header('cache-control', IMMUTABLE).header('x-content-type-options', 'nosniff').send(stored.bytes);
    },
  );

  // Multipart belongs to this route alone: its parser and hooks stay inside this plugin.
  void app.register(async (plugin) => {
    const scope = plugin.withTypeProvider<TypeBoxTypeProvider>();
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile,
      limits: { fileSize: IMAGE_MAX_BYTES, files: 2, fields: 20, parts: 22, fieldSize: FIELD_MAX_BYTES, fieldNameSize: 100, headerPairs: 100 },
    });
    // The form is read by the multipart plugin's own preValidation hook, which runs before this one. Its
    // parser (busboy) throws plain errors without a code for a form cut short or without its boundary:
    // any such error before the form was read is the form's, and answers in our words, not busboy's.
    const formRead = new WeakSet<object>();
    scope.addHook('preValidation', async (request) => {
      formRead.add(request);
    });
    scope.setErrorHandler((error: FastifyError, request) => {
      if (!(error instanceof DeskError) && !error.validation && error.code === undefined && !formRead.has(request)) {
        throw invalidParam('request', 'the multipart form cannot be read: it is cut short, or its boundary is missing or not the one its Content-Type names');
      }
      throw error;
    });
    scope.post(
      '/v1/plant/upload',
      {
        config: UPLOADS,
        schema: {
          summary: 'Upload a coin\'s image and metadata (multipart form); answers the metadata uri for the planting',
          tags: ['plant'],
          consumes: ['multipart/form-data'],
          body: UploadBody,
          response: { 200: Type.Object({ uri: Type.String({ maxLength: LISTING_RULES.uriMaxChars, description: 'ipfs://<cid> of the metadata document' }) }), ...ERROR_RESPONSES },
        },
        preValidation: async (request) => {
          if (!request.isMultipart()) throw invalidParam('request', 'must be a multipart/form-data form');
        },
      },
      async (request) => {
        const native = ctx.profile.pairs?.native;
        const upload = coinUploadOf(request.body, native?.symbol ?? NATIVE_SYMBOL);
        if (!ctx.content) throw new DeskError('unavailable', 'this server keeps no content store, so it takes no uploads');
        return { uri: (await publishCoin(ctx.content, upload)).uri };
      },
    );
  });
}
