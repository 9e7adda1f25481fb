/**
 * The 44 tokenized stocks a coin may be paired with (spec, "Stock pair block"): key, symbol, name and
 * decimals. The key is what tells pairs apart in every read and filter; mints, issuers and controls are
 * per cluster and come from the profile's stock review (core/stocks/review.ts).
 */
export interface StockListing {
  readonly key: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: 8 | 6;
}

const EIGHT: readonly (readonly [string, string, string])[] = [
  ['nvdax', 'NVDAx', 'NVIDIA'],
  ['spyx', 'SPYx', 'S&P 500 index fund'],
  ['aaplx', 'AAPLx', 'Apple'],
  ['brkbx', 'BRK.Bx', 'Berkshire Hathaway class B'],
  ['crclx', 'CRCLx', 'Circle Internet Group'],
  ['gmex', 'GMEx', 'GameStop'],
  ['mcdx', 'MCDx', "McDonald's"],
  ['qqqx', 'QQQx', 'Nasdaq-100 index fund'],
  ['tslax', 'TSLAx', 'Tesla'],
  ['gldx', 'GLDx', 'Gold trust'],
  ['googlx', 'GOOGLx', 'Alphabet class A'],
  ['hoodx', 'HOODx', 'Robinhood Markets'],
  ['msftx', 'MSFTx', 'Microsoft'],
  ['amznx', 'AMZNx', 'Amazon'],
  ['kox', 'KOx', 'Coca-Cola'],
  ['pltrx', 'PLTRx', 'Palantir Technologies'],
  ['metax', 'METAx', 'Meta Platforms'],
  ['coinx', 'COINx', 'Coinbase Global'],
  ['mstrx', 'MSTRx', 'Strategy'],
];

const SIX: readonly (readonly [string, string, string])[] = [
  ['spcx', 'SPCX', 'SPAC and new issue fund'],
  ['baba', 'BABA', 'Alibaba Group'],
  ['dram', 'DRAM', 'Memory chip makers fund'],
  ['ibm', 'IBM', 'IBM'],
  ['mu', 'MU', 'Micron Technology'],
  ['nke', 'NKE', 'Nike'],
  ['skhy', 'SKHY', 'SK hynix'],
  ['sndk', 'SNDK', 'Sandisk'],
  ['bot', 'BOT', 'Robotics and AI fund'],
  ['dell', 'DELL', 'Dell Technologies'],
  ['hims', 'HIMS', 'Hims & Hers Health'],
  ['mrvl', 'MRVL', 'Marvell Technology'],
  ['ttwo', 'TTWO', 'Take-Two Interactive'],
  ['dkng', 'DKNG', 'DraftKings'],
  ['nflx', 'NFLX', 'Netflix'],
  ['pfe', 'PFE', 'Pfizer'],
  ['qubt', 'QUBT', 'Quantum Computing'],
  ['rddt', 'RDDT', 'Reddit'],
  ['race', 'RACE', 'Ferrari'],
  ['copx', 'COPX', 'Copper miners fund'],
  ['intc', 'INTC', 'Intel'],
  ['nbis', 'NBIS', 'Nebius Group'],
  ['amd', 'AMD', 'Advanced Micro Devices'],
  ['lly', 'LLY', 'Eli Lilly'],
  ['djt', 'DJT', 'Trump Media & Technology Group'],
];

export const STOCKS: readonly StockListing[] = Object.freeze([
  ...EIGHT.map(([key, symbol, name]) => Object.freeze({ key, symbol, name, decimals: 8 as const })),
  ...SIX.map(([key, symbol, name]) => Object.freeze({ key, symbol, name, decimals: 6 as const })),
]);

export const STOCK_KEYS: readonly string[] = Object.freeze(STOCKS.map((stock) => stock.key));

const BY_KEY = new Map(STOCKS.map((stock) => [stock.key, stock]));

/** The listing of a key exactly as written (keys are lower case; nothing else is taken). */
export function stockListing(key: string): StockListing | null {
  return BY_KEY.get(key) ?? null;
}
