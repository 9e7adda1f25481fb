import type { Difference } from './issuer-compare.js';
import type { IssuerStatusRecord } from './issuer-status.js';
import { tradingText, whatsText } from './stock-status-words.js';

/**
 * When the desk raises an issuer alert: from one read of `GET /v1/stocks/issuers` to the next, a stock the
 * person follows paused because its issuer controls changed, or more of them changed, or resumed; the issuer status
 * could no longer be read (every stock is then treated as paused), or could again. Pure and browser-safe:
 * the desk's state runs it on each answer and tests run it on made-up ones.
 */

/** A stock's record as read (the API's; addresses are plain strings there). */
export type StockStatusView = Pick<IssuerStatusRecord, 'key' | 'symbol' | 'status' | 'open' | 'closed' | 'paused' | 'changes' | 'notices'>;

/** An answer of the issuer status: `readable: false` comes with no records. */
export interface IssuerStatusView {
  readonly readable: boolean;
  readonly data?: readonly StockStatusView[];
}

export type IssuerAlertSeverity = 'critical' | 'warning' | 'info';

export interface IssuerAlert {
  /** The same for the same subject: a stock's later alert, or the status readable again, takes its place. */
  readonly id: string;
  /** The stock's key; null for the issuer status as a whole. */
  readonly stock: string | null;
  readonly severity: IssuerAlertSeverity;
  readonly title: string;
  readonly line: string;
}

/** The id of the alerts about the issuer status as a whole (unreadable, then readable again). */
export const ISSUER_STATUS_ALERT_ID = 'issuer-status';
export const stockAlertId = (key: string): string => `stock:${key}`;

const UNREADABLE: IssuerAlert = Object.freeze({
  id: ISSUER_STATUS_ALERT_ID,
  stock: null,
  severity: 'warning',
  title: 'Issuer status cannot be read',
  line: "The stocks' issuer controls cannot be read from chain right now, so every stock is treated as paused: new buys and new pairs wait until they read again; selling works.",
});

const READABLE_AGAIN: IssuerAlert = Object.freeze({
  id: ISSUER_STATUS_ALERT_ID,
  stock: null,
  severity: 'info',
  title: 'Issuer status can be read again',
  line: 'Each stock is open or closed by its own status again.',
});

const pausedByIssuer = (record: StockStatusView) => record.closed?.reason === 'issuer-changed';
const sameDifference = (a: Difference, b: Difference) => a.what === b.what && a.now === b.now;

/**
 * The alerts to raise for `current`, against the `previous` answer (null at the first load: nothing is
 * raised for what already was so; the page shows it). `followed`: the stocks the person follows or holds.
 * Stocks are compared with their last readable records (see `issuerBaseline`); a stock with no earlier
 * record raises nothing.
 */
export function issuerAlerts(previous: IssuerStatusView | null, current: IssuerStatusView, followed: Pick<ReadonlySet<string>, 'has'>): IssuerAlert[] {
  if (previous === null) return [];
  if (!current.readable) return previous.readable ? [UNREADABLE] : [];
  const alerts: IssuerAlert[] = previous.readable ? [] : [READABLE_AGAIN];
  const before = new Map((previous.data ?? []).map((record) => [record.key, record]));
  for (const now of current.data ?? []) {
    const was = before.get(now.key);
    if (!followed.has(now.key) || !was) continue;
    const line = now.paused ?? `${now.symbol} is paused: its issuer controls differ from the review.`;
    if ((!pausedByIssuer(was) && pausedByIssuer(now)) || (was.status !== 'changed' && now.status === 'changed')) {
      const whats = now.changes.map((c) => c.what);
      alerts.push({ id: stockAlertId(now.key), stock: now.key, severity: 'critical', title: whats.length > 0 ? `${now.symbol} paused: ${whatsText(whats)} changed` : `${now.symbol} paused: issuer controls changed`, line });
      continue;
    }
    if (pausedByIssuer(was) && !pausedByIssuer(now)) {
      alerts.push({ id: stockAlertId(now.key), stock: now.key, severity: 'info', title: `${now.symbol} resumed`, line: resumedLine(now) });
      continue;
    }
    const grown = now.changes.filter((c) => !was.changes.some((w) => sameDifference(w, c)));
    if (now.status === 'changed' && grown.length > 0) {
      alerts.push({ id: stockAlertId(now.key), stock: now.key, severity: 'critical', title: `${now.symbol}: ${whatsText(grown.map((c) => c.what))} changed too`, line });
    }
  }
  return alerts;
}

/** A stock no longer paused by its issuer controls: what it is now. */
function resumedLine(now: StockStatusView): string {
  const state = now.closed === null ? `new money can go into ${now.symbol} pairs again` : `it is ${tradingText(now.closed)}, and selling works`;
  return `${now.symbol}'s issuer controls are as reviewed again: ${state}.`;
}

/**
 * What the next answer is compared with: the current one, except that while the status cannot be read
 * the last readable records are kept, so a stock that changed meanwhile is told once it reads again (and
 * one that did not is not told again).
 */
export function issuerBaseline(previous: IssuerStatusView | null, current: IssuerStatusView): IssuerStatusView {
  if (current.readable) return { readable: true, data: current.data ?? [] };
  return { readable: false, data: previous?.data ?? [] };
}
