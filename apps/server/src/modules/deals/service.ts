import {
  DealStatus,
  SubscriptionStatus,
  WalletCode,
  affordableLots,
  handlingFeeOf,
  subscriptionCosts,
  type DealMarket,
  type DealStatus as DealStatusType,
  type SubscriptionStatus as SubscriptionStatusType,
} from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { isUniqueViolation } from '../../db/errors';
import { AppError, notFound } from '../../errors';
import { Dec, fixed } from '../../lib/decimal';
import { requireVerifiedKyc } from '../kyc';
import type { Notices } from '../notices';
import { availableBalance } from '../trading';
import type { ExchangeRates } from '../wallet';
import { postHold, postRehold, postSubscribe, type Actor } from './postings';
import * as repo from './repository';
import type { DealRow, SubscriptionRow } from './repository';
import { breakRateOf, priceOf, priceText, toNewStock, toSubscription } from './view';

export interface DealRef {
  dealId?: number | undefined;
  stockCode?: string | undefined;
  /** Only a deal of this market (`/hk/create` pays Hong Kong deals alone). */
  market?: DealMarket | undefined;
}

/**
 * The investor's side of IPO deals (decision 0019): subscribing from the subscription wallet,
 * changing or reconfirming a United States offer, the subscriptions list, the most lots the
 * wallet pays for, and the new-stock list and detail. Every money step is one transaction with its
 * journals, under the deal's row lock in share mode, so a step of the lifecycle (which takes it in
 * update mode) sees either all of a subscription or none of it. Notices are pushed after the commit.
 */
