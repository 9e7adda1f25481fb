import type { Difference } from './issuer-compare.js';

/**
 * The plain sentences of stock pairs: the line shown while a stock is paused, and the disclosure
 * sentences a stock coin carries (spec: "one plain sentence per entry, as the web app shows them").
 * Browser-safe, so the desk words an alert exactly as the server does.
 */

export function pausedLine(symbol: string, changes: readonly Difference[]): string {
  const pause = changes.find((c) => c.what === 'paused');
  const names = changes.filter((c) => c.what !== 'paused').map((c) => c.what);
  const parts: string[] = [];
  if (names.length === 1) parts.push(`its ${names[0]} differs from the review`);
  else if (names.length > 1) parts.push(`${names.length} of its issuer controls differ from the review (${names.join('; ')})`);
  // The issuer's own pause is no "control that differs": it is the token paused (or a pause the review found, lifted).
  if (pause) parts.push(pause.now === 'yes' ? 'its issuer has paused the token itself' : 'its issuer lifted the pause the review found');
  const tail = pause?.now === 'yes' ? 'Nothing moves, not even a sale, until the issuer resumes it.' : 'Selling works.';
  return `${symbol} is paused: ${parts.join(', and ')}. New buys and new pairs wait until it is reviewed again. ${tail}`;
}

export interface StockControls {
  readonly freeze: boolean;
  readonly permanentDelegate: boolean;
  readonly pause: boolean;
  readonly scaledUi: boolean;
  readonly hook: boolean;
}

export function disclosureSentences(symbol: string, controls: StockControls, multiplier: string | null): string[] {
  const out = [`${symbol} is a tokenized stock: its issuer, not this launchpad, controls the token.`];
  if (controls.freeze) out.push(`The issuer can freeze any account holding ${symbol}.`);
  if (controls.permanentDelegate) out.push(`The issuer can move or burn ${symbol} from any account without its holder's signature.`);
  if (controls.pause) out.push(`The issuer can pause every transfer of ${symbol}; while it is paused this coin can be neither bought nor sold.`);
  if (controls.scaledUi) {
    out.push(
      multiplier === null
        ? `${symbol} balances are shown times a share multiplier the issuer sets; the chain holds the raw amounts.`
        : `${symbol} balances are shown times a share multiplier the issuer sets (now ${multiplier}); the chain holds the raw amounts.`,
    );
  }
  if (controls.hook) out.push(`The issuer can require every ${symbol} transfer to pass a program of its choosing.`);
  return out;
}
