// The steps of a deal, shared by the back office's calls (operator.ts) and the job's run (lifecycle.ts): every
// step takes the deal's row lock, writes the same audit shape and pushes its notices after the commit (`step`,
// `audited`), so they are built once, here, rather than repeated by each caller.
import { randomBytes } from 'node:crypto';
import {
  DealStatus,
  HK_POOL_THRESHOLD,
  SubscriptionStatus,
  WalletCode,
  subscriptionCosts,
  type DealStatus as DealStatusType,
  type Locale,
} from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { notFound } from '../../errors';
import { writeAudit } from '../../lib/audit';
import { Dec, fixed } from '../../lib/decimal';
import type { Notices } from '../notices';
import { insertAllotted, insertEvent, markCancelled as cancelPosition } from '../trading';
import { allotHongKong, allotUnitedStates, type Allotment } from './allotment';
import type { Listing } from './listing';
import { postAllot, postCancel, postRefund, type Actor } from './postings';
import * as repo from './repository';
import type { DealRow, SubscriptionRow } from './repository';
import { priceText, toDeal } from './view';

/** Who moves a deal on: an operator (audited with their address) or the lifecycle job (no actor). */
export interface Mover {
  id: number | null;
  ip?: string | null;
  /** The operator's language: a refusal names the next valid time in it. */
  locale?: Locale;
}
export const JOB: Mover = { id: null };

export type Push = () => void;

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

export interface DealLifecycleOptions {
  db: Db;
  notices: Notices;
  /** Whether the market already trades a symbol: a deal cannot take it. */
  isListed: (symbol: string) => boolean;
  listing: Listing;
  now?: () => number;
}

/** The steps and what they share, built once per lifecycle: the options, the clock, the audit shape, the lock. */
export function createDealSteps(opts: DealLifecycleOptions) {
  const { db, notices, listing } = opts;
  const now = opts.now ?? Date.now;

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

  return { ...opts, now, answer, audited, transition, open, close, allot, cancel, listDeal, step };
}

export type DealSteps = ReturnType<typeof createDealSteps>;