export function createDealService(opts: { db: Db; notices: Notices; exchangeRates: ExchangeRates; now?: () => number }) {
  const { db, notices, exchangeRates } = opts;
  const now = opts.now ?? Date.now;

  /** Euros per unit of the deal's currency, live: what a hold is converted at and kept. */
  const rateOf = (d: DealRow) => exchangeRates.rate(d.currency, 'EUR').toFixed();

  const isOpenNow = (d: DealRow) => d.status === DealStatus.Open && d.subscription_opens_at.getTime() <= now() && now() < d.subscription_closes_at.getTime();

  async function dealFor(sql: Sql, ref: DealRef): Promise<DealRow> {
    const d = await repo.findDealBy(sql, ref, 'share');
    if (!d || (ref.market !== undefined && d.market !== ref.market)) throw notFound();
    return d;
  }

  function checkLots(d: DealRow, lots: number) {
    if (lots > d.public_lots) throw new AppError('e.dealLotsTooMany', { lots: 'e.dealLotsTooMany' }, { max: d.public_lots });
  }

  /** What `lots` hold at `price` and the live rate, refused when it rounds to nothing. */
  function holdFor(d: DealRow, lots: number, price: string) {
    const rate = rateOf(d);
    const costs = subscriptionCosts({ lots, lotSize: d.lot_size, price, rate, feeRate: d.fee_rate });
    if (!new Dec(costs.total).gt(0)) throw new AppError('v.lotsRule', { lots: 'v.lotsRule' });
    return { rate, held: costs.total };
  }

  /**
   * A United States offer held again for `lots` at `price`: its earlier hold released, then the
   * new one held, each a journal; refused as a whole (nothing changes) when the wallet cannot pay.
   */
  async function reholdOffer(sql: Sql, d: DealRow, s: SubscriptionRow, lots: number, price: string, a: Actor, reconfirmed: boolean) {
    checkLots(d, lots);
    const { rate, held } = holdFor(d, lots, price);
    await postRehold(sql, s, a);
    const holdJournalId = await postHold(sql, s, held, a);
    return repo.rehold(sql, s.id, { lots, priceHeld: price, rate, amountHeld: held, holdJournalId, reconfirmed });
  }

  async function liveOffer(sql: Sql, userId: number, d: DealRow): Promise<SubscriptionRow> {
    const s = await repo.findOwn(sql, userId, d.id, true);
    if (!s || s.status !== SubscriptionStatus.Subscribed) throw notFound();
    return s;
  }

  async function newStocksOf(rows: DealRow[], callerId: number | null) {
    const ids = rows.map((d) => d.id);
    const [stats, applications, own] = await Promise.all([
      repo.statsOf(db, ids),
      repo.applicationsOf(db, ids),
      callerId === null ? Promise.resolve(new Map<number, SubscriptionRow>()) : repo.ownOf(db, callerId, ids),
    ]);
    return rows.map((d) =>
      toNewStock(
        d,
        stats.get(d.id),
        applications.filter((a) => a.deal_id === d.id),
        own.get(d.id),
      ),
    );
  }

  return {
    async subscribe(userId: number, input: DealRef & { lots: number }, idempotencyKey: string | undefined) {
      const actor: Actor = { actorId: userId, idempotencyKey: idempotencyKey ?? null };
      const done = await db.tx(async (sql) => {
        await requireVerifiedKyc(sql, userId);
        const d = await dealFor(sql, input);
        if (!isOpenNow(d)) throw new AppError('e.dealNotOpen');
        checkLots(d, input.lots);
        if (await repo.findOwn(sql, userId, d.id)) throw new AppError('e.dealSubscribed');
        const { rate, held } = holdFor(d, input.lots, d.price_high);
        const handlingFee = handlingFeeOf(d.handling_fee, rate);
        const id = await repo.nextSubscriptionId(sql);
        const holdJournalId = await postSubscribe(sql, { userId, subscriptionId: id, held, handlingFee }, actor);
        const s = await repo
          .insertSubscription(sql, {
            id,
            dealId: d.id,
            userId,
            lots: input.lots,
            priceHeld: d.price_high,
            rate,
            amountHeld: held,
            handlingFee,
            holdJournalId,
            idempotencyKey: actor.idempotencyKey,
          })
          .catch((err: unknown) => {
            // Two subscriptions racing past the check above: the index lets one through.
            if (isUniqueViolation(err, 'deal_subscriptions_live')) throw new AppError('e.dealSubscribed');
            throw err;
          });
        const push = await notices.notify(sql, userId, 'deal.subscribed', {
          lots: s.lots,
          quantity: new Dec(s.lots).mul(d.lot_size).toFixed(),
          name: d.name,
          amount: fixed(held, 2),
          fee: fixed(handlingFee, 2),
        });
        return { s, d, push };
      });
      done.push();
      return toSubscription(done.s, done.d);
    },

    /** A United States offer's lots, changed while the window is open (not in the specification). */
    async change(userId: number, input: DealRef & { lots: number }, idempotencyKey: string | undefined) {
      const actor: Actor = { actorId: userId, idempotencyKey: idempotencyKey ?? null };
      return db.tx(async (sql) => {
        const d = await dealFor(sql, input);
        if (d.market !== 'US' || !isOpenNow(d)) throw new AppError('e.dealNotChangeable');
        const s = await liveOffer(sql, userId, d);
        if (s.lots === input.lots) return toSubscription(s, d);
        return toSubscription(await reholdOffer(sql, d, s, input.lots, d.price_high, actor, false), d);
      });
    },

    /**
     * Reconfirming a United States offer asked to after its pricing: held again at the final price
     * (for its lots or the ones given), so the allotment can take what it allots.
     */
    async reconfirm(userId: number, input: DealRef & { lots?: number | undefined }, idempotencyKey: string | undefined) {
      const actor: Actor = { actorId: userId, idempotencyKey: idempotencyKey ?? null };
      return db.tx(async (sql) => {
        const d = await dealFor(sql, input);
        const s = await repo.findOwn(sql, userId, d.id, true);
        if (!s) throw notFound();
        if (d.status !== DealStatus.Priced || s.status !== SubscriptionStatus.Subscribed || !s.reconfirm_required) throw new AppError('e.dealNoReconfirm');
        return toSubscription(await reholdOffer(sql, d, s, input.lots ?? s.lots, d.final_price!, actor, true), d);
      });
    },

    async subscriptions(userId: number, status: SubscriptionStatusType | undefined, page: number, size: number) {
      const { rows, total } = await repo.pageOfOwn(db, userId, status, page, size);
      const deals = await repo.dealsByIds(db, [...new Set(rows.map((s) => s.deal_id))]);
      return { list: rows.map((s) => toSubscription(s, deals.get(s.deal_id)!)), total, page, size };
    },

    /**
     * The most lots the caller's subscription wallet pays for at the price a subscription is held
     * at now. With an offer already held (a change, a reconfirmation) its hold counts as available
     * and its handling fee is paid already.
     */
    async fullLots(userId: number, ref: DealRef) {
      const d = await dealFor(db, ref);
      const own = await repo.findOwn(db, userId, d.id);
      const offer = own?.status === SubscriptionStatus.Subscribed ? own : undefined;
      const available = new Dec((await availableBalance(db, userId, WalletCode.Subscription, 'EUR')) ?? 0);
      const rate = rateOf(d);
      const price = priceOf(d);
      const handlingFee = offer ? '0.00' : handlingFeeOf(d.handling_fee, rate);
      const budget = available.add(offer?.amount_held ?? 0).toFixed();
      const lots = affordableLots({ budget, lotSize: d.lot_size, price, rate, feeRate: d.fee_rate, handlingFee, maxLots: d.public_lots });
      const amount = lots > 0 ? subscriptionCosts({ lots, lotSize: d.lot_size, price, rate, feeRate: d.fee_rate }).total : '0.00';
      return {
        dealId: d.id,
        lots,
        quantity: new Dec(lots).mul(d.lot_size).toFixed(),
        lotSize: String(d.lot_size),
        price: priceText(price),
        amount: fixed(amount, 2),
        handlingFee: fixed(handlingFee, 2),
        available: fixed(available, 2),
        rate,
        walletCode: WalletCode.Subscription,
        walletCurrency: 'EUR' as const,
      };
    },

    async newStocks(callerId: number | null, status: DealStatusType | undefined, page: number, size: number) {
      const { rows, total } = await repo.pageOfDeals(db, status, page, size, 'lifecycle');
      return { list: await newStocksOf(rows, callerId), total, page, size, ...breakRateOf(await repo.firstDayCloses(db)) };
    },

    async newStock(callerId: number | null, ref: { symbol?: string | undefined; id?: number | undefined }) {
      const d = await repo.findDealBy(db, { dealId: ref.id, stockCode: ref.symbol });
      if (!d) throw notFound();
      return (await newStocksOf([d], callerId))[0]!;
    },
  };
}

export type DealService = ReturnType<typeof createDealService>;
