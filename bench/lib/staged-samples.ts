/**
 * Latency samples of operations with stages: an operation marks `lap(name)` at each stage's end, and
 * every sample keeps the ms from its start to each lap and to its end (`total`). Operations measured
 * together alternate, so that drift on a busy machine falls on all of them alike.
 */

/** One run of a staged operation: `lap(name)` marks the time since it began under `name`. */
export type Staged = (lap: (name: string) => void) => Promise<unknown>;

/** Per stage name, the ms from the start to that lap in every sample; `total` the whole. */
export type StageSamples = Map<string, number[]>;

async function once(run: Staged, into: StageSamples | null): Promise<void> {
  const start = performance.now();
  const laps: [string, number][] = [];
  await run((name) => laps.push([name, performance.now() - start]));
  laps.push(['total', performance.now() - start]);
  if (into) for (const [name, ms] of laps) (into.get(name) ?? into.set(name, []).get(name)!).push(ms);
}

/**
 * Times every operation `count` times after `count / 5` untimed, in turn (the first goes first on even samples).
 * `before`, untimed, runs before each operation (for example a transaction landing, so that nothing read
 * before is still current).
 */
export async function sampleTogether(runs: readonly Staged[], count: number, before?: () => Promise<void>): Promise<StageSamples[]> {
  const out = runs.map(() => new Map<string, number[]>());
  const warm = Math.max(5, Math.floor(count / 5));
  for (let i = 0; i < warm + count; i++) {
    const order = i % 2 === 0 ? runs.map((_, j) => j) : runs.map((_, j) => runs.length - 1 - j);
    for (const j of order) {
      if (before) await before();
      await once(runs[j]!, i < warm ? null : out[j]!);
    }
  }
  return out;
}

export const stage = (samples: StageSamples, name: string): number[] => {
  const values = samples.get(name);
  if (!values) throw new Error(`no lap named ${name}`);
  return values;
};
/** Per sample, the time between two laps. */
export const between = (samples: StageSamples, from: string | null, to: string): number[] => {
  const end = stage(samples, to);
  if (from === null) return end;
  const start = stage(samples, from);
  return end.map((ms, i) => ms - start[i]!);
};
