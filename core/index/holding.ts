/**
 * A holding's balance after one counted trade, as the index keeps it: a buy adds its tokens; a sale
 * takes out at most what the index saw the wallet hold (tokens from outside the index carry no basis).
 * The one rule both the live holdings and a replay at a past slot (a run's snapshot) follow.
 */
export function balanceAfter(balance: bigint, side: 'buy' | 'sell', tokens: bigint): { readonly balance: bigint; readonly sold: bigint } {
  if (side === 'buy') return { balance: balance + tokens, sold: 0n };
  const sold = tokens < balance ? tokens : balance;
  return { balance: balance - sold, sold };
}

/**
 * A holding after a balance change outside its trades (a plain transfer in or out, a burn, an account
 * closed): the chain's change, never below zero. Coins that leave take their share of the cost basis with
 * them (pro rata, floored) and realise nothing: moving coins between wallets is not a sale. Coins that
 * arrive carry no basis (what they cost is not known here).
 */
export function holdingMoved(held: { readonly balance: bigint; readonly cost: bigint }, delta: bigint): { readonly balance: bigint; readonly cost: bigint } {
  if (delta >= 0n) return { balance: held.balance + delta, cost: held.cost };
  const out = -delta < held.balance ? -delta : held.balance;
  const basis = held.balance === 0n ? 0n : (held.cost * out) / held.balance;
  return { balance: held.balance - out, cost: held.cost - basis };
}

/** One step of a holder's history: a counted trade, or a balance change outside trades (`side` 'moved', `tokens` signed). */
export type HoldingStep = { readonly user: string; readonly side: 'buy' | 'sell' | 'moved'; readonly tokens: bigint };

/** Balances above zero after replaying counted trades and moves in order: wallet → raw units. */
export function replayBalances(steps: Iterable<HoldingStep>): Map<string, bigint> {
  const balances = new Map<string, bigint>();
  for (const t of steps) {
    const before = balances.get(t.user) ?? 0n;
    balances.set(t.user, t.side === 'moved' ? holdingMoved({ balance: before, cost: 0n }, t.tokens).balance : balanceAfter(before, t.side, t.tokens).balance);
  }
  for (const [wallet, balance] of balances) if (balance === 0n) balances.delete(wallet);
  return balances;
}
