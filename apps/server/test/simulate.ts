// 100 seeds of 100,000 operations of the bank simulation (simulation.ts), outside CI:
// `npm run simulate -w @tradeapp/server`; SEEDS (how many, from 1), SEED (a comma-separated list to
// replay), OPS and DRIVER (pglite or postgres) change the run. Stops at the first seed that fails, with its number.
import { simulate } from './simulation';

const seeds = process.env.SEED ? process.env.SEED.split(',').map(Number) : Array.from({ length: Number(process.env.SEEDS ?? 100) }, (_, i) => i + 1);
const ops = Number(process.env.OPS ?? 100_000);
const driver = (process.env.DRIVER ?? 'pglite') as 'pglite' | 'postgres';
let total = 0;
const started = performance.now();
for (const seed of seeds) {
  const result = await simulate({ seed, ops, driver, checkEvery: 1000 });
  total += result.ops;
  console.log(
    `seed ${seed}: ${result.ops} operations, ${result.concurrent} pairs at once, ${result.duplicates} duplicates, ${result.injectedFailures} injected failures, invariants kept`,
  );
}
console.log(
  `${seeds.length} seeds x ${ops} operations = ${total} operations on ${driver}, every invariant kept (${((performance.now() - started) / 1000).toFixed(0)} s)`,
);
process.exit(0);
