import { DealStatus, SubscriptionStatus } from '@tradeapp/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Sql } from '../../db/db';
import { every } from '../../schedule/every';
import { fixed, Dec } from '../../lib/decimal';
import { firstSession, listingDayAt } from '../../market/listing';
import type { MarketProvider } from '../../market/types';
import type { Notices } from '../notices';
import { openAllotted } from '../trading';
import { instrumentOf } from './instrument';
import * as repo from './repository';
import type { DealRow } from './repository';
import { priceText } from './view';

type Push = () => void;

/** How often every node reads the listed deals, to price a listing another node made. */
export const LISTINGS_REFRESH_MS = 2000;

/**
 * The listing (decision 0019, "Listing"): an allotted deal's instrument joins the simulated market,
 * its allotted positions become open positions and their holders hear of it. The market prices the
 * instrument from the deal's row alone (market/listing.ts), so the node that lists it and every
 * other node compute the same prices: each node adds the listed deals to its market at start and
 * every LISTINGS_REFRESH_MS after (`startRefresh`), the listing node at once after the commit.
 */
export function createListing(opts: { provider: MarketProvider; notices: Notices; now: () => number }) {
  const { provider, notices, now } = opts;

  const addToMarket = (deals: DealRow[]) => provider.addListings?.(deals.map(instrumentOf));

  /** The regular session the deal's listing date first trades in, on its exchange's calendar. */
  const scheduled = (d: DealRow) => firstSession(d.market, d.listing_date);

  return {
    /** Whether this node's market can price listings at all (the replay provider cannot). */
    canList: () => provider.addListings !== undefined,

    /** An allotted deal lists by itself at the open of its listing date (the next trading day's, if the exchange is shut that day). */
    isDue: (d: DealRow) => d.status === DealStatus.Allotted && now() >= scheduled(d).opensAt,

    /**
     * List an allotted deal, under its row lock: it trades from the scheduled day once that day's
     * open has come, else (an operator listing early) from the next open, never from a session
     * already under way. The oversubscription is fixed here for the first-day draw. Each allotted
     * position becomes an open position (as a fill of /stock/create leaves it) with a notice to its
     * holder. Answers the listed deal and what to do once committed: the notices' pushes and this
     * node's market learning the instrument (before the commit, a rollback would leave the market
     * with a listing the database does not have).
     */
    async list(sql: Sql, d: DealRow): Promise<{ deal: DealRow; pushes: Push[] }> {
      const at = now();
      const listedOn = listingDayAt(d.market, d.listing_date, at);
      const stats = (await repo.statsOf(sql, [d.id])).get(d.id);
      const oversubscription = fixed(new Dec(stats?.demand_lots ?? 0).div(d.public_lots), 2);
      const deal = await repo.markListed(sql, d.id, { listedOn, oversubscription, at: new Date(at) });
      const pushes: Push[] = [];
      for (const s of await repo.subscriptionsOf(sql, d.id, [SubscriptionStatus.Allotted])) {
        // The history keeps the allotment's fill at the offer price: a listing is no trade of the holder's.
        const p = await openAllotted(sql, s.position_id!);
        if (!p) continue;
        pushes.push(
          await notices.notify(sql, s.user_id, 'deal.listed', {
            name: d.name,
            code: d.code,
            quantity: new Dec(p.quantity).toFixed(),
            price: priceText(d.final_price!),
            currency: d.currency,
            date: listedOn,
          }),
        );
      }
      pushes.push(() => addToMarket([deal]));
      return { deal, pushes };
    },

    /**
     * The first day's open once it has come and its close once the day has closed, read from the
     * market at those two instants (the last one of the first regular session gives its close), each
     * written once. Answers the deal as it is after.
     */
    async recordFirstDay(sql: Sql, d: DealRow): Promise<DealRow> {
      if (d.status !== DealStatus.Listed || d.listed_on === null || !provider.addListings) return d;
      addToMarket([d]);
      const first = firstSession(d.market, d.listed_on);
      const at = now();
      const price = d.first_day_price === null && at >= first.opensAt ? provider.snapshot(d.symbol, first.opensAt).open : undefined;
      const close = d.first_day_close === null && at >= first.closesAt ? provider.snapshot(d.symbol, first.closesAt - 1).last : undefined;
      if (price === undefined && close === undefined) return d;
      return repo.recordFirstDay(sql, d.id, { ...(price !== undefined ? { price } : {}), ...(close !== undefined ? { close } : {}) });
    },

    /** This node's market learns every listed deal now, then every LISTINGS_REFRESH_MS. Answers the stop. */
    async startRefresh(db: Db, log: FastifyBaseLogger, everyMs = LISTINGS_REFRESH_MS) {
      if (!provider.addListings) return async () => {};
      const load = async () => addToMarket(await repo.listedDeals(db));
      await load();
      return every(everyMs, 'deal-listings', log, load).stop;
    },
  };
}

export type Listing = ReturnType<typeof createListing>;
