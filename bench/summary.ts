// The end of `npm run bench`: every row of the run's JSON file (BENCH_OUT, default
// bench/results/latest.json) as one table: figure, value, reference, ratio, goal, met.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, type BenchRow } from './lib';

const file = process.env.BENCH_OUT ?? join(ROOT, 'bench', 'results', 'latest.json');
let run: { commit?: string; at?: string; rows: BenchRow[] };
try {
  run = JSON.parse(readFileSync(file, 'utf8')) as typeof run;
} catch {
  console.log(`no results in ${file}`);
  process.exit(1);
}

const num = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));
const table = [
  ['figure', 'value', 'reference', 'ratio', 'goal', 'met'],
  ...run.rows.map((r) => [
    r.figure,
    `${num(r.value)} ${r.unit}`,
    `${r.reference} ${num(r.referenceValue)} ${r.unit}`,
    `${num(r.ratio)}x`,
    r.goal,
    r.met ? 'yes' : 'NO',
  ]),
];
const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
const line = (row: string[]) => row.map((cell, c) => (c === 1 || c === 3 ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join('  ');
console.log(`\nbench results, commit ${run.commit ?? '?'}, ${run.at ?? '?'} (${file})`);
console.log(line(table[0]!));
console.log(widths.map((w) => '-'.repeat(w)).join('  '));
for (const row of table.slice(1)) console.log(line(row));
const missed = run.rows.filter((r) => !r.met).length;
console.log(`\n${run.rows.length} figures, ${run.rows.length - missed} met, ${missed} not met`);
try {
  const started = Number(readFileSync(join(ROOT, 'bench', '.tmp', 'bench-started-at'), 'utf8'));
  if (started > 0) console.log(`npm run bench took ${((Date.now() - started) / 60_000).toFixed(1)} minutes`);
} catch {
  // run without reset.ts
}
