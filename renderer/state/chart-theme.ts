import type { DeepPartial, TimeScaleOptions } from 'lightweight-charts';

/** The desk's chart look (dark theme), shared by every chart; each adds its own time scale and price labels. */
export function chartOptions(priceFormatter: (value: number) => string, timeScale: DeepPartial<TimeScaleOptions> = {}) {
  return {
    autoSize: true,
    layout: { background: { color: 'transparent' }, textColor: '#9aa4b2', fontSize: 12, attributionLogo: false },
    grid: { vertLines: { color: '#1d2430' }, horzLines: { color: '#1d2430' } },
    rightPriceScale: { borderColor: '#2a3342' },
    timeScale: { borderColor: '#2a3342', ...timeScale },
    localization: { priceFormatter },
  };
}
