import {
  walletCurrency,
  type BondHolding,
  type BondHoldingStatus,
  type BondQuote,
  type BondTotal,
  type WalletCode,
  type zBondOrderInput,
  type zBondSellInput,
} from '@tradeapp/contract';
import type { z } from 'zod';
import { AppError, notFound } from '../../errors';
import { Dec, fixed, plain } from '../../lib/decimal';
import { bondSettlementDay, bondTermsAt, dayOfInstant, paymentDays } from '../../market/bondTerms';
import { requireVerifiedKyc } from '../kyc';
import { bondWallet, instrumentOf, type BondContext } from './context';
import type { BondCoupons } from './coupons';
import { postBondBuy, postBondSale } from './postings';
import * as repo from './repository';
import { BONDS, dayStart, money, percent, termsOfHolding } from './views';

// The investor's use cases of bonds: quotes, buying, their holdings and their value, selling.

const MAX_PRICE_MOVE = new Dec('0.50');

export function createBondInvestor(ctx: BondContext, coupons: Pick<BondCoupons, 'settleDue'>) {
  const { db, exchangeRates, now, pricing, scheduleOf, requireOpen, refreshedScheduleOf, quoteOf, holdingOf } = ctx;
  const { settleDue } = coupons;

  return {
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
          refreshedScheduleOf(i.symbol),
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
  };
}
