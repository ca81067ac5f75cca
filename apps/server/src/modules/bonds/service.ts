import {
  walletCurrency,
  walletFor,
  type BondHolding,
  type BondHoldingStatus,
  type BondQuote,
  type BondTotal,
  type WalletCode,
  type zBondAdmin,
  type zBondOrderInput,
  type zBondSellInput,
} from '@tradeapp/contract';
import type { z } from 'zod';
import type { Db, Sql } from '../../db/db';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, fixed, plain } from '../../lib/decimal';
import { bondSettlementDay, bondSpecOf, bondTermsAt, DAY_MS, dayOfInstant, paymentDays, type BondTerms } from '../../market/bondTerms';
import { bondQuoteTime, type SpreadChange } from '../../market/bondModel';
import { dayToIso, isoToDay, previousTradingDay, regularSegments, session as calendarSession } from '../../market/calendars';
import { createYieldCurves } from '../../market/curve';
import type { Instrument, MarketProvider } from '../../market/types';
import { UNIVERSE } from '../../market/universe';
import { requireVerifiedKyc } from '../kyc';
import { exchangeTime } from '../market';
import type { Notices } from '../notices';
import type { ExchangeRates } from '../wallet';
import { bondPayDay, periodCoupon } from './formulas';
import { postBondBuy, postBondRedeemed, postBondSale, postCouponPaid } from './postings';
import { createBondPricing } from './pricing';
import * as repo from './repository';
import type { HoldingRow, ListingRow } from './repository';

// Bonds for investors and operators (decision 0022): quotes from the yield curve, purchases at the
// ask's dirty price plus the markup, coupons and redemption by the `bondCoupon` job, sales at the
// bid's dirty price less the markup. Every movement is one journal between the wallet of the bond's
// currency and the house book (the markup to the house's fees). The money moves at the trade, but a
// trade's price, accrued interest and coupons are those of its settlement day (`bondSettlementDay`):
// a coupon due on or before it is the seller's, after it the buyer's.

type Operator = { operatorId: number; ip: string | null };
type BondAdmin = z.input<typeof zBondAdmin>;

/** The bonds and bills of the market: priced from the curves whatever provider serves the other quotes. */
export const BONDS: readonly Instrument[] = UNIVERSE.filter((i) => i.assetClass === 'bond');
const MAX_PRICE_MOVE = new Dec('0.50');
const SPREAD_LIMITS = [new Dec(-200), new Dec(1000)] as const;
const REFRESH_MS = 5_000;

/** To the cent, half up: every amount of money a bond moves. */
const money = (x: Dec) => x.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
const percent = (fraction: Dec | null) => fixed((fraction ?? new Dec(0)).mul(100), 3);
const dayStart = (day: number) => new Date(day * DAY_MS);
const dayOfDate = (d: Date) => dayOfInstant(d.getTime());

/** The wallet a bond of `currency` trades from: the one a stock of its market would (US, euro area, Mexico). */
export function bondWallet(currency: string): WalletCode {
  return walletFor({ assetClass: 'stock', market: currency === 'USD' ? 'US' : currency === 'MXN' ? 'MX' : 'DE' });
}

export const termsOfHolding = (h: Pick<HoldingRow, 'symbol' | 'currency' | 'coupon_rate' | 'frequency' | 'maturity'>): BondTerms => ({
  symbol: h.symbol,
  currency: h.currency,
  couponRate: h.coupon_rate,
  frequency: h.frequency,
  maturity: dayOfDate(h.maturity),
});

function instrumentOf(stockCode: string): Instrument {
  const code = stockCode.trim().toUpperCase();
  const i = BONDS.find((b) => b.symbol.toUpperCase() === code || b.code.toUpperCase() === code);
  if (!i) throw notFound();
  return i;
}

/** The end of the bond market's previous regular session before the trading day of `at`: where "today's change" starts. */
export function previousClose(at: number): number {
  const today = isoToDay(calendarSession('BONDS', at, { extendedHours: false }).tradingDay);
  const segments = regularSegments('BONDS', previousTradingDay('BONDS', today));
  return segments[segments.length - 1]!.end;
}

