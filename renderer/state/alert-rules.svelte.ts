import { formatCompactUnits, formatPrice } from '../../core/math/decimal-display.js';
import { isApiError } from '../api/api-error.js';
import type { AlertRuleJson, WatchApi } from '../api/watch-api.js';

/** A rule in words: "Price above 0.0₇35 ZEC", "Market cap below 25K ZEC" (exact from its base units). */
export function ruleText(rule: Pick<AlertRuleJson, 'metric' | 'direction' | 'levelBase'>): string {
  const level = BigInt(rule.levelBase);
  const value = rule.metric === 'price' ? `${formatPrice(level, 18)} ZEC` : `${formatCompactUnits(level, 8)} ZEC`;
  return `${rule.metric === 'price' ? 'Price' : 'Market cap'} ${rule.direction} ${value}`;
}

/** One coin's level rules (the coin page's alert panel): listed, set and deleted on the server. */
export class AlertRulesState {
  rules = $state<AlertRuleJson[]>([]);
  metric = $state<'price' | 'marketCap'>('price');
  direction = $state<'above' | 'below'>('above');
  level = $state('');
  problem = $state<string | null>(null);
  busy = $state(false);

  constructor(
    private readonly api: WatchApi,
    readonly mint: string,
  ) {}

  async load(): Promise<void> {
    if (!this.api.ready) return;
    try {
      this.rules = (await this.api.rules(this.mint)).rules;
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'the alert rules could not be read';
    }
  }

  async add(): Promise<void> {
    this.busy = true;
    try {
      const rule = await this.api.addRule({ mint: this.mint, metric: this.metric, direction: this.direction, level: this.level });
      this.rules = [...this.rules, rule];
      this.level = '';
      this.problem = null;
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'the alert could not be set';
    } finally {
      this.busy = false;
    }
  }

  async remove(id: number): Promise<void> {
    try {
      await this.api.deleteRule(id);
      this.rules = this.rules.filter((r) => r.id !== id);
    } catch (error) {
      this.problem = isApiError(error) ? error.message : 'the alert could not be deleted';
    }
  }
}
