/**
 * The performance table at a glance (`npm run bench -- --summary`): each bench records the rows it
 * measures (our figure, the peer's from the same run, their ratio, the target) and the runner prints
 * them together at the end. Targets are written here once, beside what they measure.
 */

/** Whether more is better (a rate, a speed ratio) or less is (a time ratio, a latency). */
type Better = 'higher' | 'lower';

export interface SummaryTarget {
  readonly work: string;
  readonly peer: string;
  /** How the ratio reads: ours / peer. */
  readonly ratioOf: 'rate' | 'time';
  /** A ratio of 0 bounds nothing (the row's target is its extra bound alone); the extra's unit is ms unless said. */
  readonly target: {
    readonly ratio: number;
    readonly better: Better;
    /** Met when the ratio or the extra bound is (the target names two ways to meet it), not only both. */
    readonly either?: boolean;
    readonly extra?: { readonly label: string; readonly max: number; readonly unit?: string };
  };
}

export interface SummaryRow extends SummaryTarget {
  readonly ours: string;
  readonly peerFigure: string;
  readonly ratio: number;
  /** A figure the target also bounds (a p99 in ms), when it has one. */
  readonly extraValue?: number;
}

const rows: SummaryRow[] = [];

/** The table of the team's performance issue: every row a bench can record, in its order. */
export const TARGETS = {
  coinDetail: { work: 'GET /v1/coins/{mint} (100k coins, 16 in flight)', peer: 'bare Fastify route', ratioOf: 'rate', target: { ratio: 0.5, better: 'higher', extra: { label: 'p99 ms', max: 5 } } },
  coinLists: { work: 'GET /v1/coins?sort=trending|new&limit=50 (slower of the two)', peer: 'bare Fastify route, same page', ratioOf: 'rate', target: { ratio: 0.25, better: 'higher', extra: { label: 'p99 ms', max: 5 } } },
  candles: { work: 'GET /v1/coins/{mint}/candles', peer: 'bare Fastify route', ratioOf: 'rate', target: { ratio: 0.5, better: 'higher' } },
  risk: { work: 'GET /v1/coins/{mint}/risk (100k coins, 16 in flight)', peer: 'bare Fastify route', ratioOf: 'rate', target: { ratio: 0.5, better: 'higher', extra: { label: 'p99 ms', max: 5 } } },
  // The issue: at least 0.6× the raw insert or 20,000 trades/s, whichever the design can show (either meets it).
  ingest: { work: 'ingest, trades/s', peer: 'raw INSERT, same indexes', ratioOf: 'rate', target: { ratio: 0.6, better: 'higher', either: true, extra: { label: 'trades/s, at least', max: -20_000 } } },
  curveBuild: { work: 'trade build, read + quote + instructions (curve)', peer: '@pump-fun/pump-sdk', ratioOf: 'time', target: { ratio: 0.33, better: 'lower' } },
  poolBuild: { work: 'the same, pool', peer: 'pump-swap-sdk', ratioOf: 'time', target: { ratio: 0.33, better: 'lower' } },
  ammInstructions: { work: 'AMM buy instructions, a new trader each build', peer: 'pump-swap-sdk', ratioOf: 'rate', target: { ratio: 3, better: 'higher' } },
  curveQuotes: { work: 'curve quotes (the slowest kind beside its SDK call)', peer: '@pump-fun/pump-sdk', ratioOf: 'rate', target: { ratio: 5, better: 'higher' } },
  poolQuotes: { work: 'pool quotes (the slowest kind beside its SDK call)', peer: 'pump-swap-sdk', ratioOf: 'rate', target: { ratio: 5, better: 'higher' } },
  buildSimulated: { work: 'build including simulation', peer: 'one raw LiteSVM simulate', ratioOf: 'time', target: { ratio: 2, better: 'lower' } },
  relayCheck: { work: 'relay check per signed transaction', peer: 'kit decode + signature verify', ratioOf: 'time', target: { ratio: 1.5, better: 'lower' } },
  chainSend: { work: 'sandbox Chain.send', peer: 'raw LiteSVM send', ratioOf: 'rate', target: { ratio: 0.7, better: 'higher' } },
  rpcSend: { work: 'sandbox RPC sendTransaction over HTTP', peer: 'raw LiteSVM send', ratioOf: 'rate', target: { ratio: 0.25, better: 'higher' } },
  // A year of use on one desktop (bench/index-scale.ts): the issue bounds the p99s, the first renders and the memory, not the ratios.
  scaleCoinDetail: { work: 'GET /v1/coins/{mint} (1M coins, 20M trades, 16 in flight)', peer: 'bare Fastify route', ratioOf: 'rate', target: { ratio: 0, better: 'higher', extra: { label: 'p99 ms', max: 5 } } },
  scaleCoinLists: { work: 'GET /v1/coins?sort=trending|new&limit=50 (1M coins, slower of the two)', peer: 'bare Fastify route, same page', ratioOf: 'rate', target: { ratio: 0, better: 'higher', extra: { label: 'p99 ms', max: 5 } } },
  scaleCandles: { work: 'GET /v1/coins/{mint}/candles (1M coins; slowest of a random coin 1m, the 1M-trade coin 1m and 1d)', peer: 'bare Fastify route', ratioOf: 'rate', target: { ratio: 0, better: 'higher', extra: { label: 'p99 ms', max: 5 } } },
  scaleHolders: { work: 'GET /v1/coins/{mint}/holders (1M coins; slower of a random coin and the 1M-trade coin)', peer: 'bare Fastify route', ratioOf: 'rate', target: { ratio: 0, better: 'higher', extra: { label: 'p99 ms', max: 5 } } },
  scaleTrades: { work: 'GET /v1/coins/{mint}/trades (1M coins; slower of a random coin and the 1M-trade coin)', peer: 'bare Fastify route', ratioOf: 'rate', target: { ratio: 0, better: 'higher', extra: { label: 'p99 ms', max: 5 } } },
  scaleDiscover: { work: "Discover's first render in Chromium (1M coins), columns filled", peer: 'the target', ratioOf: 'time', target: { ratio: 1, better: 'lower' } },
  scaleHotChart: { work: 'the 1M-trade coin in Chromium: 1m chart and tape, then 1d chart (slowest)', peer: 'the target', ratioOf: 'time', target: { ratio: 1, better: 'lower' } },
  scaleMemory: { work: 'server RSS after load + GC (1M coins, 20M trades)', peer: 'bare Fastify process, after its load + GC', ratioOf: 'time', target: { ratio: 0, better: 'lower', extra: { label: 'RSS MB', max: 300, unit: 'MB' } } },
  // The hosted /v1 (bench/hosted.ts): the issue asks for the figures beside their peers, with no bound.
  hostedReads1: { work: 'GET /v1 reads through 1 hosted replica on PostgreSQL (1M coins; the slowest beside SQLite of detail, lists, candles, holders, trades)', peer: 'the SQLite server, same read', ratioOf: 'rate', target: { ratio: 0, better: 'higher' } },
  hostedReads2: { work: 'the same through 2 replicas (2 cores in all)', peer: 'the SQLite server, same read', ratioOf: 'rate', target: { ratio: 0, better: 'higher' } },
  hostedIngest: { work: "ingest into a fresh hosted index: the writer's backfill loaded by COPY from its file (1M coins), rows/s", peer: 'COPY FROM of the same rows, same indexes', ratioOf: 'rate', target: { ratio: 0, better: 'higher' } },
  hostedShip: { work: 'live batches shipped to PostgreSQL statement by statement, trades/s', peer: 'the bulk load above', ratioOf: 'rate', target: { ratio: 0, better: 'higher' } },
  sandboxRestart: { work: 'sandbox restart to ready (open, RPC, index caught up), 1M tx', peer: 'bare LiteSVM snapshot load', ratioOf: 'time', target: { ratio: 10, better: 'lower', extra: { label: 'ready s', max: 3, unit: 's' } } },
  sandboxDisk: { work: 'sandbox disk per 1,000 tx, full records (ledger, its index, snapshot)', peer: 'the transactions\' wire bytes', ratioOf: 'time', target: { ratio: 12, better: 'lower', extra: { label: 'sandbox resident MB', max: 150, unit: 'MB' } } },
} as const satisfies Record<string, SummaryTarget>;

