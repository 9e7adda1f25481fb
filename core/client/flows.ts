import { generateKeyPairSigner, type Address, type KeyPairSigner, type Signature } from '@solana/kit';
import type { Chain } from '../chain/chain.js';
import { RpcChain } from '../chain/rpc-chain.js';
import type {
  BuildJson,
  ClaimBuildRequest,
  CoinDetailJson,
  KeyCreatedJson,
  ParamsJson,
  PayeeBuildRequest,
  PlantBuildRequest,
  QuoteJson,
  RegistrationJson,
  SwapBuildRequest,
  TradeBuildRequest,
  TradeJson,
} from './api-types.js';
import { clientWorld } from './cluster-view.js';
import { asLaunchdeskError, isLaunchdeskError, LaunchdeskError } from './client-error.js';
import { pinDifferences, type Pins } from './pins.js';
import { sendThroughRelay, sendThroughRpc, type SendRoute } from './send.js';
import { V1Client, type FaucetAsk, type FaucetJson, type UploadRequest } from './v1-client.js';
import type { ClaimableState } from './claim-status.js';
import { findAssociatedTokenAccount } from '../programs/launchpad/pdas.js';
import { isTokenAccount, tokenAccountAmount } from '../programs/token-account.js';
import { verifyBuild, type BuildAsk, type BuildVerdict } from './verify-build.js';
import { addressOfKey, signBuild, signMessageText, type WalletKey } from './wallet-signer.js';

/** Where a flow is, for a progress line: each step once, in order (`rebuild` when a build is made again). */
export interface FlowProgress {
  readonly step: 'upload' | 'balance' | 'quote' | 'build' | 'verify' | 'rebuild' | 'sign' | 'send' | 'landed' | 'register' | 'done';
  readonly detail: string;
  /** When the step began, in milliseconds since the Unix epoch (`Date.now()` of this machine). */
  readonly atMs: number;
}

export interface LaunchdeskOptions {
  /** The /v1 server: the local one (`launchdesk serve` prints its URL) or any host that speaks /v1. */
  readonly baseUrl: string;
  readonly apiKey?: string;
  /** A fetch of your own for the API (a proxy, a test); the global one by default. */
  readonly fetch?: typeof fetch;
  /** Your own view of the cluster: its JSON-RPC URL (WebSocket optional), or any Chain. Builds are verified through it. */
  readonly rpc: string | { readonly url: string; readonly wsUrl?: string } | Chain;
  /** Addresses you pinned yourself; every flow refuses when the API names others. */
  readonly pins: Pins;
  /** `relay` (default): the API's relay checks and sends; `rpc`: your own RPC, in order. */
  readonly send?: SendRoute;
  readonly onProgress?: (progress: FlowProgress) => void;
  /**
   * Asked before each build is signed, with the build and its verdict (ok): answer false to stop there
   * (a CLI shows the review and asks; a bot leaves it out). A declined flow throws `refused`, nothing sent.
   */
  readonly confirm?: (review: { readonly ask: BuildAsk; readonly build: BuildJson; readonly verdict: BuildVerdict }) => boolean | Promise<boolean>;
  /** How long to wait for the index to register what landed (default 30 s). */
  readonly registerTimeoutMs?: number;
  /** On `429`, wait `Retry-After` and ask again, up to `rateLimitMaxWaitSeconds` in all per call (V1ClientOptions). */
  readonly waitOnRateLimit?: boolean;
  readonly rateLimitMaxWaitSeconds?: number;
}

/**
 * A sale: the trade build's fields without `side`, `pay` and `wallet`, and either `amount` (base units, or
 * `all`) or `percent` of what the wallet holds now, read from chain: 1 to 100 with at most two decimals
 * ("12.5"), the amount floored in exact integer arithmetic; 100 sells `all` (the emptied account is closed).
 */
export type SellAsk = Omit<TradeBuildRequest, 'wallet' | 'side' | 'pay' | 'amount'> & ({ readonly amount: string; readonly percent?: never } | { readonly percent: number | string; readonly amount?: never });

/** What a flow did: every build it verified, the signatures in the order they landed, and what the index registered. */
export interface FlowResult {
  readonly builds: readonly BuildJson[];
  readonly signatures: readonly Signature[];
  /** The last transaction's registration (null for a swap: the index follows the launchpad's programs only). */
  readonly registration: RegistrationJson | null;
}

