import { MarketSource } from '@tradeapp/contract';
import { ROUTES, TAB_ROUTES } from './paths';

// The first screens a phone opens (the home tab, a quote page) and the requests their first paint
// needs, written once: the page's inline boot script (src/boot) sends them while the app's code
// downloads, and the screens' queries (features/market/firstScreen.ts) ask the same, so the client
// finds the boot's answers in flight (api/early.ts) instead of asking again. Without React or the
// HTTP client: the boot script is inlined in index.html.

export type FirstScreen = 'home' | 'quote';

/** The routes the first screens call, each asked with the input below. */
export const FIRST_REQUEST_ROUTES = ['homeCustomList', 'getMarkets', 'topList', 'stockDetail', 'cryptoDetail', 'getStock'] as const;
export type FirstRequestRoute = (typeof FIRST_REQUEST_ROUTES)[number];

export interface FirstRequest {
  route: FirstRequestRoute;
  input: Record<string, string | number | boolean>;
}

export type TopType = 'gainers' | 'losers' | 'active';

export const homeStripInput = () => ({ size: 12, spark: true });
export const topListInput = (type: TopType) => ({ type, size: 8, spark: true });

export function isCrypto(quote: { market?: string | null; assetClass?: string | null; source?: number | string | null }): boolean {
  return quote.market === 'CRYPTO' || quote.assetClass === 'crypto' || String(quote.source) === String(MarketSource.RobotCrypto);
}

/** The instrument of a quote page: by `symbol` when the link has it, else by `code`. */
export interface QuoteIdent {
  symbol: string | null;
  code: string | null;
  crypto: boolean;
}

/** A quote page's instrument, read from its link's query. */
export function quoteIdentOf(params: URLSearchParams): QuoteIdent {
  return {
    symbol: params.get('symbol')?.trim() || null,
    code: params.get('code')?.trim() || null,
    crypto: isCrypto({ market: params.get('market'), source: params.get('source') }),
  };
}

/** The call of a quote page's quote: by symbol (crypto has its own), else by code; none without either. */
export function quoteRequest(ident: QuoteIdent): FirstRequest | null {
  if (ident.symbol) return { route: ident.crypto ? 'cryptoDetail' : 'stockDetail', input: { symbol: ident.symbol } };
  if (ident.code) return { route: 'getStock', input: { code: ident.code } };
  return null;
}

const QUOTE_PATHS: readonly string[] = [ROUTES.quoteStock, ROUTES.quoteFuture, ROUTES.quoteGlobalIndex, ROUTES.quoteForex, ROUTES.hkQuote];

/**
 * The first screen of a page opened at `hash` (the hash router's location), with its requests; null
 * for every other screen. `/` is the home tab for a returning visitor (app/router.tsx sends them
 * there), the guide for a new one.
 */
export function firstScreenOf(hash: string, launched: boolean): { screen: FirstScreen; requests: FirstRequest[] } | null {
  const raw = hash.replace(/^#/, '');
  const q = raw.indexOf('?');
  const pathname = (q >= 0 ? raw.slice(0, q) : raw).replace(/\/+$/, '') || '/';
  if (pathname === TAB_ROUTES.home || (pathname === '/' && launched)) {
    return {
      screen: 'home',
      requests: [
        { route: 'homeCustomList', input: homeStripInput() },
        { route: 'getMarkets', input: {} },
        { route: 'topList', input: topListInput('gainers') },
      ],
    };
  }
  if (QUOTE_PATHS.includes(pathname)) {
    const request = quoteRequest(quoteIdentOf(new URLSearchParams(q >= 0 ? raw.slice(q + 1) : '')));
    return { screen: 'quote', requests: request ? [request] : [] };
  }
  return null;
}
