import { MarketSource, OrderDirection } from '@tradeapp/contract';
import { ROUTES } from '../../app/paths';

// Links to the bond pages with the query the specification's order pages take (name, code,
// source, direction) and their extras: the bond's symbol to buy, the holding's id to sell.

function withQuery(path: string, query: Record<string, string | number>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) search.set(key, String(value));
  return `${path}?${search.toString()}`;
}

export const bondLinks = {
  list: () => ROUTES.bondsList,
  /** The order page for a bond (its symbol is its code). */
  open: (bond: { symbol: string; name: string }) =>
    withQuery(ROUTES.bondsOpen, { name: bond.name, code: bond.symbol, source: MarketSource.Bonds, direction: OrderDirection.Buy, symbol: bond.symbol }),
  /** The sale of a holding. */
  close: (holding: { id: number; symbol: string; name: string }) =>
    withQuery(ROUTES.bondsClose, { name: holding.name, code: holding.symbol, source: MarketSource.Bonds, direction: OrderDirection.Sell, id: holding.id }),
  /** The trade tab's bonds. */
  holdings: () => withQuery(ROUTES.trade, { tab: 'bonds' }),
};
