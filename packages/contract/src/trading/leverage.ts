import type { AssetClass } from './assets';

// The retail leverage caps of ESMA's CFD measures, by what an instrument's price follows. The
// product keeps offering the leverages of its trading rules (docs/decisions/0015-trading-rules.md);
// an order above its instrument's cap needs the investor's risk acknowledgement first, once.
//
// ESMA Decision (EU) 2018/796 (the CFD product intervention of 2018, since continued by the national
// regulators), Annex I, sets the initial margin of a retail CFD by its underlying; the leverage cap
// is its inverse:
//   3.33 %  (30:1) a currency pair "composed of any two of the following currencies: US dollar, Euro,
//                  Japanese yen, Pound sterling, Canadian dollar or Swiss franc" (the major pairs);
//   5 %     (20:1) any other currency pair; gold; the major indices: FTSE 100, CAC 40, DAX30, Dow Jones
//                  Industrial Average, S&P 500, NASDAQ Composite, NASDAQ 100, Nikkei 225, ASX 200,
//                  EURO STOXX 50;
//   10 %    (10:1) a commodity other than gold, an equity index not listed above;
//   50 %     (2:1) a cryptocurrency;
//   20 %     (5:1) a share, or an underlying not otherwise listed (bonds, interest rates).
// Note that ESMA's majors are those six currencies only: AUDUSD and NZDUSD, "majors" in market
// talk and in the market lists, are non-major pairs (20:1) under the decision.

/** The currencies any two of which make a major pair. */
export const MAJOR_CURRENCIES = ['USD', 'EUR', 'JPY', 'GBP', 'CAD', 'CHF'] as const;

/** ESMA's major indices by their usual (Bloomberg) symbols; the universe lists UKX, DAX, DJI, SPX, NDX, N225 and SX5E. The DAX30 is the DAX 40 since 2021. */
export const MAJOR_INDICES: Readonly<Record<string, string>> = {
  UKX: 'FTSE 100',
  PX1: 'CAC 40',
  DAX: 'DAX',
  DJI: 'Dow Jones Industrial Average',
  SPX: 'S&P 500',
  COMP: 'NASDAQ Composite',
  NDX: 'NASDAQ 100',
  N225: 'Nikkei 225',
  AS51: 'S&P/ASX 200',
  SX5E: 'EURO STOXX 50',
};

/** Index futures by the index they follow: a future on a major index counts as that index. */
export const INDEX_FUTURES: Readonly<Record<string, string>> = {
  ES: 'SPX',
  MES: 'SPX',
  NQ: 'NDX',
  MNQ: 'NDX',
  YM: 'DJI',
  MYM: 'DJI',
};

/** Gold, whatever it is listed as: the COMEX future (and its micro), the spot pair. */
const GOLD = new Set(['GC', 'MGC', 'XAUUSD', 'XAUEUR']);

/** The caps, highest first. */
export const LeverageCap = {
  MajorPair: 30,
  /** Other currency pairs, gold, major indices. */
  MinorPairGoldMajorIndex: 20,
  /** Other commodities, other equity indices. */
  CommodityOrIndex: 10,
  /** Shares and anything not listed (bonds, interest-rate futures). */
  ShareOrOther: 5,
  Crypto: 2,
} as const;

/** `BTC/USDT` and `btcusdt` alike: upper case, letters and digits only. */
const normalised = (symbol: string) => symbol.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** A six-letter pair of two major currencies. */
export function isMajorPair(symbol: string): boolean {
  const s = normalised(symbol);
  if (s.length !== 6) return false;
  const majors: readonly string[] = MAJOR_CURRENCIES;
  const [base, counter] = [s.slice(0, 3), s.slice(3)];
  return base !== counter && majors.includes(base) && majors.includes(counter);
}

/**
 * The highest leverage a retail investor takes without a risk acknowledgement: ESMA's cap for what
 * the instrument's price follows (see above). Indices and bonds are not traded here, but have their
 * caps all the same.
 */
export function leverageCapFor(i: { assetClass: AssetClass; symbol: string }): number {
  const s = normalised(i.symbol);
  if (GOLD.has(s)) return LeverageCap.MinorPairGoldMajorIndex;
  switch (i.assetClass) {
    case 'forex':
      return isMajorPair(s) ? LeverageCap.MajorPair : LeverageCap.MinorPairGoldMajorIndex;
    case 'index':
      return s in MAJOR_INDICES ? LeverageCap.MinorPairGoldMajorIndex : LeverageCap.CommodityOrIndex;
    case 'future': {
      const index = INDEX_FUTURES[s];
      // An equity index future follows its index; another future (a Treasury note) is "not otherwise listed".
      if (index) return index in MAJOR_INDICES ? LeverageCap.MinorPairGoldMajorIndex : LeverageCap.CommodityOrIndex;
      return LeverageCap.ShareOrOther;
    }
    case 'metal':
    case 'energy':
    case 'agri':
      return LeverageCap.CommodityOrIndex;
    case 'crypto':
      return LeverageCap.Crypto;
    case 'stock':
    case 'bond':
      return LeverageCap.ShareOrOther;
  }
}

/** Whether `leverage` on this instrument needs the risk acknowledgement: above its cap; at the cap it does not. */
export function needsLeverageRiskAcknowledgement(i: { assetClass: AssetClass; symbol: string }, leverage: number): boolean {
  return leverage > leverageCapFor(i);
}

/**
 * The version of the risk warning's text the investor acknowledges. The server records the version
 * with the time; raising it (the warning says something new) asks everyone again.
 */
export const LEVERAGE_RISK_VERSION = 1;
