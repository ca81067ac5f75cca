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
// build, so a deleted or half-written output is rebuilt too. The stamp also keeps a hash of the inputs' paths,
// sizes and modification times: when those are unchanged the contents are not read (a start on a built
// checkout stats some eight hundred files instead of reading them); when they differ the contents decide, and
// a checkout touched but not changed (a new clone, `touch`) only gets its stamp refreshed. `npm test` and CI build explicitly
// (`npm run build`) and run the server from its sources; this script only decides for `npm start`.
//
//   node scripts/start.mjs               build if needed, then start the server in this process
//   node scripts/start.mjs --build-only  build if needed
//   node scripts/start.mjs --force       build whatever the stamps say
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
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

/** A content hash of the files, with their paths (a rename counts as a change). */
function hashOf(list) {
  const hash = createHash('sha256');
  for (const file of list) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(join(ROOT, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** A hash of the files' paths, sizes and modification times: the cheap look before the contents. */
function statHashOf(list) {
  const hash = createHash('sha256');
  for (const file of list) {
    const { size, mtimeMs } = statSync(join(ROOT, file));
    hash.update(`${file}\0${size}\0${mtimeMs}\0`);
  }
  return hash.digest('hex');
}

/** The stamp's content hash (its first line) and the stat hash (its second; absent in a stamp of an older script). */
const stampOf = (file) => {
  try {
    const [content, stats] = readFileSync(join(ROOT, file), 'utf8').trim().split('\n');
    return { content, stats };
  } catch {
    return undefined;
  }
};
const writeStamp = (file, content, stats) => {
  mkdirSync(dirname(join(ROOT, file)), { recursive: true });
  writeFileSync(join(ROOT, file), `${content}\n${stats}\n`);
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

/**
 * Packages the server bundle imports from node_modules rather than containing: PGlite (its WebAssembly
 * and data files), pdfkit (its font metrics), argon2 and ws's optional helpers (native code), and the
 * drivers and tools loaded only when configured (pg, ioredis, nodemailer) or never at run time (tsx).
 */
const KEEP_EXTERNAL = new Set([
  '@electric-sql/pglite',
  'pdfkit',
  '@node-rs/argon2',
  'bufferutil',
  'utf-8-validate',
  'pg',
  'pg-native',
  'ioredis',
  'nodemailer',
  'tsx',
]);
/** The package a bare import names: `@scope/name` or `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

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
    // CommonJS packages inside an ES module bundle still call require() for Node's own modules.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
    plugins: [
      {
        // Packages are bundled too: Node's module loader (resolving, reading, and lexing each CommonJS
        // file an ES module imports) took about as long as everything else of a start. Those that read
        // files next to their own code, or load native code, stay imports from node_modules.
        name: 'packages-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => (KEEP_EXTERNAL.has(packageOf(args.path)) ? { external: true } : undefined));
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
    const list = files(target.inputs);
    const stats = statHashOf(list);
    const stamp = target.outputs.every((file) => existsSync(join(ROOT, file))) ? stampOf(target.stamp) : undefined;
    if (!force && stamp?.stats === stats) continue;
    const hash = hashOf(list);
    if (!force && stamp?.content === hash) {
      writeStamp(target.stamp, hash, stats);
      continue;
    }
    console.log(`[start] building the ${target.name}: ${force ? 'forced' : 'sources changed since the last build'}`);
    await target.build();
    // The stat hash of the files as they were before the build: one changed during it is looked at again next time.
    writeStamp(target.stamp, hash, stats);
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
