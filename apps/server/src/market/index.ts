// The market engine's entry point: pick the provider the configuration asks for.

import { fileURLToPath } from 'node:url';
import { createReplayMarket } from './replay';
import { createSimulatedMarket } from './simulated';
import type { MarketProvider } from './types';

export interface MarketProviderConfig {
  provider: 'simulated' | 'replay';
  seed: string;
  /** Directory of recorded candles for the replay provider; defaults to the bundled sample. */
  replayDir?: string;
  now?: () => number;
}

export function createMarketProvider(config: MarketProviderConfig): MarketProvider {
  if (config.provider === 'replay') {
    return createReplayMarket({ dir: config.replayDir ?? REPLAY_SAMPLE_DIR, ...(config.now ? { now: config.now } : {}) });
  }
  return createSimulatedMarket({ seed: config.seed, ...(config.now ? { now: config.now } : {}) });
}

/** The sample recording shipped beside this file. */
export const REPLAY_SAMPLE_DIR = fileURLToPath(new URL('./replay-sample/', import.meta.url));

export { createReplayMarket, type ReplayMarketOptions } from './replay';
export { createSimulatedMarket, type SimulatedMarketOptions } from './simulated';
export { session as calendarSession } from './calendars';
export { UNIVERSE } from './universe';
export type * from './types';
