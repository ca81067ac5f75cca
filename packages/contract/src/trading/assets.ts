// What an instrument is (its asset class) and where it is listed (its market code), as the market
// engine, the wire and the screens name them. The strings are wire values.

export const ASSET_CLASSES = ['stock', 'future', 'forex', 'bond', 'index', 'metal', 'energy', 'agri', 'crypto'] as const;
export type AssetClass = (typeof ASSET_CLASSES)[number];
export const AssetClass = {
  Stock: 'stock',
  Future: 'future',
  Forex: 'forex',
  Bond: 'bond',
  Index: 'index',
  Metal: 'metal',
  Energy: 'energy',
  Agri: 'agri',
  Crypto: 'crypto',
} as const satisfies Record<string, AssetClass>;

/** The market segment an instrument is listed under on the screens. */
export const MARKET_CODES = ['US', 'HK', 'DE', 'NL', 'BE', 'MX', 'FUT', 'FX', 'BOND', 'INDEX', 'CRYPTO'] as const;
export type MarketCode = (typeof MARKET_CODES)[number];
export const MarketCode = {
  US: 'US',
  HK: 'HK',
  DE: 'DE',
  NL: 'NL',
  BE: 'BE',
  MX: 'MX',
  Futures: 'FUT',
  Forex: 'FX',
  Bonds: 'BOND',
  Indices: 'INDEX',
  Crypto: 'CRYPTO',
} as const satisfies Record<string, MarketCode>;
export const STOCK_MARKETS = ['US', 'HK', 'DE', 'NL', 'BE', 'MX'] as const satisfies readonly MarketCode[];

/** What the trading rules need to know of an instrument. */
export interface InstrumentKind {
  assetClass: AssetClass;
  market: MarketCode;
}
