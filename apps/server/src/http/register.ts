import { isDeepStrictEqual } from 'node:util';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { API_BASE, envelopeOf, ok, routes, type RouteDef, type RouteId, type Routes } from '@tradeapp/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/db';
import { AppError, unauthorized } from '../errors';
import type { Caller, HandlerContext } from './context';
import { errorEnvelope, fromZodError, toAppError } from './errors';
import { createIdempotencyStore } from './idempotency';
import { CACHED_SESSION_ROUTES, resolveCaller } from './session';

type Handler<R> =
  R extends RouteDef<infer Req, infer Res, infer P>
    ? (ctx: HandlerContext<z.output<Req>, P extends z.ZodType ? z.output<P> : undefined>) => Promise<z.input<Res> | AnswerBytes>
    : never;

/** One handler per route of the contract; a module registers its own (http/host.ts), and a route left without one stops the start. */
export type Handlers = { [K in RouteId]: Handler<Routes[K]> };
export type HandlersOf<K extends RouteId> = Pick<Handlers, K>;

/** The identity a public route's rate limit counts against, besides the address. */
function limitSubject(req: FastifyRequest): string {
  const body = (req.body ?? {}) as Record<string, unknown>;
  const subject = body.email ?? body.username ?? '';
  return typeof subject === 'string' ? subject.trim().toLowerCase().slice(0, 100) : '';
}

/**
 * Tests check every answer against the contract's schema (a wrong type fails the test). In
 * production the answer is written by a serializer compiled from the same schema: it writes the
 * declared fields only, so nothing undeclared (a database row, a secret) can leave, at twice the
 * speed of a zod parse per answer.
 */
const CHECK_ANSWERS = process.env.NODE_ENV === 'test' || process.env.NODE_ENV === 'development';

/**
 * A whole answer (the envelope and its data) already written by the route's own compiled serializer
 * (`answerBytes`), which a handler keeps and hands back as it is: the quote lists answer the same
 * bytes to every caller until the market moves (decision 0012).
 */
export class AnswerBytes {
  constructor(readonly bytes: Buffer) {}
}

type KeptEncoding = 'br' | 'gzip';

/**
 * The encoding of kept bytes a request accepts, Brotli before gzip at the same weight (RFC 9110
 * 12.5.3: a `q` of 0 refuses, `*` stands for any not named), or none.
 */
function keptEncodingFor(acceptEncoding: string | undefined): KeptEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (e: KeptEncoding) => weights.get(e) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

// Kept bytes are the same Buffer until their board's refresh (decision 0012): each one's compressed
// forms are made on the first request that accepts them and kept as long as the bytes are, so a quote
// list is compressed once per refresh, not once per caller. Brotli at 5, not 11: the 20-row US list
// with its mini charts (31.5 KB) comes to 6.7 KB at 5 and 5.2 KB at 11 (30 ms more at 400 kbit/s),
// but 11 took some thirty times as long, on every board refresh of every list asked.
const compressedKept = new WeakMap<Buffer, Partial<Record<KeptEncoding, Buffer>>>();
const BROTLI_KEPT = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT } };

/** `bytes` in `encoding`, made once per kept Buffer. */
function keptBytesIn(bytes: Buffer, encoding: KeptEncoding): Buffer {
  let forms = compressedKept.get(bytes);
  if (!forms) compressedKept.set(bytes, (forms = {}));
  return (forms[encoding] ??= encoding === 'br' ? brotliCompressSync(bytes, BROTLI_KEPT) : gzipSync(bytes, { level: 6 }));
}

