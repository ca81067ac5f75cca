import { defineModule } from '../../http/host';
import { portfolioHandlers } from './routes';
import { createPortfolioService, type PortfolioService } from './service';
import type { PortfolioSource } from './source';

declare module 'fastify' {
  interface FastifyInstance {
    portfolio: PortfolioService;
  }
}

/** Every product module's source, in the order the lines are listed (src/portfolioSources.ts makes them). */
export const portfolioModule = defineModule<{ sources: PortfolioSource[] }>('portfolio', ['wallet'], async (app, { sources }) => {
  const { db, config, log, now } = app.host;
  const portfolio = createPortfolioService({ db, rates: app.exchangeRates, now, log, verifySkips: config.PORTFOLIO_VERIFY_SKIPS, sources });
  app.decorate('portfolio', portfolio);
  app.host.routes(portfolioHandlers(portfolio));
});
