// One decimal or two (issue 35, decision 0029). The contract's decimals (scaled BigInt on decimal
// strings, packages/contract/src/decimal.ts) against the server's decimal.js (apps/server/src/lib/decimal.ts):
// the same order arithmetic on the same inputs, each checked to give the same cents; and what each
// weighs on a phone, minified and gzipped by the same esbuild in the same run.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { addDecimal, divDecimal, mulDecimal, mulPrecise } from '@tradeapp/contract';
import { build } from 'esbuild';
import { Dec, fixed } from '../apps/server/src/lib/decimal';
import { fmt, ROOT } from './lib';

const ORDERS = Number(process.env.DECIMAL_ORDERS ?? 100_000);
const ROUNDS = 5;

// Seeded inputs: prices with two to four decimals, whole and fractional quantities, the fee rate and
// leverages the trading rules use.
let seed = 20261207;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const orders = Array.from({ length: ORDERS }, () => ({
  price: (1 + random() * 999).toFixed(2 + Math.floor(random() * 3)),
  quantity: random() < 0.5 ? String(1 + Math.floor(random() * 500)) : (random() * 50).toFixed(3),
  leverage: ['1', '2', '5', '10', '20'][Math.floor(random() * 5)]!,
}));
const FEE_RATE = '0.0008';

/** The order's notional, its fee and its margin to the cent, and what it holds: the order path's sums. */
function withBigInt(o: (typeof orders)[number]): string {
  const notional = mulPrecise(o.price, o.quantity);
  const fee = mulDecimal(notional, FEE_RATE, 2)!;
  const margin = divDecimal(notional, o.leverage, 2)!;
  return addDecimal(margin, fee)!;
}
function withDecimalJs(o: (typeof orders)[number]): string {
  const notional = new Dec(o.price).mul(o.quantity);
  const fee = fixed(notional.mul(FEE_RATE), 2);
  const margin = fixed(notional.div(o.leverage), 2);
  return new Dec(margin).add(fee).toFixed(2);
}

// The two must agree to the cent on every order before either is timed.
for (const o of orders) {
  const [a, b] = [withBigInt(o), withDecimalJs(o)];
  if (a !== b) throw new Error(`the two decimals disagree on ${JSON.stringify(o)}: ${a} against ${b}`);
}

function timed(run: (o: (typeof orders)[number]) => string): number {
  const times: number[] = [];
  for (let r = 0; r < ROUNDS; r += 1) {
    const started = performance.now();
    let length = 0;
    for (const o of orders) length += run(o).length;
    times.push(performance.now() - started);
    if (length === 0) throw new Error('nothing computed');
  }
  return times.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
}
const bigIntMs = timed(withBigInt);
const decimalJsMs = timed(withDecimalJs);

async function gzippedBundle(entry: string): Promise<number> {
  const out = await build({
    stdin: { contents: entry, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
  });
  return gzipSync(out.outputFiles[0]!.contents, { level: 9 }).length;
}
const contractBytes = await gzippedBundle(`export * from './packages/contract/src/decimal.ts';`);
const decimalJsBytes = await gzippedBundle(`export { default } from 'decimal.js';`);

// The server's uses of what only decimal.js has (powers, roots, logarithms, exponentials): yields to
// maturity, the yield curve, volatility and drawdown figures, the pools' and robots' rules.
const transcendental = [
  'market/curve.ts',
  'modules/analytics/returns.ts',
  'modules/bonds/formulas.ts',
  'modules/follow/record.ts',
  'modules/quantify/pools.ts',
  'modules/robots/grid.ts',
]
  .map((file) => readFileSync(join(ROOT, 'apps/server/src', file), 'utf8').match(/\.(pow|exp|ln|sqrt)\(/g)?.length ?? 0)
  .reduce((a, b) => a + b, 0);

// Printed, not recorded: these figures inform a decision and have no goal to meet (bench/summary.ts counts goals).
console.log(`decimal arithmetic, ${fmt(ORDERS)} orders (notional, fee, margin, hold), median of ${ROUNDS}, both to the same cent:`);
console.log(`  contract (BigInt) ${bigIntMs.toFixed(0)} ms, decimal.js ${decimalJsMs.toFixed(0)} ms: ratio ${(bigIntMs / decimalJsMs).toFixed(2)}`);
console.log(`  gzipped: contract ${fmt(contractBytes)} B, decimal.js ${fmt(decimalJsBytes)} B: ratio ${(contractBytes / decimalJsBytes).toFixed(2)}`);
console.log(`  the server's uses of powers, roots, logarithms and exponentials the contract's decimals lack: ${transcendental}`);
