import { join } from 'node:path';
import type { Address } from '@solana/kit';
import { Low } from 'lowdb';
import { JSONFile } from 'lowdb/node';
import { DeskError } from '../errors.js';
import { DEFAULT_PRESETS, presetsProblem, type PriorityLevel, type TradeVenue, type TradingPresets } from '../types/trading-presets.js';
import { DEFAULT_POLICY, ONE_CLICK_CONFIRMATION, policyProblem, type OneClickPolicy, type TradePair } from '../verify/one-click-policy.js';

/**
 * Each wallet's trading settings, kept in `trading.json` in the data dir by lowdb (written whole to a
 * temporary file and renamed: a crash leaves the old settings or the new, never half): its presets (buy
 * amounts, sale shares, slippage per venue, priority fee) and its one-click policy. A wallet without an
 * entry has the defaults, with one-click trading off. Amounts are decimal strings in the file.
 */
export interface PresetsJson {
  readonly buyZec: string[];
  readonly buySol: string[];
  readonly sellPercents: number[];
  readonly slippageBps: Readonly<Record<TradeVenue, number>>;
  readonly priority: { readonly level: PriorityLevel; readonly microLamports: string };
}

export interface PolicyJson {
  readonly enabled: boolean;
  readonly maxSpendZec: string;
  readonly maxSpendSol: string;
  readonly maxSlippageBps: number;
  readonly maxPriorityLamports: string;
  readonly pairs: TradePair[];
  readonly venues: TradeVenue[];
  readonly dailyCapZec: string;
  readonly dailyCapSol: string;
}

export interface WalletTradingJson {
  readonly presets: PresetsJson;
  readonly policy: PolicyJson;
  /** ISO time one-click trading was last turned on; null while it is off. */
  readonly enabledAt: string | null;
}

interface TradingFile {
  readonly version: 1;
  readonly wallets: Readonly<Record<string, WalletTradingJson>>;
}

export const TRADING_SETTINGS_FILE = 'trading.json';

const strings = (values: readonly bigint[]) => values.map(String);
export const presetsJson = (p: TradingPresets): PresetsJson => ({
  buyZec: strings(p.buyZec),
  buySol: strings(p.buySol),
  sellPercents: p.sellPercents.map(Number),
  slippageBps: { ...p.slippageBps },
  priority: { level: p.priority.level, microLamports: String(p.priority.microLamports) },
});
export const policyJson = (p: OneClickPolicy): PolicyJson => ({
  enabled: p.enabled,
  maxSpendZec: String(p.maxSpendZec),
  maxSpendSol: String(p.maxSpendSol),
  maxSlippageBps: p.maxSlippageBps,
  maxPriorityLamports: String(p.maxPriorityLamports),
  pairs: [...p.pairs],
  venues: [...p.venues],
  dailyCapZec: String(p.dailyCapZec),
  dailyCapSol: String(p.dailyCapSol),
});

/** A decimal string of base units, or `invalid_param` naming the field. */
function units(field: string, text: string): bigint {
  if (!/^[0-9]{1,20}$/.test(text)) throw new DeskError('invalid_param', `${field}: ${JSON.stringify(text.slice(0, 40))} is not an amount in base units (decimal digits)`, { field });
  return BigInt(text);
}

export function presetsOf(json: PresetsJson): TradingPresets {
  const presets: TradingPresets = {
    buyZec: json.buyZec.map((t, i) => units(`presets.buyZec[${i}]`, t)),
    buySol: json.buySol.map((t, i) => units(`presets.buySol[${i}]`, t)),
    sellPercents: json.sellPercents.map((n, i) => {
      if (!Number.isInteger(n)) throw new DeskError('invalid_param', `presets.sellPercents[${i}]: a whole percent from 1 to 100`, { field: 'presets.sellPercents' });
      return BigInt(n);
    }),
    slippageBps: { ...json.slippageBps },
    priority: { level: json.priority.level, microLamports: units('presets.priority.microLamports', json.priority.microLamports) },
  };
  const problem = presetsProblem(presets);
  if (problem) throw new DeskError('invalid_param', `presets.${problem}`, { field: `presets.${problem.split(':')[0]}` });
  return presets;
}

