import type { Address } from '@solana/kit';
import { readIndexRules } from '../../index/index-rules.js';
import { formatExactUnits } from '../../math/decimal-display.js';
import { SOL_DECIMALS } from '../../math/units.js';
import { amountText } from '../../verify/balance-words.js';
import type { Payee } from '../../programs/vault/declare-payee.js';
import { resolveTransaction } from '../../verify/message.js';
import { judgePlanting, plantingTransactionOf } from '../../verify/planting.js';
import type { VerdictLine } from '../../verify/ticket.js';
import { reviewBuild, type BuildReview, type ReviewDeps } from './build-review.js';
import { payeeWords } from './payee-review.js';

export interface DeskPlantTicket {
  readonly wallet: Address;
  /** The new mint, whose key the desk made for this planting. */
  readonly mint: Address;
  readonly name: string;
  readonly symbol: string;
  readonly payee: Payee;
  readonly pair: 'zec' | 'native';
  /** ZEC base units of the first buy; null: none. */
  readonly firstBuyZec: bigint | null;
}

const samePayee = (a: Payee, b: Payee) => a.kind === b.kind && (a.kind === 'holders' || (b.kind === 'wallet' && a.wallet === b.wallet));

/**
 * A planting reviewed against the wizard's ticket: the index's own judge (core/verify/planting.ts) must
 * find it listed, with exactly the mint, deployer, pair, name, ticker and payee asked for; the first buy
 * spends exactly what was typed (or there is none); the launch fee is said; the wallet signs first and the
 * new mint's key second, no one else.
 */
export function reviewPlantBuild(deps: ReviewDeps, buildId: string, ticket: DeskPlantTicket): Promise<BuildReview> {
  return reviewBuild(deps, { buildId, kind: 'plant', wallet: ticket.wallet, coin: ticket.mint, otherSigners: [ticket.mint], ticker: ticket.symbol }, async (scene) => {
    const built = scene.build.transactions[0]!;
    const verdict = await judgePlanting(plantingTransactionOf(resolveTransaction(built.wire, scene.tables)), await readIndexRules(deps.chain, deps.profile));
    const lines: VerdictLine[] = [];
    const line = (field: string, ok: boolean, detail: string) => lines.push({ field, ok, detail });
    if (!verdict) return [{ field: 'planting', ok: false, detail: 'no create_v2 in the build: it plants nothing' }];
    line('listed', verdict.listed, verdict.listed ? 'the index will list it: the shape of a listed planting, exactly' : `it would not be listed: ${verdict.reason}`);
    line('mint', verdict.mint === ticket.mint, verdict.mint === ticket.mint ? `the new mint ${ticket.mint}, whose key this desk made` : `mint ${verdict.mint}, not the ${ticket.mint} made for you`);
    if (verdict.listed) {
      line('deployer', verdict.deployer === ticket.wallet, verdict.deployer === ticket.wallet ? 'your wallet' : `${verdict.deployer}, not your wallet`);
      line('name', verdict.create.name === ticket.name, `"${verdict.create.name}"${verdict.create.name === ticket.name ? '' : `, not "${ticket.name}"`}`);
      line('ticker', verdict.create.symbol === ticket.symbol, `${verdict.create.symbol}${verdict.create.symbol === ticket.symbol ? '' : `, not ${ticket.symbol}`}`);
      line('pair', verdict.pair === ticket.pair, `${verdict.pair === 'native' ? 'native-paired' : 'ZEC-paired'}${verdict.pair === ticket.pair ? '' : `, not the ${ticket.pair} pair you chose`}`);
      const same = samePayee(verdict.payee, ticket.payee);
      line('payee', same, `${payeeWords(verdict.payee, ticket.wallet)}${same ? (verdict.payee.kind === 'holders' ? ': this can never be changed' : '') : `, not ${payeeWords(ticket.payee, ticket.wallet)}`}`);
    }
    const words = scene.transactions[0]!.instructions;
    const buy = words.find((w) => w.kind === 'launchpad:buy_v2' || w.kind === 'amm:multi_hop_swap');
    const spends = buy ? (buy.kind === 'launchpad:buy_v2' ? buy.amounts['maxAmountIn'] : buy.amounts['amountIn']) ?? null : null;
    const zec = (v: bigint) => `${formatExactUnits(v, scene.world.zec.decimals)} ZEC`;
    // What the simulation spends and buys, in the balance lines' own figures.
    const delta = (account: typeof scene.accounts.zec | null) => {
      const c = scene.changes.find((x) => x.account === account);
      return c ? c.after - c.before : 0n;
    };
    const spent = -delta(scene.accounts.zec);
    const got = delta(scene.accounts.coin);
    const simulated = scene.changes.length > 0 && buy ? `; spends ${amountText(spent, scene.world.zec.decimals, 'ZEC')} for ${amountText(got, 6, ticket.symbol)}` : '';
    if (ticket.firstBuyZec === null) line('first buy', buy === undefined, buy === undefined ? 'none, as you chose' : 'a first buy you did not ask for');
    else line('first buy', spends === ticket.firstBuyZec, spends === null ? 'no first buy in the build' : spends === ticket.firstBuyZec ? `at most the ${zec(ticket.firstBuyZec)} you typed${simulated}` : `${zec(spends)}, not the ${zec(ticket.firstBuyZec)} you typed`);
    const fee = words.find((w) => w.kind === 'system:transfer' && w.accounts[1]?.address === scene.world.vault.treasury);
    line('launch fee', fee !== undefined, fee ? `${amountText(fee.amounts['lamports'] ?? 0n, SOL_DECIMALS, 'SOL')} to the launchpad treasury` : 'no launch fee to the treasury');
    const t = scene.transactions[0]!;
    line('fee payer', t.feePayer === ticket.wallet, t.feePayer === ticket.wallet ? 'your wallet' : `${t.feePayer}, not your wallet`);
    const order = t.signers.length === 2 && t.signers[0] === ticket.wallet && t.signers[1] === ticket.mint;
    line('signers', order, order ? 'your wallet, then the new mint key' : t.signers.join(', '));
    return lines;
  }, { solPurpose: { paid: 'launch fee to the launchpad treasury', received: 'moved in by the planting' } });
}
