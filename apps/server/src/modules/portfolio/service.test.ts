import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { Dec } from '../../lib/decimal';
import { createPortfolioService } from './service';
import type { PortfolioSource } from './source';

// The portfolio's own rules, with the ledger and the sources stubbed: what it does with held money no
// line claims, a source that fails, rounding and conversion. The products' sources are tested over
// HTTP on both databases (test/portfolio-*.test.ts).

/** A ledger of one investor: `CODE/part/currency` -> balance. */
function ledger(balances: Record<string, string>): Db {
  const rows = Object.entries(balances).map(([k, balance]) => {
    const [code, part, currency] = k.split('/');
    return { code, part, currency, balance };
  });
  return { query: async () => rows } as unknown as Db;
}

// 1 EUR = 1.25 USD: a dollar is 0.8 euros exactly.
const rates = { eurUsd: () => ({ rate: new Dec('1.25'), time: 1_000 }), rate: () => new Dec('0.8') };

const position: PortfolioSource = {
  module: 'trading',
  products: ['position'],
  lines: async () => [
    {
      id: '7',
      product: 'position',
      instrument: 'AAPL',
      name: 'Apple',
      wallet: 'US_STOCK',
      priceSource: 'market',
      currency: 'USD',
      // margin 100.00 held + floating 0.125 (rounds half up to 0.13)
      value: new Dec('100.125'),
      held: { wallet: 'US_STOCK', amount: new Dec('100') },
    },
  ],
};

