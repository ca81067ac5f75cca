import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');

// The investor app's service worker and the script that registers it (apps/web/vite.config.ts), and their compressed copies.
const SERVICE_WORKER_FILES = /[\\/](sw|registerSW)\.js(\.br|\.gz)?$/;
const PAGE_FILES = /[\\/]index\.html(\.br|\.gz)?$/;

/**
 * The page's inline scripts as a policy's sources: the boot script the web build inlines in index.html
 * (apps/web/build/firstPaint.ts) runs under `script-src 'self'` by its hash, and nothing else inline does.
 */
function inlineScriptSources(html: string): string {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, code]) => `'sha256-${createHash('sha256').update(code!).digest('base64')}'`).join(' ');
}

/** The built investor app at `/` and the operators' back office at `/operator/`, when they have been built. */
export function serveWebApps(app: FastifyInstance, config: Config) {
  const web = config.WEB_DIST ?? join(ROOT, 'apps/web/dist');
  const operator = config.OPERATOR_DIST ?? join(ROOT, 'apps/operator/dist');
  if (existsSync(join(web, 'index.html'))) {
    // A route per file, except the hundreds of hashed chunks under assets/: one wildcard route serves them
    // (a missing one is the same 404), so that the start does not list and route every file (decision 0024).
    const assets = join(web, 'assets');
    const hasAssets = existsSync(assets);
    // Read again when the page is rebuilt under a running server.
    const page = join(web, 'index.html');
    let inline = { mtimeMs: -1, sources: '' };
    const inlineScripts = () => {
      const { mtimeMs } = statSync(page);
      if (mtimeMs !== inline.mtimeMs) inline = { mtimeMs, sources: inlineScriptSources(readFileSync(page, 'utf8')) };
      return inline.sources;
    };
    void app.register(fastifyStatic, {
      root: web,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      maxAge: '1h',
      immutable: false,
      preCompressed: true,
      ...(hasAssets ? { globIgnore: ['assets/**'] } : {}),
      // The service worker and its registration asked anew on every opening, so a deploy reaches the phone at once.
      setHeaders: (reply, path) => {
        if (SERVICE_WORKER_FILES.test(path)) reply.header('cache-control', 'no-cache');
        const policy = reply.getHeader('content-security-policy');
        const sources = PAGE_FILES.test(path) ? inlineScripts() : '';
        if (sources && typeof policy === 'string') reply.header('content-security-policy', policy.replace(/script-src [^;]*/, `$& ${sources}`));
      },
    });
    if (hasAssets) {
      // Their names carry their content's hash: a new build is new names, so a phone keeps them for good.
      void app.register(fastifyStatic, {
        root: assets,
        prefix: '/assets/',
        decorateReply: false,
        wildcard: true,
        index: false,
        maxAge: '365d',
        immutable: true,
        preCompressed: true,
      });
    }
  }
  if (existsSync(join(operator, 'index.html'))) {
    void app.register(fastifyStatic, {
      root: operator,
      prefix: '/operator/',
      decorateReply: false,
      wildcard: false,
      index: ['index.html'],
      preCompressed: true,
    });
    app.get('/operator', (_req, reply) => reply.redirect('/operator/'));
    // The back office was served at /backoffice/ before it took the operator's name.
    app.get('/backoffice', (_req, reply) => reply.redirect('/operator/'));
    app.get('/backoffice/', (_req, reply) => reply.redirect('/operator/'));
  }
}
