import { LEVERAGE_RISK_VERSION, type BlockTradeActivation, type OrderDirection, type ResponseOf, type Routes } from '@tradeapp/contract';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryClient } from '../../lib/queryClient';
import { tradingKeys } from '../trading';
import { walletKeys } from '../wallet';

// Block trading (server module: blockTrades): where the investor stands, applying, entering the key
// an approval sent to their notices; then the block list, a request for a quote and its acceptance.

export type BlockStocks = ResponseOf<Routes['blockList']>;
export type BlockStock = BlockStocks['list'][number];
export type BlockQuote = ResponseOf<Routes['blockTradeCreate']>;
/** What the desk asks for (the wire takes the same, its numbers as numbers or strings). */
export interface BlockQuoteInput {
  stockCode: string;
  direction: OrderDirection;
  quantity: string;
  leverage: number;
}
export type BlockTradeResult = ResponseOf<Routes['blockTradeAccept']>;

export const blockTradeKeys = {
  all: ['blockTrades'] as const,
  activation: () => ['blockTrades', 'activation'] as const,
  stocks: (q: string) => ['blockTrades', 'stocks', q] as const,
  quotes: () => ['blockTrades', 'quotes'] as const,
  stockRule: () => ['blockTrades', 'stockRule'] as const,
};

/** Reference prices follow the live mid: the list is asked for again while it is shown. */
const STOCKS_REFRESH_MS = 5_000;

export function activationQuery() {
  return queryOptions({ queryKey: blockTradeKeys.activation(), queryFn: ({ signal }) => call('blockTradeActivation', {}, { signal }) });
}

export function blockStocksQuery(q: string, enabled = true) {
  return queryOptions({
    queryKey: blockTradeKeys.stocks(q),
    queryFn: ({ signal }) => call('blockList', { size: 50, ...(q ? { q } : {}) }, { signal }),
    enabled,
    refetchInterval: STOCKS_REFRESH_MS,
  });
}

export function blockQuotesQuery(enabled = true) {
  return queryOptions({ queryKey: blockTradeKeys.quotes(), queryFn: ({ signal }) => call('blockTradeQuotes', { size: 5 }, { signal }), enabled });
}

/** The stock trading rule: the leverages a block may take (the same as a stock order's). */
export function stockRuleQuery(stockCode: string | undefined) {
  return queryOptions({
    queryKey: [...blockTradeKeys.stockRule(), stockCode ?? ''],
    queryFn: async ({ signal }) => (await call('rates', { stockCode: stockCode ?? '' }, { signal })).find((r) => r.assetClass === 'stock') ?? null,
    enabled: Boolean(stockCode),
    staleTime: 5 * 60_000,
  });
}

/** Shared with the order form: one acknowledgement for every order of the investor. */
export function leverageRiskQuery(enabled = true) {
  return queryOptions({ queryKey: tradingKeys.leverageRisk(), queryFn: ({ signal }) => call('leverageRisk', {}, { signal }), enabled, staleTime: Infinity });
}

export async function acknowledgeLeverageRisk() {
  const risk = await call('acknowledgeLeverageRisk', { version: LEVERAGE_RISK_VERSION });
  queryClient.setQueryData(tradingKeys.leverageRisk(), risk);
  return risk;
}

/** The answer is the new state: shown at once, without waiting for a reload. */
function settle(activation: BlockTradeActivation): BlockTradeActivation {
  queryClient.setQueryData(blockTradeKeys.activation(), activation);
  return activation;
}

export async function applyForBlockTrading() {
  return settle(await call('blockTradeApply', {}));
}

/** Errors are the caller's to show (under the field): `silent`. */
export async function enterKey(key: string) {
  return settle(await call('blockTradeCheckSecret', { key }, { silent: true }));
}

/** A firm quote, or the refusal for the caller to show beside the field it names (`silent`). */
export async function requestQuote(input: BlockQuoteInput) {
  const quote = await call('blockTradeCreate', input, { silent: true });
  void queryClient.invalidateQueries({ queryKey: blockTradeKeys.quotes() });
  return quote;
}

/** Accepting moves money: the wallets, the positions and the quotes load afresh. */
export async function acceptQuote(id: number, idempotencyKey: string) {
  const result = await call('blockTradeAccept', { id }, { idempotencyKey, silent: true });
  void Promise.all([
    queryClient.invalidateQueries({ queryKey: blockTradeKeys.quotes() }),
    queryClient.invalidateQueries({ queryKey: tradingKeys.all }),
    queryClient.invalidateQueries({ queryKey: walletKeys.all }),
  ]);
  return result;
}
