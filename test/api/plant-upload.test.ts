import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { generateKeyPairSigner } from '@solana/kit';
import { CID } from 'multiformats/cid';
import * as raw from 'multiformats/codecs/raw';
import { sha256 } from 'multiformats/hashes/sha2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIVE_SYMBOL } from '../../core/config/profile.js';
import { cidOf, digestOfCid, isCid, type Cid } from '../../core/content/cid.js';
import { ContentStore } from '../../core/content/content-store.js';
import { IMAGE_MAX_BYTES } from '../../core/verify/image-type.js';
import { NO_IMAGE_MODERATION, readImageHashes, readImageModeration } from '../../core/content/moderation.js';
import { KuboBlockPinning, type PinningService } from '../../core/content/pinning.js';
import { isDeskError } from '../../core/errors.js';
import { tempDir } from '../helpers/sandbox.js';
import { NAVIGABLE_CSP } from '../../core/api/server.js';
import { call, codeOf, messageOf, startApi, type Answer, type ApiFixture } from './api-fixture.js';

const referenceCid = async (bytes: Uint8Array) => CID.create(1, raw.code, await sha256.digest(bytes)).toString();
const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('CID of a raw block (CIDv1, raw, sha2-256, base32)', () => {
  it('matches known vectors', () => {
    expect(cidOf(new Uint8Array())).toBe('bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku');
    expect(cidOf(new TextEncoder().encode('hello world'))).toBe('bafkreifzjut3te2nhyekklss27nh3k72ysco7y32koao5eei66wof36n5e');
  });

  it('matches the multiformats library on random inputs of every length up to 300 bytes and on 1 MiB', async () => {
    for (let length = 0; length <= 300; length++) {
      const bytes = randomBytes(length);
      expect(cidOf(bytes), `length ${length}`).toBe(await referenceCid(bytes));
    }
    const big = randomBytes(1024 * 1024);
    expect(cidOf(big)).toBe(await referenceCid(big));
  });

  it('reads back the digest of its own CIDs and of no other spelling', () => {
    const bytes = randomBytes(40);
    const cid = cidOf(bytes);
    expect(cid).toMatch(/^bafkrei[a-z2-7]{52}$/);
    expect(digestOfCid(cid)).toBe(sha256Hex(bytes));
    expect(isCid(cid)).toBe(true);
    const last = cid.at(-1)!;
    const sibling = 'abcdefghijklmnopqrstuvwxyz234567'['abcdefghijklmnopqrstuvwxyz234567'.indexOf(last) ^ 1]!; // the same byte, a padding bit set
    for (const wrong of [cid.toUpperCase(), `${cid.slice(0, -1)}${sibling}`, cid.slice(0, -1), `${cid}a`, `B${cid.slice(1)}`, 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG', 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi', '../../etc/passwd', '']) {
      expect(isCid(wrong), wrong).toBe(false);
    }
  });
});

