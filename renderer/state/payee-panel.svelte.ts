import { isApiError } from '../api/api-error.js';
import type { CoinDetailJson } from '../api/api-types.js';
import type { DeskApi } from '../api/desk-api.js';
import { TradeReviewState } from './trade-review.svelte.js';
import type { WalletsState } from './wallets.svelte.js';

const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * The deployer's panel of a coin whose payee is one of the person's wallets: what waits to be claimed, a
 * claim, and a payee change (to another wallet, or to holder rewards, which is permanent), each built by
 * /v1 and handed to the same review as every signature.
 */
export class PayeePanelState {
  nextKind = $state<'wallet' | 'holders'>('wallet');
  nextWallet = $state('');
  holdersUnderstood = $state(false);
  building = $state(false);
  problem = $state<string | null>(null);
  review = $state<TradeReviewState | null>(null);

  constructor(
    private readonly api: DeskApi,
    private readonly wallets: WalletsState,
    /** Told once a claim or payee change the person signed has landed (the coin's panels read again). */
    private readonly onLanded: (() => void) | null = null,
  ) {}

  /** The person's wallet that is this coin's payee, or null. */
  payeeWallet(coin: CoinDetailJson): string | null {
    const payee = coin.payee;
    return payee?.kind === 'wallet' && this.wallets.wallets.some((w) => w.address === payee.wallet) ? payee.wallet : null;
  }

  get changeProblem(): string | null {
    if (this.nextKind === 'holders') return this.holdersUnderstood ? null : 'confirm that holder rewards can never be changed';
    return ADDRESS.test(this.nextWallet.trim()) ? null : 'the wallet address to pay from now on';
  }

  private async run(build: () => Promise<{ buildId: string }>, ticket: object, kind: 'claim' | 'payee'): Promise<void> {
    this.building = true;
    this.problem = null;
    this.review = null;
    try {
      const answer = await build();
      this.review = new TradeReviewState(this.wallets.api, answer.buildId, ticket, kind, async () => (await build()).buildId, this.onLanded);
      await this.review.load();
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'the build could not be made; try again';
    } finally {
      this.building = false;
    }
  }

  claim(coin: CoinDetailJson): Promise<void> {
    const wallet = this.payeeWallet(coin)!;
    return this.run(() => this.api.claimBuild({ wallet, mint: coin.mint }), { wallet, mint: coin.mint }, 'claim');
  }

  change(coin: CoinDetailJson): Promise<void> {
    if (this.changeProblem !== null) return Promise.resolve();
    const wallet = this.payeeWallet(coin)!;
    const payee = this.nextKind === 'holders' ? 'holders' : `wallet:${this.nextWallet.trim()}`;
    return this.run(() => this.api.payeeBuild({ wallet, mint: coin.mint, payee }), { wallet, mint: coin.mint, payee }, 'payee');
  }
}
