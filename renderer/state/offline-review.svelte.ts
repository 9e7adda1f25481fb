import type { Address } from '@solana/kit';
import { formatDecimalUnits, parseDecimalUnits, SOL_DECIMALS } from '../../core/math/units.js';
import { NOT_A_TRANSACTION_TEXT, pastedTransactionProblem } from '../../core/verify/pasted-transaction.js';
import type { VerdictLine } from '../../core/verify/ticket.js';
import { tradeFloorOf, tradeTicketLines } from '../../core/verify/trade-ticket-lines.js';
import { reviewContextOf, reviewKitFrom, tablesOfKit, type ReviewKit } from '../../core/verify/review-kit.js';
import { reviewTransaction, type TransactionReview } from '../../core/verify/transaction-review.js';
import { isApiError } from '../api/api-error.js';
import type { WalletApi } from '../api/wallet-api.js';

const KIT_KEY = 'launchdesk-review-kit';
const COIN_DECIMALS = 6;
const ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export interface OfflineResult {
  readonly transactions: readonly TransactionReview[];
  readonly flags: readonly { readonly text: string }[];
  readonly verdict: readonly VerdictLine[];
  readonly signable: boolean;
  readonly buildId: string | null;
}

/** The kit this desk kept from its last connection, checked again (storage is outside the page's control). */
function cachedKit(): { kit: ReviewKit; savedAt: number } | null {
  try {
    const text = localStorage.getItem(KIT_KEY);
    if (!text) return null;
    const kept = JSON.parse(text) as { kit: unknown; savedAt: unknown };
    return { kit: reviewKitFrom(kept.kit), savedAt: Number(kept.savedAt) };
  } catch {
    return null;
  }
}

const base64Bytes = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

/**
 * The Review page: a pasted base64 transaction, a build answer (JSON) or a file, reviewed on this machine
 * with no network. Decoding, the red flags and the verdict against the ticket the person types run in the
 * page (core/verify); the lookup tables' contents and the cluster's addresses come from the review kit the
 * desk keeps from its last connection. Signing stays behind the server's own review, which runs again.
 */
export class OfflineReviewState {
  kit = $state<ReviewKit | null>(cachedKit()?.kit ?? null);
  /** When the kit was read (ms since the epoch). */
  kitSavedAt = $state<number | null>(cachedKit()?.savedAt ?? null);
  input = $state('');
  wallet = $state('');
  mint = $state('');
  side = $state<'buy' | 'sell'>('buy');
  pay = $state<'ZEC' | 'SOL'>('ZEC');
  receive = $state<'ZEC' | 'SOL'>('ZEC');
  amountText = $state('');
  /** The least the person accepts; empty: the build's own floor, read from it and shown (`floorText`). */
  minimumText = $state('');
  /** The floor the last reviewed build accepts, in the same unit, for the person to judge and tighten. */
  floorText = $state<string | null>(null);
  result = $state<OfflineResult | null>(null);
  problem = $state<string | null>(null);
  signatures = $state<string[]>([]);
  signing = $state(false);

  constructor(private readonly api: WalletApi) {}

  /** The build or the ticket changed: the review on screen no longer answers them. */
  changed(): void {
    this.result = null;
    this.problem = null;
  }

  /** Reads the kit from the server and keeps it; without network the last one kept stays. */
  async refreshKit(): Promise<void> {
    try {
      const kit = reviewKitFrom(await this.api.reviewKit());
      const savedAt = Date.now();
      localStorage.setItem(KIT_KEY, JSON.stringify({ kit, savedAt }));
      this.kit = kit;
      this.kitSavedAt = savedAt;
    } catch {
      // offline: the kept kit serves
    }
  }

  /** The transactions and build id the pasted text holds, or why it holds none. */
  private parsed(): { wires: Uint8Array[]; buildId: string | null } | string {
    const text = this.input.trim();
    if (text === '') return 'paste a build answer (JSON), a base64 transaction, or open a file';
    if (text.startsWith('{')) {
      let value: { buildId?: unknown; transactions?: { transaction?: unknown }[] };
      try {
        value = JSON.parse(text) as typeof value;
      } catch {
        return 'the text starts like JSON but is not valid JSON';
      }
      const list = Array.isArray(value.transactions) ? value.transactions : null;
      if (!list || list.length === 0 || !list.every((t) => typeof t?.transaction === 'string')) return 'a build answer has `transactions`, each with its base64 `transaction`';
      try {
        return { wires: list.map((t) => base64Bytes(t.transaction as string)), buildId: typeof value.buildId === 'string' ? value.buildId : null };
      } catch {
        return 'a transaction in the build answer is not base64';
      }
    }
    let wire: Uint8Array;
    try {
      wire = base64Bytes(text.replace(/\s+/g, ''));
    } catch {
      return NOT_A_TRANSACTION_TEXT;
    }
    return { wires: [wire], buildId: null };
  }

