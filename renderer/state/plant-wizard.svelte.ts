import { formatDecimalUnits, parseDecimalUnits, ZEC_DECIMALS } from '../../core/math/units.js';
import { imageProblem, linkProblem, nameProblem, payeeWalletProblem, tickerProblem } from '../../core/verify/planting-form.js';
import { IMAGE_MAX_BYTES } from '../../core/verify/image-type.js';
import { isApiError } from '../api/api-error.js';
import type { ParamsJson } from '../api/api-types.js';
import type { DeskApi } from '../api/desk-api.js';
import type { PlantQuoteJson } from '../api/wallet-api.js';
import { TradeReviewState } from './trade-review.svelte.js';
import type { WalletsState } from './wallets.svelte.js';

const QUOTE_DEBOUNCE_MS = 300;
/** How long the wizard waits for the index to register the new coin before it says so. */
const REGISTRATION_WAIT_MS = 60_000;

export type PlantStep = 'form' | 'uploading' | 'building' | 'review' | 'registering' | 'done';

/**
 * The planting wizard: an image (type and size checked before upload), name, ticker, description, links;
 * the payee (you, another wallet, or holder rewards, which is permanent); the pair; an optional first buy
 * with a live quote. Planting uploads, builds, and hands the build to the same review as every signature
 * (the wallet signs first, then the mint key the local server made), then waits for the index to register
 * the coin and opens its page.
 */
