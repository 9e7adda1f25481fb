import { Type, type Static } from 'typebox';
import { formatDecimalUnits } from '../../math/units.js';
import { scaleDown } from '../../math/multiplier.js';
import { TOKEN_2022_PROGRAM } from '../../programs/token-account.js';
import { stockListing } from '../../stocks/catalog.js';
import type { StockReading } from '../../stocks/issuer-status.js';
import { disclosureSentences } from '../../stocks/issuer-words.js';
import { AddressString, Amount } from './common.js';
import { Closed } from './stocks.js';

/**
 * The stock pair block (spec, "Stock pair block") and the units rules: a stock coin's own figures are in
 * the stock's raw base units (`raw`), shown times the share multiplier (`display`, rounded down, null when
 * the mint cannot be read), and every `...Zec` field is the raw amount valued at the stock's ZEC value now
 * (null when there is none: nothing is estimated).
 */
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const DisplayAmount = (description: string) => Type.String({ pattern: '^[0-9]+(\\.[0-9]+)?$', description });

export const StockPairBlock = Type.Object(
  {
    key: Type.String({ description: 'one of the 44 stock keys' }),
    kind: Type.Literal('stock'),
    symbol: Type.String(),
    name: Type.String(),
    issuer: Type.String(),
    quoteMint: AddressString("the stock's mint (Token-2022)"),
    decimals: Type.Integer({ description: '8 or 6, per stock' }),
    tokenProgram: AddressString('the Token-2022 program'),
    open: Type.Boolean({ description: 'whether new money can go in now' }),
    closed: Closed,
    controls: Type.Object({ freeze: Type.Boolean(), permanentDelegate: Type.Boolean(), pause: Type.Boolean(), scaledUi: Type.Boolean(), hook: Type.Boolean() }),
    disclosure: Type.Array(Type.String(), { description: 'one plain sentence per entry' }),
    multiplier: Nullable(Type.String({ description: 'the share multiplier in force; null when the mint could not be read' })),
    raw: Type.Object(
      {
        priceE9: Amount('the stock\'s raw base units per whole coin, times 1e9 (multiplier not applied)'),
        marketCap: Amount('raw base units'),
        volume24h: Amount('raw base units traded in the last 24 hours'),
      },
      { description: "the stock's raw base units, multiplier not applied" },
    ),
    display: Nullable(
      Type.Object(
        {
          price: DisplayAmount('whole shares per whole coin: raw × multiplier ÷ 10^decimals, rounded down (at decimals + 9 places)'),
          marketCap: DisplayAmount('whole shares, rounded down'),
          volume24h: DisplayAmount('whole shares, rounded down'),
        },
        { description: 'for display only; null when the mint could not be read' },
      ),
    ),
    zec: Type.Object({
      available: Type.Boolean(),
      source: Nullable(Type.Unsafe<'reference' | 'realised'>({ type: 'string', enum: ['reference', 'realised'], description: "the vault's rate memory, or its last conversion when that is unreadable" })),
      zatPerWholeRawE12: Nullable(Amount('zat per raw unit of the stock, times 10^12')),
    }),
  },
  { description: 'A coin paired with a tokenized stock.' },
);
export type StockPairJson = Static<typeof StockPairBlock>;

/** The raw figures of a stock coin (its quote side is the stock's raw units). */
export interface StockCoinRaw {
  readonly priceE9: bigint;
  readonly marketCap: bigint;
  readonly volume24h: bigint;
}

/** ZEC at the stock's rate now: raw × zatPerRawE12 ÷ 1e12, floored; null without a rate. */
export function stockValueZec(raw: bigint, reading: StockReading | undefined): bigint | null {
  const rate = reading?.zec.zatPerWholeRawE12 ?? null;
  return rate === null ? null : (raw * rate) / 10n ** 12n;
}

export function presentStockPair(key: string, reading: StockReading | undefined, raw: StockCoinRaw): StockPairJson {
  const listing = stockListing(key);
  const symbol = listing?.symbol ?? key;
  const decimals = reading?.decimals ?? listing?.decimals ?? 0;
  const multiplier = reading?.multiplier ?? null;
  const controls = reading?.controls ?? { freeze: false, permanentDelegate: false, pause: false, scaledUi: false, hook: false };
  const shown = (amount: bigint, places: number) => formatDecimalUnits(scaleDown(amount, multiplier!), places);
  return {
    key,
    kind: 'stock',
    symbol,
    name: listing?.name ?? key,
    issuer: reading?.record.issuer ?? '',
    quoteMint: reading?.record.mint ?? ('' as never),
    decimals,
    tokenProgram: TOKEN_2022_PROGRAM,
    open: reading?.record.open ?? false,
    closed: reading ? reading.record.closed : { reason: 'stocks-off' },
    controls,
    disclosure: disclosureSentences(symbol, controls, multiplier),
    multiplier,
    raw: { priceE9: String(raw.priceE9), marketCap: String(raw.marketCap), volume24h: String(raw.volume24h) },
    display: multiplier === null ? null : { price: shown(raw.priceE9, decimals + 9), marketCap: shown(raw.marketCap, decimals), volume24h: shown(raw.volume24h, decimals) },
    zec: {
      available: reading?.zec.available ?? false,
      source: reading?.zec.source ?? null,
      zatPerWholeRawE12: reading?.zec.zatPerWholeRawE12 === null || reading === undefined ? null : String(reading.zec.zatPerWholeRawE12),
    },
  };
}
