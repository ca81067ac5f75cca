import { floatingProfit, OrderStatus, roundDecimal, signOf } from '@tradeapp/contract';
import { queryJsonRows } from '../../db/db';
import { Dec } from '../../lib/decimal';
import type { Snapshot } from '../../market/types';
import type { PortfolioDeps, PortfolioSource, SourceLine } from '../portfolio';
import { exitPrice } from './pricing';
import type { PositionRow } from './repository';

/** The columns a line reads, numerics as text: an investor with hundreds of lines pays for every column fetched. */
const COLUMNS =
  'id, symbol, wallet_code, wallet_currency, currency, direction, status, price::text, open_price::text, quantity::text, margin::text, open_fee::text, parts_fee::text, follow_id, robot_order_id, filled_at, created_at';
/** As `queryJsonRows` answers: the times as ISO strings. */
type JsonRow = Omit<LineRow, 'filled_at' | 'created_at'> & { filled_at: string | null; created_at: string };
type LineRow = Pick<
  PositionRow,
  | 'id'
  | 'symbol'
  | 'wallet_code'
  | 'wallet_currency'
  | 'currency'
  | 'direction'
  | 'status'
  | 'price'
  | 'open_price'
  | 'quantity'
  | 'margin'
  | 'open_fee'
  | 'parts_fee'
  | 'follow_id'
  | 'robot_order_id'
  | 'filled_at'
  | 'created_at'
>;

const ZERO = new Dec(0);
/** The statuses of a position with a line: entrusted, open, and allotted IPO shares awaiting their listing. */
const OPEN = [OrderStatus.WaitingConfirmation, OrderStatus.InProgress, OrderStatus.ToBeSettled];
/**
 * To the cent, half up (`Dec`'s rounding), rounded on the text: a profit at a cross rate has 40
 * digits, and reading those into a `Dec` only to drop all but two cost most of a line's time.
 */
const cents = (v: string) => new Dec(roundDecimal(v, 2)!);

/** An instrument's snapshot with the price a position of one direction would close at. */
interface Priced {
  s: Snapshot;
  exit: Dec;
  exitText: string;
}

/**
 * Trading's lines of the portfolio (issue 32). An open position is worth its margin plus its
 * floating profit at the live exit price (never its notional), and never below zero: a loss past
 * the margin is the house book's. Its net profit is the floating profit less the fees it paid.
 * An entrusted order is the money it holds; allotted IPO shares waiting for their listing are the
 * money paid for them. A copy's position is the follow's, a robot's fill the robot's: their lines
 * say so, and the follow's and robot's own sources add the money those keep aside.
 */