export class PlantWizardState {
  imageFile = $state<File | null>(null);
  imageUrl = $state<string | null>(null);
  imageProblem = $state<string | null>(null);
  name = $state('');
  symbol = $state('');
  description = $state('');
  website = $state('');
  twitter = $state('');
  telegram = $state('');
  payeeKind = $state<'me' | 'wallet' | 'holders'>('me');
  payeeWallet = $state('');
  holdersUnderstood = $state(false);
  pair = $state<'zec' | 'native'>('zec');
  firstBuyText = $state('');
  quote = $state<PlantQuoteJson | null>(null);
  quoting = $state(false);
  quoteProblem = $state<string | null>(null);
  step = $state<PlantStep>('form');
  problem = $state<string | null>(null);
  mint = $state<string | null>(null);
  review = $state<TradeReviewState | null>(null);
  params = $state<ParamsJson | null>(null);
  private sequence = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly api: DeskApi,
    private readonly wallets: WalletsState,
  ) {}

  async load(): Promise<void> {
    try {
      this.params = await this.api.params();
    } catch {
      // the connection indicator speaks for the server
    }
  }

  async setImage(file: File | null): Promise<void> {
    this.imageUrl = null;
    this.imageFile = null;
    if (!file) return void (this.imageProblem = null);
    // The whole file when it may be taken (a JPEG states its size after its other segments), else its signature.
    const head = new Uint8Array(await file.slice(0, file.size <= IMAGE_MAX_BYTES ? file.size : 16).arrayBuffer());
    this.imageProblem = imageProblem(head, file.size);
    if (this.imageProblem === null) {
      this.imageFile = file;
      // A data: URL, which the desk's Content-Security-Policy allows for images (blob: it does not).
      this.imageUrl = await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(new Error('the image could not be read'));
        reader.readAsDataURL(file);
      });
    }
  }

  /** The first buy in ZEC base units; null when none is typed; a string when it is not an amount. */
  get firstBuy(): bigint | null | string {
    const text = this.firstBuyText.trim();
    if (text === '' || text === '0') return null;
    try {
      return parseDecimalUnits(text, ZEC_DECIMALS);
    } catch {
      return 'first buy: an amount of ZEC with at most 8 decimal places';
    }
  }

  get payeeText(): string {
    return this.payeeKind === 'me' ? 'me' : this.payeeKind === 'holders' ? 'holders' : `wallet:${this.payeeWallet.trim()}`;
  }

  /** Every problem of the form, in words; planting waits until there is none. */
  get problems(): string[] {
    const native = this.params?.pairs.native?.symbol ?? '';
    const pattern = new RegExp(this.params?.planting.ticker.pattern ?? '^[A-Z0-9]{2,10}$');
    const firstBuy = this.firstBuy;
    return [
      this.imageFile ? null : (this.imageProblem ?? 'image: choose or drop a PNG, JPEG, WebP or GIF'),
      nameProblem(this.name),
      tickerProblem(this.symbol, pattern, native),
      linkProblem(this.website, 'website'),
      linkProblem(this.twitter, 'twitter'),
      linkProblem(this.telegram, 'telegram'),
      this.payeeKind === 'wallet' ? payeeWalletProblem(this.payeeWallet) : null,
      this.payeeKind === 'holders' && !this.holdersUnderstood ? 'payee: confirm that holder rewards can never be changed' : null,
      typeof firstBuy === 'string' ? firstBuy : null,
      this.wallets.activeWallet ? null : 'wallet: create or choose the wallet that plants (Wallets page)',
      this.pair === 'native' && this.params && !this.params.pairs.native ? 'pair: this cluster has no native pair' : null,
    ].filter((p): p is string => p !== null);
  }

  /** The first buy or the pair changed: a new quote shortly (the newest answer only). */
  requote(): void {
    if (this.timer) clearTimeout(this.timer);
    const amount = this.firstBuy;
    this.quote = null;
    this.quoteProblem = typeof amount === 'string' ? amount : null;
    this.quoting = typeof amount === 'bigint';
    if (typeof amount !== 'bigint') return;
    const mine = ++this.sequence;
    this.timer = setTimeout(() => {
      void this.wallets.api
        .plantQuote(amount, this.pair)
        .then((quote) => {
          if (mine === this.sequence) this.quote = quote;
        })
        .catch((error: unknown) => {
          if (mine === this.sequence) this.quoteProblem = isApiError(error) ? error.message : 'the first buy could not be quoted';
        })
        .finally(() => {
          if (mine === this.sequence) this.quoting = false;
        });
    }, QUOTE_DEBOUNCE_MS);
  }

  /** Upload, build, then the review; the signature waits for the person's approval there. */
  async plant(): Promise<void> {
    if (this.problems.length > 0 || !this.imageFile) return;
    const wallet = this.wallets.activeWallet!.address;
    this.problem = null;
    try {
      this.step = 'uploading';
      const { mint } = await this.wallets.api.plantMint();
      this.mint = mint;
      const form = new FormData();
      form.append('name', this.name.trim());
      form.append('symbol', this.symbol);
      if (this.description.trim() !== '') form.append('description', this.description.trim());
      for (const [field, value] of [['website', this.website], ['twitter', this.twitter], ['telegram', this.telegram]] as const) if (value.trim() !== '') form.append(field, value.trim());
      form.append('payer', wallet);
      form.append('mint', mint);
      form.append('holders', this.payeeKind === 'holders' ? '1' : '0');
      form.append('image', this.imageFile, this.imageFile.name);
      const { uri } = await this.api.uploadCoin(form);
      this.step = 'building';
      const firstBuy = this.firstBuy;
      const request = { wallet, mint, name: this.name.trim(), symbol: this.symbol, uri, payee: this.payeeText, pair: this.pair, ...(typeof firstBuy === 'bigint' ? { firstBuy: { zec: firstBuy.toString() } } : {}) };
      const build = await this.api.plantBuild(request);
      const ticket = { wallet, mint, name: this.name.trim(), symbol: this.symbol, payee: this.payeeText, pair: this.pair, ...(typeof firstBuy === 'bigint' ? { firstBuyZec: firstBuy.toString() } : {}) };
      this.review = new TradeReviewState(this.wallets.api, build.buildId, ticket, 'plant', async () => (await this.api.plantBuild(request)).buildId);
      this.step = 'review';
      await this.review.load();
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'the planting could not be prepared; try again';
      this.step = 'form';
    }
  }

  /** After the signature landed: waits for the index to register the coin; true once its page can open. */
  async registered(): Promise<boolean> {
    const mint = this.mint;
    if (!mint) return false;
    this.step = 'registering';
    const until = Date.now() + REGISTRATION_WAIT_MS;
    while (Date.now() < until) {
      try {
        await this.api.coin(mint);
        this.step = 'done';
        return true;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 400));
      }
    }
    this.problem = `the coin landed but the index has not registered it after ${REGISTRATION_WAIT_MS / 1000} s; it will appear on Discover when it does`;
    return false;
  }

  zecText = (zat: string) => formatDecimalUnits(BigInt(zat), ZEC_DECIMALS);
}