describe('image lists and the content store on disk', () => {
  it('ships both image lists empty, and reads a hash per line (sha256sum lines as they are), refusing a line that is no hash', () => {
    const shipped = readImageModeration();
    expect(shipped.inReview.size).toBe(0);
    expect(shipped.refused.size).toBe(0);
    const dir = tempDir('launchdesk-moderation-');
    try {
      const hash = sha256Hex(Buffer.from('x'));
      writeFileSync(join(dir, 'list.txt'), `# comment\n\n${hash.toUpperCase()}  picture.png\n${hash}\n`);
      expect([...readImageHashes(join(dir, 'list.txt'))]).toEqual([hash]);
      writeFileSync(join(dir, 'bad.txt'), '# comment\nnot-a-hash\n');
      expect(() => readImageHashes(join(dir, 'bad.txt'))).toThrow(/bad\.txt:2: "not-a-hash" is not a hex sha256/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('removes what a crash left half-written, and serves only blocks whose bytes match their name', async () => {
    const dir = tempDir('launchdesk-content-');
    try {
      writeFileSync(join(dir, '.partial-0123456789abcdef'), 'half a file');
      const store = new ContentStore({ dir, moderation: NO_IMAGE_MODERATION });
      expect(readdirSync(dir)).toEqual([]);
      const bytes = png(salt());
      const cid = await store.put(bytes, 'image/png');
      expect(readdirSync(dir)).toEqual([cid]);
      expect((await store.read(cid))?.contentType).toBe('image/png');
      const damaged = Buffer.from(bytes);
      damaged[12]! ^= 0xff;
      writeFileSync(join(dir, cid), damaged); // one byte damaged on disk, same size
      expect(await store.read(cid)).toBeNull();
      expect(await store.put(bytes, 'image/png')).toBe(cid); // a damaged block is written again
      expect((await store.read(cid))?.bytes.equals(bytes)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// --- tiny images, each made unique by `salt` (the signature is what the server reads) ---

function pngChunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 1x1 RGBA PNG with the salt in a tEXt chunk (or one whose header claims `width` × `height`). */
function png(salt: string, width = 1, height = 1): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('tEXt', Buffer.from(`Comment\0${salt}`, 'latin1')),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 0xff, 0x80, 0x00, 0xff]))),
    pngChunk('IEND', new Uint8Array()),
  ]);
}

/** A JPEG's header: JFIF, the salt as a comment, and a 1×1 start of frame (what the server reads its size from). */
const jpeg = (salt: string) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0', 'latin1'), Buffer.from([1, 1, 0, 0, 1, 0, 1, 0, 0]), Buffer.from([0xff, 0xfe, 0, 2 + salt.length]), Buffer.from(salt, 'latin1'), Buffer.from([0xff, 0xc0, 0x00, 0x0b, 8, 0, 1, 0, 1, 1, 1, 0x11, 0]), Buffer.from([0xff, 0xd9])]);
const gif = (salt: string) => Buffer.concat([Buffer.from('GIF89a', 'latin1'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x21, 0xfe, salt.length]), Buffer.from(salt, 'latin1'), Buffer.from([0, 0x3b])]);
function webp(salt: string): Buffer {
  // A lossless bitstream's header: its signature byte, then a 1×1 size (14 bits each, minus one), then the salt.
  const chunk = Buffer.concat([Buffer.from('VP8L', 'latin1'), Buffer.from([5 + salt.length, 0, 0, 0]), Buffer.from([0x2f, 0, 0, 0, 0]), Buffer.from(salt, 'latin1')]);
  const size = Buffer.alloc(4);
  size.writeUInt32LE(4 + chunk.length);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), size, Buffer.from('WEBP', 'latin1'), chunk]);
}

const IMAGES = { png: [png, 'image/png'], jpeg: [jpeg, 'image/jpeg'], webp: [webp, 'image/webp'], gif: [gif, 'image/gif'] } as const;
const salt = () => randomBytes(8).toString('hex');

type FormValue = string | { bytes: Uint8Array; filename: string; type?: string };

async function upload(f: ApiFixture, fields: Record<string, FormValue | FormValue[] | undefined>, headers: Record<string, string> = {}): Promise<Answer> {
  f.clock += 3_600_001; // uploads are 3 an hour without a key
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of value === undefined ? [] : Array.isArray(value) ? value : [value]) {
      if (typeof one === 'string') form.append(name, one);
      else form.append(name, new Blob([new Uint8Array(one.bytes)], { type: one.type ?? 'application/octet-stream' }), one.filename);
    }
  }
  const response = await fetch(`${f.base}/v1/plant/upload`, { method: 'POST', body: form, headers });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {}, headers: response.headers };
}

async function fetchBytes(f: ApiFixture, path: string): Promise<{ status: number; bytes: Buffer; headers: Headers }> {
  f.clock += 61_000;
  const response = await fetch(`${f.base}${path}`);
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), headers: response.headers };
}

const cidOfUri = (uri: unknown): string => {
  expect(typeof uri).toBe('string');
  expect((uri as string).length).toBeLessThanOrEqual(100);
  expect(uri).toMatch(/^ipfs:\/\/bafkrei[a-z2-7]{52}$/);
  return (uri as string).slice('ipfs://'.length);
};

