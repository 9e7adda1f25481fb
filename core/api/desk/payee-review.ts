import { getAddressDecoder, type Address } from '@solana/kit';
import { readPayeeState, vaultRulesOf } from '../../engine/payee.js';
import { amountText } from '../../verify/balance-words.js';
import type { Payee } from '../../programs/vault/declare-payee.js';
import { claimProblem, payeeChangeProblem } from '../../verify/build-shape.js';
import { resolveTransaction } from '../../verify/message.js';
import type { VerdictLine } from '../../verify/ticket.js';
import { reviewBuild, type BuildReview, type ReviewDeps, type ReviewScene } from './build-review.js';

/** The payee in words: "holder rewards (for good)" or the wallet, "you" when it is the person's. */
export const payeeWords = (payee: Payee, wallet: Address): string => (payee.kind === 'holders' ? 'holder rewards (for good)' : payee.wallet === wallet ? `you (${wallet})` : payee.wallet);

function signerLines(scene: ReviewScene, wallet: Address): VerdictLine[] {
  return scene.transactions.flatMap((t) => [
    { field: 'fee payer', ok: t.feePayer === wallet, detail: t.feePayer === wallet ? 'your wallet' : `${t.feePayer}, not your wallet` },
    { field: 'signers', ok: t.signers.length === 1 && t.signers[0] === wallet, detail: t.signers.length === 1 && t.signers[0] === wallet ? 'your wallet alone' : t.signers.join(', ') },
  ]);
}

/**
 * What waits, paid to `to`: when `to` is the wallet and the simulation ran, the ZEC its account receives
 * must be exactly what waits, or the line fails saying what the simulation pays.
 */
function waitingPaid(scene: ReviewScene, waiting: bigint, toWallet: boolean): { readonly ok: boolean; readonly text: string; readonly simulated: bigint | null } {
  const zec = (v: bigint) => amountText(v, scene.world.zec.decimals, 'ZEC');
  const line = scene.changes.find((c) => c.account === scene.accounts.zec);
  const simulated = toWallet && scene.changes.length > 0 ? (line ? line.after - line.before : 0n) : null;
  if (simulated === null || simulated === waiting) return { ok: true, text: zec(waiting), simulated };
  return { ok: false, text: `${zec(waiting)} (but the simulation pays your ZEC account ${zec(simulated)})`, simulated };
}

const find = (scene: ReviewScene, kind: string) => scene.transactions.flatMap((t, tx) => t.instructions.map((w) => ({ w, tx }))).find(({ w }) => w.kind === kind);

/** A claim for the coin: it pays everything waiting to the payee the coin's record names; the sender gets nothing. */
export function reviewClaimBuild(deps: ReviewDeps, buildId: string, ticket: { readonly wallet: Address; readonly mint: Address }): Promise<BuildReview> {
  return reviewBuild(deps, { buildId, kind: 'claim', wallet: ticket.wallet, coin: ticket.mint }, async (scene) => {
    const claim = find(scene, 'vault:claim');
    if (!claim) return [{ field: 'claim', ok: false, detail: 'no claim instruction in the build' }];
    const state = await readPayeeState(deps.chain, scene.world, ticket.mint);
    const recorded = state.record.payee.kind === 'wallet' ? state.record.payee.wallet : null;
    const payee = claim.w.accounts[5]?.address;
    const paid = waitingPaid(scene, state.waiting, payee === ticket.wallet);
    const lines: VerdictLine[] = [
      { field: 'coin', ok: claim.w.accounts[1]?.address === ticket.mint, detail: claim.w.accounts[1]?.address === ticket.mint ? `claims for ${scene.coinTicker}` : `claims for ${claim.w.accounts[1]?.address ?? '?'}, not ${ticket.mint}` },
      { field: 'payee', ok: recorded !== null && payee === recorded && paid.ok, detail: `pays ${paid.text} waiting to ${payee === ticket.wallet ? 'you' : (payee ?? '?')}, the payee the coin's record names` },
      ...signerLines(scene, ticket.wallet),
    ];
    const problem = await claimProblem(resolveTransaction(scene.build.transactions[claim.tx]!.wire, scene.tables), ticket, { ...vaultRulesOf(scene.world), payee: recorded ?? ticket.wallet });
    lines.push({ field: 'accepted shape', ok: problem === null, detail: problem ?? "the vault's claim, exactly" });
    return lines;
  });
}

/** A payee change: signed by the current payee; what waits is paid to them first; `holders` is for good. */
export function reviewPayeeBuild(deps: ReviewDeps, buildId: string, ticket: { readonly wallet: Address; readonly mint: Address; readonly payee: Payee }): Promise<BuildReview> {
  return reviewBuild(deps, { buildId, kind: 'payee', wallet: ticket.wallet, coin: ticket.mint }, async (scene) => {
    const change = find(scene, 'vault:change_payee');
    if (!change) return [{ field: 'payee change', ok: false, detail: 'no change_payee instruction in the build' }];
    const built = scene.build.transactions[change.tx]!;
    const resolved = resolveTransaction(built.wire, scene.tables);
    const data = resolved.instructions.find((ix) => ix.program === scene.world.programs.vault)?.data ?? new Uint8Array();
    const next: Payee | null = data[8] === 0 && data.length === 9 ? { kind: 'holders' } : data[8] === 1 && data.length === 41 ? { kind: 'wallet', wallet: getAddressDecoder().decode(data.subarray(9, 41)) } : null;
    const same = next !== null && next.kind === ticket.payee.kind && (next.kind === 'holders' || (ticket.payee.kind === 'wallet' && next.wallet === ticket.payee.wallet));
    const state = await readPayeeState(deps.chain, scene.world, ticket.mint);
    const waiting = waitingPaid(scene, state.waiting, true);
    const lines: VerdictLine[] = [
      { field: 'coin', ok: change.w.accounts[1]?.address === ticket.mint, detail: change.w.accounts[1]?.address === ticket.mint ? `changes the payee of ${scene.coinTicker}` : `changes the payee of ${change.w.accounts[1]?.address ?? '?'}, not ${ticket.mint}` },
      { field: 'new payee', ok: same, detail: next === null ? 'the new payee cannot be read' : same ? `${payeeWords(next, ticket.wallet)}${next.kind === 'holders' ? ': it can never be changed again' : ''}` : `${payeeWords(next, ticket.wallet)}, not the ${payeeWords(ticket.payee, ticket.wallet)} you chose` },
      { field: 'waiting', ok: waiting.ok, detail: `${waiting.text} waiting is paid to you, the current payee, first` },
      ...signerLines(scene, ticket.wallet),
    ];
    const problem = await payeeChangeProblem(resolved, { wallet: ticket.wallet, mint: ticket.mint, next: ticket.payee }, { ...vaultRulesOf(scene.world), currentPayee: state.record.payee.kind === 'wallet' ? state.record.payee.wallet : ticket.wallet });
    lines.push({ field: 'accepted shape', ok: problem === null, detail: problem ?? "the vault's change_payee, exactly" });
    return lines;
  });
}
