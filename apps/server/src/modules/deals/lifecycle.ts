// Over 400 lines: every step of a deal shares the row lock, the audit shape and the pushes after commit (`step`, `audited`); split, each part would repeat them.
import { randomBytes } from 'node:crypto';
import {
  CANCELLABLE_DEAL_STATUSES,
  DEAL_MARKETS,
  DealStatus,
  HK_POOL_THRESHOLD,
  SubscriptionStatus,
  WalletCode,
  compareDecimal,
  dayIn,
  dealScheduleProblem,
  isTradingDay,
  isoToDay,
  nextTimeParams,
  outsideReconfirmBand,
  subscriptionCosts,
  type DealInput,
  type DealStatus as DealStatusType,
  type Locale,
} from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { userRefOf } from '../../lib/review';
import { Dec, fixed } from '../../lib/decimal';
import type { Notices } from '../notices';
import { insertAllotted, insertEvent, markCancelled as cancelPosition } from '../trading';
import { allotHongKong, allotUnitedStates, type Allotment } from './allotment';
import type { Listing } from './listing';
import { postAllot, postCancel, postRefund, type Actor } from './postings';
import * as repo from './repository';
import type { DealRow, SubscriptionRow } from './repository';
import { poolOf, priceText, toDeal, toSubscription } from './view';

/** Who moves a deal on: an operator (audited with their address) or the lifecycle job (no actor). */
export interface Mover {
  id: number | null;
  ip?: string | null;
  /** The operator's language: a refusal names the next valid time in it. */
  locale?: Locale;
}
const JOB: Mover = { id: null };

type Push = () => void;

/** The audit log's name of the step that reaches a status. */
const ACTION: Record<DealStatusType, string> = {
  announced: 'deal.create',
  open: 'deal.open',
  closed: 'deal.close',
  priced: 'deal.price',
  allotted: 'deal.allot',
  listed: 'deal.list',
  cancelled: 'deal.cancel',
};

/**
 * A deal's lifecycle (decision 0019): each step an operator's action or the job's on its date,
 * in one transaction under the deal's row lock, with its audit entry and its journals; the
 * investors' notices are pushed after the commit. The allotment, the cancellation and every
 * transition check the deal's status under that lock first, so a step run twice (a retried job, an
 * operator racing the job) finds the deal already past it and changes nothing. The listing
 * (listing.ts) is the last step: the deal's instrument joins the market, its positions open.
 */