/** Every file in the store is whole: named by the CID of its bytes; no temporary file is left. */
function storeListing(f: ApiFixture): string[] {
  const names = readdirSync(f.content!.dir).sort();
  for (const name of names) expect(cidOf(readFileSync(join(f.content!.dir, name))), name).toBe(name);
  return names;
}

const METADATA_KEYS = ['name', 'symbol', 'description', 'image', 'showName', 'createdOn', 'twitter', 'telegram', 'website', 'payer', 'mint', 'holders'];

/** A pinning service the tests switch on and off; off, nothing is pinned (the sandbox's case). */
class SwitchedPinning implements PinningService {
  remote: PinningService | null = null;
  pin(cid: Cid, bytes: Uint8Array, contentType: string): Promise<void> {
    return this.remote ? this.remote.pin(cid, bytes, contentType) : Promise.resolve();
  }
}

interface FakePin {
  readonly query: URLSearchParams;
  readonly authorization: string | undefined;
  readonly bytes: Buffer;
  readonly contentType: string;
}

/** A fake remote pinning service on 127.0.0.1 answering like Kubo's RPC `block/put`, or failing as told. */
async function startFakePinningService(): Promise<{ url: string; pins: FakePin[]; mode: 'ok' | 'fail' | 'wrong-key'; close(): Promise<void> }> {
  const fake = { url: '', pins: [] as FakePin[], mode: 'ok' as 'ok' | 'fail' | 'wrong-key', close: async () => {} };
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void (async () => {
        const url = new URL(request.url ?? '/', 'http://127.0.0.1');
        if (request.method !== 'POST' || url.pathname !== '/api/v0/block/put') return response.writeHead(404).end('404 page not found');
        if (fake.mode === 'fail') return response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ Message: 'blockstore is full', Code: 0, Type: 'error' }));
        const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
        const file = form.get('file') as File;
        const bytes = Buffer.from(await file.arrayBuffer());
        fake.pins.push({ query: url.searchParams, authorization: request.headers.authorization, bytes, contentType: file.type });
        const key = fake.mode === 'wrong-key' ? await referenceCid(Buffer.concat([bytes, Buffer.from([0])])) : await referenceCid(bytes);
        response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ Key: key, Size: bytes.length }));
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  fake.url = `http://127.0.0.1:${address.port}`;
  fake.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return fake;
}

