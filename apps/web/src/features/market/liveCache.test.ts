import type { PushQuote, QuoteRow, WatchlistRow } from '@tradeapp/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { marketKeys } from './keys';
import { applyQuotes, applySelfSelect } from './liveCache';

function quote(symbol: string, price: string, timestamp: number): PushQuote {
  return { symbol, price_nominal: price, change: '1.00', change_ratio: '0.50', fall: false, volume: '10', timestamp, name: symbol } as PushQuote;
}

describe('live quotes in the query cache', () => {
  const row = (symbol: string, price: string, extra: Partial<QuoteRow> = {}) =>
    ({
      symbol,
      name: symbol,
      price_nominal: price,
      change: '0',
      change_ratio: '0',
      fall: false,
      volume: '1',
      timestamp: 1,
      selfSelectStatus: 1,
      spark: ['1', '2'],
      ...extra,
    }) as QuoteRow;

  it('patches the quote detail, list pages, infinite lists and the watchlist', () => {
    const qc = new QueryClient();
    qc.setQueryData(marketKeys.quote('AAPL'), row('AAPL', '100.00'));
    qc.setQueryData(marketKeys.top('gainers'), { list: [row('AAPL', '100.00'), row('MSFT', '50.00')], total: 2, page: 1, size: 20 });
    qc.setQueryData(marketKeys.list('US', null, 'desc'), { pages: [{ list: [row('MSFT', '50.00')] }, { list: [row('AAPL', '100.00')] }], pageParams: [1, 2] });
    const watch = {
      id: 1,
      symbol: 'AAPL',
      f14: 'AAPL',
      f12: 'AAPL',
      f2: '100.00',
      f3: '0',
      f4: '0',
      f5: '1',
      fall: false,
      quote: row('AAPL', '100.00'),
    } as unknown as WatchlistRow;
    qc.setQueryData(marketKeys.watchlist(), [watch]);
    qc.setQueryData(['account', 'other'], row('AAPL', '1.00'));
    const msftBefore = qc.getQueryData<{ list: QuoteRow[] }>(marketKeys.top('gainers'))!.list[1];

    applyQuotes(qc, [quote('AAPL', '102.50', 5)]);

    const detail = qc.getQueryData<QuoteRow>(marketKeys.quote('AAPL'))!;
    expect(detail.price_nominal).toBe('102.50');
    expect(detail.selfSelectStatus).toBe(1);
    expect(detail.spark).toEqual(['1', '2']);
    const top = qc.getQueryData<{ list: QuoteRow[] }>(marketKeys.top('gainers'))!;
    expect(top.list[0]!.price_nominal).toBe('102.50');
    expect(top.list[1]).toBe(msftBefore);
    const infinite = qc.getQueryData<{ pages: Array<{ list: QuoteRow[] }> }>(marketKeys.list('US', null, 'desc'))!;
    expect(infinite.pages[1]!.list[0]!.price_nominal).toBe('102.50');
    const [watched] = qc.getQueryData<WatchlistRow[]>(marketKeys.watchlist())!;
    expect(watched!.f2).toBe('102.50');
    expect(watched!.f3).toBe('0.50');
    expect(watched!.quote.price_nominal).toBe('102.50');
    expect(qc.getQueryData<QuoteRow>(['account', 'other'])!.price_nominal).toBe('1.00');
  });

  it('ignores a pushed quote older than the cached one', () => {
    const qc = new QueryClient();
    qc.setQueryData(marketKeys.quote('AAPL'), row('AAPL', '100.00', { timestamp: 10 }));
    applyQuotes(qc, [quote('AAPL', '99.00', 9)]);
    expect(qc.getQueryData<QuoteRow>(marketKeys.quote('AAPL'))!.price_nominal).toBe('100.00');
  });

  it('sets the watchlist star everywhere', () => {
    const qc = new QueryClient();
    qc.setQueryData(marketKeys.search('app'), [row('AAPL', '1', { selfSelectStatus: 0 })]);
    applySelfSelect(qc, 'AAPL', 1);
    expect(qc.getQueryData<QuoteRow[]>(marketKeys.search('app'))![0]!.selfSelectStatus).toBe(1);
  });
});
