import type { HandlersOf } from '../../http/register';
import type { PortfolioService } from './service';

export function portfolioHandlers(s: PortfolioService): HandlersOf<'portfolio' | 'operatorPortfolio'> {
  return {
    portfolio: ({ input, caller }) => s.value(caller!.id, input.currency),
    operatorPortfolio: ({ input, params }) => s.ofInvestor(params.id, input.currency),
  };
}