export function createDealLifecycle(opts: {
  db: Db;
  notices: Notices;
  /** Whether the market already trades a symbol: a deal cannot take it. */
  isListed: (symbol: string) => boolean;
  listing: Listing;
  now?: () => number;
}) {
  const { db, notices, listing } = opts;
  const now = opts.now ?? Date.now;

  const currencyOf = (d: Pick<DealInput, 'market'>) => DEAL_MARKETS[d.market].currency;
  const stateError = () => new AppError('e.dealState');

  async function locked(sql: Sql, id: number): Promise<DealRow> {
    const d = await repo.findDeal(sql, id, 'update');
    if (!d) throw notFound();
    return d;
  }

  async function answer(d: DealRow) {
    return toDeal(d, (await repo.statsOf(db, [d.id])).get(d.id));
  }

  /** What the audit log keeps of a deal: its terms and state, not its bookkeeping. */
  const audited = (d: DealRow) => ({
    status: d.status,
    name: d.name,
    code: d.code,
    symbol: d.symbol,
    market: d.market,
    exchange: d.exchange,
    priceLow: priceText(d.price_low),
    priceHigh: priceText(d.price_high),
    finalPrice: d.final_price === null ? null : priceText(d.final_price),
    lotSize: d.lot_size,
    publicLots: d.public_lots,
    feeRate: new Dec(d.fee_rate).toFixed(),
    handlingFee: fixed(d.handling_fee, 2),
    opensAt: d.subscription_opens_at.toISOString(),
    closesAt: d.subscription_closes_at.toISOString(),
    allotmentDate: d.allotment_date,
    listingDate: d.listing_date,
  });

  async function transition(sql: Sql, d: DealRow, status: DealStatusType, by: Mover, extra: Parameters<typeof repo.setDealStatus>[3] = {}, reason?: string) {
    const after = await repo.setDealStatus(sql, d.id, status, extra);
    await writeAudit(sql, {
      actorId: by.id,
      action: ACTION[status],
      targetType: 'deal',
      targetId: d.id,
      before: audited(d),
      after: audited(after),
      reason: reason ?? null,
      ip: by.ip ?? null,
    });
    return after;
  }

  /** Open: now, or at the window's start when that is still to come (an operator opening early moves the start). */
  const open = (sql: Sql, d: DealRow, by: Mover) =>
    transition(sql, d, DealStatus.Open, by, now() < d.subscription_opens_at.getTime() ? { opensAt: new Date(now()) } : {});
  /** Close: an operator closing early moves the window's end to now. */
  const close = (sql: Sql, d: DealRow, by: Mover) =>
    transition(sql, d, DealStatus.Closed, by, now() < d.subscription_closes_at.getTime() ? { closesAt: new Date(now()) } : {});

  /**
   * The allotment (decision 0019, "Allotment"). A seed is drawn and the pure allotment runs on the
   * live offers (Hong Kong's pools are split by the amount applied for at the maximum offer price,
   * as HKEX counts it); offers still waiting for a reconfirmation take no part and are refunded.
   * Then, one journal per subscription: allotted shares at the final price (and the fee on them
   * alone) are taken from the hold into a position, the rest returned; nothing allotted, all of it
   * returned. The seed, the table and every result go to the audit log, with what the allotment
   * was given, so that anyone can replay it.
   */
  async function allot(sql: Sql, d: DealRow, by: Mover): Promise<{ deal: DealRow; pushes: Push[] }> {
    const finalPrice = d.final_price!;
    const offers = await repo.subscriptionsOf(sql, d.id, [SubscriptionStatus.Subscribed]);
    const unconfirmed = offers.filter((s) => s.reconfirm_required);
    const applying = offers.filter((s) => !s.reconfirm_required);
    const seed = randomBytes(16).toString('hex');
    const applications = applying.map((s) => ({ id: String(s.id), lots: s.lots }));
    const poolPrice = new Dec(d.price_high).toFixed();
    const allotment: Allotment =
      d.market === 'HK'
        ? allotHongKong({ applications, lotSize: d.lot_size, price: poolPrice, publicLots: d.public_lots, poolThreshold: HK_POOL_THRESHOLD, seed })
        : allotUnitedStates({ applications, lots: d.public_lots, seed });
    const actor: Actor = { actorId: by.id, idempotencyKey: null };
    const lotsOf = new Map(allotment.results.map((r) => [r.id, r.lotsAllotted]));
    const pushes: Push[] = [];
    const notify = async (s: SubscriptionRow, kind: 'deal.allotted' | 'deal.notAllotted' | 'deal.refunded', params: Record<string, string | number>) =>
      pushes.push(await notices.notify(sql, s.user_id, kind, { name: d.name, ...params }));

    for (const s of applying) {
      const lots = lotsOf.get(String(s.id)) ?? 0;
      if (lots === 0) {
        const refund = await postRefund(sql, s, actor);
        await repo.settleOutcome(sql, s.id, {
          status: SubscriptionStatus.NotAllotted,
          lotsAllotted: 0,
          amountAllotted: null,
          feeAllotted: null,
          refundJournalId: refund,
          positionId: null,
        });
        await notify(s, 'deal.notAllotted', { refund: fixed(s.amount_held, 2) });
        continue;
      }
      const shares = new Dec(lots).mul(d.lot_size).toFixed();
      const c = subscriptionCosts({ lots, lotSize: d.lot_size, price: finalPrice, rate: s.rate, feeRate: d.fee_rate });
      const journalId = await postAllot(sql, s, c.amount, c.fee, actor);
      const position = await insertAllotted(sql, {
        userId: s.user_id,
        symbol: d.symbol,
        walletCode: WalletCode.Subscription,
        walletCurrency: 'EUR',
        currency: d.currency,
        price: finalPrice,
        quantity: shares,
        margin: c.amount,
        fee: c.fee,
        rate: s.rate,
        holdJournalId: journalId ?? s.hold_journal_id,
      });
      await insertEvent(sql, position, 'filled', finalPrice, shares);
      await repo.settleOutcome(sql, s.id, {
        status: SubscriptionStatus.Allotted,
        lotsAllotted: lots,
        amountAllotted: c.amount,
        feeAllotted: c.fee,
        refundJournalId: journalId,
        positionId: position.id,
      });
      await notify(s, 'deal.allotted', {
        quantity: shares,
        price: priceText(finalPrice),
        currency: d.currency,
        amount: fixed(c.amount, 2),
        fee: fixed(c.fee, 2),
        refund: fixed(new Dec(s.amount_held).sub(c.total), 2),
        date: d.listing_date,
      });
    }
    for (const s of unconfirmed) {
      const refund = await postRefund(sql, s, actor);
      await repo.settleOutcome(sql, s.id, {
        status: SubscriptionStatus.Refunded,
        lotsAllotted: 0,
        amountAllotted: null,
        feeAllotted: null,
        refundJournalId: refund,
        positionId: null,
      });
      await notify(s, 'deal.refunded', { refund: fixed(s.amount_held, 2) });
    }

    const deal = await repo.setDealStatus(sql, d.id, DealStatus.Allotted, { seed, table: allotment.table });
    await writeAudit(sql, {
      actorId: by.id,
      action: 'deal.allot',
      targetType: 'deal',
      targetId: d.id,
      before: audited(d),
      after: {
        ...audited(deal),
        seed,
        // What the allotment function was given besides the seed: replaying it gives `results`.
        input:
          d.market === 'HK'
            ? { market: 'HK', applications, lotSize: d.lot_size, price: poolPrice, publicLots: d.public_lots, poolThreshold: HK_POOL_THRESHOLD }
            : { market: 'US', applications, lots: d.public_lots },
        results: allotment.results,
        table: allotment.table,
        poolLots: allotment.poolLots,
        demandLots: allotment.demandLots,
        suppliedLots: allotment.suppliedLots,
        oversubscription: allotment.oversubscription,
        refundedUnconfirmed: unconfirmed.map((s) => String(s.id)),
      },
      ip: by.ip ?? null,
    });
    return { deal, pushes };
  }

  /**
   * A cancelled deal gives everything back, one journal per subscription: what is still held (the
   * hold before the allotment, the position's margin after it), the fee on allotted shares and the
   * handling fee. Allotted positions are cancelled with it.
   */
  async function cancel(sql: Sql, d: DealRow, reason: string, by: Mover): Promise<{ deal: DealRow; pushes: Push[] }> {
    const subs = await repo.subscriptionsOf(sql, d.id, [
      SubscriptionStatus.Subscribed,
      SubscriptionStatus.Allotted,
      SubscriptionStatus.NotAllotted,
      SubscriptionStatus.Refunded,
    ]);
    const actor: Actor = { actorId: by.id, idempotencyKey: null };
    const pushes: Push[] = [];
    for (const s of subs) {
      const back =
        s.status === SubscriptionStatus.Subscribed
          ? { held: s.amount_held, fees: s.handling_fee_paid, holdId: s.hold_journal_id }
          : s.status === SubscriptionStatus.Allotted
            ? { held: s.amount_allotted!, fees: new Dec(s.fee_allotted!).add(s.handling_fee_paid).toFixed(), holdId: s.refund_journal_id ?? s.hold_journal_id }
            : { held: '0', fees: s.handling_fee_paid, holdId: null };
      const journalId = await postCancel(sql, s, back, actor);
      if (s.position_id !== null) {
        const p = await cancelPosition(sql, s.position_id);
        await insertEvent(sql, p, 'cancelled', null, null);
      }
      await repo.markCancelled(sql, s.id, journalId);
      pushes.push(await notices.notify(sql, s.user_id, 'deal.cancelled', { name: d.name, reason, refund: fixed(new Dec(back.held).add(back.fees), 2) }));
    }
    const deal = await transition(sql, d, DealStatus.Cancelled, by, { cancelReason: reason }, reason);
    return { deal, pushes };
  }

  /** The listing (listing.ts), audited with the day it trades from and the oversubscription its first day is drawn around. */
  async function listDeal(sql: Sql, d: DealRow, by: Mover) {
    const r = await listing.list(sql, d);
    const after = { ...audited(r.deal), listedOn: r.deal.listed_on, oversubscription: r.deal.listing_oversubscription };
    await writeAudit(sql, { actorId: by.id, action: ACTION.listed, targetType: 'deal', targetId: d.id, before: audited(d), after, ip: by.ip ?? null });
    return r;
  }

  /** Run `step` on a deal under its lock; push the notices once committed; answer the deal as operators see it. */
  async function step(id: number, fn: (sql: Sql, d: DealRow) => Promise<DealRow | { deal: DealRow; pushes: Push[] }>) {
    const done = await db.tx(async (sql) => {
      const r = await fn(sql, await locked(sql, id));
      return 'pushes' in r ? r : { deal: r, pushes: [] };
    });
    done.pushes.forEach((push) => push());
    return answer(done.deal);
  }

  /** A deal's code and symbol are its own: not another live deal's, not an instrument's already on the market. */
  const checkSymbol = (input: DealInput) => {
    if (opts.isListed(input.symbol)) throw new AppError('e.dealCodeTaken', { symbol: 'e.dealCodeTaken' });
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

  /** The day it is on the deal's exchange. */
  const today = (d: DealRow) => dayIn(DEAL_MARKETS[d.market].timeZone, now());
  /** The job allots on its date or after, and only on a day the exchange trades (the results are published on one). */
  const allotmentDue = (d: DealRow) => {
    const day = today(d);
    return day >= d.allotment_date && isTradingDay(DEAL_MARKETS[d.market].calendar, isoToDay(day));
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

    /**
     * The job's run: every deal whose next step is due takes it, each in its own transaction. Why
     * a second run (or a second node) changes nothing: each deal is claimed with SKIP LOCKED and
     * its status and dates read again under the lock, so a deal already opened, closed, allotted or
     * listed is past the step, and a first-day figure is written only while it is missing. Answers
     * how many steps were taken.
     */
    async runDue(): Promise<number> {
      let steps = 0;
      for (const { id } of await repo.dueDealIds(db, new Date(now()))) {
        const pushes = await db.tx(async (sql) => {
          let d = await repo.claimDeal(sql, id);
          if (!d) return [];
          const at = now();
          if (d.status === DealStatus.Announced && d.subscription_opens_at.getTime() <= at) {
            d = await open(sql, d, JOB);
            steps++;
          }
          if (d.status === DealStatus.Open && d.subscription_closes_at.getTime() <= at) {
            d = await close(sql, d, JOB);
            steps++;
          }
          if (d.status === DealStatus.Priced && allotmentDue(d)) {
            steps++;
            return (await allot(sql, d, JOB)).pushes;
          }
          if (listing.canList() && listing.isDue(d)) {
            steps++;
            return (await listDeal(sql, d, JOB)).pushes;
          }
          if (d.status === DealStatus.Listed && (await listing.recordFirstDay(sql, d)) !== d) steps++;
          return [];
        });
        pushes.forEach((push) => push());
      }
      return steps;
    },
  };
}

export type DealLifecycle = ReturnType<typeof createDealLifecycle>;
