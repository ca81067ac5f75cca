import type { z } from 'zod';

export type AuthLevel = 'public' | 'user' | 'operator';

/**
 * One call of the API. The server registers every route from this table, validates with its
 * schemas and the OpenAPI document is generated from it; the clients type their calls with it.
 */
export interface RouteDef<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType, Params extends z.ZodType | undefined = z.ZodType | undefined> {
  method: 'GET' | 'POST';
  /** Path under the API base, e.g. `/loginByUsername`; `:name` marks a path parameter. */
  path: string;
  auth: AuthLevel;
  summary: string;
  tag: string;
  /** The JSON body (POST) or the query string (GET). */
  request: Req;
  /** The `data` of a successful envelope. */
  response: Res;
  params?: Params;
  /** multipart: a file upload in field `file`. */
  body?: 'json' | 'multipart' | 'form';
  /** Honour an `Idempotency-Key` header; `required` refuses the call without one. */
  idempotency?: 'optional' | 'required';
  /** Requests per window per caller (IP for public routes). */
  rateLimit?: { max: number; windowSeconds: number };
}

export function route<Req extends z.ZodType, Res extends z.ZodType, Params extends z.ZodType | undefined = undefined>(
  def: RouteDef<Req, Res, Params>,
): RouteDef<Req, Res, Params> {
  return def;
}

export type RequestOf<R> = R extends RouteDef<infer Req, z.ZodType, z.ZodType | undefined> ? z.input<Req> : never;
export type ResponseOf<R> = R extends RouteDef<z.ZodType, infer Res, z.ZodType | undefined> ? z.output<Res> : never;
export type ParamsOf<R> = R extends RouteDef<z.ZodType, z.ZodType, infer P> ? (P extends z.ZodType ? z.input<P> : never) : never;
