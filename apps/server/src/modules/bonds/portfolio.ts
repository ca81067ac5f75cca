import { bondMarkup, type WalletCode } from '@tradeapp/contract';
import { Dec, fixed } from '../../lib/decimal';
import { bondSettlementDay, dayOfInstant, paymentDays, type BondTerms } from '../../market/bondTerms';
import type { SpreadChange } from '../../market/bondModel';
import { createYieldCurves } from '../../market/curve';
import type { OffLedgerValue, PortfolioDeps, PortfolioSource, SourceLine } from '../portfolio';
import { periodCoupon } from './formulas';
import { createBondPricing } from './pricing';
import * as repo from './repository';
import type { HoldingRow, PortfolioPaymentRow } from './repository';
import { BONDS, previousClose, termsOfHolding } from './views';

/** To the cent, half up: every amount of money a bond moves (as the bonds service rounds). */
const money = (x: Dec) => x.toDecimalPlaces(2, Dec.ROUND_HALF_UP);
const HUNDRED = new Dec(100);
const dayOfDate = (d: Date) => dayOfInstant(d.getTime());

/** What a face amount of a holding is worth at an instant, in the bond's currency, each part to the cent as a sale or the coupon job books it. */
interface Worth {
  /** Face held at the instant. */
  face: Dec;
  /** Clean bid and accrued interest × face ÷ 100, each to the cent (par and nothing once matured). */
  clean: Dec;
  accrued: Dec;
  /** Coupons (and at maturity the principal's last coupon) due by the settlement day and not yet paid. */
  owed: Dec[];
  /** The dirty bid per 100 face, when it was made (the bond market's last trade), and the settlement day of a sale then. */
  dirty: Dec;
  time: number;
  settlement: number;
}

/**
 * Bonds' lines of the portfolio (issue 32): one per open holding, worth its face at the dirty bid,
 * the yield curve's clean bid plus accrued interest (par once matured), each part × face ÷ 100 to the
 * cent and converted to the paying wallet's currency to the cent at the live rate: exactly what a sale
 * would credit before its markup (the module's `sell`, and the sale preview on the bond's page), with
 * the interest accrued to that sale's settlement day. Coupons due by that day and not paid yet are
 * added, since they are the investor's whoever buys (a sale pays them first). The line is in the
 * paying wallet's currency (a sale, a coupon and the redemption are credited there), its price the
 * dirty bid per 100 face in the bond's own currency. Cost is what the purchase took from the wallet
 * (dirty ask plus markup), fees the markups charged (the purchase's and any partial sale's); the net
 * profit is value + coupons and sales received − cost, the gross the same before the fees. Today's
 * change is the face's total return since the bond market's previous close (or since the purchase):
 * the dirty bid's move plus the coupons that became the holder's meanwhile, those due after the first
 * settlement day and by the second.
 */
