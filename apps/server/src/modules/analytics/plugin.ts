import { defineModule } from '../../http/host';
import { analyticsHandlers } from './routes';
import { createAnalyticsService, type AnalyticsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    analytics: AnalyticsService;
  }
}

export const analyticsModule = defineModule('analytics', ['market', 'wallet', 'portfolio'], async (app) => {
  const { db, provider, now } = app.host;
  const analytics = createAnalyticsService({ db, market: app.market, provider, exchangeRates: app.exchangeRates, portfolio: app.portfolio, now });
  app.decorate('analytics', analytics);
  app.host.routes(analyticsHandlers(analytics));
});
