import { defineModule } from '../../http/host';
import { createExchangeRates, type ExchangeRates } from './exchangeRates';
import { transferSettlement } from './jobs';
import { walletHandlers } from './routes';
import { createWalletService, type WalletService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    exchangeRates: ExchangeRates;
    wallets: WalletService;
  }
}

export const walletModule = defineModule('wallet', ['market', 'notices'], async (app) => {
  const { db, config } = app.host;
  const exchangeRates = createExchangeRates(app.market);
  const wallets = createWalletService({ db, exchangeRates, market: app.market, notices: app.notices, settleSeconds: config.TRANSFER_SETTLE_SECONDS });
  app.decorate('exchangeRates', exchangeRates);
  app.decorate('wallets', wallets);
  app.host.jobs(transferSettlement(wallets, config.TRANSFER_SETTLE_SECONDS));
  // The funding overview shows the net assets, which the portfolio (registered after every product) counts.
  app.host.routes(walletHandlers(wallets, { value: (userId, currency) => app.portfolio.value(userId, currency) }));
});
