import type { Db, Sql } from '../../db/db';
import { notFound } from '../../errors';
import type { MarketProvider } from '../../market/types';
import type { MarketService } from '../market';
import type { Notices } from '../notices';
import type { TradingService } from '../trading';
import type { ExchangeRates } from '../wallet';
import { createPlacementView, type PlacementRow } from './view';

// What the back office's use cases (operator.ts) and the investor's (investor.ts) share, built once
// per service: the options, the clock, the view and the placement's row.

export const DAY = 86_400_000;

export interface Operator {
  operatorId: number;
  ip: string;
}

export const PLACEMENT_COLUMNS = `id, symbol, kind, currency, price, last_close, floor_price, quantity_offered, quantity_sold, min_quantity,
  opens_at, closes_at, lockup_days, status, close_reason, closed_by, closed_at, created_by, created_at`;

export interface PlacementServiceOptions {
  db: Db;
  market: MarketService;
  provider: MarketProvider;
  exchangeRates: ExchangeRates;
  trading: TradingService;
  notices: Notices;
  now?: () => number;
  /** Tells the trigger engine about a symbol that now has an open position. */
  watch?: (symbol: string) => void;
}

export function createPlacementContext(opts: PlacementServiceOptions) {
  const now = opts.now ?? Date.now;
  const view = createPlacementView(opts.market, opts.exchangeRates);

  async function loadRow(sql: Sql, id: number, lock = false): Promise<PlacementRow> {
    const [row] = await sql.query<PlacementRow>(`select ${PLACEMENT_COLUMNS} from placements where id = $1${lock ? ' for update' : ''}`, [id]);
    if (!row) throw notFound();
    return row;
  }

  return { ...opts, now, view, loadRow };
}

export type PlacementContext = ReturnType<typeof createPlacementContext>;
