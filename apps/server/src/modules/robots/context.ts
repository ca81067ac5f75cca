import type { Db } from '../../db/db';
import type { MarketService } from '../market';
import type { TradingService } from '../trading';
import type { ExchangeRates } from '../wallet';
import type { RobotEngine } from './engine';
import { createRobotViews } from './views';

export interface RobotServiceOptions {
  db: Db;
  market: MarketService;
  trading: TradingService;
  exchangeRates: ExchangeRates;
  engine: RobotEngine;
  now: () => number;
}

/** What the investor's calls and the back office's share, built once per service: the options and the views. */
export function createRobotContext(opts: RobotServiceOptions) {
  return { ...opts, ...createRobotViews(opts) };
}

export type RobotContext = ReturnType<typeof createRobotContext>;