export function createBondsPortfolioSource(deps: PortfolioDeps): PortfolioSource {
  const { db, exchangeRates } = deps;
  const pricing = createBondPricing(createYieldCurves(deps.seed));

  async function schedules(): Promise<Map<string, SpreadChange[]>> {
    const out = new Map<string, SpreadChange[]>();
    for (const r of await repo.spreads(db)) {
      const list = out.get(r.symbol) ?? [];
      list.push({ from: Number(r.from_ms), spreadBp: r.spread_bp });
      out.set(r.symbol, list);
    }
    return out;
  }

  /**
   * Per 100 face at `at`, as a sale then is priced: the clean bid of the bonds module's own quote (the
   * bond market's last trade, and its time) with the quote's interest accrued to that trade's
   * settlement day; par and nothing once a sale would settle on or after maturity. While the market
   * is closed the settlement day is its last trade's, which already counts the days off to the next
   * settlement day, so a coupon paid overnight is never counted both in the price and in the wallet.
   */
  function perHundred(
    terms: BondTerms,
    at: number,
    schedule: readonly SpreadChange[] | undefined,
  ): { bid: Dec; accrued: Dec; time: number; settlement: number } {
    const settlement = bondSettlementDay(terms.currency, at);
    if (settlement >= terms.maturity) return { bid: HUNDRED, accrued: new Dec(0), time: at, settlement };
    const p = pricing.price(terms, at, schedule);
    return { bid: p.bid, accrued: p.accrued, time: p.time, settlement: p.day };
  }

  /** A face of a holding at an instant, with the payment days not paid among `candidates` due by the settlement day then. */
  function worth(h: HoldingRow, face: Dec, candidates: readonly number[], at: number, schedule: readonly SpreadChange[] | undefined): Worth {
    const terms = termsOfHolding(h);
    const { bid, accrued, time, settlement } = perHundred(terms, at, schedule);
    const per100 = face.div(100);
    const coupon = money(face.mul(periodCoupon(terms)).div(100));
    const owed = coupon.gt(0) ? candidates.filter((d) => d <= settlement).map(() => coupon) : [];
    return { face, clean: money(per100.mul(bid)), accrued: money(per100.mul(accrued)), owed, dirty: bid.add(accrued), time, settlement };
  }

  /** An open holding now: its face remaining, and the payments from its next one on not paid yet (the coupon job runs each minute). */
  function worthNow(h: HoldingRow, at: number, schedule: readonly SpreadChange[] | undefined): Worth {
    const terms = termsOfHolding(h);
    const next = h.next_payment ? dayOfDate(h.next_payment) : undefined;
    const unpaid = next === undefined ? [] : [next, ...paymentDays(terms, next)];
    return worth(h, new Dec(h.remaining), unpaid, at, schedule);
  }

  /** A holding at a past instant, from its payments made before then; null when nothing of it was held. */
  function worthAt(h: HoldingRow, payments: readonly PortfolioPaymentRow[], at: number, schedule: readonly SpreadChange[] | undefined): Worth | null {
    const before = payments.filter((p) => p.created_at.getTime() < at);
    const face = before.filter((p) => p.kind !== 'coupon').reduce((rest, p) => rest.sub(p.face), new Dec(h.face));
    if (face.lte(0)) return null;
    const terms = termsOfHolding(h);
    const paid = new Set(before.filter((p) => p.kind === 'coupon').map((p) => dayOfDate(p.day)));
    const unpaid = paymentDays(terms, dayOfDate(h.settlement_day)).filter((d) => !paid.has(d));
    return worth(h, face, unpaid, at, schedule);
  }

  /** In the wallet's currency at `rate`, each part to the cent as the sale and the coupon job convert them. */
  const inWallet = (w: Worth, rate: Dec) => [w.clean, w.accrued, ...w.owed].reduce((sum, x) => sum.add(money(x.mul(rate))), new Dec(0));

  function lineOf(h: HoldingRow, payments: readonly PortfolioPaymentRow[], at: number, schedule: readonly SpreadChange[] | undefined): SourceLine | null {
    const w = worthNow(h, at, schedule);
    if (w.face.lte(0)) return null;
    const terms = termsOfHolding(h);
    const rate = exchangeRates.rate(h.currency, h.wallet_currency);
    const value = inWallet(w, rate);
    const cost = new Dec(h.wallet_cost);
    const received = (kind: PortfolioPaymentRow['kind']) => payments.filter((p) => p.kind === kind).reduce((s, p) => s.add(p.wallet_amount), new Dec(0));
    // The markups charged: the purchase's at its rate, and each partial sale's (per 100 face by the days from its settlement day to maturity).
    let fees = money(new Dec(h.fee).mul(h.rate));
    for (const p of payments.filter((x) => x.kind === 'sale')) {
      const fee = money(new Dec(p.face).div(100).mul(bondMarkup(Math.max(0, terms.maturity - dayOfDate(p.day)))));
      fees = fees.add(money(fee.mul(p.rate)));
    }
    const pnl = value.add(received('coupon')).add(received('sale')).sub(cost);

    // Today's change: the face's total return since the previous close (or since the purchase, at the dirty ask paid).
    const start = previousClose(at);
    const fromPurchase = h.created_at.getTime() >= start;
    const from = fromPurchase
      ? { dirty: new Dec(h.price).add(h.accrued), settlement: dayOfDate(h.settlement_day) }
      : (() => {
          const s = perHundred(terms, start, schedule);
          return { dirty: s.bid.add(s.accrued), settlement: s.settlement };
        })();
    const couponsSince = paymentDays(terms, from.settlement).filter((d) => d <= w.settlement).length;
    const nowPer100 = w.dirty.add(periodCoupon(terms).mul(couponsSince));
    const dayChange = money(w.face.mul(nowPer100.sub(from.dirty)).div(100).mul(rate));

    return {
      id: String(h.id),
      product: 'bond',
      instrument: h.symbol,
      name: BONDS.find((b) => b.symbol === h.symbol)?.name ?? h.symbol,
      wallet: h.wallet_code as WalletCode,
      quantity: w.face,
      price: new Dec(fixed(w.dirty, 6)),
      priceCurrency: h.currency,
      priceSource: 'curve',
      priceTimestamp: w.time,
      currency: h.wallet_currency,
      value,
      cost,
      pnl,
      pnlGross: pnl.add(fees),
      fees,
      dayChange,
    };
  }

  return {
    module: 'bonds',
    products: ['bond'],
    holds: "exists (select 1 from bond_holdings where user_id = $1 and status = 'holding')",
    async lines(userId) {
      const at = deps.clocks.bonds();
      const holdings = await repo.openHoldings(db, userId);
      if (holdings.length === 0) return [];
      const [payments, spreads] = await Promise.all([
        repo.paymentsOfHoldings(
          db,
          holdings.map((h) => h.id),
        ),
        schedules(),
      ]);
      return holdings
        .map((h) =>
          lineOf(
            h,
            payments.filter((p) => Number(p.holding_id) === Number(h.id)),
            at,
            spreads.get(h.symbol),
          ),
        )
        .filter((l): l is SourceLine => l !== null);
    },

    async offLedgerAt(userId, ends) {
      const out: OffLedgerValue[][] = ends.map(() => []);
      if (ends.length === 0) return out;
      const holdings = await repo.holdingsBoughtBefore(db, userId, new Date(Math.max(...ends)));
      if (holdings.length === 0) return out;
      const [payments, spreads] = await Promise.all([
        repo.paymentsOfHoldings(
          db,
          holdings.map((h) => h.id),
        ),
        schedules(),
      ]);
      ends.forEach((end, k) => {
        for (const h of holdings) {
          if (h.created_at.getTime() >= end) continue;
          const w = worthAt(
            h,
            payments.filter((p) => Number(p.holding_id) === Number(h.id)),
            end,
            spreads.get(h.symbol),
          );
          if (!w) continue;
          // In the bond's own currency: analytics converts each day at that day's rate.
          const value = [w.clean, w.accrued, ...w.owed].reduce((s, x) => s.add(x), new Dec(0));
          if (value.gt(0)) out[k]!.push({ product: 'bond', side: 'asset', currency: h.currency, value });
        }
      });
      return out;
    },
  };
}
