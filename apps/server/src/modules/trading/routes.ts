import { JournalKind, type OrderCall, type Subscription } from '@tradeapp/contract';
import type { HandlersOf } from '../../http/register';
import type { DealRef } from '../deals';
import type { WalletService } from '../wallet';
import type { TradingService } from './service';

/** The journals of trading: its bills are the wallet's bills of these kinds. */
const TRADING_KINDS: string[] = [
  JournalKind.OrderHold,
  JournalKind.OrderRelease,
  JournalKind.OrderOpen,
  JournalKind.PositionClose,
  JournalKind.PositionMargin,
  JournalKind.PositionLiquidate,
];

export function tradingHandlers(
  t: TradingService,
  wallets: WalletService,
  watch: (symbol: string) => void,
  /** `/hk/create` with source NewStock: a Hong Kong IPO application (the deals' subscribe). */
  payHkIpo: (userId: number, input: DealRef & { lots: number }, idempotencyKey: string | undefined) => Promise<Subscription>,
): HandlersOf<
  | 'orderStock'
  | 'orderHk'
  | 'orderGold'
  | 'orderCrude'
  | 'rates'
  | 'minCount'
  | 'halfOrFull'
  | 'positions'
  | 'positionsByStock'
  | 'position'
  | 'closePosition'
  | 'closedPositions'
  | 'entrustedOrders'
  | 'cancelOrder'
  | 'addMargin'
  | 'setStops'
  | 'largeOrders'
  | 'tradingWater'
  | 'leverageRisk'
  | 'acknowledgeLeverageRisk'
> {
  const order = (call: Exclude<OrderCall, 'orderHk'>) =>
    (async ({ input, caller, idempotencyKey }) => {
      const position = await t.create(caller!.id, call, input, idempotencyKey);
      watch(position.symbol);
      return position;
    }) satisfies HandlersOf<typeof call>[typeof call];
  return {
    orderStock: order('orderStock'),
    orderHk: async ({ input, caller, idempotencyKey }) => {
      if ('lots' in input) return payHkIpo(caller!.id, { ...input, market: 'HK' }, idempotencyKey);
      const position = await t.create(caller!.id, 'orderHk', input, idempotencyKey);
      watch(position.symbol);
      return position;
    },
    orderGold: order('orderGold'),
    orderCrude: order('orderCrude'),
    rates: async ({ input }) => t.rules(input.stockCode),
    minCount: async ({ input }) => t.minCount(input.stockCode),
    halfOrFull: ({ input, caller }) => t.halfOrFull(caller!.id, input),
    positions: ({ input, caller }) => t.open(caller!.id, input.page, input.size),
    positionsByStock: ({ input, caller }) => t.byStock(caller!.id, input.stockCode),
    position: ({ input, caller }) => t.detail(caller!.id, input.id),
    closePosition: ({ input, caller, idempotencyKey }) => t.closeByUser(caller!.id, input.id, input.quantity, idempotencyKey),
    closedPositions: ({ input, caller }) => t.closed(caller!.id, input.page, input.size),
    entrustedOrders: ({ input, caller }) => t.entrusted(caller!.id, input.page, input.size),
    cancelOrder: ({ input, caller, idempotencyKey }) => t.cancel(caller!.id, input.id, idempotencyKey),
    addMargin: ({ input, caller, idempotencyKey }) => t.addMargin(caller!.id, input.id, input.amount, idempotencyKey),
    setStops: ({ input, caller }) => t.setStops(caller!.id, input.id, input),
    largeOrders: ({ input }) => t.largeOrders(input.stockCode, input.size),
    tradingWater: ({ input, caller }) => wallets.bills(caller!.id, { ...input, types: TRADING_KINDS }),
    leverageRisk: ({ caller }) => t.leverageRisk(caller!.id),
    acknowledgeLeverageRisk: ({ input, caller }) => t.acknowledgeLeverageRisk(caller!.id, input.version),
  };
}
