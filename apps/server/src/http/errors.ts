import { isMessageKey, translate, type Envelope, type ErrorData, type Locale, type MessageKey } from '@tradeapp/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodError } from 'zod';
import { AppError } from '../errors';

/** A failed zod parse as a 400: each field's first message key, and the first one as `msg`. */
export function fromZodError(error: ZodError): AppError {
  const fields: Record<string, MessageKey> = {};
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '_';
    if (fields[field]) continue;
    fields[field] = isMessageKey(issue.message) ? issue.message : 'v.invalidValue';
  }
  const first = Object.values(fields)[0] ?? 'e.badRequest';
  return new AppError(first, fields);
}

export function errorEnvelope(req: FastifyRequest, error: AppError): Envelope<ErrorData> {
  return envelopeIn(req.locale ?? 'en', error);
}

/** An error's envelope in a language, for answers written before a request exists (the HTTP parser's refusals). */
export function envelopeIn(locale: Locale, error: AppError): Envelope<ErrorData> {
  return {
    code: error.code,
    msg: translate(locale, error.key, error.params),
    data: { key: error.key, ...(error.fields ? { fields: error.fields } : {}) },
  };
}

/** Map framework errors onto the fixed list; anything unknown is a 500 that leaks nothing. */
export function toAppError(error: FastifyError | Error): AppError {
  if (error instanceof AppError) return error;
  const e = error as FastifyError;
  switch (e.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
    case 'FST_FILES_LIMIT':
      return new AppError('e.payloadTooLarge');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError('e.badRequest');
  }
  if (e.statusCode === 429) return new AppError('e.tooManyRequests');
  if (e.statusCode === 413) return new AppError('e.payloadTooLarge');
  if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
    // Malformed JSON and the like: the framework's text may echo input, so send our own words.
    return new AppError('e.badRequest');
  }
  return new AppError('e.operationFailed');
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error, req, reply) => {
    const appError = toAppError(error as FastifyError);
    if (appError.code >= 500) req.log.error({ err: error }, 'request failed');
    else req.log.info({ code: appError.code, key: appError.key }, 'request refused');
    return reply.code(appError.code).send(errorEnvelope(req, appError));
  });
  app.setNotFoundHandler((req, reply) => {
    const notFound = new AppError('e.urlNotFound');
    return reply.code(404).send(errorEnvelope(req, notFound));
  });
}
