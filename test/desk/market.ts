import { crc32, deflateSync } from 'node:zlib';
import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import { migrateV2Instruction } from '../../core/programs/launchpad/instructions/migrate-v2.js';
import { call, type ApiFixture } from '../api/api-fixture.js';
import { build, signAndSend } from '../engine/http-signing.js';
import { buyOutCurve, fundedWallet, send, type Coin } from '../helpers/launchpad.js';
import { plantingInstructions } from '../helpers/vault.js';

export const ZEC = 100_000_000n;

/** The links a coin planted with `links` gives in its metadata. */
export const COIN_LINKS = { website: 'https://orchard.example/fox', twitter: 'https://x.com/orchardfox', telegram: 'https://t.me/orchardfox' } as const;

/** A coin as the desk tests plant it: a name and ticker of its own, optionally its image uploaded here. */
export interface PlantedCoin extends Coin {
  readonly name: string;
  readonly symbol: string;
  /** The wallet that planted it (the coin's creator). */
  readonly payer: Address;
}

/**
 * A small market for the desk to show, made by real transactions in the fixture's sandbox: listed
 * plantings (the spec's hand-built planting) with their own names, some paired with the native coin,
 * buys through the real /v1 build and relay, one curve bought out and migrated to its pool.
 */
export class DeskMarket {
  private constructor(
    private readonly f: ApiFixture,
    readonly trader: KeyPairSigner,
  ) {}

  static async open(f: ApiFixture): Promise<DeskMarket> {
    return new DeskMarket(f, await fundedWallet(f.sandbox, 5_000n * ZEC));
  }

  /**
   * Plants a listed coin; with `image`, its metadata and picture are uploaded to this server first, with
   * `links` its website, X and Telegram links too (COIN_LINKS).
   */
  async plant(name: string, symbol: string, options: { pair?: 'zec' | 'native'; image?: boolean; links?: boolean; firstBuyTokens?: bigint } = {}): Promise<PlantedCoin> {
    const payer = await fundedWallet(this.f.sandbox, 10n * ZEC);
    const mint = await generateKeyPairSigner();
    const uri = options.image ? await this.upload(name, symbol, payer.address, mint.address, options.links ? COIN_LINKS : {}) : undefined;
    const { coin, instructions } = await plantingInstructions(this.f.sandbox, payer, mint, { kind: 'holders' }, options.firstBuyTokens ?? null, options.pair ?? 'zec', { name, symbol, ...(uri ? { uri } : {}) });
    const result = await send(this.f.sandbox, payer, instructions, [mint]);
    if (result.err !== null) throw new Error(`planting ${symbol} failed: ${JSON.stringify(result.err)}\n${result.logs.join('\n')}`);
    await this.f.indexed();
    return { ...coin, name, symbol, payer: payer.address };
  }

  /** Plants `count` listed ZEC coins from one wallet, indexed once at the end (a long list, quickly). */
  async plantMany(count: number, prefix: string): Promise<Address[]> {
    const payer = await fundedWallet(this.f.sandbox, 0n);
    const mints: Address[] = [];
    for (let i = 0; i < count; i++) {
      const mint = await generateKeyPairSigner();
      const symbol = `${prefix}${i}`.slice(0, 10);
      const { instructions } = await plantingInstructions(this.f.sandbox, payer, mint, { kind: 'holders' }, null, 'zec', { name: `${prefix} coin ${i}`, symbol });
      const result = await send(this.f.sandbox, payer, instructions, [mint]);
      if (result.err !== null) throw new Error(`planting ${symbol} failed: ${JSON.stringify(result.err)}`);
      mints.push(mint.address);
    }
    await this.f.indexed();
    return mints;
  }

  /** A buy of `zec` through POST /v1/trade/build and /v1/tx/send, signed by the trader (a route for a native-paired coin). */
  async buy(coin: Pick<Coin, 'mint'>, zec: bigint): Promise<void> {
    const answer = await build(this.f, '/v1/trade/build', { wallet: this.trader.address, mint: coin.mint, side: 'buy', amount: String(zec) });
    await signAndSend(this.f, answer, [this.trader]);
    await this.f.indexed();
  }

  /** A sale of `tokens` raw coin units through POST /v1/trade/build and /v1/tx/send, signed by the trader. */
  async sell(coin: Pick<Coin, 'mint'>, tokens: bigint): Promise<void> {
    const answer = await build(this.f, '/v1/trade/build', { wallet: this.trader.address, mint: coin.mint, side: 'sell', amount: String(tokens), slippageBps: 2000 });
    await signAndSend(this.f, answer, [this.trader]);
    await this.f.indexed();
  }

  /** Buys the rest of the curve and migrates the coin to its pool. */
  async graduate(coin: Coin): Promise<void> {
    const { mints, accounts, programs } = this.f.sandbox.profile;
    const bought = await buyOutCurve(this.f.sandbox, this.trader, coin);
    if (bought.err !== null) throw new Error(`buying out the curve failed: ${JSON.stringify(bought.err)}`);
    const migrated = await send(this.f.sandbox, this.trader, [
      await migrateV2Instruction({ launchpad: programs['launchpad']!, amm: programs['amm']!, mint: coin.mint, quoteMint: mints.zec.address, quoteTokenProgram: mints.zec.tokenProgram, user: this.trader.address, withdrawAuthority: accounts['launchpadAuthority']! }),
    ]);
    if (migrated.err !== null) throw new Error(`migration failed: ${JSON.stringify(migrated.err)}`);
    await this.f.indexed();
  }

  private async upload(name: string, symbol: string, payer: Address, mint: Address, links: Partial<typeof COIN_LINKS>): Promise<string> {
    this.f.clock += 3_600_001; // uploads are 3 an hour without a key
    const form = new FormData();
    for (const [field, value] of Object.entries({ name, symbol, description: `${name}, planted by the desk tests`, payer, mint, holders: '1', ...links })) form.append(field, value);
    form.append('image', new Blob([new Uint8Array(gradientPng(symbol))], { type: 'image/png' }), `${symbol}.png`);
    const response = await fetch(`${this.f.base}/v1/plant/upload`, { method: 'POST', body: form });
    const body = (await response.json()) as { uri?: string };
    if (!response.ok || !body.uri) throw new Error(`upload of ${symbol} failed: ${JSON.stringify(body)}`);
    return body.uri;
  }
}

/** The /v1 coin list as the desk would read it (anonymous: the tests move the fixture's clock past each window). */
export async function apiCoins(f: ApiFixture, query = ''): Promise<Record<string, string | number | null | object>[]> {
  f.clock += 61_000;
  const answer = await call(f, 'GET', `/v1/coins?limit=100${query}`);
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body['data'] as Record<string, string | number | null | object>[];
}

/** A real 24×24 PNG, a diagonal gradient whose colours come from `seed`. */
export function gradientPng(seed: string): Buffer {
  const size = 24;
  const hue = [...seed].reduce((h, c) => h + c.charCodeAt(0), 0);
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) rows.push((hue * 7 + x * 9) % 256, (hue * 3 + y * 9) % 256, (hue * 5 + (x + y) * 4) % 256, 255);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.from(rows))), chunk('IEND', Buffer.alloc(0))]);
}
