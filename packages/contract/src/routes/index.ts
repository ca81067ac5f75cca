import { operatorRoutes } from './operator';
import { contentOperatorRoutes, contentRoutes } from './content';
import { authRoutes } from './auth';
import { marketRoutes, watchlistRoutes } from './market';
import { moneyOperatorRoutes, moneyRoutes } from './money';
import { tradingRoutes } from './trading';
import { systemRoutes } from './system';

/** Every call of the API. A call in the specification and not here is a bug. */
export const routes = { ...systemRoutes, ...authRoutes, ...operatorRoutes, ...marketRoutes, ...watchlistRoutes, ...moneyRoutes, ...moneyOperatorRoutes, ...tradingRoutes, ...contentRoutes, ...contentOperatorRoutes };
export type Routes = typeof routes;
export type RouteId = keyof Routes;
