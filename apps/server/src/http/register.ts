import { isDeepStrictEqual } from 'node:util';
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

/** One handler per route of the contract: a route without a handler does not compile. */
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

export function registerContractRoutes(app: FastifyInstance, db: Db, handlers: Handlers, limitFactor = 1) {
  const idempotency = createIdempotencyStore(db);
  for (const [id, def] of Object.entries(routes) as [RouteId, RouteDef][]) {
    const handler = handlers[id] as (ctx: HandlerContext<unknown, unknown>) => Promise<unknown>;
    if (!handler) throw new Error(`No handler for route ${id}`);
    app.route({
      method: def.method,
      url: API_BASE + def.path,
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
            return reply.type('application/json; charset=utf-8').send(result.bytes);
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