describe('POST /v1/plant/upload and GET /ipfs/{cid}', () => {
  let f: ApiFixture;
  const held = png(`held-${salt()}`);
  const refused = png(`refused-${salt()}`);
  const pinning = new SwitchedPinning();
  let fake: Awaited<ReturnType<typeof startFakePinningService>>;

  beforeAll(async () => {
    f = await startApi({ content: { moderation: { inReview: new Set([sha256Hex(held)]), refused: new Set([sha256Hex(refused)]) }, pinning } });
    fake = await startFakePinningService();
  }, 60_000);
  afterAll(async () => {
    await fake?.close();
    await f?.close();
  });

  const image = (kind: keyof typeof IMAGES = 'png') => ({ bytes: IMAGES[kind][0](salt()), filename: `coin.${kind}`, type: IMAGES[kind][1] });
  const good = () => ({ name: 'Good Coin', symbol: 'GOOD', description: 'a coin for the tests', image: image() });

  it('sends a Content-Security-Policy with every answer a person could open: an /ipfs file, the reference, an error, JSON', async () => {
    const answer = await upload(f, good());
    const metadataCid = cidOfUri(answer.body['uri']);
    const document = JSON.parse((await fetchBytes(f, `/ipfs/${metadataCid}`)).bytes.toString('utf8')) as { image: string };
    for (const path of [`/ipfs/${metadataCid}`, `/ipfs/${document.image.slice('ipfs://'.length)}`, '/v1/docs', '/v1/openapi.json', '/v1/nothing-here', '/v1/coins?limit=1']) {
      f.clock += 61_000;
      const response = await fetch(`${f.base}${path}`);
      expect([path, response.headers.get('content-security-policy'), response.headers.get('x-content-type-options')]).toEqual([path, NAVIGABLE_CSP, 'nosniff']);
    }
  });

  it('refuses decode bombs by the size their header states, before anything decodes them, and stores nothing', async () => {
    const before = storeListing(f);
    for (const [width, height] of [[100_000, 100_000], [2 ** 31 - 1, 2 ** 31 - 1], [16_384, 16_384], [4_097, 1]]) {
      const bomb = await upload(f, { ...good(), image: { bytes: png(salt(), width, height), filename: 'coin.png', type: 'image/png' } });
      expect([bomb.status, bomb.body['error']]).toEqual([400, { code: 'invalid_param', message: `image: ${width} × ${height} pixels; at most 4096 on each side` }]);
    }
    expect(storeListing(f)).toEqual(before);
    const largest = await upload(f, { ...good(), image: { bytes: png(salt(), 4_096, 4_096), filename: 'coin.png', type: 'image/png' } });
    expect(largest.status, JSON.stringify(largest.body)).toBe(200);
  });

  it('refuses a state-changing request from a page of another site, and stores nothing; its own pages and bots are served', async () => {
    const before = storeListing(f);
    const evil = await upload(f, good(), { origin: 'http://evil.example' });
    expect([evil.status, evil.body['error']]).toEqual([403, { code: 'forbidden', message: 'a page of another site (Origin: "http://evil.example") may not change anything on this server: only its own pages, and clients that send no Origin, may' }]);
    expect(storeListing(f)).toEqual(before);
    const build = await call(f, 'POST', '/v1/trade/build', { body: { wallet: f.mint, mint: f.mint, side: 'buy', amount: '1' }, headers: { origin: 'https://evil.example' } });
    expect([build.status, (build.body['error'] as { code: string }).code]).toEqual([403, 'forbidden']);
    const own = await upload(f, good(), { origin: f.base });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    // A read from any page is answered (it carries no CORS header, so a page of another site cannot read it).
    expect((await call(f, 'GET', '/v1/coins?limit=1', { headers: { origin: 'http://evil.example' } })).status).toBe(200);
  });

  it.each(Object.keys(IMAGES) as (keyof typeof IMAGES)[])('publishes a %s: the uri is the CID of the metadata served back, whose image is the CID of the exact image bytes', async (kind) => {
    const picture = image(kind);
    const answer = await upload(f, { ...good(), image: picture });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const metadataCid = cidOfUri(answer.body['uri']);

    const metadata = await fetchBytes(f, `/ipfs/${metadataCid}`);
    expect(metadata.status).toBe(200);
    expect(await referenceCid(metadata.bytes)).toBe(metadataCid);
    expect(metadata.headers.get('content-type')).toMatch(/^application\/json/);
    expect(metadata.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const document = JSON.parse(metadata.bytes.toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(document)).toEqual(['name', 'symbol', 'description', 'image', 'showName', 'createdOn']);
    expect(document).toMatchObject({ name: 'Good Coin', symbol: 'GOOD', description: 'a coin for the tests', showName: true });
    expect(typeof document['createdOn']).toBe('string');

    const imageCid = cidOfUri(document['image']);
    const served = await fetchBytes(f, `/ipfs/${imageCid}`);
    expect(served.status).toBe(200);
    expect(served.bytes.equals(picture.bytes)).toBe(true);
    expect(await referenceCid(served.bytes)).toBe(imageCid);
    expect(served.headers.get('content-type')).toBe(picture.type);
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('writes every field in the launchpad\'s order then ours, links and addresses as given, holders as a boolean', async () => {
    const payer = (await generateKeyPairSigner()).address;
    const mint = (await generateKeyPairSigner()).address;
    const answer = await upload(f, { ...good(), name: 'Ünïcödé ☕', twitter: 'https://x.com/good', website: 'https://good.example/', telegram: 'http://t.me/good', payer, mint, holders: '1' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const document = JSON.parse((await fetchBytes(f, `/ipfs/${cidOfUri(answer.body['uri'])}`)).bytes.toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(document)).toEqual(METADATA_KEYS);
    expect(document).toMatchObject({ name: 'Ünïcödé ☕', twitter: 'https://x.com/good', website: 'https://good.example/', telegram: 'http://t.me/good', payer, mint, holders: true });
    const zero = await upload(f, { ...good(), holders: '0', twitter: '' });
    const second = JSON.parse((await fetchBytes(f, `/ipfs/${cidOfUri(zero.body['uri'])}`)).bytes.toString('utf8')) as Record<string, unknown>;
    expect(second['holders']).toBe(false);
    expect('twitter' in second).toBe(false); // an empty link is absent
  });

  it('answers the same uri for the same upload (content-addressed) and stores nothing new the second time', async () => {
    const fields = good();
    const first = await upload(f, fields);
    expect(first.status).toBe(200);
    const before = storeListing(f);
    const again = await upload(f, fields);
    expect(again.status).toBe(200);
    expect(again.body['uri']).toBe(first.body['uri']);
    expect(storeListing(f)).toEqual(before);
  });

  it('takes an image just under 4 MB', async () => {
    const bytes = Buffer.concat([png(salt()), Buffer.alloc(IMAGE_MAX_BYTES - png('x'.repeat(16)).length)]);
    expect(bytes.length).toBe(IMAGE_MAX_BYTES);
    const answer = await upload(f, { ...good(), image: { bytes, filename: 'big.png' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  });

  const nameOf33Bytes = `${'é'.repeat(16)}a`; // 17 characters, 33 bytes
  const nativeTicker = () => f.sandbox.profile.pairs?.native?.symbol ?? NATIVE_SYMBOL;
  it.each([
    ['name', '33 bytes in 17 characters', () => ({ name: nameOf33Bytes }), /^name: is 33 bytes of UTF-8; at most 32/],
    // The rule is bytes, and so are its words (never "characters").
    ['name', '33 characters', () => ({ name: 'a'.repeat(33) }), /^name: is 33 bytes of UTF-8; at most 32$/],
    ['name', 'empty', () => ({ name: '' }), /^name: /],
    ['name', 'missing', () => ({ name: undefined }), /^name: /],
    ['name', 'sent as a file', () => ({ name: { bytes: Buffer.from('Good Coin'), filename: 'name.txt' } }), /^name: must be a text field/],
    ['symbol', 'lower case', () => ({ symbol: 'good' }), /^symbol: is not in the form it takes: the ticker: 2 to 10 characters of A-Z and 0-9/],
    ['symbol', '1 character', () => ({ symbol: 'G' }), /^symbol: is not in the form it takes: the ticker: 2 to 10 characters of A-Z and 0-9/],
    ['symbol', '11 characters', () => ({ symbol: 'ABCDEFGHIJK' }), /^symbol: is not in the form it takes: the ticker: 2 to 10 characters of A-Z and 0-9/],
    ['symbol', 'the native coin\'s ticker', () => ({ symbol: nativeTicker() }), /^symbol: .* is the native coin's ticker/],
    ['symbol', 'missing', () => ({ symbol: undefined }), /^symbol: /],
    ['image', 'a .png name and type with text content', () => ({ image: { bytes: Buffer.from('this is text, whatever the name says'), filename: 'coin.png', type: 'image/png' } }), /^image: is not a PNG, JPEG, WebP or GIF/],
    ['image', 'exactly 4 MiB', () => ({ image: { bytes: Buffer.concat([png(salt()), Buffer.alloc(IMAGE_MAX_BYTES + 1 - png('x'.repeat(16)).length)]), filename: 'big.png', type: 'image/png' } }), /^image: is too large: an image must be under 4 MB/],
    ['image', '6 MiB', () => ({ image: { bytes: Buffer.concat([png(salt()), Buffer.alloc(6 * 1024 * 1024)]), filename: 'huge.png', type: 'image/png' } }), /^image: is too large/],
    ['image', 'missing', () => ({ image: undefined }), /^image: /],
    ['image', 'sent as a text field', () => ({ image: png(salt()).toString('latin1') }), /^image: must be a file part/],
    ['image', 'two image files', () => ({ image: [image(), image()] }), /^image: send exactly one image file/],
    ['image', 'empty file', () => ({ image: { bytes: new Uint8Array(), filename: 'empty.png', type: 'image/png' } }), /^image: is not a PNG/],
    ['payer', 'not base58', () => ({ payer: 'not-an-address' }), /^payer: /],
    ['payer', '44 characters that are not 32 bytes', () => ({ payer: '1'.repeat(44) }), /^payer: .* is not a base58 address of 32 bytes/],
    ['mint', 'not base58', () => ({ mint: 'O0O0O0O0O0O0O0O0O0O0O0O0O0O0O0O0O0' }), /^mint: /],
    ['mint', 'empty', () => ({ mint: '' }), /^mint: /],
    ['holders', '2', () => ({ holders: '2' }), /^holders: must be one of 0, 1/],
    ['holders', 'yes', () => ({ holders: 'yes' }), /^holders: must be one of 0, 1/],
    ['twitter', 'javascript:', () => ({ twitter: 'javascript:alert(1)' }), /^twitter: /],
    ['website', 'ftp:', () => ({ website: 'ftp://files.example/coin' }), /^website: /],
    ['telegram', 'https:// and no host', () => ({ telegram: 'https://' }), /^telegram: /],
    ['website', 'a space in the host', () => ({ website: 'http://exa mple.com' }), /^website: /],
    ['website', 'a host URL cannot read', () => ({ website: 'https://[::1' }), /^website: "https:\/\/\[::1" is not an http\(s\) link/],
    ['description', '2,001 characters', () => ({ description: 'x'.repeat(2_001) }), /^description: /],
  ] as const)('refuses %s: %s, with 400 invalid_param naming it, storing nothing', async (_field, _label, change, pattern) => {
    const before = storeListing(f);
    const answer = await upload(f, { ...good(), ...(change() as Record<string, FormValue | FormValue[] | undefined>) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(codeOf(answer)).toBe('invalid_param');
    expect(messageOf(answer)).toMatch(pattern);
    expect(storeListing(f)).toEqual(before);
  });

  it('refuses a body that is not a multipart form', async () => {
    f.clock += 3_600_001;
    const answer = await call(f, 'POST', '/v1/plant/upload', { body: { name: 'Good Coin', symbol: 'GOOD', image: 'x' } });
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('invalid_param');
  });

  it('holds an image in review (409) and refuses a refused one (422), storing nothing', async () => {
    const before = storeListing(f);
    const inReview = await upload(f, { ...good(), image: { bytes: held, filename: 'a.png' } });
    expect(inReview.status).toBe(409);
    expect(codeOf(inReview)).toBe('image_in_review');
    expect(messageOf(inReview)).toMatch(/nothing was published; upload the same image again after review or choose another/);
    const no = await upload(f, { ...good(), image: { bytes: refused, filename: 'b.png' } });
    expect(no.status).toBe(422);
    expect(codeOf(no)).toBe('image_refused');
    expect(storeListing(f)).toEqual(before);
  });

  it('answers 404 not_found for a CID it does not hold and for anything that is not a CID', async () => {
    for (const path of [`/ipfs/${cidOf(randomBytes(16))}`, '/ipfs/QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG', '/ipfs/not-a-cid', `/ipfs/${'b'.repeat(100)}`, '/ipfs/..%2Fkeys.sqlite']) {
      f.clock += 61_000;
      const answer = await call(f, 'GET', path);
      expect(answer.status, path).toBe(404);
      expect(codeOf(answer)).toBe('not_found');
    }
  });

  it('documents the upload as a multipart form in the OpenAPI document', async () => {
    const doc = (await call(f, 'GET', '/v1/openapi.json')).body as { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, unknown> } }>> };
    expect(Object.keys(doc.paths['/v1/plant/upload']!['post']!.requestBody!.content!)).toEqual(['multipart/form-data']);
    expect(doc.paths['/ipfs/{cid}']).toBeDefined();
  });

  describe('with a fake remote pinning service on 127.0.0.1', () => {
    it('the client puts each block with the raw codec, pinned, and checks the CID the fake remote answers', async () => {
      const client = new KuboBlockPinning({ url: fake.url, authorization: 'Bearer fake-token' });
      const bytes = png(salt());
      fake.pins.length = 0;
      await client.pin(cidOf(bytes), bytes, 'image/png');
      expect(fake.pins).toHaveLength(1);
      const pin = fake.pins[0]!;
      expect(pin.bytes.equals(bytes)).toBe(true);
      expect(pin.contentType).toBe('image/png');
      expect(pin.authorization).toBe('Bearer fake-token');
      expect(Object.fromEntries(pin.query)).toMatchObject({ 'cid-codec': 'raw', mhtype: 'sha2-256', pin: 'true' });

      fake.mode = 'wrong-key';
      await expect(client.pin(cidOf(bytes), bytes, 'image/png')).rejects.toSatisfy((e) => isDeskError(e, 'unavailable') && /keeps the block as/.test(e.message));
      fake.mode = 'fail';
      await expect(client.pin(cidOf(bytes), bytes, 'image/png')).rejects.toSatisfy((e) => isDeskError(e, 'unavailable') && /answered 500 \(blockstore is full\)/.test(e.message));
      fake.mode = 'ok';
      const closed = new KuboBlockPinning({ url: 'http://127.0.0.1:1', timeoutMs: 2_000 });
      await expect(closed.pin(cidOf(bytes), bytes, 'image/png')).rejects.toSatisfy((e) => isDeskError(e, 'unavailable') && /could not be reached/.test(e.message));
    });

    it('an upload pins the image, then the metadata; a failing pin answers 503 unavailable, leaves the store whole, and a retry publishes', async () => {
      pinning.remote = new KuboBlockPinning({ url: fake.url });
      try {
        fake.mode = 'ok';
        fake.pins.length = 0;
        const fields = good();
        const answer = await upload(f, fields);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(fake.pins.map((p) => p.bytes.equals(fields.image.bytes))).toEqual([true, false]);
        expect(cidOf(fake.pins[1]!.bytes)).toBe(cidOfUri(answer.body['uri']));

        const before = storeListing(f);
        fake.mode = 'fail';
        const retried = good();
        const failed = await upload(f, retried);
        expect(failed.status, JSON.stringify(failed.body)).toBe(503);
        expect(codeOf(failed)).toBe('unavailable');
        // The image is kept here (whole); no metadata names an image the remote does not hold.
        expect(storeListing(f)).toEqual([...before, cidOf(retried.image.bytes)].sort());
        expect(readdirSync(f.content!.dir).some((name) => name.startsWith('.'))).toBe(false);

        fake.mode = 'ok';
        const again = await upload(f, retried);
        expect(again.status).toBe(200);
        expect(existsSync(join(f.content!.dir, cidOfUri(again.body['uri'])))).toBe(true);
      } finally {
        pinning.remote = null;
        fake.mode = 'ok';
      }
    });
  });
});

describe('POST /v1/plant/upload without a content store', () => {
  let f: ApiFixture;
  beforeAll(async () => {
    f = await startApi();
  }, 60_000);
  afterAll(() => f?.close());

  it('checks the form, then answers 503 unavailable; /ipfs/{cid} holds nothing', async () => {
    const bad = await upload(f, { name: 'Good Coin', symbol: 'good', image: { bytes: png(salt()), filename: 'a.png' } });
    expect(bad.status).toBe(400);
    const answer = await upload(f, { name: 'Good Coin', symbol: 'GOOD', image: { bytes: png(salt()), filename: 'a.png' } });
    expect(answer.status).toBe(503);
    expect(codeOf(answer)).toBe('unavailable');
    const missing = await call(f, 'GET', `/ipfs/${cidOf(new Uint8Array())}`);
    expect(missing.status).toBe(404);
  });
});