export function createTradingPortfolioSource(opts: PortfolioDeps): PortfolioSource {
  const { db, market, provider, exchangeRates } = opts;

  function openLine(
    p: LineRow,
    at: (symbol: string, direction: number) => Priced,
    rateOf: (from: string, to: string) => string,
    dayOf: (symbol: string, at: number) => string,
  ): SourceLine {
    const { s, exit, exitText } = at(p.symbol, p.direction);
    const rate = rateOf(p.currency, p.wallet_currency);
    const floating = cents(floatingProfit({ direction: p.direction, openPrice: p.open_price!, exitPrice: exitText, quantity: p.quantity, rate }));
    const margin = new Dec(p.margin);
    const openFee = new Dec(p.open_fee);
    const fees = signOf(p.parts_fee) === 0 ? openFee : openFee.add(p.parts_fee);
    const filledToday = p.filled_at !== null && dayOf(p.symbol, p.filled_at.getTime()) === s.session.tradingDay;
    let dayChange = floating;
    if (!filledToday && p.open_price !== null) {
      const atClose = floatingProfit({ direction: p.direction, openPrice: p.open_price, exitPrice: s.previousClose, quantity: p.quantity, rate });
      dayChange = floating.sub(cents(atClose));
    }
    const equity = margin.add(floating);
    const value = equity.isNegative() ? ZERO : equity;
    return {
      id: String(p.id),
      product: p.follow_id !== null ? 'follow' : p.robot_order_id !== null ? 'robot' : 'position',
      instrument: p.symbol,
      name: s.instrument.name,
      wallet: p.wallet_code,
      quantity: new Dec(p.quantity),
      price: exit,
      priceCurrency: p.currency,
      priceSource: 'market',
      priceTimestamp: s.time,
      currency: p.wallet_currency,
      value,
      cost: margin.add(openFee),
      pnl: floating.sub(fees),
      pnlGross: floating,
      fees,
      // Past a total loss the line stays at zero, and so does its change.
      dayChange: value.isZero() ? ZERO : dayChange,
      held: { wallet: p.wallet_code, amount: margin },
    };
  }

  function waitingLine(p: LineRow): SourceLine {
    const instrument = provider.instrument(p.symbol);
    const entrusted = p.status === OrderStatus.WaitingConfirmation;
    // An entrusted order holds its margin and fee; allotted shares hold what was paid for them.
    const held = entrusted ? new Dec(p.margin).add(p.open_fee) : new Dec(p.margin);
    return {
      id: String(p.id),
      product: entrusted ? (p.follow_id !== null ? 'follow' : p.robot_order_id !== null ? 'robot' : 'entrustedOrder') : 'ipoShares',
      instrument: p.symbol,
      name: instrument?.name ?? p.symbol,
      wallet: p.wallet_code,
      quantity: new Dec(p.quantity),
      price: new Dec(p.price),
      priceCurrency: p.currency,
      priceSource: 'cost',
      priceTimestamp: p.created_at.getTime(),
      currency: p.wallet_currency,
      value: held,
      cost: held,
      held: { wallet: p.wallet_code, amount: held },
    };
  }

  return {
    module: 'trading',
    products: ['position', 'entrustedOrder', 'ipoShares', 'follow', 'robot'],
    holds: `exists (select 1 from positions where user_id = $1 and status in (${OPEN.join(', ')}))`,
    async lines(userId) {
      const rows = (
        await queryJsonRows<JsonRow>(db, `select ${COLUMNS} from positions where user_id = $1 and status in (${OPEN.join(', ')}) order by id`, [userId])
      ).map((r): LineRow => ({ ...r, filled_at: r.filled_at === null ? null : new Date(r.filled_at), created_at: new Date(r.created_at) }));
      // One snapshot per instrument and one rate per pair for the whole answer: every line at the same price and rate.
      const snapshots = new Map<string, Snapshot>();
      const priced = new Map<string, Priced>();
      const at = (symbol: string, direction: number) => {
        const key = `${symbol}/${direction}`;
        let q = priced.get(key);
        if (!q) {
          let s = snapshots.get(symbol);
          if (!s) snapshots.set(symbol, (s = market.snapshot(symbol)));
          const exit = exitPrice(direction, s);
          priced.set(key, (q = { s, exit, exitText: exit.toFixed() }));
        }
        return q;
      };
      const rates = new Map<string, string>();
      const rateOf = (from: string, to: string) => {
        const key = `${from}/${to}`;
        let r = rates.get(key);
        if (r === undefined) rates.set(key, (r = exchangeRates.rate(from, to).toFixed()));
        return r;
      };
      // Sessions change on whole minutes: fills of one instrument in one minute share their trading day.
      const days = new Map<string, string>();
      const dayOf = (symbol: string, at: number) => {
        const key = `${symbol}@${Math.floor(at / 60_000)}`;
        let d = days.get(key);
        if (d === undefined) days.set(key, (d = market.sessionAt(symbol, at).tradingDay));
        return d;
      };
      return rows.map((p) => (p.status === OrderStatus.InProgress ? openLine(p, at, rateOf, dayOf) : waitingLine(p)));
    },
  };
}
