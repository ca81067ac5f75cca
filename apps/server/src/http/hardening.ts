import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { API_BASE, resolveLocale, routes, type Locale, type RouteId } from '@tradeapp/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { AppError } from '../errors';
import { wellFormed } from '../lib/text';
import { envelopeIn } from './errors';

/** How deep a request's JSON may nest: the contract's deepest schema is far shallower. */
export const MAX_DEPTH = 32;

/** What is wrong with a parsed input, if anything: the first NUL character, or nesting deeper than `MAX_DEPTH`. */
export type InputProblem = { kind: 'nul' | 'deep'; path: string };

const NUL = '\u0000';
/** A field's name as it goes back in `data.fields`: NUL spelled out, and never longer than a name needs. */
const printable = (path: string[]) => (path.join('.').replaceAll(NUL, '\\u0000') || '_').slice(0, 120);

/**
 * Walk a parsed body, query or path parameters without recursion (a body of a million brackets
 * must not overflow the stack here either), looking at every string value and every key; a lone
 * surrogate in a value is replaced on the way.
 */
export function inspectInput(value: unknown, maxDepth = MAX_DEPTH): InputProblem | undefined {
  const stack: Array<{ value: unknown; depth: number; path: string[] }> = [{ value, depth: 0, path: [] }];
  while (stack.length) {
    const { value: v, depth, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return { kind: 'nul', path: printable(path) };
      continue;
    }
    if (!v || typeof v !== 'object') continue;
    if (depth >= maxDepth) return { kind: 'deep', path: printable(path) };
    const entries: Array<[string, unknown]> = Array.isArray(v) ? v.map((item, i) => [String(i), item]) : Object.entries(v);
    for (const [key, item] of entries) {
      if (key.includes(NUL)) return { kind: 'nul', path: printable([...path, key]) };
      // Made well formed in place, so that whatever stores it (a jsonb column too) stores U+FFFD (lib/text).
      if (typeof item === 'string') (v as Record<string, unknown>)[key] = wellFormed(item);
      stack.push({ value: item, depth: depth + 1, path: [...path, key] });
    }
  }
  return undefined;
}

function refusalOf(problem: InputProblem): AppError {
  return problem.kind === 'nul'
    ? new AppError('v.nulCharacter', { [problem.path]: 'v.nulCharacter' })
    : new AppError('e.nestedTooDeep', { [problem.path]: 'e.nestedTooDeep' }, { n: MAX_DEPTH });
}

/**
 * Public routes whose answers are the same for everyone (market data, content): the only answers
 * a cache may keep. Signing in, registering, codes and uploads are public too, but never cached.
 */
const SIGN_IN: ReadonlySet<RouteId> = new Set<RouteId>([
  'getEmailCode',
  'register',
  'registerEmail',
  'registerFull',
  'login',
  'resetPassword',
  'operatorLogin',
  'fileUpload',
]);
const CACHEABLE = new Set(
  (Object.entries(routes) as Array<[RouteId, (typeof routes)[RouteId]]>)
    .filter(([id, def]) => def.auth === 'public' && !SIGN_IN.has(id))
    .map(([, def]) => `${def.method} ${API_BASE}${def.path}`),
);

/** Whether an answer may be kept by a cache: a public data route's success, asked without credentials. */
export function mayBeCached(req: FastifyRequest, status: number): boolean {
  return status === 200 && !req.headers.authorization && CACHEABLE.has(`${req.method} ${req.routeOptions.url ?? ''}`);
}

/**
 * Input rules that hold for every route, checked before any handler (and before the sign-in
 * check): no NUL character in any text or key of the body, the query or the path (PostgreSQL
 * cannot store one), and no body nested deeper than `MAX_DEPTH`. And every answer under the API
 * base that is not public data carries `Cache-Control: no-store`.
 */
export function installInputGuards(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    const problem = inspectInput(req.params) ?? inspectInput(req.query) ?? inspectInput(req.body);
    if (problem) throw refusalOf(problem);
  });
  app.addHook('onSend', async (req, reply, payload) => {
    const inApi = req.url === API_BASE || req.url.startsWith(`${API_BASE}/`) || req.url.startsWith(`${API_BASE}?`);
    if (inApi && !reply.hasHeader('cache-control') && !mayBeCached(req, reply.statusCode)) reply.header('cache-control', 'no-store');
    return payload;
  });
}

function localeOf(req: FastifyRequest): Locale {
  const languages = req.headers.languages;
  return resolveLocale(Array.isArray(languages) ? languages[0] : languages, req.headers['accept-language']);
}

/**
 * The router's own refusals (a path parameter over `maxParamLength`, a path that is not valid
 * percent-encoding) come before any hook: answered here with the envelope, not Fastify's words.
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, req, reply) => {
  const key = (error as { code?: string }).code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'e.uriTooLong' : 'e.badRequest';
  const appError = new AppError(key);
  req.log.info({ code: appError.code, key }, 'request refused');
  void (reply as FastifyReply)
    .code(appError.code)
    .header('cache-control', 'no-store')
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify(envelopeIn(localeOf(req), appError)));
};

/** The caller's language from the raw bytes Node's parser gave up on, as far as they got. */
function rawLocale(raw: unknown): Locale {
  if (!Buffer.isBuffer(raw)) return 'en';
  const text = raw.toString('latin1');
  const header = (name: string) => text.match(new RegExp(`\\r\\n${name}:[ \\t]*([^\\r\\n]{0,100})`, 'i'))?.[1];
  return resolveLocale(header('languages'), header('accept-language'));
}

/**
 * Node's HTTP parser refuses a request before Fastify sees it: a request line and headers over
 * the size limit (a long query string), a malformed request, a client too slow. Answered with the
 * envelope, written on the socket as Node itself would, and the connection closed.
 */
export function clientErrorHandler(this: FastifyInstance, err: Error & { code?: string; rawPacket?: unknown }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const appError = new AppError(
    err.code === 'HPE_HEADER_OVERFLOW' ? 'e.headersTooLarge' : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 'e.requestTimeout' : 'e.badRequest',
  );
  this.log.info({ code: appError.code, key: appError.key, err: err.code }, 'request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify(envelopeIn(rawLocale(err.rawPacket), appError));
    socket.write(
      `HTTP/1.1 ${appError.code} ${STATUS_CODES[appError.code] ?? 'Bad Request'}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy(err);
}
