import { createQuotesInvestor } from './quotesInvestor';
import { createQuotesOperator } from './quotesOperator';
import { createQuoteContext, type BlockQuoteOptions } from './quotesView';

// Block trading's request for quote (decision 0019, "Block trades"; migration 0014). The house is
// the desk: it prices a request at once from the live mid (contract `blockQuoteOf`), firm for
// BLOCK_QUOTE_TTL_SECONDS; the investor's accept executes it through trading's own order path at
// the quoted price and costs. The simulated market is not moved by it: a block print sets no last,
// high or low (the provider's prices come from its model, never from our fills).

export function createBlockQuoteService(opts: BlockQuoteOptions) {
  const ctx = createQuoteContext(opts);
  return { ...createQuotesInvestor(ctx), ...createQuotesOperator(ctx) };
}

export type BlockQuoteService = ReturnType<typeof createBlockQuoteService>;
