import { adminRoutes } from './admin';
import { contentAdminRoutes, contentRoutes } from './content';
import { authRoutes } from './auth';
import { marketRoutes, watchlistRoutes } from './market';
import { moneyAdminRoutes, moneyRoutes } from './money';
import { tradingRoutes } from './trading';
import { systemRoutes } from './system';

/** Every call of the API. A call in the specification and not here is a bug. */
export const routes = { ...systemRoutes, ...authRoutes, ...adminRoutes, ...marketRoutes, ...watchlistRoutes, ...moneyRoutes, ...moneyAdminRoutes, ...tradingRoutes, ...contentRoutes, ...contentAdminRoutes };
export type Routes = typeof routes;
export type RouteId = keyof Routes;
