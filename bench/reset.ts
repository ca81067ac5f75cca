// The start of `npm run bench`: an empty results file (BENCH_OUT, default bench/results/latest.json),
// so that the summary shows this run's rows only.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from './lib';

const file = process.env.BENCH_OUT ?? join(ROOT, 'bench', 'results', 'latest.json');
mkdirSync(dirname(file), { recursive: true });
writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), rows: [] }, null, 2) + '\n');
// When the run began, for the summary's total time.
mkdirSync(join(ROOT, 'bench', '.tmp'), { recursive: true });
writeFileSync(join(ROOT, 'bench', '.tmp', 'bench-started-at'), String(Date.now()));
console.log(`bench: ${file} reset`);
