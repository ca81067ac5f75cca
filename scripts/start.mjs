// `npm start`: build what changed since the last build, then start the server (decision 0024, Start-up).
//
// - The web apps (`npm run build`) are rebuilt when a file of their sources changed: apps/web, apps/operator,
//   packages/contract, packages/client, the base tsconfig and package-lock.json.
// - The server is run precompiled: its sources and the contract bundled by esbuild into
//   apps/server/dist/main.mjs (the packages of node_modules stay imports), rebuilt when apps/server/src,
//   packages/contract or package-lock.json changed. Node then loads one file instead of transpiling some
//   three hundred TypeScript modules through tsx at every start.
//
// "Changed" is a content hash of the inputs against a stamp written into the output folder after a successful
// build, so a deleted or half-written output is rebuilt too. `npm test` and CI build explicitly
// (`npm run build`) and run the server from its sources; this script only decides for `npm start`.
//
//   node scripts/start.mjs               build if needed, then start the server in this process
//   node scripts/start.mjs --build-only  build if needed
//   node scripts/start.mjs --force       build whatever the stamps say
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', 'test-results', 'playwright-report', 'coverage', '.vite', '.cache']);
const SELF = 'scripts/start.mjs';
const SERVER_OUT = 'apps/server/dist';

/** Every file under the inputs (folders walked, SKIP left out), as repo-relative paths in a stable order. */
function files(inputs) {
  const out = [];
  const walk = (rel) => {
    const abs = join(ROOT, rel);
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      if (existsSync(abs)) out.push(rel);
      return;
    }
    for (const entry of entries) {
      if (SKIP.has(entry.name)) continue;
      const child = `${rel}/${entry.name}`;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) out.push(child);
    }
  };
  for (const input of inputs) walk(input);
  return out.sort();
}

/** A content hash of the inputs' files, with their paths (a rename counts as a change). */
function hashOf(inputs) {
  const hash = createHash('sha256');
  for (const file of files(inputs)) {
    hash.update(file).update('\0').update(readFileSync(join(ROOT, file))).update('\0');
  }
  return hash.digest('hex');
}

const stampOf = (file) => {
  try {
    return readFileSync(join(ROOT, file), 'utf8').trim();
  } catch {
    return undefined;
  }
};

const targets = [
  {
    name: 'web apps',
    inputs: ['apps/web', 'apps/operator', 'packages/contract', 'packages/client', 'tsconfig.base.json', 'package-lock.json', SELF],
    outputs: ['apps/web/dist/index.html', 'apps/operator/dist/index.html'],
    stamp: 'apps/web/dist/.sources-hash',
    build() {
      const run = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit', shell: process.platform === 'win32' });
      if (run.status !== 0) throw new Error(`npm run build failed (${run.status ?? run.signal})`);
    },
  },
  {
    name: 'server',
    inputs: ['apps/server/src', 'apps/server/package.json', 'packages/contract', 'tsconfig.base.json', 'package-lock.json', SELF],
    outputs: [`${SERVER_OUT}/main.mjs`],
    stamp: `${SERVER_OUT}/.sources-hash`,
    build: buildServer,
  },
];

async function buildServer() {
  const { build } = await import('esbuild');
  const outdir = join(ROOT, SERVER_OUT);
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: [join(ROOT, 'apps/server/src/main.ts')],
    outdir,
    // A module the server imports on demand (`await import(...)`) stays a chunk of its own, loaded on demand.
    splitting: true,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    logLevel: 'warning',
    plugins: [
      {
        // Packages stay imports from node_modules, except our own workspaces (TypeScript sources) and JSON.
        name: 'packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@tradeapp/') || args.path.endsWith('.json') || args.path.startsWith('node:') ? undefined : { external: true },
          );
        },
      },
      {
        // A module finds its files next to its source (migrations, the replay sample, the web apps' dist):
        // its import.meta.url stays its source file's, relative to the bundle so the checkout may move
        // (every chunk is written to the same folder).
        name: 'source-import-meta-url',
        setup(b) {
          b.onLoad({ filter: /\.ts$/ }, (args) => {
            const source = relative(outdir, args.path).split('\\').join('/');
            const url = `new URL(${JSON.stringify(source)}, import.meta.url).href`;
            return { contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', url), loader: 'ts' };
          });
        },
      },
    ],
  });
}

/** Build every target whose inputs changed since its stamp (or `force`); answers the names built. */
export async function buildIfChanged({ force = false } = {}) {
  const built = [];
  for (const target of targets) {
    const hash = hashOf(target.inputs);
    const current = target.outputs.every((file) => existsSync(join(ROOT, file))) && stampOf(target.stamp) === hash;
    if (current && !force) continue;
    console.log(`[start] building the ${target.name}: ${force ? 'forced' : 'sources changed since the last build'}`);
    await target.build();
    mkdirSync(dirname(join(ROOT, target.stamp)), { recursive: true });
    writeFileSync(join(ROOT, target.stamp), `${hash}\n`);
    built.push(target.name);
  }
  return built;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = new Set(process.argv.slice(2));
  try {
    await buildIfChanged({ force: args.has('--force') });
  } catch (err) {
    console.error(`[start] ${err.message}`);
    process.exit(1);
  }
  if (!args.has('--build-only')) await import(pathToFileURL(join(ROOT, SERVER_OUT, 'main.mjs')).href);
}
