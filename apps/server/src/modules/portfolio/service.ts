import { UserRole, walletCurrency, WalletCode, type Portfolio, type PortfolioLine, type PortfolioProduct, type ReportingCurrency } from '@tradeapp/contract';
import type { Db } from '../../db/db';
import { notFound } from '../../errors';
import { userBalances } from '../../ledger/ledger';
import { Dec, fixed } from '../../lib/decimal';
import type { PortfolioSource, SourceLine } from './source';

/** What the portfolio converts with: the live rates, stated in the answer. */
export interface PortfolioRates {
  eurUsd(): { rate: Dec; time: number };
  rate(from: string, to: string): Dec;
}

/** A source that has not answered by then is shown stale rather than holding the whole answer. */
const SOURCE_TIMEOUT_MS = 3_000;

/** To the cent; a value that rounds to nothing is 0.00, never -0.00. */
const money = (v: Dec) => {
  const s = fixed(v, 2);
  return s === '-0.00' ? '0.00' : s;
};
/** To the cent, half up (`Dec`'s rounding), as a number to add. */
const cents = (v: Dec) => v.toDecimalPlaces(2);
/** An optional figure to the cent. */
const optionalMoney = (x: Dec | null | undefined) => (x === null || x === undefined ? null : money(x));
const ZERO = new Dec(0);
/** The rate of the reporting currency itself: a line in it is not multiplied. */
const ONE = new Dec(1);
const WALLETS = Object.values(WalletCode);
const wallets = new Set<string>(WALLETS);

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    p.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    }),
  ]);
}

/**
 * The one valuation of an investor (issue 32). Cash is each wallet's available side; every held
 * amount is claimed by the line of the product that holds it, and what none claims is shown as a
 * `held` line, so the lines always add up to the ledger plus what is held outside it. Every line is
 * rounded to the cent in its currency, converted at one snapshot of rates and rounded again; the
 * totals are sums of those figures, so they add up on screen to the cent.
 */