export interface TradeResult extends FlowResult {
  readonly quote: QuoteJson;
  /** The trade as the index lists it. */
  readonly trade: TradeJson | null;
}

export interface PlantResult extends FlowResult {
  readonly mint: Address;
  readonly uri: string;
  /** The coin as the index lists it once registered. */
  readonly coin: CoinDetailJson;
}

/** The coin's words, links and image, with the planting's choices; the wallet and the new mint come from the keys. */
export interface PlantAsk extends Omit<UploadRequest, 'payer' | 'mint' | 'holders'> {
  readonly payee: PlantBuildRequest['payee'];
  readonly firstBuy?: PlantBuildRequest['firstBuy'];
  readonly pair?: PlantBuildRequest['pair'];
  /** Micro-lamports per compute unit (a local addition, docs/api.md "Priority fee"); default "10000". */
  readonly computeUnitPrice?: PlantBuildRequest['computeUnitPrice'];
}

/** Attempts at one step before a stale build or an expired blockhash is given up on. */
const MAX_ATTEMPTS = 3;
const POLL_MS = 150;

/**
 * The whole flow in one call, for bots: quote, build, verify on this machine, sign, send, confirm, and
 * the result read back from the index; a split build follows its `then` (checked against the request by
 * the verification), a stale build or an expired blockhash is built and verified again. Nothing is
 * signed that did not pass verifyBuild.
 */
export class Launchdesk {
  readonly api: V1Client;
  readonly chain: Chain;
  private readonly ownsChain: boolean;
  private paramsRead: Promise<ParamsJson> | null = null;

