/**
 * Spans of time in words a person reads at a glance, for the CLI and the desk alike (browser-safe): a run due
 * "in 3 min 10 s", a backfill with "about 2 h 5 min left".
 */

/** A span of milliseconds: "4 s", "3 min 10 s", "2 h 5 min". */
export function spanText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 === 0 ? `${m} min` : `${m} min ${s % 60} s`;
  const h = Math.floor(m / 60);
  return m % 60 === 0 ? `${h} h` : `${h} h ${m % 60} min`;
}

/**
 * The time a long piece of work has left at the rate it went so far: whole seconds, rounded up; null before
 * it has done anything (no rate yet) or once it is done.
 */
export function secondsLeft(done: number, total: number, elapsedMs: number): number | null {
  if (done <= 0 || done >= total || elapsedMs <= 0) return null;
  return Math.ceil(((total - done) * elapsedMs) / done / 1000);
}
