import type { Db } from '../../../db/db';
import type { YieldCurves } from '../../../market/curve';
import type { MarketProvider } from '../../../market/types';
import type { Notices } from '../../notices';
import type { FundPrices } from './prices';

export type FundEngineOptions = { db: Db; provider: MarketProvider; curves: YieldCurves; notices: Notices; now: () => number };

/** What each job of the engine is given: the engine's options and its one price reader, so that they share its caches. */
export type EngineContext = FundEngineOptions & { prices: FundPrices };

/** Notices to push once their transaction has committed. */
export type Pushes = Array<() => void>;