// Below this, compressing saves less than it costs (one packet either way); the same bound the
// on-the-fly compression of other answers uses (app.ts).
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** Kept bytes as the request accepts them, with `Vary` since the same URL answers differently by its Accept-Encoding. */
function sendKept(req: FastifyRequest, reply: FastifyReply, bytes: Buffer) {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = bytes.length >= COMPRESS_THRESHOLD_BYTES ? keptEncodingFor(req.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(bytes);
  return reply.header('content-encoding', encoding).send(keptBytesIn(bytes, encoding));
}

/** The bytes of `data`'s answer as the route itself would write them: its response schema's serializer, around the envelope. */
export function answerBytes(reply: FastifyReply, data: unknown): Buffer {
  return Buffer.from(reply.serialize(ok(data)) as string);
}

/** In tests, kept bytes hold to the schema like any answer, and carry nothing it does not declare. */
function checkBytes(def: RouteDef, answer: AnswerBytes) {
  const envelope = JSON.parse(answer.bytes.toString('utf8')) as { data: unknown };
  const parsed: unknown = def.response.parse(envelope.data);
  if (!isDeepStrictEqual(parsed, envelope.data)) throw new Error('kept answer bytes differ from their schema');
}

function answerSchema(def: RouteDef) {
  return z.toJSONSchema(envelopeOf(def.response), { io: 'output', unrepresentable: 'any', target: 'draft-7' });
}

/**
 * A route's 200 answers are written by a serializer compiled from its schema (Fastify's own compiler, as a
 * `schema.response` would use) on the route's first answer rather than at start: compiling all 250 took most
 * of the start (decision 0024, Start-up). Set on the reply before the handler runs, so that `reply.serialize`
 * (`answerBytes`) writes with it too; other statuses stay plain JSON, as without a schema for them.
 */
function answerSerializer(def: RouteDef) {
  let compiled: ((payload: { [key: string]: unknown }) => string) | undefined;
  return (_req: FastifyRequest, reply: FastifyReply, done: () => void) => {
    reply.serializer((payload: { [key: string]: unknown }) =>
      reply.statusCode === 200 ? (compiled ??= reply.compileSerializationSchema(answerSchema(def), '200'))(payload) : JSON.stringify(payload),
    );
    done();
  };
}

/** `selfCompressed`: routes that send their own compressed bytes, left out of the compression plugin. */
/**
 * Registers contract routes, a module's handlers at a time (http/host.ts): each route's rate limit, session,
 * validation, idempotency and envelope. One idempotency store serves them all.
 */
export function contractRoutes(app: FastifyInstance, db: Db, limitFactor = 1) {
  const idempotency = createIdempotencyStore(db);
  return (handlers: Partial<Handlers>, selfCompressed: ReadonlySet<RouteId> = new Set()) => {
    for (const [id, handler] of Object.entries(handlers) as [RouteId, (ctx: HandlerContext<unknown, unknown>) => Promise<unknown>][]) {
      registerRoute(id, routes[id] as RouteDef, handler, selfCompressed.has(id));
    }
  };

  function registerRoute(id: RouteId, def: RouteDef, handler: (ctx: HandlerContext<unknown, unknown>) => Promise<unknown>, selfCompressed: boolean) {
    app.route({
      method: def.method,
      url: API_BASE + def.path,
      ...(selfCompressed ? { compress: false as const } : {}),
      preValidation: answerSerializer(def),
      config: def.rateLimit
        ? {
            rateLimit: {
              max: def.rateLimit.max * limitFactor,
              timeWindow: def.rateLimit.windowSeconds * 1000,
              hook: 'preHandler',
              // Registrations and e-mail codes count per address whatever the name or e-mail (as the contract
              // documents); sign-in also per name, with modules/auth/throttle.ts counting over names and addresses.
              keyGenerator: (req: FastifyRequest) =>
                `${id}|${req.ip}|${req.caller?.id ?? (['getEmailCode', 'register', 'registerEmail', 'registerFull'].includes(id) ? '' : limitSubject(req))}`,
            },
          }
        : {},
      preHandler: async (req) => {
        req.caller = await resolveCaller(db, req, CACHED_SESSION_ROUTES.has(id));
        if (def.auth !== 'public' && !req.caller) throw unauthorized();
        if (def.auth === 'operator' && req.caller?.role !== 'operator') throw new AppError('e.operatorOnly');
      },
      handler: async (req: FastifyRequest, reply: FastifyReply) => {
        const source = def.method === 'GET' ? req.query : def.body === 'multipart' ? {} : (req.body ?? {});
        const parsedInput = def.request.safeParse(source);
        if (!parsedInput.success) throw fromZodError(parsedInput.error);
        const parsedParams = def.params?.safeParse(req.params);
        if (parsedParams && !parsedParams.success) throw fromZodError(parsedParams.error);
        const key = def.idempotency && req.caller ? idempotencyKey(req, def) : undefined;
        const ctx: HandlerContext<unknown, unknown> = {
          input: parsedInput.data,
          params: parsedParams?.data,
          caller: req.caller,
          idempotencyKey: key,
          req,
          reply,
        };

        const answer = async () => {
          const result = await handler(ctx);
          // Kept bytes are rare on an idempotent route; its record keeps the data, as for any answer.
          const data: unknown = result instanceof AnswerBytes ? (JSON.parse(result.bytes.toString('utf8')) as { data: unknown }).data : result;
          return ok(CHECK_ANSWERS ? def.response.parse(data) : data);
        };
        if (!key) {
          const result = await handler(ctx);
          if (result instanceof AnswerBytes) {
            if (CHECK_ANSWERS) checkBytes(def, result);
            return sendKept(req, reply, result.bytes);
          }
          return reply.send(ok(CHECK_ANSWERS ? def.response.parse(result) : result));
        }

        const caller = req.caller as Caller;
        const refusal = (err: unknown) => {
          const appError = toAppError(err as Error);
          return appError.code >= 500 ? null : { status: appError.code, body: errorEnvelope(req, appError) };
        };
        const { status, body } = await idempotency.answer(caller.id, key, id, source, answer, refusal);
        return reply.code(status).send(body);
      },
    });
  }
}

function idempotencyKey(req: FastifyRequest, def: RouteDef): string | undefined {
  const raw = req.headers['idempotency-key'];
  const key = Array.isArray(raw) ? raw[0] : raw;
  if (!key) {
    if (def.idempotency === 'required') throw new AppError('e.badRequest', { 'Idempotency-Key': 'v.fillRequired' });
    return undefined;
  }
  if (key.length > 100) throw new AppError('e.badRequest', { 'Idempotency-Key': 'v.invalidValue' });
  return key;
}