export function recordSummary(target: SummaryTarget, figures: { readonly ours: string; readonly peer: string; readonly ratio: number; readonly extraValue?: number }): void {
  rows.push({ ...target, ours: figures.ours, peerFigure: figures.peer, ratio: figures.ratio, ...(figures.extraValue !== undefined ? { extraValue: figures.extraValue } : {}) });
}

/** A row the issue asks to report beside its peer, with no bound: its "met" column is a dash. */
const unbounded = (row: SummaryTarget) => row.target.ratio === 0 && row.target.extra === undefined;

/** Met when the ratio is on the right side of the target, and the extra bound too (a negative max is a minimum). */
export function met(row: SummaryRow): boolean {
  const t = row.target;
  const ratioMet = t.ratio === 0 || (t.better === 'higher' ? row.ratio >= t.ratio : row.ratio <= t.ratio);
  if (!t.extra || row.extraValue === undefined) return ratioMet;
  const extraMet = t.extra.max < 0 ? row.extraValue >= -t.extra.max : row.extraValue < t.extra.max;
  return t.either ? ratioMet || extraMet : ratioMet && extraMet;
}

export const summaryRows = (): readonly SummaryRow[] => rows;

/** The table, one line per row: work, ours, peer, ratio, target, met. */
export function summaryTable(recorded: readonly SummaryRow[] = rows): string {
  const targetText = (r: SummaryRow) => {
    const t = r.target;
    const unit = t.extra?.unit ?? 'ms';
    const extra = t.extra ? (t.extra.max < 0 ? `≥ ${(-t.extra.max).toLocaleString('en')} ${t.extra.label.replace(', at least', '')}` : `${t.extra.label.replace(` ${unit}`, '')} < ${t.extra.max} ${unit}`) : '';
    const ratio = t.ratio === 0 ? '' : `${t.better === 'higher' ? '≥' : '≤'} ${t.ratio}×`;
    return unbounded(r) ? 'reported' : [ratio, extra].filter((part) => part !== '').join(t.either ? ' or ' : ', ');
  };
  const header = ['work', 'ours', 'peer (same run)', 'ratio', 'target', 'met'];
  const order: readonly SummaryTarget[] = Object.values(TARGETS);
  const sorted = [...recorded].sort((x, y) => order.findIndex((t) => t.work === x.work) - order.findIndex((t) => t.work === y.work));
  const body = sorted.map((r) => [r.work, r.ours, `${r.peer}: ${r.peerFigure}`, `${r.ratio.toFixed(2)}×`, targetText(r), unbounded(r) ? '—' : met(r) ? 'yes' : 'NO']);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** The slowest of a ratio table's rows (ours/SDK speed), as one summary row. */
export function slowestRow(target: SummaryTarget, rows: readonly { readonly label: string; readonly ours: readonly number[]; readonly theirs: readonly number[] }[]): void {
  const med = (values: readonly number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  const ranked = rows.map((r) => ({ r, ratio: med(r.ours) / med(r.theirs) })).sort((x, y) => x.ratio - y.ratio);
  const worst = ranked[0];
  if (!worst) return;
  const rate = (v: number) => `${Math.round(v).toLocaleString('en')}/s`;
  recordSummary(target, { ours: `${rate(med(worst.r.ours))} (${worst.r.label.split(' (')[0]})`, peer: rate(med(worst.r.theirs)), ratio: worst.ratio });
}