export function policyOf(json: PolicyJson): OneClickPolicy {
  const policy: OneClickPolicy = {
    enabled: json.enabled,
    maxSpendZec: units('policy.maxSpendZec', json.maxSpendZec),
    maxSpendSol: units('policy.maxSpendSol', json.maxSpendSol),
    maxSlippageBps: json.maxSlippageBps,
    maxPriorityLamports: units('policy.maxPriorityLamports', json.maxPriorityLamports),
    pairs: [...json.pairs],
    venues: [...json.venues],
    dailyCapZec: units('policy.dailyCapZec', json.dailyCapZec),
    dailyCapSol: units('policy.dailyCapSol', json.dailyCapSol),
  };
  const problem = policyProblem(policy);
  if (problem) throw new DeskError('invalid_param', `policy.${problem}`, { field: `policy.${problem.split(':')[0]}` });
  return policy;
}

const DEFAULTS: WalletTradingJson = { presets: presetsJson(DEFAULT_PRESETS), policy: policyJson(DEFAULT_POLICY), enabledAt: null };

export class TradingBook {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(private readonly db: Low<TradingFile>) {}

  static async open(dataDir: string): Promise<TradingBook> {
    const db = new Low<TradingFile>(new JSONFile(join(dataDir, TRADING_SETTINGS_FILE)), { version: 1, wallets: {} });
    await db.read();
    if (db.data.version !== 1 || typeof db.data.wallets !== 'object' || db.data.wallets === null) db.data = { version: 1, wallets: {} };
    return new TradingBook(db);
  }

  /** The wallet's settings as stored (the defaults when it has none). */
  json(wallet: Address): WalletTradingJson {
    return this.db.data.wallets[wallet] ?? DEFAULTS;
  }

  presets(wallet: Address): TradingPresets {
    return presetsOf(this.json(wallet).presets);
  }

  policy(wallet: Address): OneClickPolicy {
    return policyOf(this.json(wallet).policy);
  }

  /** Keeps new presets (checked whole first: nothing is written when a field is wrong). */
  savePresets(wallet: Address, presets: PresetsJson): Promise<WalletTradingJson> {
    const checked = presetsJson(presetsOf(presets));
    return this.change(wallet, (now) => ({ ...now, presets: checked }));
  }

  /**
   * Keeps a new policy. Turning one-click trading on, or changing its limits while it is on, needs the
   * person to have typed ONE_CLICK_CONFIRMATION; turning it off never does.
   */
  savePolicy(wallet: Address, policy: PolicyJson, confirmation: string | undefined, at: Date): Promise<WalletTradingJson> {
    const checked = policyJson(policyOf(policy));
    if (checked.enabled && confirmation !== ONE_CLICK_CONFIRMATION) {
      throw new DeskError('invalid_param', `confirmation: type "${ONE_CLICK_CONFIRMATION}" to let this desk sign trades inside these limits without showing you the review`, { field: 'confirmation' });
    }
    return this.change(wallet, (now) => ({ ...now, policy: checked, enabledAt: checked.enabled ? at.toISOString() : null }));
  }

  /** Forgets a removed wallet's settings. */
  forget(wallet: Address): Promise<void> {
    return this.serial(async () => {
      const { [wallet]: _gone, ...rest } = this.db.data.wallets;
      this.db.data = { version: 1, wallets: rest };
      await this.db.write();
    });
  }

  private change(wallet: Address, edit: (now: WalletTradingJson) => WalletTradingJson): Promise<WalletTradingJson> {
    return this.serial(async () => {
      const next = edit(this.json(wallet));
      this.db.data = { version: 1, wallets: { ...this.db.data.wallets, [wallet]: next } };
      await this.db.write();
      return next;
    });
  }

  /** Changes one at a time: two tabs saving at once never lose one. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
