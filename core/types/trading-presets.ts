/**
 * A wallet's trading presets, as the settings store keeps them and the desk's ticket and quick-buy read
 * them: the buy amounts (in ZEC and in SOL), the sale percentages, a slippage per venue and a priority
 * fee. Base units as bigint here, decimal strings in JSON (core/api/schemas/one-click.ts). Browser-safe.
 */

/** Where a trade runs: a coin's curve, its pool after graduation, or the native pair's route through both. */
export type TradeVenue = 'curve' | 'pool' | 'route';
export const TRADE_VENUES: readonly TradeVenue[] = ['curve', 'pool', 'route'];

/** The named compute-unit prices (micro-lamports per compute unit), and a custom one. */
export type PriorityLevel = 'low' | 'fast' | 'turbo' | 'custom';
export const PRIORITY_LEVELS: Readonly<Record<Exclude<PriorityLevel, 'custom'>, bigint>> = Object.freeze({ low: 10_000n, fast: 100_000n, turbo: 1_000_000n });

export interface PriorityChoice {
  readonly level: PriorityLevel;
  /** The compute-unit price this level means: a named level's own, or the custom value. */
  readonly microLamports: bigint;
}

export interface TradingPresets {
  /** Buy amounts paid in ZEC, zat. */
  readonly buyZec: readonly bigint[];
  /** Buy amounts paid in SOL, lamports. */
  readonly buySol: readonly bigint[];
  /** Sale shares, whole percent of what the wallet holds (100 sells all and closes the account). */
  readonly sellPercents: readonly bigint[];
  readonly slippageBps: Readonly<Record<TradeVenue, number>>;
  readonly priority: PriorityChoice;
}

/** How many of each preset a wallet keeps. */
export const PRESET_COUNT = { min: 1, max: 4 } as const;
/** The largest slippage any ticket takes (the API's `slippageBps` bound). */
export const MAX_SLIPPAGE_BPS = 2_000;
/** The largest compute-unit price a preset may name: 0.01 SOL over 1,000 compute units, far above any real fee. */
export const MAX_MICRO_LAMPORTS = 10_000_000_000n;

export const DEFAULT_PRESETS: TradingPresets = Object.freeze<TradingPresets>({
  buyZec: [10_000_000n, 50_000_000n, 100_000_000n, 500_000_000n],
  buySol: [100_000_000n, 500_000_000n, 1_000_000_000n, 5_000_000_000n],
  sellPercents: [25n, 50n, 75n, 100n],
  slippageBps: { curve: 100, pool: 200, route: 300 },
  priority: { level: 'low', microLamports: PRIORITY_LEVELS.low },
});

/** The venue a coin's trade runs on: the native pair always takes its route. */
export const venueOf = (pair: 'zec' | 'native' | string, stage: 'curve' | 'pool' | string): TradeVenue => (pair === 'native' ? 'route' : stage === 'pool' ? 'pool' : 'curve');

/** Why `presets` cannot be kept, in words naming the field; null when they can. */
export function presetsProblem(presets: TradingPresets): string | null {
  const list = (name: string, values: readonly bigint[], max: bigint | null): string | null => {
    if (values.length < PRESET_COUNT.min || values.length > PRESET_COUNT.max) return `${name}: keep ${PRESET_COUNT.min} to ${PRESET_COUNT.max} presets, not ${values.length}`;
    const bad = values.find((v) => v <= 0n || (max !== null && v > max));
    if (bad !== undefined) return `${name}: ${bad} is not ${max === null ? 'a positive amount' : `a share from 1 to ${max} percent`}`;
    if (new Set(values.map(String)).size !== values.length) return `${name}: each preset appears once`;
    return null;
  };
  const problem = list('buyZec', presets.buyZec, null) ?? list('buySol', presets.buySol, null) ?? list('sellPercents', presets.sellPercents, 100n);
  if (problem) return problem;
  for (const venue of TRADE_VENUES) {
    const s = presets.slippageBps[venue];
    if (!Number.isInteger(s) || s < 0 || s > MAX_SLIPPAGE_BPS) return `slippageBps.${venue}: a whole number of bps from 0 to ${MAX_SLIPPAGE_BPS}, not ${s}`;
  }
  const { level, microLamports } = presets.priority;
  if (level !== 'custom' && microLamports !== PRIORITY_LEVELS[level]) return `priority: the ${level} level is ${PRIORITY_LEVELS[level]} micro-lamports per compute unit, not ${microLamports}`;
  if (microLamports < 0n || microLamports > MAX_MICRO_LAMPORTS) return `priority.microLamports: from 0 to ${MAX_MICRO_LAMPORTS} micro-lamports per compute unit`;
  return null;
}
