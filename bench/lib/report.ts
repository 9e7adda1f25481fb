/**
 * What every bench shares: its settings from the environment, medians, and the plain-text tables it
 * prints. Figures are printed, never asserted (speed is measured here, not in timed tests).
 */

/** A positive integer from the environment (BENCH_N, BENCH_ROUNDS), refused with its name when out of range. */
export function intFromEnv(name: string, fallback: number, max: number): number {
  const text = process.env[name];
  const value = text === undefined || text === '' ? fallback : Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new Error(`${name} must be an integer from 1 to ${max}, got ${text}`);
  return value;
}

export interface Settings {
  /** Scales each bench's operation counts. */
  readonly n: number;
  /** Every measurement is taken this many times; tables show the median. */
  readonly rounds: number;
}

/** BENCH_N (default 2000) and BENCH_ROUNDS (default 3), within a bench's own maxima. */
export function benchSettings(maxN: number, maxRounds: number): Settings {
  return { n: intFromEnv('BENCH_N', 2000, maxN), rounds: intFromEnv('BENCH_ROUNDS', 3, maxRounds) };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export const fmtInt = (value: number) => Math.round(value).toLocaleString('en-US');
export const spread = (values: readonly number[]) => `${fmtInt(Math.min(...values))}-${fmtInt(Math.max(...values))}`;

/** Columns padded to fit; the first `leftColumns` left-aligned. A row of one cell is printed as is (a section title). */
export function printTable(headers: readonly string[], rows: readonly (readonly string[])[], leftColumns = 1): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r.length === 1 ? 0 : (r[i] ?? '').length))));
  const cell = (text: string, i: number) => (i < leftColumns ? text.padEnd(widths[i]!) : text.padStart(widths[i]!));
  const header = headers.map(cell).join('  ');
  console.log(header);
  console.log('-'.repeat(header.length));
  for (const row of rows) console.log(row.length === 1 ? row[0]! : row.map(cell).join('  '));
}

/**
 * Operations per second of `run(0, count)` after a tenth as many untimed (JIT). `run` answers the sum of
 * its answers, which must be the same every round under `key` (a changed answer is a bug, not noise).
 */
export function timeSync(run: (from: number, count: number) => bigint, count: number, expected: Map<string, bigint>, key: string): number {
  run(0, Math.max(1, Math.floor(count / 10)));
  const start = performance.now();
  const sum = run(0, count);
  const ms = performance.now() - start;
  const seen = expected.get(key);
  if (seen === undefined) expected.set(key, sum);
  else if (seen !== sum) throw new Error(`${key}: the answers changed between rounds (${seen} then ${sum})`);
  return (count * 1000) / ms;
}

/** Ours beside the peer SDK's, as medians with their spread and the ratio. */
export function printRatioTable(rows: readonly { label: string; ours: number[]; theirs: number[] }[]): void {
  printTable(
    ['operation', 'ours ops/s', 'min-max', 'SDK ops/s', 'min-max', 'ours/SDK'],
    rows.map((r) => {
      const [ours, theirs] = [median(r.ours), median(r.theirs)];
      return [r.label, fmtInt(ours), spread(r.ours), fmtInt(theirs), spread(r.theirs), `${(ours / theirs).toFixed(2)}x`];
    }),
  );
}

/** `size` amounts from `low` up to `high`, from a fixed seed (the same every run). */
export function seededAmounts(seed: number, low: bigint, high: bigint, size: number): bigint[] {
  let state = seed;
  const out: bigint[] = [];
  for (let i = 0; i < size; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    out.push(low + (BigInt(state) * (high - low)) / 0x80000000n);
  }
  return out;
}

/** The `p`-th percentile (0-100) of `values`, nearest rank: a value that was measured, never interpolated. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Milliseconds with about three significant digits. */
export const fmtMs = (ms: number) => ms.toFixed(ms < 1 ? 3 : ms < 10 ? 2 : 1);

/** One row of a latency table: ours and, when there is one, the peer's samples (ms), one array per round. */
export interface LatencyRow {
  readonly label: string;
  readonly ours: readonly (readonly number[])[];
  readonly peer: readonly (readonly number[])[] | null;
}

/**
 * Latencies in ms, ours beside a peer's measured in the same run: median and p95 (or the `tail`-th
 * percentile) of every sample of every round, the ratio of those medians (ours/peer time: below 1, ours
 * is faster) and the spread of that ratio between rounds. A row without a peer shows dashes; a string is
 * printed as a section title.
 */
export function printLatencyTable(rows: readonly (LatencyRow | string)[], peerName = 'peer', tail = 95): void {
  printTable(
    ['operation', 'ours median ms', `p${tail}`, `${peerName} median ms`, `p${tail}`, `ours/${peerName} time`, 'rounds min-max'],
    rows.map((r) => {
      if (typeof r === 'string') return [r];
      const ours = r.ours.flat();
      const cells = [r.label, fmtMs(median(ours)), fmtMs(percentile(ours, tail))];
      if (r.peer === null) return [...cells, '—', '—', '—', '—'];
      const peer = r.peer.flat();
      const byRound = r.ours.map((values, i) => median(values) / median(r.peer![i]!));
      const ratio = (value: number) => value.toFixed(2);
      return [...cells, fmtMs(median(peer)), fmtMs(percentile(peer, tail)), `${ratio(median(ours) / median(peer))}x`, `${ratio(Math.min(...byRound))}-${ratio(Math.max(...byRound))}x`];
    }),
  );
}