  private decimals(which: 'in' | 'out'): number {
    const coin = which === 'in' ? this.side === 'sell' : this.side === 'buy';
    const sol = which === 'in' ? this.side === 'buy' && this.pay === 'SOL' : this.side === 'sell' && this.receive === 'SOL';
    const zecDecimals = this.kit?.mints.find((m) => m.role === 'zec')?.decimals ?? 8;
    return coin ? COIN_DECIMALS : sol ? SOL_DECIMALS : zecDecimals;
  }

  private units(text: string, which: 'in' | 'out', field: string): bigint | string {
    const decimals = this.decimals(which);
    try {
      return parseDecimalUnits(text.trim(), decimals);
    } catch {
      return `${field}: type an amount with at most ${decimals} decimal places`;
    }
  }

  async check(): Promise<void> {
    this.problem = null;
    this.result = null;
    this.signatures = [];
    this.floorText = null;
    const kit = this.kit;
    if (!kit) return void (this.problem = 'the desk has not read this cluster yet (its programs and lookup tables): open it once while the local server runs');
    const input = this.parsed();
    if (typeof input === 'string') return void (this.problem = input);
    const notOne = input.wires.map((wire) => pastedTransactionProblem(wire)).find((problem) => problem !== null);
    if (notOne) return void (this.problem = input.wires.length > 1 ? `${notOne} (in the build answer)` : notOne);
    if (!ADDRESS.test(this.wallet.trim())) return void (this.problem = 'wallet: the address that signs');
    if (!ADDRESS.test(this.mint.trim())) return void (this.problem = "coin: the coin's mint address");
    const amount = this.units(this.amountText, 'in', 'amount');
    if (typeof amount === 'string') return void (this.problem = amount);
    // No minimum typed: the build's own floor is read from it, shown, and left for the person to tighten.
    const fromBuild = this.minimumText.trim() === '';
    const typed = fromBuild ? 0n : this.units(this.minimumText, 'out', 'minimum');
    if (typeof typed === 'string') return void (this.problem = typed);
    const wallet = this.wallet.trim() as Address;
    const mint = this.mint.trim() as Address;
    try {
      const ctx = await reviewContextOf(kit, wallet, { mint, ticker: 'coin' });
      const tables = tablesOfKit(kit);
      const transactions = input.wires.map((wire) => reviewTransaction(wire, tables, ctx));
      const floor = tradeFloorOf(transactions, { side: this.side, receive: this.receive });
      if (floor !== null) this.floorText = formatDecimalUnits(floor, this.decimals('out'));
      const minimum = fromBuild ? (floor ?? 0n) : typed;
      const ticket = { wallet, mint, side: this.side, amount, pay: this.pay, receive: this.receive, minimum };
      const flags = transactions.flatMap((t, i) => t.flags.map((f) => ({ text: transactions.length > 1 ? `transaction ${i + 1}: ${f.text}` : f.text })));
      const { lines } = tradeTicketLines(transactions, ticket, ctx, { coinTicker: 'coin', zecDecimals: kit.mints.find((m) => m.role === 'zec')?.decimals ?? 8, pair: null, minimumFromBuild: fromBuild });
      this.result = { transactions, flags, verdict: lines, signable: flags.length === 0 && lines.every((l) => l.ok), buildId: input.buildId };
    } catch (error) {
      this.problem = `this is not a transaction the desk can review: ${error instanceof Error ? error.message : 'it cannot be read'}`;
    }
  }

  /** Signs through the server (which reviews it again against this ticket), when online and the build is one of its own. */
  async approve(): Promise<void> {
    const r = this.result;
    if (!r?.signable || r.buildId === null || this.signing) return;
    this.signing = true;
    try {
      const amount = this.units(this.amountText, 'in', 'amount') as bigint;
      const minimum = this.minimumText.trim() === '' ? parseDecimalUnits(this.floorText ?? '0', this.decimals('out')) : (this.units(this.minimumText, 'out', 'minimum') as bigint);
      const ticket = { wallet: this.wallet.trim(), mint: this.mint.trim(), side: this.side, amount: amount.toString(), pay: this.pay, receive: this.receive, slippageBps: 0, minimum: minimum.toString() };
      this.signatures = (await this.api.sign(r.buildId, ticket)).signatures;
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'signing failed; nothing was sent';
    } finally {
      this.signing = false;
    }
  }
}