  constructor(private readonly options: LaunchdeskOptions) {
    this.api = new V1Client({
      baseUrl: options.baseUrl,
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.waitOnRateLimit !== undefined ? { waitOnRateLimit: options.waitOnRateLimit } : {}),
      ...(options.rateLimitMaxWaitSeconds !== undefined ? { rateLimitMaxWaitSeconds: options.rateLimitMaxWaitSeconds } : {}),
    });
    const rpc = options.rpc;
    this.ownsChain = typeof rpc === 'string' || 'url' in rpc;
    this.chain = typeof rpc === 'string' ? new RpcChain(rpc) : 'url' in rpc ? new RpcChain(rpc.url, rpc.wsUrl ?? null) : rpc;
  }

  /** GET /v1/params once, compared with the pins: a server naming other addresses is refused before anything else. */
  params(): Promise<ParamsJson> {
    this.paramsRead ??= this.api.params().then((params) => {
      const differences = pinDifferences(this.options.pins, params);
      if (differences.length > 0) throw new LaunchdeskError('refused', `the API at ${this.api.baseUrl} is not the one you pinned: ${differences.join('; ')}`, null, null, differences);
      return params;
    });
    this.paramsRead.catch(() => (this.paramsRead = null));
    return this.paramsRead;
  }

  /**
   * A new API key for the wallet (spec "Authentication": one signed message, no funds move). This client
   * sends it from then on (its raised limits apply to every later call). The key is shown once: keep it,
   * and pass it as `apiKey` to the next client you make.
   */
  async createApiKey(key: WalletKey): Promise<KeyCreatedJson> {
    const { message } = await this.api.challenge(addressOfKey(key));
    return this.api.createKey(message, await signMessageText(key, message));
  }

  /**
   * Sandbox play money (POST /v1/sandbox/faucet, a local addition): SOL in lamports, ZEC in zat, the native
   * coin in its base units, to a wallet or a key's wallet. Refused with `not_offered` before anything is sent
   * when the server follows any other cluster.
   */
  faucet(to: string | WalletKey, ask: FaucetAsk): Promise<FaucetJson> {
    return this.api.faucet(typeof to === 'string' ? to : addressOfKey(to), ask);
  }

  /**
   * Waits until a claim of the coin would pay something, or until a payout took it first, polling the coin's
   * schedule (`payout`). Refused at once for a coin without a wallet payee (holder rewards): nothing is ever
   * claimed there. After `timeoutMs` (default 60 s) it throws `unavailable` with where the share stands.
   */
  async waitUntilClaimable(mint: string, options: { readonly timeoutMs?: number; readonly pollMs?: number } = {}): Promise<ClaimableState> {
    const timeoutMs = options.timeoutMs ?? 60_000;
    const deadline = Date.now() + timeoutMs;
    let first: string | null | undefined;
    for (;;) {
      const { payout, runs } = await this.api.schedule(mint);
      if (!payout) throw new LaunchdeskError('refused', `coin ${mint} has no wallet payee (it pays holder rewards, or is not listed): there is never anything to claim`, null);
      const last = payout.lastPayout;
      if (first === undefined) first = last?.signature ?? null;
      if (BigInt(payout.waitingZec) > 0n) return { kind: 'claimable', waitingZec: BigInt(payout.waitingZec), servicePays: runs === 'on' && payout.payeeZecAccount };
      if (last && last.signature !== first) return { kind: 'paid', signature: last.signature, paidZec: BigInt(last.zec), paidAt: last.at };
      if (Date.now() > deadline) {
        const where = payout.unsplit ? 'a split is still due' : payout.payeeZecAccount ? 'no creator fees were split since the last payout' : `no creator fees were split, and the payee ${payout.payee} has no ZEC account`;
        throw new LaunchdeskError('unavailable', `nothing became claimable for coin ${mint} in ${Math.round(timeoutMs / 1000)} s: ${where}`, null);
      }
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 1_000));
    }
  }

  /** verifyBuild with this client's params, pins and chain. */
  async verify(ask: BuildAsk, build: BuildJson): Promise<BuildVerdict> {
    const params = await this.params();
    return verifyBuild(ask, build, { chain: this.chain, params, pins: this.options.pins, world: await clientWorld(params, this.chain) });
  }

  async trade(request: Omit<TradeBuildRequest, 'wallet'>, key: WalletKey): Promise<TradeResult> {
    const wallet = addressOfKey(key);
    const body: TradeBuildRequest = { ...request, wallet };
    this.progress('quote', `${request.side} ${request.amount} of ${request.mint}`);
    const { pay, receive, side, amount, slippageBps } = body;
    const quote = await this.api.quote(request.mint, { side, amount, wallet, ...(pay ? { pay } : {}), ...(receive ? { receive } : {}), ...(slippageBps !== undefined ? { slippageBps } : {}) });
    const result = await this.execute({ kind: 'trade', body }, [key]);
    const last = result.signatures.at(-1)!;
    const trades = await this.api.coinTrades(request.mint, { user: wallet, limit: 20 });
    // A sale received in SOL lands as the sale, then its swap: the trade is the sale's signature.
    const trade = trades.data.find((t) => result.signatures.includes(t.signature as Signature)) ?? null;
    this.progress('done', trade ? `the index lists the ${trade.side === 'buy' ? 'buy' : 'sale'} in ${last}` : `landed in ${last}`);
    return { ...result, quote, trade };
  }

  /**
   * A sale of `amount`, or of `percent` of the coins the wallet holds now (its token account read through
   * your own RPC): floor(balance × percent ÷ 100) in exact integer arithmetic; 100 sells `all`. A share that
   * rounds down to 0 coin units is refused in plain words before anything is built.
   */
  async sell(request: SellAsk, key: WalletKey): Promise<TradeResult> {
    const { percent, amount, ...rest } = request;
    if (percent === undefined) return this.trade({ ...rest, side: 'sell', amount: amount! }, key);
    const bps = basisPointsOfPercent(percent);
    if (bps === 10_000n) return this.trade({ ...rest, side: 'sell', amount: 'all' }, key);
    const wallet = addressOfKey(key);
    this.progress('balance', `reading ${wallet}'s balance of ${request.mint} for a ${percent}% sale`);
    const held = await coinBalanceOf(this.chain, wallet, request.mint as Address);
    if (held === 0n) throw new LaunchdeskError('invalid_param', `percent: ${wallet} holds none of coin ${request.mint}: there is nothing to sell`, null);
    const selling = (held * bps) / 10_000n;
    if (selling === 0n) throw new LaunchdeskError('invalid_param', `percent: ${percent}% of the ${held} coin units ${wallet} holds is less than one unit: nothing to sell (sell a larger share)`, null);
    return this.trade({ ...rest, side: 'sell', amount: String(selling) }, key);
  }

  async swap(request: Omit<SwapBuildRequest, 'wallet'>, key: WalletKey): Promise<FlowResult> {
    const result = await this.execute({ kind: 'swap', body: { ...request, wallet: addressOfKey(key) } }, [key], false);
    this.progress('done', `swapped in ${result.signatures.at(-1)}`);
    return result;
  }

  async claim(request: Omit<ClaimBuildRequest, 'wallet'>, key: WalletKey): Promise<FlowResult> {
    const result = await this.execute({ kind: 'claim', body: { ...request, wallet: addressOfKey(key) } }, [key]);
    this.progress('done', `claimed in ${result.signatures.at(-1)}`);
    return result;
  }

  async payee(request: Omit<PayeeBuildRequest, 'wallet'>, key: WalletKey): Promise<FlowResult> {
    const result = await this.execute({ kind: 'payee', body: { ...request, wallet: addressOfKey(key) } }, [key]);
    this.progress('done', `payee changed to ${request.payee} in ${result.signatures.at(-1)}`);
    return result;
  }

  /** Upload, build, verify, sign (wallet first, then the new mint's key), send, and wait until the coin is listed. */
  async plant(ask: PlantAsk, key: WalletKey, mintKey?: KeyPairSigner): Promise<PlantResult> {
    const wallet = addressOfKey(key);
    const mint = mintKey ?? (await generateKeyPairSigner());
    this.progress('upload', `${ask.name} (${ask.symbol})`);
    const { payee, firstBuy, pair, computeUnitPrice, ...words } = ask;
    const { uri } = await this.api.upload({ ...words, payer: wallet, mint: mint.address, holders: payee === 'holders' });
    const body: PlantBuildRequest = { wallet, mint: mint.address, name: ask.name, symbol: ask.symbol, uri, payee, ...(firstBuy ? { firstBuy } : {}), ...(pair ? { pair } : {}), ...(computeUnitPrice !== undefined ? { computeUnitPrice } : {}) };
    const result = await this.execute({ kind: 'plant', body }, [key, mint]);
    const coin = await this.api.coin(mint.address);
    this.progress('done', `${coin.symbol} listed at ${mint.address}`);
    return { ...result, mint: mint.address, uri, coin };
  }

  async close(): Promise<void> {
    if (this.ownsChain) await this.chain.close();
  }

  // --- The steps ------------------------------------------------------------------------------------

  private progress(step: FlowProgress['step'], detail: string): void {
    this.options.onProgress?.({ step, detail, atMs: Date.now() });
  }

  private buildOf(ask: BuildAsk): Promise<BuildJson> {
    switch (ask.kind) {
      case 'trade':
        return this.api.tradeBuild(ask.body);
      case 'swap':
        return this.api.swapBuild(ask.body);
      case 'plant':
        return this.api.plantBuild(ask.body);
      case 'claim':
        return this.api.claimBuild(ask.body);
      case 'payee':
        return this.api.payeeBuild(ask.body);
    }
  }

  /** Build, verify, sign, send each step, following `then`; rebuilt when stale or expired; then registered. */
  private async execute(first: BuildAsk, keys: readonly WalletKey[], register = true): Promise<FlowResult> {
    const builds: BuildJson[] = [];
    const signatures: Signature[] = [];
    let ask: BuildAsk | null = first;
    while (ask) {
      const step: BuildAsk = ask;
      let attempt = 0;
      for (;;) {
        attempt += 1;
        this.progress(attempt === 1 ? 'build' : 'rebuild', `${step.kind}${attempt > 1 ? `, attempt ${attempt}` : ''}`);
        const build = await this.buildOf(step);
        this.progress('verify', `${build.transactions.length} transaction${build.transactions.length === 1 ? '' : 's'} against your request`);
        const verdict = await this.verify(step, build);
        if (!verdict.ok) {
          if (verdict.stale && attempt < MAX_ATTEMPTS) continue;
          throw new LaunchdeskError('refused', `the ${step.kind} build was refused on this machine before signing: ${verdict.differences.join('; ')}`, null, null, verdict.differences);
        }
        if (this.options.confirm && !(await this.options.confirm({ ask: step, build, verdict }))) {
          throw new LaunchdeskError('refused', `you declined the ${step.kind} build: nothing was signed or sent`, null);
        }
        this.progress('sign', keys.map(addressOfKey).join(', '));
        const signed = await signBuild(build, keys);
        this.progress('send', this.options.send === 'rpc' ? 'through your RPC' : 'through the relay');
        try {
          const landed = this.options.send === 'rpc' ? await sendThroughRpc(this.chain, build, signed) : await sendThroughRelay(this.api, build, signed);
          this.progress('landed', landed.join(', '));
          builds.push(build);
          signatures.push(...landed);
          ask = build.then ? askOfThen(build.then) : null;
          break;
        } catch (error) {
          if (isLaunchdeskError(error, 'refused') && /expired/.test(error.message) && attempt < MAX_ATTEMPTS) continue;
          throw error;
        }
      }
    }
    const registration = register ? await this.registered(signatures.at(-1)!) : null;
    return { builds, signatures, registration };
  }

  /** Polls GET /v1/tx/{signature} until the index registered it; refuses when it never will. */
  private async registered(signature: Signature): Promise<RegistrationJson> {
    this.progress('register', `waiting for the index to take in ${signature}`);
    const deadline = Date.now() + (this.options.registerTimeoutMs ?? 30_000);
    for (;;) {
      let answer: RegistrationJson | null = null;
      try {
        answer = await this.api.transaction(signature);
      } catch (error) {
        if (!isLaunchdeskError(error, 'not_found')) throw error;
      }
      if (answer?.registered) return answer;
      if (answer && (answer.status === 'failed' || answer.status === 'dropped')) {
        throw new LaunchdeskError('refused', `${signature} will not be registered: ${answer.reason ?? answer.status}`, null);
      }
      if (Date.now() > deadline) throw new LaunchdeskError('unavailable', `the index has not registered ${signature} after ${Math.round((this.options.registerTimeoutMs ?? 30_000) / 1000)} s${answer?.reason ? `: ${answer.reason}` : ''}`, null);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

/** A percent of 1 to 100 with at most two decimals, as exact basis points; anything else is refused in words. */
export function basisPointsOfPercent(percent: number | string): bigint {
  const text = typeof percent === 'number' ? (Number.isFinite(percent) ? String(percent) : '') : percent.trim();
  const match = /^([0-9]{1,3})(?:\.([0-9]{1,2}))?$/.exec(text);
  const bps = match ? BigInt(match[1]!) * 100n + BigInt((match[2] ?? '').padEnd(2, '0')) : null;
  if (bps === null || bps === 0n || bps > 10_000n) {
    throw new LaunchdeskError('invalid_param', `percent: ${JSON.stringify(percent)} is not a share to sell: give a number above 0 and at most 100, with at most two decimals (such as 50 or 12.5)`, null);
  }
  return bps;
}

/** What the wallet's associated token account of the coin holds, read from chain (0 without one). */
async function coinBalanceOf(chain: Chain, wallet: Address, mint: Address): Promise<bigint> {
  try {
    const mintAccount = await chain.getAccount(mint, 'confirmed');
    if (!mintAccount) throw new LaunchdeskError('not_found', `coin ${mint} has no mint account on your RPC's cluster`, null);
    const account = await findAssociatedTokenAccount(wallet, mint, mintAccount.owner);
    const held = await chain.getAccount(account, 'confirmed');
    return held && isTokenAccount(held) ? tokenAccountAmount(held.data) : 0n;
  } catch (error) {
    throw asLaunchdeskError(error); // your RPC away: `unavailable`, naming its URL
  }
}

/** The next step a split build names (already compared with the caller's request by verifyBuild). */
function askOfThen(then: NonNullable<BuildJson['then']>): BuildAsk {
  const body = Object.fromEntries(Object.entries(then.body).map(([k, v]) => [k, k === 'slippageBps' ? Number(v) : String(v)]));
  if (then.call === 'POST /v1/trade/build') return { kind: 'trade', body: body as unknown as TradeBuildRequest };
  if (then.call === 'POST /v1/swap/build') return { kind: 'swap', body: body as unknown as SwapBuildRequest };
  throw new LaunchdeskError('refused', `the build's next step calls ${then.call}, which no flow follows`, null);
}
