import { Type, type Static } from 'typebox';
import { deployerSold, isBundled, RISK_DEFINITIONS, riskSummary, SNIPER_SLOTS, type RiskFigures } from '../../types/risk-figures.js';
import { AddressString, Amount } from './common.js';
import { shareOfSupply } from './runs.js';

const Share = (description: string) => Type.String({ pattern: '^[0-9]+\\.[0-9]{9}$', description: `${description}: a share of the supply, truncated to nine decimals (exact: no float)` });
const Held = (description: string) => Type.Object({ balance: Amount('raw coin units'), shareOfSupply: Share(description) });

/**
 * GET /v1/coins/{mint}/risk, a local addition: the figures traders read first, as the index keeps them
 * (core/types/risk-figures.ts has each definition; docs/api.md says them in words).
 */
export const CoinRisk = Type.Object(
  {
    mint: AddressString(),
    supply: Amount('raw coin units, burns taken out'),
    holders: Type.Integer({ minimum: 0, description: RISK_DEFINITIONS.holders }),
    top10: Held(RISK_DEFINITIONS.top10),
    deployer: Type.Object(
      {
        held: Held('what it holds now'),
        bought: Amount('raw coin units it bought, its planting\'s first buy included'),
        sold: Amount('raw coin units it sold'),
        hasSold: Type.Boolean({ description: 'it sold some of what it bought' }),
      },
      { description: RISK_DEFINITIONS.deployer },
    ),
    snipers: Type.Object({ count: Type.Integer({ minimum: 0 }), held: Held('what they hold now'), withinSlots: Type.Integer({ description: 'the window, in slots from the creation' }) }, { description: RISK_DEFINITIONS.snipers }),
    bundle: Type.Object({ count: Type.Integer({ minimum: 0 }), bundled: Type.Boolean({ description: 'two or more such wallets' }), held: Held('what they hold now') }, { description: RISK_DEFINITIONS.bundle }),
    fresh: Type.Object({ count: Type.Integer({ minimum: 0 }), held: Held('what they hold now') }, { description: RISK_DEFINITIONS.fresh }),
    summary: Type.String({ description: 'the figures in one line of plain words' }),
  },
  { description: 'A local addition, not part of the hosted spec: a coin\'s risk figures, kept current as the index takes in each batch.' },
);

/** The compact block every coin row carries (lists, detail, the stream): what Discover shows and filters on. */
export const CoinRiskBlock = Type.Object(
  {
    holders: Type.Integer({ minimum: 0, description: RISK_DEFINITIONS.holders }),
    top10Share: Share(RISK_DEFINITIONS.top10),
    deployerSold: Type.Boolean({ description: 'the deployer sold some of what it bought' }),
    deployerShare: Share('what the deployer holds now'),
    sniperShare: Share('what the snipers hold now'),
    bundled: Type.Boolean({ description: 'a bundled launch: two or more wallets besides the deployer bought in the creation slot' }),
    bundleShare: Share('what the bundle holds now'),
    freshShare: Share('what fresh wallets hold now'),
  },
  { description: 'A local addition, not part of the hosted spec: the risk figures in brief (GET /v1/coins/{mint}/risk has them in full)' },
);

export function presentRiskBlock(r: RiskFigures): Static<typeof CoinRiskBlock> {
  return {
    holders: Number(r.holders),
    top10Share: shareOfSupply(r.top10Held, r.supply),
    deployerSold: deployerSold(r),
    deployerShare: shareOfSupply(r.deployerHeld, r.supply),
    sniperShare: shareOfSupply(r.sniperHeld, r.supply),
    bundled: isBundled(r),
    bundleShare: shareOfSupply(r.bundleHeld, r.supply),
    freshShare: shareOfSupply(r.freshHeld, r.supply),
  };
}

export function presentRisk(mint: string, r: RiskFigures): Static<typeof CoinRisk> {
  const held = (balance: bigint) => ({ balance: String(balance), shareOfSupply: shareOfSupply(balance, r.supply) });
  return {
    mint,
    supply: String(r.supply),
    holders: Number(r.holders),
    top10: held(r.top10Held),
    deployer: { held: held(r.deployerHeld), bought: String(r.deployerBought), sold: String(r.deployerSold), hasSold: deployerSold(r) },
    snipers: { count: Number(r.snipers), held: held(r.sniperHeld), withinSlots: Number(SNIPER_SLOTS) },
    bundle: { count: Number(r.bundled), bundled: isBundled(r), held: held(r.bundleHeld) },
    fresh: { count: Number(r.fresh), held: held(r.freshHeld) },
    summary: riskSummary(r),
  };
}

