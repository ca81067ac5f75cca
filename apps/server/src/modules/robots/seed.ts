import type { Db } from '../../db/db';
import * as repo from './repository';
import type { RobotRow } from './repository';

/** The robots offered from the start (decision 0021); an operator adds more. */
export const SEED_ROBOTS: Array<Omit<RobotRow, 'id' | 'paused_at' | 'paused_reason' | 'created_at'>> = [
  {
    seed_key: 'btc-grid',
    kind: 'grid',
    symbol: 'BTCUSDT',
    params: { kind: 'grid', rangePercent: '5', cells: 20, mode: 'arithmetic' },
    cycle_days: 7,
    rent: '9.90',
    price: '49.00',
    energy: 300,
    min_amount: '200',
    max_amount: '50000',
  },
  {
    seed_key: 'eth-grid',
    kind: 'grid',
    symbol: 'ETHUSDT',
    params: { kind: 'grid', rangePercent: '8', cells: 16, mode: 'geometric' },
    cycle_days: 14,
    rent: '14.90',
    price: '79.00',
    energy: 400,
    min_amount: '200',
    max_amount: '50000',
  },
  {
    seed_key: 'btc-dca',
    kind: 'dca',
    symbol: 'BTCUSDT',
    params: { kind: 'dca', firstOrderPercent: '10', safetyOrderPercent: '15', safetyOrders: 6, deviationPercent: '1.5', takeProfitPercent: '1.2' },
    cycle_days: 30,
    rent: '19.90',
    price: '99.00',
    energy: 200,
    min_amount: '300',
    max_amount: '50000',
  },
];

export async function ensureRobots(db: Db) {
  // Looked up first: an insert that finds its seed key taken would still use up a number of the id sequence.
  const seeded = new Set((await repo.robots(db)).map((r) => r.seed_key));
  for (const r of SEED_ROBOTS) if (!seeded.has(r.seed_key)) await repo.insertRobot(db, { ...r, createdBy: null });
}
