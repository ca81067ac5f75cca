import {
  CANCELLABLE_DEAL_STATUSES,
  DEAL_MARKETS,
  DealStatus,
  compareDecimal,
  dealScheduleProblem,
  nextTimeParams,
  outsideReconfirmBand,
  type DealInput,
  type DealStatus as DealStatusType,
  type SubscriptionStatus,
} from '@tradeapp/contract';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { userRefOf } from '../../lib/review';
import * as repo from './repository';
import type { DealSteps, Mover, Push } from './steps';
import { poolOf, priceText, toDeal, toSubscription } from './view';

/** The back office's calls: the deals and their applications, and each step taken by hand (checked, audited). */
export function createDealOperator(ctx: DealSteps) {
  const { db, notices, listing, answer, audited, transition, open, close, allot, cancel, listDeal, step } = ctx;

  const currencyOf = (d: Pick<DealInput, 'market'>) => DEAL_MARKETS[d.market].currency;
  const stateError = () => new AppError('e.dealState');

  /** A deal's code and symbol are its own: not another live deal's, not an instrument's already on the market. */
  const checkSymbol = (input: DealInput) => {
    if (ctx.isListed(input.symbol)) throw new AppError('e.dealCodeTaken', { symbol: 'e.dealCodeTaken' });
  };
  /**
   * Each step on the exchange's calendar (contract `dealScheduleProblem`): the window opens and
   * closes in its hours on trading days, the allotment and the listing fall on trading days. A
   * refusal names the field and the next time it could take, on the exchange's clock in the
   * operator's words.
   */
  const checkSchedule = (by: Mover, input: DealInput) => {
    const problem = dealScheduleProblem(input.market, input);
    if (problem)
      throw new AppError(problem.key, { [problem.field]: problem.key }, nextTimeParams(by.locale ?? 'en', input.market, problem.next, problem.dayOnly));
  };
  const taken = (err: unknown) => {
    if (isUniqueViolation(err, 'deals_code') || isUniqueViolation(err, 'deals_symbol')) throw new AppError('e.dealCodeTaken');
    throw err;
  };

  return {
    async list(status: DealStatusType | undefined, page: number, size: number) {
      const { rows, total } = await repo.pageOfDeals(db, status, page, size, 'newest');
      const stats = await repo.statsOf(
        db,
        rows.map((d) => d.id),
      );
      return { list: rows.map((d) => toDeal(d, stats.get(d.id))), total, page, size };
    },

    async detail(id: number) {
      const d = await repo.findDeal(db, id);
      if (!d) throw notFound();
      return answer(d);
    },

    /** The deal's applications for the back office: each with its investor and, in Hong Kong, its pool. */
    async subscriptions(id: number, status: SubscriptionStatus | undefined, page: number, size: number) {
      const d = await repo.findDeal(db, id);
      if (!d) throw notFound();
      const { rows, total } = await repo.pageOfDeal(db, id, status, page, size);
      const list = rows.map((s) => ({ ...toSubscription(s, d), ...userRefOf(s), pool: d.market === 'HK' ? poolOf(d, s.lots) : null }));
      return { list, total, page, size };
    },

    async create(by: Mover, input: DealInput) {
      checkSchedule(by, input);
      checkSymbol(input);
      const d = await db.tx(async (sql) => {
        const row = await repo.insertDeal(sql, input, currencyOf(input), by.id).catch(taken);
        await writeAudit(sql, { actorId: by.id, action: 'deal.create', targetType: 'deal', targetId: row.id, after: audited(row), ip: by.ip ?? null });
        return row;
      });
      return answer(d);
    },

    update: (by: Mover, id: number, input: DealInput) =>
      step(id, async (sql, d) => {
        checkSymbol(input);
        if (d.status !== DealStatus.Announced) throw stateError();
        checkSchedule(by, input);
        const after = await repo.updateDeal(sql, d.id, input, currencyOf(input)).catch(taken);
        await writeAudit(sql, {
          actorId: by.id,
          action: 'deal.update',
          targetType: 'deal',
          targetId: d.id,
          before: audited(d),
          after: audited(after),
          ip: by.ip ?? null,
        });
        return after;
      }),

    open: (by: Mover, id: number) =>
      step(id, async (sql, d) => {
        if (d.status !== DealStatus.Announced) throw stateError();
        return open(sql, d, by);
      }),

    close: (by: Mover, id: number) =>
      step(id, async (sql, d) => {
        if (d.status !== DealStatus.Open) throw stateError();
        return close(sql, d, by);
      }),

    /**
     * The final price. Hong Kong: at most the top of the range (the money was held at it). United
     * States: anywhere, but more than RECONFIRM_BAND outside the range every offer must be
     * reconfirmed, and above the price an offer was held at that offer must (its hold would not
     * pay for the shares); each one asked gets a notice.
     */
    price: (by: Mover, id: number, finalPrice: string) =>
      step(id, async (sql, d) => {
        if (d.status !== DealStatus.Closed) throw stateError();
        if (d.market === 'HK' && compareDecimal(finalPrice, d.price_high) === 1) {
          throw new AppError('e.dealFinalPrice', { finalPrice: 'e.dealFinalPrice' }, { max: priceText(d.price_high) });
        }
        const deal = await transition(sql, d, DealStatus.Priced, by, { finalPrice });
        const pushes: Push[] = [];
        if (d.market === 'US') {
          const every = outsideReconfirmBand({ priceLow: d.price_low, priceHigh: d.price_high, finalPrice });
          for (const s of await repo.requireReconfirmation(sql, d.id, every, finalPrice)) {
            pushes.push(
              await notices.notify(sql, s.user_id, 'deal.reconfirm', {
                name: d.name,
                price: priceText(finalPrice),
                currency: d.currency,
                date: d.allotment_date,
              }),
            );
          }
        }
        return { deal, pushes };
      }),

    /** The allotment now, before its date (the job runs it on the date). */
    allot: (by: Mover, id: number) =>
      step(id, async (sql, d) => {
        if (d.status !== DealStatus.Priced) throw stateError();
        return allot(sql, d, by);
      }),

    /** The listing now, before its date (the job lists a deal at the open of its listing date); refused where the market cannot price listings. */
    listNow: (by: Mover, id: number) =>
      step(id, async (sql, d) => {
        if (d.status !== DealStatus.Allotted || !listing.canList()) throw stateError();
        return listDeal(sql, d, by);
      }),

    cancel: (by: Mover, id: number, reason: string) =>
      step(id, async (sql, d) => {
        if (!CANCELLABLE_DEAL_STATUSES.includes(d.status)) throw stateError();
        return cancel(sql, d, reason, by);
      }),
  };
}
