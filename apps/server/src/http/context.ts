import type { Locale, UserRole, UserStatus } from '@tradeapp/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The signed-in caller, resolved from the bearer token once per request. */
export interface Caller {
  id: number;
  role: UserRole;
  status: UserStatus;
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
    locale: Locale;
  }
}

export interface HandlerContext<Input, Params> {
  input: Input;
  params: Params;
  caller: Caller | null;
  /** The request's Idempotency-Key, recorded on the journals it posts. */
  idempotencyKey: string | undefined;
  req: FastifyRequest;
  reply: FastifyReply;
}
