import { ANALYTICS_PRODUCT_ROWS, type Analytics, type AnalyticsProductRow, type Portfolio } from '@tradeapp/contract';
import { Dec } from '../../lib/decimal';
import type { MarketService } from '../market';
import type { PositionRow } from '../trading';
import { closedPnlOf } from '../trading';
import { INSTRUMENT_LINES, money, noSums, realisedOf, ZERO, type Sums } from './amounts';
import type { Valuation } from './valuation';

/**
 * The period's P&L by instrument, market and product: the rows the walk over the days found
 * (`pnlRows`, `touched`), rounded so that they add up to `pnl`.
 */
export function pnlBreakdown(
  market: Pick<MarketService, 'resolve'>,
  valuation: Pick<Valuation, 'rateOf' | 'liveFloating'>,
  instants: number[],
  settled: PositionRow[],
  walk: { pnlRows: Map<string, Dec>; touched: Set<string>; pnl: Dec },
): Pick<Analytics, 'byInstrument' | 'byMarket' | 'byProduct'> {
  const { rateOf, liveFloating } = valuation;
  const { pnlRows, touched, pnl } = walk;
  // By instrument: its exact P&L (above), beside the positions settled in the period (their net profit) and those open now (floating).
  const liveEurPer = (currency: string) => rateOf(currency, instants.length - 1);
  const instruments = new Map<string, Sums>();
  const bucket = (symbol: string) => {
    let b = instruments.get(symbol);
    if (!b) instruments.set(symbol, (b = noSums()));
    return b;
  };
  for (const p of settled) {
    const b = bucket(p.symbol);
    const rate = liveEurPer(p.wallet_currency);
    b.realised = b.realised.add(realisedOf(p).mul(rate));
    b.fees = b.fees.add(new Dec(closedPnlOf(p)!.fees).mul(rate));
  }
  for (const { p, floating: f } of liveFloating) {
    const b = bucket(p.symbol);
    const rate = liveEurPer(p.wallet_currency);
    b.floating = b.floating.add(f.mul(rate));
    b.fees = b.fees.add(new Dec(p.open_fee).mul(rate));
  }
  for (const row of touched) if (row.startsWith('i:')) bucket(row.slice(2));
  // Each row to the cent; `other` takes what the rounding of the days' values leaves, so the rows add up to the P&L.
  let rounded = ZERO;
  for (const [symbol, b] of instruments) {
    b.pnl = new Dec(money(pnlRows.get(`i:${symbol}`) ?? ZERO));
    rounded = rounded.add(b.pnl);
  }
  const products = new Map<AnalyticsProductRow, Dec>();
  for (const product of ANALYTICS_PRODUCT_ROWS) {
    const v = new Dec(money(pnlRows.get(`p:${product}`) ?? ZERO));
    rounded = rounded.add(v);
    products.set(product, v);
  }
  products.set('other', products.get('other')!.add(pnl.sub(rounded)));
  // A product held or moved in the period has its row; fx and other only when not zero.
  for (const [product, v] of products) {
    if (product === 'fx' || product === 'other' ? v.isZero() : !touched.has(`p:${product}`)) products.delete(product);
  }

  const row = (b: Sums) => ({ realised: money(b.realised), floating: money(b.floating), fees: money(b.fees), pnl: money(b.pnl) });
  const byInstrument = [...instruments.entries()]
    .map(([symbol, b]) => {
      const i = market.resolve(symbol);
      return { symbol, name: i.name, market: i.market, b };
    })
    .sort((x, y) => y.b.pnl.abs().cmp(x.b.pnl.abs()) || x.symbol.localeCompare(y.symbol));
  const markets = new Map<Analytics['byMarket'][number]['market'], Sums>();
  for (const x of byInstrument) {
    const m = markets.get(x.market) ?? noSums();
    markets.set(x.market, {
      realised: m.realised.add(x.b.realised),
      floating: m.floating.add(x.b.floating),
      fees: m.fees.add(x.b.fees),
      pnl: m.pnl.add(x.b.pnl),
    });
  }
  return {
    byInstrument: byInstrument.map((x) => ({ symbol: x.symbol, name: x.name, market: x.market, ...row(x.b) })),
    byMarket: [...markets.entries()].sort((a, b) => b[1].pnl.abs().cmp(a[1].pnl.abs())).map(([m, b]) => ({ market: m, ...row(b) })),
    byProduct: [...products.entries()].map(([product, v]) => ({ product, pnl: money(v) })),
  };
}

/** Today's value by where it is: the portfolio's lines. */
export function allocationOf(market: Pick<MarketService, 'instruments'>, now_: Portfolio): Analytics['allocation'] {
  const byMarket = new Map<Analytics['allocation']['byMarket'][number]['market'], Dec>();
  const byAssetClass = new Map<Analytics['allocation']['byAssetClass'][number]['assetClass'], Dec>();
  let cash = ZERO;
  for (const l of now_.lines) {
    if (l.product === 'cash') cash = cash.add(l.reportingValue);
    if (l.side !== 'asset' || l.instrument === null || !INSTRUMENT_LINES.has(l.product)) continue;
    const i = market.instruments.find((x) => x.symbol === l.instrument);
    if (!i) continue;
    byMarket.set(i.market, (byMarket.get(i.market) ?? ZERO).add(l.reportingValue));
    byAssetClass.set(i.assetClass, (byAssetClass.get(i.assetClass) ?? ZERO).add(l.reportingValue));
  }
  const desc = <K>(m: Map<K, Dec>) => [...m.entries()].sort((a, b) => b[1].cmp(a[1]));
  return {
    total: now_.total,
    liabilities: now_.liabilities,
    cash: money(cash),
    byProduct: [...now_.byProduct].sort((a, b) => (a.side === b.side ? new Dec(b.value).cmp(a.value) : a.side === 'asset' ? -1 : 1)),
    byMarket: desc(byMarket).map(([m, v]) => ({ market: m, value: money(v) })),
    byAssetClass: desc(byAssetClass).map(([a, v]) => ({ assetClass: a, value: money(v) })),
  };
}