export function createBondService(opts: {
  db: Db;
  /** The market's seed: the curves are the simulated market's own. */
  seed: string;
  exchangeRates: ExchangeRates;
  notices: Notices;
  /** The simulated market draws its bond charts with the same spreads. */
  provider?: MarketProvider;
  now: () => number;
}) {
  const { db, exchangeRates, notices, provider, now } = opts;
  const pricing = createBondPricing(createYieldCurves(opts.seed));
  let schedules = new Map<string, SpreadChange[]>();

  async function loadSchedules(sql: Sql): Promise<Map<string, SpreadChange[]>> {
    const out = new Map<string, SpreadChange[]>();
    for (const r of await repo.spreads(sql)) {
      const list = out.get(r.symbol) ?? [];
      list.push({ from: Number(r.from_ms), spreadBp: r.spread_bp });
      out.set(r.symbol, list);
    }
    return out;
  }

  async function refresh(): Promise<void> {
    schedules = await loadSchedules(db);
    provider?.setBondSpreads?.(schedules);
  }

  /** One listing's schedule read in the caller's transaction: a trade uses the spread as committed, not as last refreshed. */
  async function scheduleOf(sql: Sql, symbol: string): Promise<SpreadChange[]> {
    const rows = await sql.query<{ from_ms: string; spread_bp: string }>(
      'select from_ms::text, spread_bp::text from bond_spreads where symbol = $1 order by from_ms',
      [symbol],
    );
    return rows.map((r) => ({ from: Number(r.from_ms), spreadBp: r.spread_bp }));
  }

  function requireOpen(at: number): void {
    const s = calendarSession('BONDS', at, { extendedHours: false });
    if (!s.tradable) throw new AppError('e.marketClosedUntil', undefined, { opensAt: exchangeTime(s.nextChange, s.timeZone), timeZone: s.timeZone });
  }

  /**
   * A listing's quote: the market's own (`pricing.price`, the one function Markets reads too), of
   * the bond market's last trade, for the issue quoted then; its accrued interest, coupon dates and
   * yields to the settlement day of a trade then.
   */
  function quoteOf(i: Instrument, listing: ListingRow, at: number, schedule: readonly SpreadChange[] | undefined, held: Dec): BondQuote {
    const terms = bondTermsAt(i, dayOfInstant(bondQuoteTime(at)));
    const p = pricing.price(terms, at, schedule);
    const day = p.day;
    const dirty = p.ask.add(p.accrued);
    return {
      symbol: i.symbol,
      name: i.name,
      currency: i.currency,
      couponRate: fixed(terms.couponRate, 3),
      frequency: terms.frequency,
      maturity: terms.maturity * DAY_MS,
      couponDates: terms.frequency === 0 ? [] : paymentDays(terms, day).map((d) => d * DAY_MS),
      faceIncrement: fixed(listing.face_increment, 2),
      price: fixed(p.mid, 4),
      dirtyPrice: fixed(p.mid.add(p.accrued), 6),
      timestamp: p.time,
      settlementDate: dayToIso(day),
      bid: fixed(p.bid, 4),
      ask: fixed(p.ask, 4),
      accrued: fixed(p.accrued, 6),
      dirty: fixed(dirty, 6),
      markup: fixed(p.markup, 2),
      ytm: percent(pricing.ytm(terms, day, dirty)),
      ytmAfterFees: percent(pricing.ytm(terms, day, dirty.add(p.markup))),
      curveRate: percent(p.curveRate),
      spreadBp: fixed(p.spreadBp, 2),
      paused: listing.paused_at !== null || terms.maturity <= day,
      held: fixed(held, 2),
    };
  }

  /**
   * A holding with its value now: what a sale now would pay before the markup, the bid with interest
   * accrued to the sale's settlement day, and the coupons due by that day not yet paid, which are the
   * holder's whoever buys it. Once a sale would settle on or after maturity, the redemption at par.
   */
  function holdingOf(h: HoldingRow, at: number): BondHolding {
    const i = BONDS.find((b) => b.symbol === h.symbol);
    const terms = termsOfHolding(h);
    const open = h.status === 'holding';
    const schedule = schedules.get(h.symbol);
    let value = new Dec(0);
    let zde = new Dec(0);
    if (open) {
      const settlement = bondSettlementDay(h.currency, at);
      const face = new Dec(h.remaining);
      if (settlement >= terms.maturity) {
        value = money(face);
      } else {
        const p = pricing.price(terms, at, schedule);
        value = money(face.mul(p.bid.add(p.accrued)).div(100));
        zde = p.bid.sub(pricing.price(terms, previousClose(at), schedule).bid);
      }
      const coupon = money(face.mul(periodCoupon(terms)).div(100));
      let next = h.next_payment ? dayOfDate(h.next_payment) : undefined;
      for (; next !== undefined && next <= settlement; next = paymentDays(terms, next)[0]) value = value.add(coupon);
    }
    const cost = new Dec(h.cost);
    return {
      id: h.id,
      symbol: h.symbol,
      name: i?.name ?? h.symbol,
      currency: h.currency,
      couponRate: fixed(h.coupon_rate, 3),
      frequency: h.frequency,
      maturity: h.maturity.getTime(),
      status: h.status,
      settlementDate: dayToIso(dayOfDate(h.settlement_day)),
      face: fixed(h.face, 2),
      remaining: fixed(h.remaining, 2),
      price: fixed(h.price, 4),
      accrued: fixed(h.accrued, 6),
      markup: fixed(h.markup, 2),
      cost: fixed(cost, 2),
      fee: fixed(h.fee, 2),
      ytm: fixed(h.ytm, 3),
      coupons: fixed(h.coupons, 2),
      proceeds: fixed(h.proceeds, 2),
      value: fixed(value, 2),
      profit: fixed(value.add(h.coupons).add(h.proceeds).sub(cost), 2),
      zde: fixed(zde, 4),
      nextCouponTimestamp: h.next_payment?.getTime() ?? null,
      createTimeTimestamp: h.created_at.getTime(),
      closeTimeTimestamp: h.closed_at?.getTime() ?? null,
    };
  }

  /** Pay one coupon or the principal of a holding: a journal from the house book to its wallet, recorded once per day and kind. */
  async function pay(sql: Sql, h: HoldingRow, kind: 'coupon' | 'redemption', day: number, face: Dec, amount: Dec, at: number): Promise<Dec> {
    const rate = exchangeRates.rate(h.currency, h.wallet_currency);
    const walletAmount = money(amount.mul(rate));
    const holding = { userId: h.user_id, holdingId: h.id, walletCode: h.wallet_code as WalletCode, walletCurrency: h.wallet_currency, at: new Date(at) };
    const journalId = await (kind === 'coupon' ? postCouponPaid : postBondRedeemed)(sql, holding, walletAmount);
    await repo.insertPayment(sql, {
      holdingId: h.id,
      kind,
      day: dayStart(day),
      face: plain(face),
      amount: plain(amount),
      rate: plain(rate),
      walletAmount: plain(walletAmount),
      journalId,
      at: new Date(at),
    });
    return walletAmount;
  }

  /**
   * Every coupon and the redemption a locked holding is owed up to the day of `at`, oldest first;
   * the notices' pushes to send once the transaction has committed. Before a sale settling on
   * `saleSettlement`, also every coupon due on or before that day, ahead of its payment day: the
   * buyer's purchase settles too late for it, so it is the seller's, on all the face held then.
   */
  async function settleDue(sql: Sql, id: number, at: number, saleSettlement?: number): Promise<Array<() => void>> {
    const today = dayOfInstant(at);
    const pushes: Array<() => void> = [];
    for (;;) {
      const h = (await repo.holding(sql, id))!;
      if (h.status !== 'holding' || h.next_payment === null) return pushes;
      const day = dayOfDate(h.next_payment);
      const keptBySeller = saleSettlement !== undefined && day <= saleSettlement;
      // The amount and the payment's record stay those of the scheduled day: only the cash waits.
      if (!keptBySeller && bondPayDay(h.currency, day) > today) return pushes;
      const terms = termsOfHolding(h);
      const face = new Dec(h.remaining);
      const coupon = money(face.mul(periodCoupon(terms)).div(100));
      const name = BONDS.find((b) => b.symbol === h.symbol)?.name ?? h.symbol;
      const common = { name, face: fixed(face, 2), currency: h.currency, walletCurrency: h.wallet_currency, wallet: h.wallet_code };
      if (day >= terms.maturity) {
        let paid = coupon.gt(0) ? await pay(sql, h, 'coupon', day, face, coupon, at) : new Dec(0);
        paid = paid.add(await pay(sql, h, 'redemption', day, face, money(face), at));
        await repo.markRedeemed(sql, h.id, new Date(at));
        pushes.push(await notices.notify(sql, h.user_id, 'bond.redeemed', { ...common, coupon: fixed(coupon, 2), walletAmount: fixed(paid, 2) }));
      } else {
        const paid = await pay(sql, h, 'coupon', day, face, coupon, at);
        await repo.setNextPayment(sql, h.id, dayStart(paymentDays(terms, day)[0]!));
        pushes.push(await notices.notify(sql, h.user_id, 'bond.coupon', { ...common, amount: fixed(coupon, 2), walletAmount: fixed(paid, 2) }));
      }
    }
  }

  async function admin(sql: Sql, i: Instrument, at: number): Promise<BondAdmin> {
    const listing = (await repo.listing(sql, i.symbol))!;
    const { held: _held, settlementDate: _settlementDate, ...quote } = quoteOf(i, listing, at, schedules.get(i.symbol), new Dec(0));
    const out = (await repo.outstanding(sql)).find((o) => o.symbol === i.symbol);
    return { ...quote, holders: out?.holders ?? 0, outstanding: fixed(out?.face ?? 0, 2), pausedReason: listing.paused_reason };
  }

  async function setPaused(symbol: string, by: Operator, reason: string, pause: boolean): Promise<BondAdmin> {
    const i = instrumentOf(symbol);
    return db.tx(async (sql) => {
      const listing = await repo.listing(sql, i.symbol, true);
      if (!listing) throw notFound();
      await repo.setPaused(sql, i.symbol, pause ? by.operatorId : null, pause ? reason : null);
      await writeAudit(sql, {
        actorId: by.operatorId,
        action: pause ? 'bond.pause' : 'bond.resume',
        targetType: 'bond',
        targetId: i.symbol,
        before: { paused: listing.paused_at !== null },
        after: { paused: pause },
        reason,
        ip: by.ip,
      });
      return admin(sql, i, now());
    });
  }

  return {
    refresh,

    /** Every bond listed once, with the terms it starts with. */
    async ensureListings(): Promise<void> {
      for (const i of BONDS) {
        const spec = bondSpecOf(i.symbol);
        await repo.ensureListing(db, { symbol: i.symbol, spreadBp: spec.spreadBp, faceIncrement: spec.faceIncrement });
      }
      await refresh();
    },

    /** Follow spread changes made on other nodes. */
    startRefresh(log: { warn: (obj: unknown, msg: string) => void }): () => void {
      const timer = setInterval(() => void refresh().catch((err: unknown) => log.warn({ err }, 'bond spreads refresh failed')), REFRESH_MS);
      timer.unref?.();
      return () => clearInterval(timer);
    },

    async quotes(userId: number | null, symbol?: string): Promise<BondQuote[]> {
      const at = now();
      const listings = await repo.listings(db);
      const held = userId === null ? [] : await repo.heldBySymbol(db, userId);
      const wanted = symbol ? [instrumentOf(symbol)] : BONDS;
      return wanted.map((i) =>
        quoteOf(
          i,
          listings.find((l) => l.symbol === i.symbol)!,
          at,
          schedules.get(i.symbol),
          new Dec(held.find((x) => x.symbol === i.symbol)?.face ?? 0),
        ),
      );
    },

    /** Buy a face amount at the ask's dirty price plus the markup, from the wallet of the bond's currency. */
    async create(userId: number, input: z.output<typeof zBondOrderInput>): Promise<BondHolding> {
      const at = now();
      const i = instrumentOf(input.stockCode);
      const id = await db.tx(async (sql) => {
        await requireVerifiedKyc(sql, userId);
        const listing = await repo.listing(sql, i.symbol, true);
        if (!listing) throw notFound();
        if (listing.paused_at) throw new AppError('e.bondPaused');
        const terms = bondTermsAt(i, dayOfInstant(at));
        if (terms.maturity <= bondSettlementDay(i.currency, at)) throw new AppError('e.bondMaturing');
        requireOpen(at);
        const face = new Dec(input.face);
        if (!face.mod(listing.face_increment).isZero()) {
          throw new AppError('e.bondFaceIncrement', { face: 'e.bondFaceIncrement' }, { increment: fixed(listing.face_increment, 0), currency: i.currency });
        }
        const p = pricing.price(terms, at, await scheduleOf(sql, i.symbol));
        // The market is open: the quote is of this moment, and `p.day` the purchase's settlement day.
        const day = p.day;
        const dirty = p.ask.add(p.accrued);
        if (input.seenDirty !== undefined && dirty.sub(input.seenDirty).gt(MAX_PRICE_MOVE)) {
          throw new AppError('e.bondPriceMoved', { seenDirty: 'e.bondPriceMoved' }, { dirty: fixed(dirty, 6) });
        }
        const per100 = face.div(100);
        const clean = money(per100.mul(p.ask));
        const accrued = money(per100.mul(p.accrued));
        const fee = money(per100.mul(p.markup));
        const code = bondWallet(i.currency);
        const currency = walletCurrency(code);
        const rate = exchangeRates.rate(i.currency, currency);
        const [cleanW, accruedW, feeW] = [clean, accrued, fee].map((x) => money(x.mul(rate))) as [Dec, Dec, Dec];
        const walletCost = cleanW.add(accruedW).add(feeW);
        // The coupons after the settlement day are the buyer's; one due on it or between the trade and it is the seller's.
        const next = paymentDays(terms, day)[0];
        const holdingId = await repo.insertHolding(sql, {
          userId,
          symbol: i.symbol,
          currency: i.currency,
          couponRate: terms.couponRate,
          frequency: terms.frequency,
          maturity: dayStart(terms.maturity),
          walletCode: code,
          walletCurrency: currency,
          face: plain(face),
          price: plain(p.ask),
          accrued: plain(p.accrued.toDecimalPlaces(12, Dec.ROUND_HALF_UP)),
          markup: plain(p.markup),
          ytm: percent(pricing.ytm(terms, day, dirty.add(p.markup))),
          cleanAmount: plain(clean),
          accruedAmount: plain(accrued),
          fee: plain(fee),
          cost: plain(clean.add(accrued).add(fee)),
          rate: plain(rate),
          walletCost: plain(walletCost),
          nextPayment: next === undefined ? null : dayStart(next),
          settlementDay: dayStart(day),
          at: new Date(at),
        });
        await postBondBuy(
          sql,
          { userId, holdingId, walletCode: code, walletCurrency: currency, at: new Date(at) },
          { clean: cleanW, accrued: accruedW, fee: feeW },
        );
        return holdingId;
      });
      return holdingOf((await repo.holding(db, id))!, at);
    },

    async holdings(userId: number, status: BondHoldingStatus | undefined, page: number, size: number) {
      const at = now();
      const rows = await repo.userHoldings(db, userId, status, size, (page - 1) * size);
      return { list: rows.map((h) => holdingOf(h, at)), total: rows[0]?.total ?? 0, page, size };
    },

    /**
     * Sell face of a holding at the bid's clean price plus interest accrued to the sale's settlement
     * day, less the markup; coupons due by that day are paid first, to the seller.
     */
    async sell(userId: number, input: z.output<typeof zBondSellInput>): Promise<BondHolding> {
      const at = now();
      const pushes = await db.tx(async (sql) => {
        if (!(await repo.lockHolding(sql, input.id, userId))) throw notFound();
        const before = (await repo.holding(sql, input.id))!;
        const terms = termsOfHolding(before);
        if (before.status !== 'holding' || dayOfInstant(at) >= terms.maturity) throw new AppError('e.bondClosed');
        // A sale settling on or after maturity would leave the buyer nothing: the holding waits for its redemption.
        if (terms.maturity <= bondSettlementDay(before.currency, at)) throw new AppError('e.bondMaturing');
        requireOpen(at);
        const listing = (await repo.listing(sql, before.symbol))!;
        const face = input.face === undefined ? new Dec(before.remaining) : new Dec(input.face);
        if (!face.mod(listing.face_increment).isZero()) {
          throw new AppError(
            'e.bondFaceIncrement',
            { face: 'e.bondFaceIncrement' },
            { increment: fixed(listing.face_increment, 0), currency: before.currency },
          );
        }
        if (face.gt(before.remaining))
          throw new AppError('e.bondFaceHeld', { face: 'e.bondFaceHeld' }, { face: fixed(before.remaining, 2), currency: before.currency });
        const p = pricing.price(terms, at, await scheduleOf(sql, before.symbol));
        const day = p.day;
        const pushes = await settleDue(sql, input.id, at, day);
        const h = (await repo.holding(sql, input.id))!;
        const per100 = face.div(100);
        const clean = money(per100.mul(p.bid));
        const accrued = money(per100.mul(p.accrued));
        const fee = money(per100.mul(p.markup));
        const rate = exchangeRates.rate(h.currency, h.wallet_currency);
        const [cleanW, accruedW, feeW] = [clean, accrued, fee].map((x) => money(x.mul(rate))) as [Dec, Dec, Dec];
        const proceedsW = cleanW.add(accruedW).sub(feeW);
        const holding = { userId, holdingId: h.id, walletCode: h.wallet_code as WalletCode, walletCurrency: h.wallet_currency, at: new Date(at) };
        const journalId = await postBondSale(sql, holding, { clean: cleanW, accrued: accruedW, fee: feeW });
        await repo.insertPayment(sql, {
          holdingId: h.id,
          kind: 'sale',
          day: dayStart(day),
          face: plain(face),
          amount: plain(clean.add(accrued).sub(fee)),
          rate: plain(rate),
          walletAmount: plain(proceedsW),
          journalId,
          at: new Date(at),
        });
        await repo.reduce(sql, h.id, plain(face), new Date(at));
        return pushes;
      });
      for (const push of pushes) push();
      return holdingOf((await repo.holding(db, input.id))!, at);
    },

    async total(userId: number): Promise<BondTotal> {
      const at = now();
      const per = new Map<string, { face: Dec; value: Dec; cost: Dec; coupons: Dec; profit: Dec }>();
      const open = await repo.openHoldings(db, userId);
      for (const h of open) {
        const view = holdingOf(h, at);
        const t = per.get(h.currency) ?? { face: new Dec(0), value: new Dec(0), cost: new Dec(0), coupons: new Dec(0), profit: new Dec(0) };
        t.face = t.face.add(h.remaining);
        t.value = t.value.add(view.value);
        // The cost of what remains: a partly sold holding's cost in proportion.
        t.cost = t.cost.add(money(new Dec(h.cost).mul(h.remaining).div(h.face)));
        t.coupons = t.coupons.add(h.coupons);
        t.profit = t.profit.add(view.profit);
        per.set(h.currency, t);
      }
      let totalEur = new Dec(0);
      for (const [currency, t] of per) totalEur = totalEur.add(t.value.mul(exchangeRates.rate(currency, 'EUR')));
      return {
        list: [...per].map(([currency, t]) => ({
          currency,
          face: fixed(t.face, 2),
          value: fixed(t.value, 2),
          cost: fixed(t.cost, 2),
          coupons: fixed(t.coupons, 2),
          profit: fixed(t.profit, 2),
        })),
        totalEur: fixed(totalEur, 2),
        holdings: open.length,
      };
    },

    async payments(userId: number, id: number) {
      const h = await repo.holding(db, id, userId);
      if (!h) throw notFound();
      return (await repo.payments(db, id)).map((p) => ({ holdingId: p.holding_id, kind: p.kind, amount: fixed(p.amount, 2), day: p.day.getTime() }));
    },

    /** The `bondCoupon` job: every holding with a payment due, each in its own transaction under its row lock. */
    async runDue(): Promise<{ holdings: number }> {
      const at = now();
      const due = await repo.dueHoldings(db, dayStart(dayOfInstant(at)));
      let paid = 0;
      for (const { id } of due) {
        const pushes = await db.tx(async (sql) => {
          await repo.lockHolding(sql, id);
          return settleDue(sql, id, at);
        });
        // A payment scheduled for a day off waits for the next business day: that holding is not paid yet.
        if (pushes.length > 0) paid += 1;
        for (const push of pushes) push();
      }
      return { holdings: paid };
    },

    // ---- operators ----

    async operatorBonds(): Promise<BondAdmin[]> {
      const at = now();
      return Promise.all(BONDS.map((i) => admin(db, i, at)));
    },

    pause: (symbol: string, by: Operator, reason: string) => setPaused(symbol, by, reason, true),
    resume: (symbol: string, by: Operator, reason: string) => setPaused(symbol, by, reason, false),

    /** A new spread from now on: quotes move at once; trades already made keep their prices. */
    async setSpread(symbol: string, by: Operator, reason: string, spreadBp: string): Promise<BondAdmin> {
      const i = instrumentOf(symbol);
      const spread = new Dec(spreadBp);
      if (spread.lt(SPREAD_LIMITS[0]) || spread.gt(SPREAD_LIMITS[1])) throw new AppError('v.bondSpread', { spreadBp: 'v.bondSpread' });
      const at = now();
      const answer = await db.tx(async (sql) => {
        const listing = await repo.listing(sql, i.symbol, true);
        if (!listing) throw notFound();
        await repo.setSpread(sql, i.symbol, plain(spread), at, by.operatorId);
        await writeAudit(sql, {
          actorId: by.operatorId,
          action: 'bond.spread',
          targetType: 'bond',
          targetId: i.symbol,
          before: { spreadBp: fixed(listing.spread_bp, 2) },
          after: { spreadBp: fixed(spread, 2) },
          reason,
          ip: by.ip,
        });
        return i;
      });
      await refresh();
      return admin(db, answer, at);
    },
  };
}

export type BondService = ReturnType<typeof createBondService>;