describe('the portfolio service', () => {
  it('sums lines rounded to the cent in their currency, then in the reporting currency, and shows held money no line claims', async () => {
    const s = createPortfolioService({
      db: ledger({ 'BALANCE/available/EUR': '10.005', 'US_STOCK/held/USD': '100.50', 'US_STOCK/available/USD': '0' }),
      rates,
      sources: [position],
      now: () => 5_000,
    });
    const p = await s.value(1, 'EUR');
    // BALANCE 10.005 -> 10.01; the position 100.13 USD -> 80.104 -> 80.10 EUR; 0.50 USD held that no line claims -> 0.40 EUR.
    expect(p.lines.map((l) => [l.key, l.value, l.reportingValue])).toEqual([
      ['cash:BALANCE', '10.01', '10.01'],
      ['held:US_STOCK', '0.50', '0.40'],
      ['position:7', '100.13', '80.10'],
    ]);
    expect(p).toMatchObject({ total: '90.51', liabilities: '0.00', netAssets: '90.51', stale: [], eurUsd: '1.25', rateTimestamp: 1_000, asOf: 5_000 });
    expect(p.rates).toContainEqual({ currency: 'USD', rate: '0.8', timestamp: 1_000 });
  });

  it('names a source that cannot answer as stale, and keeps the money it held on the investor’s accounts as held', async () => {
    const failing: PortfolioSource = {
      module: 'trading',
      products: ['position', 'entrustedOrder'],
      lines: async () => {
        throw new Error('database gone');
      },
    };
    const warned: string[] = [];
    const s = createPortfolioService({
      db: ledger({ 'BALANCE/available/EUR': '5', 'FOREX/held/EUR': '40' }),
      rates,
      sources: [failing],
      now: () => 5_000,
      log: { warn: (_o, msg) => void warned.push(msg) },
    });
    const p = await s.value(1, 'EUR');
    expect(p.stale).toEqual(['position', 'entrustedOrder']);
    expect(p.lines.map((l) => [l.key, l.reportingValue])).toEqual([
      ['cash:BALANCE', '5.00'],
      ['held:FOREX', '40.00'],
    ]);
    expect(p.netAssets).toBe('45.00');
    expect(warned).toEqual(['portfolio source could not answer']);
  });

  it('counts a liability against net assets, and its growth against the day', async () => {
    const loan: PortfolioSource = {
      module: 'loans',
      products: ['loan'],
      lines: async () => [
        {
          id: '3',
          product: 'loan',
          side: 'liability',
          instrument: null,
          name: 'Loan',
          wallet: 'BALANCE',
          priceSource: 'accrual',
          currency: 'EUR',
          value: new Dec('1000.66'),
          dayChange: new Dec('0.66'),
        },
      ],
    };
    const s = createPortfolioService({ db: ledger({ 'BALANCE/available/EUR': '3000' }), rates, sources: [loan], now: () => 5_000 });
    const p = await s.value(1, 'EUR');
    // 3,000 held, 1,000.66 owed; the day's interest 0.66 lowers net assets: -0.66 of 2,000.00 before it.
    expect(p).toMatchObject({ total: '3000.00', liabilities: '1000.66', netAssets: '1999.34', dayChange: '-0.66', dayChangePercent: '-0.03' });
    expect(p.byProduct).toEqual([
      { product: 'cash', side: 'asset', value: '3000.00' },
      { product: 'loan', side: 'liability', value: '1000.66' },
    ]);
  });

  describe('asks only the sources whose holds condition is true', () => {
    /** A ledger with one euro, answering `holds` from `held` (source index -> true or false). */
    function db(held: Record<string, boolean> | Error, seen: string[] = []): Db {
      return {
        query: async (text: string) => {
          seen.push(text);
          if (!text.startsWith('select (')) return [{ code: 'BALANCE', part: 'available', currency: 'EUR', balance: '1' }];
          if (held instanceof Error) throw held;
          return [held];
        },
      } as unknown as Db;
    }
    const asked: string[] = [];
    const source = (module: string, holds?: string, lines = 0): PortfolioSource => ({
      module,
      products: ['bond'],
      ...(holds ? { holds } : {}),
      lines: async () => {
        asked.push(module);
        return Array.from({ length: lines }, (_, k) => ({
          id: `${module}${k}`,
          product: 'bond' as const,
          instrument: null,
          name: module,
          wallet: null,
          priceSource: 'cost' as const,
          currency: 'EUR',
          value: new Dec(2),
        }));
      },
    });

    it('in one statement for all of them, skipping those that hold nothing and always asking one without a condition', async () => {
      asked.length = 0;
      const seen: string[] = [];
      const s = createPortfolioService({
        db: db({ s0: true, s1: false }, seen),
        rates,
        sources: [source('bonds', 'exists (select 1 from bonds where user_id = $1)', 1), source('loans', 'exists (select 2)'), source('deposits')],
        now: () => 5_000,
      });
      const p = await s.value(1, 'EUR');
      expect(asked.sort()).toEqual(['bonds', 'deposits']);
      expect(seen).toContain('select (exists (select 1 from bonds where user_id = $1)) as s0, (exists (select 2)) as s1');
      expect(p.netAssets).toBe('3.00');
    });

    it('asks every source when the statement fails, and says so in the log', async () => {
      asked.length = 0;
      const warned: string[] = [];
      const s = createPortfolioService({
        db: db(new Error('timeout')),
        rates,
        sources: [source('bonds', 'true', 1), source('loans', 'false')],
        now: () => 5_000,
        log: { warn: (_o, msg) => void warned.push(msg) },
      });
      expect((await s.value(1, 'EUR')).netAssets).toBe('3.00');
      expect(asked.sort()).toEqual(['bonds', 'loans']);
      expect(warned).toEqual(['portfolio: the sources could not say what they hold; asking all']);
    });

    it('with verifySkips, fails the answer when a skipped source has a line: its condition was narrower than its lines', async () => {
      const s = createPortfolioService({ db: db({ s0: false }), rates, sources: [source('bonds', 'false', 1)], now: () => 5_000, verifySkips: true });
      await expect(s.value(1, 'EUR')).rejects.toThrow('portfolio source bonds: its holds condition said no, and it has 1 lines');
      const quiet = createPortfolioService({ db: db({ s0: false }), rates, sources: [source('bonds', 'false', 1)], now: () => 5_000 });
      expect((await quiet.value(1, 'EUR')).netAssets).toBe('1.00');
    });
  });
});
