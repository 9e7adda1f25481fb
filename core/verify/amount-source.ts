/**
 * Where the amount a review checks came from, in the person's words: typed (the default), all the wallet
 * holds (a 100% sale, built as `amount: "all"`), or what step 1 of a two-step trade guaranteed (step 2
 * spends exactly that, not anything the person typed). Browser-safe: the desk and the server word it alike.
 */
export type AmountSource = 'typed' | 'all' | 'step1';

/** "the 2 ZEC you typed", "the 149M THICK you hold (all of it)", "the 0.98 ZEC step 1 guaranteed". */
export function amountFromWords(amountText: string, source: AmountSource = 'typed'): string {
  if (source === 'all') return `the ${amountText} you hold (all of it)`;
  if (source === 'step1') return `the ${amountText} step 1 guaranteed`;
  return `the ${amountText} you typed`;
}
