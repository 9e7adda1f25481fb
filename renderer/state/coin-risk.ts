import { groupThousands } from '../../core/math/decimal-display.js';
import { percentOfSupply, RISK_DEFINITIONS, shareBillionths, sharePercent, SHARE_SCALE } from '../../core/types/risk-figures.js';
import type { CoinJson, CoinRiskJson } from '../api/api-types.js';

/**
 * A coin's risk figures as the desk shows them: the brief on Discover's cards and rows, the strip in the
 * coin header. Shares come through core/types/risk-figures.ts (exact, from the API's nine-decimal strings);
 * components lay these out and decide nothing.
 */

/** The top-10 share past which a coin counts as concentrated: Discover's filter and the figure's colour. */
export const CONCENTRATED_PERCENT = 50n;

/** Whether the ten largest hold more than CONCENTRATED_PERCENT of the supply, compared exactly in billionths. */
export const isConcentrated = (top10Share: string): boolean => shareBillionths(top10Share) * 100n > CONCENTRATED_PERCENT * SHARE_SCALE;

/** How a figure reads beside the others: plain, worth a look, or a warning. */
export type RiskTone = 'plain' | 'caution' | 'alarm';

/** The brief of a card or row; null for a coin the index keeps no figures for. */
export interface RiskBrief {
  readonly holders: string;
  readonly top10: string;
  readonly concentrated: boolean;
  readonly deployerSold: boolean;
  /** The bundle's share now, for a bundled launch. */
  readonly bundled: string | null;
  /** The snipers' share now, when they hold any. */
  readonly snipers: string | null;
}

export function riskBrief(coin: Pick<CoinJson, 'risk'>): RiskBrief | null {
  const r = coin.risk;
  if (r === undefined) return null;
  return {
    holders: groupThousands(String(r.holders)),
    top10: sharePercent(r.top10Share),
    concentrated: isConcentrated(r.top10Share),
    deployerSold: r.deployerSold,
    bundled: r.bundled ? sharePercent(r.bundleShare) : null,
    snipers: shareBillionths(r.sniperShare) > 0n ? sharePercent(r.sniperShare) : null,
  };
}

/** One figure of the header's strip, with its definition for the hover. */
export interface RiskFigureView {
  readonly key: keyof typeof RISK_DEFINITIONS;
  readonly label: string;
  readonly value: string;
  readonly definition: string;
  readonly tone: RiskTone;
}

const wallets = (count: number): string => `${groupThousands(String(count))} wallet${count === 1 ? '' : 's'}`;

/** The header's strip: every figure of the full read, each with its written definition. */
export function riskStrip(r: CoinRiskJson): RiskFigureView[] {
  const supply = BigInt(r.supply);
  const sold = BigInt(r.deployer.sold);
  const deployer = r.deployer.hasSold ? `sold ${percentOfSupply(sold, supply)}, holds ${sharePercent(r.deployer.held.shareOfSupply)}` : `holds ${sharePercent(r.deployer.held.shareOfSupply)}`;
  const some = (count: number, share: string) => (count === 0 ? 'none' : `${wallets(count)} · ${sharePercent(share)}`);
  return [
    { key: 'holders', label: 'Holders', value: groupThousands(String(r.holders)), definition: RISK_DEFINITIONS.holders, tone: 'plain' },
    { key: 'top10', label: 'Top 10', value: sharePercent(r.top10.shareOfSupply), definition: RISK_DEFINITIONS.top10, tone: isConcentrated(r.top10.shareOfSupply) ? 'caution' : 'plain' },
    { key: 'deployer', label: 'Deployer', value: deployer, definition: RISK_DEFINITIONS.deployer, tone: r.deployer.hasSold ? 'alarm' : 'plain' },
    { key: 'snipers', label: 'Snipers', value: some(r.snipers.count, r.snipers.held.shareOfSupply), definition: RISK_DEFINITIONS.snipers, tone: r.snipers.count > 0 && shareBillionths(r.snipers.held.shareOfSupply) > 0n ? 'caution' : 'plain' },
    { key: 'bundle', label: r.bundle.bundled ? 'Bundled launch' : 'Bundle', value: some(r.bundle.count, r.bundle.held.shareOfSupply), definition: RISK_DEFINITIONS.bundle, tone: r.bundle.bundled ? 'caution' : 'plain' },
    { key: 'fresh', label: 'Fresh wallets', value: some(r.fresh.count, r.fresh.held.shareOfSupply), definition: RISK_DEFINITIONS.fresh, tone: 'plain' },
  ];
}
