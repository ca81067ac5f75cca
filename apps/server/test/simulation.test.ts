import { describe, expect, it } from 'vitest';
import { drivers } from './harness';
import { simulate } from './simulation';

// A few seeds of the bank-style simulation in every run (simulation.ts says what each operation is
// checked against); `npm run simulate -w @tradeapp/server` runs 100 seeds of 100,000 operations.
const SEEDS = { pglite: [1, 2], postgres: [3] } as const;
const OPS = 400;

describe.each(await drivers())('the seeded bank simulation on %s', (driver) => {
  it.each(SEEDS[driver])(
    'keeps every invariant over seed %i',
    async (seed) => {
      const result = await simulate({ seed, ops: OPS, driver });
      console.log(
        `simulation ${driver} seed ${seed}: ${OPS} operations, ${result.concurrent} pairs at once, ${result.duplicates} duplicates, ${result.injectedFailures} injected database failures; ${JSON.stringify(result.answered)}`,
      );
      // The mix reached money: transfers and orders were answered 200, and some requests were refused.
      expect(result.answered['transfer 200']).toBeGreaterThan(0);
      expect(result.answered['order 200']).toBeGreaterThan(0);
      expect(Object.keys(result.answered).some((k) => / 4\d\d$/.test(k))).toBe(true);
    },
    300_000,
  );
});
