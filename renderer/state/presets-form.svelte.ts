import { formatDecimalUnits, parseDecimalUnits, SOL_DECIMALS, ZEC_DECIMALS } from '../../core/math/units.js';
import type { PresetsJson } from '../api/wallet-api.js';
import type { TradingSettings } from './trading-settings.svelte.js';

/** A list typed as "0.1, 0.5, 1" read exactly into base units; the problem names the field. */
function listOf(name: string, text: string, read: (part: string) => string): string[] | string {
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length === 0) return `${name}: type at least one, separated by commas`;
  try {
    return parts.map(read);
  } catch (error) {
    return `${name}: ${(error as Error).message}`;
  }
}

/**
 * The ticket's presets editor for one keychain wallet: buy amounts in ZEC and in SOL, sale shares and a
 * slippage per venue, typed as whole units and read exactly (no float); the server checks them again
 * and answers in words naming the field.
 */
export class PresetsForm {
  buyZec = $state('');
  buySol = $state('');
  sellPercents = $state('');
  slippage = $state<Record<'curve' | 'pool' | 'route', string>>({ curve: '', pool: '', route: '' });
  problem = $state<string | null>(null);
  busy = $state(false);

  constructor(
    private readonly settings: TradingSettings,
    readonly wallet: string,
  ) {
    const json = settings.byWallet.get(wallet);
    if (!json) return;
    this.buyZec = json.presets.buyZec.map((v) => formatDecimalUnits(BigInt(v), ZEC_DECIMALS)).join(', ');
    this.buySol = json.presets.buySol.map((v) => formatDecimalUnits(BigInt(v), SOL_DECIMALS)).join(', ');
    this.sellPercents = json.presets.sellPercents.join(', ');
    this.slippage = { curve: String(json.presets.slippageBps.curve), pool: String(json.presets.slippageBps.pool), route: String(json.presets.slippageBps.route) };
  }

  /** Saves; true when the server kept them. */
  async save(): Promise<boolean> {
    this.problem = null;
    const json = this.settings.byWallet.get(this.wallet);
    if (!json) return false;
    const buyZec = listOf('Buy amounts in ZEC', this.buyZec, (p) => String(parseDecimalUnits(p, ZEC_DECIMALS)));
    const buySol = listOf('Buy amounts in SOL', this.buySol, (p) => String(parseDecimalUnits(p, SOL_DECIMALS)));
    const sells = listOf('Sale shares', this.sellPercents, (p) => {
      if (!/^[0-9]{1,3}$/.test(p)) throw new Error(`"${p}" is not a whole percent`);
      return p;
    });
    const problem = [buyZec, buySol, sells].find((x) => typeof x === 'string');
    if (problem !== undefined) {
      this.problem = problem as string;
      return false;
    }
    const slippageBps = { curve: Number(this.slippage.curve), pool: Number(this.slippage.pool), route: Number(this.slippage.route) };
    const bad = Object.entries(slippageBps).find(([, v]) => !Number.isInteger(v) || v < 0 || v > 2000);
    if (bad) {
      this.problem = `Slippage on the ${bad[0]}: a whole number of bps from 0 to 2000`;
      return false;
    }
    const presets: PresetsJson = { ...json.presets, buyZec: buyZec as string[], buySol: buySol as string[], sellPercents: (sells as string[]).map(Number), slippageBps };
    this.busy = true;
    this.problem = await this.settings.savePresets(this.wallet, presets);
    this.busy = false;
    return this.problem === null;
  }
}
