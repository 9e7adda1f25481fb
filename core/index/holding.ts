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

/** Balances above zero after replaying counted trades in order: wallet → raw units. */
export function replayBalances(trades: Iterable<{ readonly user: string; readonly side: 'buy' | 'sell'; readonly tokens: bigint }>): Map<string, bigint> {
  const balances = new Map<string, bigint>();
  for (const t of trades) balances.set(t.user, balanceAfter(balances.get(t.user) ?? 0n, t.side, t.tokens).balance);
  for (const [wallet, balance] of balances) if (balance === 0n) balances.delete(wallet);
  return balances;
}
