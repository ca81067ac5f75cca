import { defineModule } from '../../http/host';
import { createSimulatedChain } from './chain';
import { chainWatcher } from './jobs';
import { depositsHandlers } from './routes';
import { createDepositService } from './service';

export const depositsModule = defineModule('deposits', ['wallet', 'notices'], async (app) => {
  const { db, config, pinned } = app.host;
  const chain = createSimulatedChain({ blockSeconds: config.CHAIN_BLOCK_SECONDS, seed: config.MARKET_SEED });
  const deposits = createDepositService({
    db,
    exchangeRates: app.exchangeRates,
    notices: app.notices,
    chain,
    faucetDailyUsd: config.SIM_FAUCET_DAILY,
    reviewAboveEur: config.CRYPTO_REVIEW_ABOVE_EUR,
    ...pinned,
  });
  app.host.jobs(chainWatcher(deposits, config.CHAIN_BLOCK_SECONDS));
  app.host.routes(depositsHandlers(deposits));
});