export function createPortfolioService(opts: {
  db: Db;
  rates: PortfolioRates;
  sources: readonly PortfolioSource[];
  now: () => number;
  log?: { warn: (obj: object, msg: string) => void };
  /** Ask the sources whose `holds` said no as well, and fail when one answers a line (tests). */
  verifySkips?: boolean;
}) {
  const { db, rates, sources } = opts;
  const conditions = sources.flatMap((s, i) => (s.holds ? [`(${s.holds}) as s${i}`] : []));
  const holdsQuery = conditions.length > 0 ? `select ${conditions.join(', ')}` : null;

  /** The sources that may hold something for the investor: one statement for every `holds`; on its failure, all. */
  async function holding(userId: number): Promise<{ asked: PortfolioSource[]; skipped: PortfolioSource[] }> {
    if (holdsQuery === null) return { asked: [...sources], skipped: [] };
    let row: Record<string, boolean> | undefined;
    try {
      [row] = await db.query<Record<string, boolean>>(holdsQuery, [userId]);
    } catch (err) {
      opts.log?.warn({ err, userId }, 'portfolio: the sources could not say what they hold; asking all');
    }
    const asked: PortfolioSource[] = [];
    const skipped: PortfolioSource[] = [];
    sources.forEach((s, i) => (!s.holds || !row || row[`s${i}`] !== false ? asked : skipped).push(s));
    return { asked, skipped };
  }

  async function verify(userId: number, skipped: readonly PortfolioSource[], now: number) {
    for (const s of skipped) {
      const lines = await s.lines(userId, { now });
      if (lines.length > 0) throw new Error(`portfolio source ${s.module}: its holds condition said no, and it has ${lines.length} lines`);
    }
  }

  async function value(userId: number, currency: ReportingCurrency): Promise<Portfolio> {
    const now = opts.now();
    const eur = rates.eurUsd();
    const eurUsd = eur.rate.toDecimalPlaces(12);
    const known = new Map<string, { rate: Dec; timestamp: number }>();
    known.set(currency, { rate: ONE, timestamp: eur.time });
    known.set(currency === 'EUR' ? 'USD' : 'EUR', {
      rate: currency === 'EUR' ? new Dec(1).div(eurUsd).toDecimalPlaces(12) : eurUsd,
      timestamp: eur.time,
    });
    const rateOf = (c: string) => {
      let r = known.get(c);
      if (!r) {
        r = { rate: rates.rate(c, currency), timestamp: now };
        known.set(c, r);
      }
      return r.rate;
    };

    const [balances, { asked, skipped }] = await Promise.all([userBalances(db, userId), holding(userId)]);
    if (opts.verifySkips) await verify(userId, skipped, now);
    const answers = await Promise.all(
      asked.map(async (s) => {
        try {
          return { source: s, lines: await withTimeout(s.lines(userId, { now }), SOURCE_TIMEOUT_MS) };
        } catch (err) {
          opts.log?.warn({ err, module: s.module, userId }, 'portfolio source could not answer');
          return { source: s, lines: null };
        }
      }),
    );

    const stale = new Set<PortfolioProduct>();
    const sourceLines: SourceLine[] = [];
    for (const a of answers) {
      if (a.lines === null) {
        for (const product of a.source.products) stale.add(product);
        continue;
      }
      for (const l of a.lines) {
        if (l.stale) stale.add(l.product);
        sourceLines.push(l);
      }
    }

    // Cash, and the held money no line claims (after every claim is taken off its wallet).
    const claimedHeld = new Map<WalletCode, Dec>();
    const claimedAvailable = new Map<WalletCode, Dec>();
    const claim = (m: Map<WalletCode, Dec>, w: WalletCode, v: Dec) => m.set(w, (m.get(w) ?? new Dec(0)).add(v));
    for (const l of sourceLines) {
      if (l.held && !l.held.amount.isZero()) claim(claimedHeld, l.held.wallet, l.held.amount);
      if (l.available && !l.available.amount.isZero()) claim(claimedAvailable, l.available.wallet, l.available.amount);
    }
    const ledgerLines: SourceLine[] = [];
    for (const code of WALLETS) {
      const c = walletCurrency(code);
      const available = (balances.get(`${code}/available/${c}`) ?? new Dec(0)).sub(claimedAvailable.get(code) ?? 0);
      const held = (balances.get(`${code}/held/${c}`) ?? new Dec(0)).sub(claimedHeld.get(code) ?? 0);
      if (!available.isZero()) {
        ledgerLines.push({ id: code, product: 'cash', instrument: null, name: code, wallet: code, priceSource: 'ledger', currency: c, value: available });
      }
      if (!held.isZero()) {
        // A product that failed to answer leaves its holds here: still counted, shown as held money.
        ledgerLines.push({ id: code, product: 'held', instrument: null, name: code, wallet: code, priceSource: 'ledger', currency: c, value: held });
      }
    }
    for (const b of balances.keys()) {
      const code = b.split('/')[0]!;
      if (!wallets.has(code)) opts.log?.warn({ userId, account: b }, 'portfolio: a user ledger account outside the wallets');
    }

    let total = new Dec(0);
    let liabilities = new Dec(0);
    let dayChange = new Dec(0);
    const byProduct = new Map<string, { product: PortfolioProduct; side: 'asset' | 'liability'; value: Dec }>();
    const lines: PortfolioLine[] = [...ledgerLines, ...sourceLines].map((l) => {
      const side = l.side ?? 'asset';
      const rate = rateOf(l.currency);
      const v = cents(l.value);
      const reporting = rate === ONE ? v : cents(v.mul(rate));
      // A liability's rise is a fall of net assets.
      const day = l.dayChange ? cents(rate === ONE ? l.dayChange : l.dayChange.mul(rate)) : ZERO;
      const change = side === 'liability' ? day.neg() : day;
      if (side === 'asset') total = total.add(reporting);
      else liabilities = liabilities.add(reporting);
      dayChange = dayChange.add(change);
      const k = `${l.product}/${side}`;
      const row = byProduct.get(k) ?? { product: l.product, side, value: ZERO };
      row.value = row.value.add(reporting);
      byProduct.set(k, row);
      const value = money(v);
      return {
        key: `${l.product}:${l.id}`,
        product: l.product,
        side,
        instrument: l.instrument,
        name: l.name,
        wallet: l.wallet,
        quantity: l.quantity ? l.quantity.toFixed() : null,
        price: l.price ? l.price.toFixed() : null,
        priceCurrency: l.priceCurrency ?? (l.price ? l.currency : null),
        priceSource: l.priceSource,
        priceTimestamp: l.priceTimestamp ?? null,
        currency: l.currency,
        value,
        reportingValue: reporting === v ? value : money(reporting),
        cost: optionalMoney(l.cost),
        pnl: optionalMoney(l.pnl),
        pnlGross: optionalMoney(l.pnlGross),
        fees: optionalMoney(l.fees),
        dayChange: money(change),
        stale: l.stale ?? false,
      };
    });

    const netAssets = total.sub(liabilities);
    const before = netAssets.sub(dayChange);
    return {
      currency,
      asOf: now,
      rates: [...known].map(([c, r]) => ({ currency: c, rate: r.rate.toFixed(), timestamp: r.timestamp })),
      eurUsd: eurUsd.toFixed(),
      rateTimestamp: eur.time,
      lines,
      total: money(total),
      liabilities: money(liabilities),
      netAssets: money(netAssets),
      dayChange: money(dayChange),
      dayChangePercent: before.gt(0) ? money(dayChange.div(before).mul(100)) : null,
      byProduct: [...byProduct.values()].map((r) => ({ product: r.product, side: r.side, value: money(r.value) })),
      stale: [...stale],
      simulated: true,
    };
  }

  return {
    value,
    /** The back office's view of one investor: the same answer, for an investor that exists. */
    async ofInvestor(userId: number, currency: ReportingCurrency) {
      const [user] = await db.query<{ role: string }>('select role from users where id = $1', [userId]);
      if (!user || user.role !== UserRole.Investor) throw notFound();
      return value(userId, currency);
    },
    /** The modules that answer, for the test that no module posting to the ledger is forgotten. */
    modules: () => sources.map((s) => s.module),
    /**
     * For analytics (issue 32): what every source held for the investor outside their ledger accounts,
     * and what they owed, at each instant of `ends` (oldest first; analytics' last is just after now): one list
     * per instant, all sources' values together. A source without `offLedgerAt` holds nothing there;
     * one that cannot answer fails the call rather than leave its product out of the history.
     */
    async offLedgerAt(userId: number, ends: readonly number[]) {
      const answers = await Promise.all(sources.map(async (s) => ({ module: s.module, values: s.offLedgerAt ? await s.offLedgerAt(userId, ends) : null })));
      for (const a of answers) {
        if (a.values !== null && a.values.length !== ends.length)
          throw new Error(`portfolio source ${a.module}: ${a.values.length} answers for ${ends.length} instants`);
      }
      return ends.map((_, i) => answers.flatMap((a) => a.values?.[i] ?? []));
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
