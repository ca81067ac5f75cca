import { defineModule } from '../../http/host';
import { unlistedInstrument } from './instrument';
import { dealLifecycle } from './jobs';
import { createDealLifecycle } from './lifecycle';
import { createListing } from './listing';
import { dealsHandlers } from './routes';
import { ensureSeedDeals } from './seed';
import { createDealService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    deals: ReturnType<typeof createDealService>;
    /** A deal's instrument before it lists (trading shows and books an allotted position in it). */
    unlistedInstrument: typeof unlistedInstrument;
  }
}

export const dealsModule = defineModule('deals', ['market', 'wallet', 'notices'], async (app) => {
  const { db, provider, log, now, pinned } = app.host;
  const deals = createDealService({ db, notices: app.notices, exchangeRates: app.exchangeRates, ...pinned });
  app.decorate('deals', deals);
  app.decorate('unlistedInstrument', unlistedInstrument);
  const listed = new Set(app.market.instruments.map((i) => i.symbol));
  const listing = createListing({ provider, notices: app.notices, now });
  const steps = createDealLifecycle({ db, notices: app.notices, listing, isListed: (symbol) => listed.has(symbol), ...pinned });
  // Every node prices the listed deals from the start, and those another node lists within seconds.
  const stopListings = await listing.startRefresh(db, log);
  app.addHook('onClose', () => stopListings());
  await ensureSeedDeals(db, now());
  app.host.step('deals and listings');
  app.host.jobs(dealLifecycle(steps));
  app.host.routes(dealsHandlers(deals, steps));
});
