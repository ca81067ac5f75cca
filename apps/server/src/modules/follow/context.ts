import type { Agency, AgencyRecord } from '@tradeapp/contract';
import type { Db, Sql } from '../../db/db';
import { Dec, fixed, plain } from '../../lib/decimal';
import type { MarketService } from '../market';
import type { PositionRow, TradingService } from '../trading';
import { STRATEGIES } from '../strategy';
import type { FollowEngine } from './engine';
import { maxDrawdown, navOf, ranking, riskScore, volatility, windowReturn, winRate, type EquityPoint } from './record';
import * as repo from './repository';
import type { AgencyRow } from './repository';

const DAY_MS = 86_400_000;
const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10);
/** A position's net result after both fees: what its wallet moved. */
export const netOf = (p: PositionRow) => new Dec(p.realised!).sub(p.open_fee);

export interface Curve {
  points: Array<EquityPoint & { backfilled: boolean }>;
  /** The closed positions' net results, for the win rate. */
  nets: string[];
  /** The equity at any moment up to now, from the same journals and positions. */
  equityAt: (t: number) => Dec;
}

export interface FollowServiceOptions {
  db: Db;
  market: MarketService;
  trading: TradingService;
  engine: FollowEngine;
  now: () => number;
}

/**
 * What the investor's calls and the back office's share, built once per service: the options and
 * the agencies' records, whose past days are kept here (one cache per service) until a journal changes them.
 */
export function createFollowContext(opts: FollowServiceOptions) {
  const { market, trading, engine } = opts;

  /**
   * An agency's equity at each UTC day's end from its first day to today: its follow wallet's
   * balance from the journals up to that moment, plus the floating P&L of the positions open then,
   * at that moment's quote. Today's point is now. Days before today are kept until a journal changes them.
   */
  const curves = new Map<number, { key: string; past: Curve['points']; nets: string[]; equityAt: (t: number) => Dec }>();
  async function curveOf(sql: Sql, a: AgencyRow): Promise<Curve> {
    const now = opts.now();
    const today = dayOf(now);
    const key = `${await repo.lastJournalId(sql, a.user_id)}|${today}`;
    let cached = curves.get(a.id);
    if (!cached || cached.key !== key) {
      const entries = await repo.walletEntries(sql, a.user_id);
      const positions = [...(await repo.openPositions(sql, a.user_id)), ...(await repo.closedPositions(sql, a.user_id))];
      /** Just before `t`: the journals before it, and the positions open then at that moment's quote. */
      const equityAt = (t: number) => {
        let equity = new Dec(0);
        for (const entry of entries) if (entry.at.getTime() < t) equity = equity.add(entry.amount);
        for (const p of positions) {
          const opened = (p.filled_at ?? p.created_at).getTime();
          if (opened < t && (p.closed_at === null || p.closed_at.getTime() >= t)) equity = equity.add(trading.floating(p, market.snapshot(p.symbol, t - 1)));
        }
        return equity;
      };
      const past: Curve['points'] = [];
      for (let t = Date.parse(`${dayOf(a.start_at.getTime())}T00:00:00Z`) + DAY_MS; dayOf(t - 1) < today; t += DAY_MS) {
        past.push({ day: dayOf(t - 1), equity: fixed(equityAt(t), 2), backfilled: t <= a.live_from.getTime() });
      }
      const nets = positions.filter((p) => p.closed_at !== null).map((p) => plain(netOf(p)));
      cached = { key, past, nets, equityAt };
      curves.set(a.id, cached);
    }
    const live = await engine.equityOf(sql, a.user_id);
    return { points: [...cached.past, { day: today, equity: fixed(live, 2), backfilled: false }], nets: cached.nets, equityAt: cached.equityAt };
  }

  function recordOf(a: AgencyRow, curve: Curve): AgencyRecord {
    const nav = navOf(curve.points, a.capital);
    const last = curve.points[curve.points.length - 1]!;
    const ret = (days: number) => windowReturn(nav, days);
    const drawdown365 = maxDrawdown(nav, 365);
    const vol = volatility(nav, 365);
    return {
      equity: last.equity,
      capital: fixed(a.capital, 2),
      nav: fixed(nav[nav.length - 1]!.nav, 4),
      returns: { d7: ret(7), d30: ret(30), d90: ret(90), d180: ret(180), d365: ret(365) },
      maxDrawdown90: maxDrawdown(nav, 90),
      maxDrawdown365: drawdown365,
      winRate: winRate(curve.nets),
      closedTrades: curve.nets.length,
      volatility: vol,
      riskScore: riskScore(vol, drawdown365),
      startDay: dayOf(a.start_at.getTime()),
      liveDay: dayOf(Math.max(a.live_from.getTime(), a.start_at.getTime())),
    };
  }

  async function agencies(sql: Sql) {
    const rows = await repo.agencies(sql);
    const totals = new Map((await repo.followingTotals(sql)).map((t) => [t.agency_id, t]));
    const list: Array<{ row: AgencyRow; curve: Curve; agency: Agency }> = [];
    for (const a of rows) {
      const curve = await curveOf(sql, a);
      const record = recordOf(a, curve);
      const t = totals.get(a.id);
      list.push({
        row: a,
        curve,
        agency: {
          id: a.id,
          strategy: a.strategy,
          symbols: [...STRATEGIES[a.strategy].symbols],
          leverage: STRATEGIES[a.strategy].leverage,
          currency: 'USD' as const,
          paused: a.paused_at !== null,
          record,
          followers: t?.followers ?? 0,
          followingAmount: fixed(t?.amount ?? 0, 2),
          rank: null,
        },
      });
    }
    const top = ranking(list.map((x) => ({ id: x.agency.id, return90: x.agency.record.returns.d90, drawdown90: x.agency.record.maxDrawdown90 })));
    top.forEach((r, n) => {
      list.find((x) => x.agency.id === r.id)!.agency.rank = n + 1;
    });
    return { list, ranking: top.map((r) => r.id) };
  }

  return { ...opts, curveOf, agencies };
}

export type FollowContext = ReturnType<typeof createFollowContext>;
