// After a web build: a Brotli and a gzip copy beside every text file of the given dist folders, so that the
// server sends them as they are (@fastify/static's preCompressed) instead of the raw bytes or compressing on
// every request. On a phone's slow network the first screen's weight is what it waits for (decision 0024).
//
//   node scripts/precompress.mjs apps/web/dist apps/operator/dist
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|txt|map|webmanifest)$/;
// Below this a compressed copy saves less than a packet.
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
function walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) walk(path);
    else if (entry.isFile() && TEXT.test(entry.name) && statSync(path).size >= MIN_BYTES) {
      const raw = readFileSync(path);
      const br = brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } });
      writeFileSync(`${path}.br`, br);
      writeFileSync(`${path}.gz`, gzipSync(raw, { level: 9 }));
      files += 1;
      before += raw.length;
      after += br.length;
    }
  }
}
for (const dir of process.argv.slice(2)) walk(dir);
console.log(`precompress: ${files} files, ${(before / 1024).toFixed(0)} KiB as Brotli ${(after / 1024).toFixed(0)} KiB`);
