import { ErrorCode, type MessageKey } from '@tradeapp/contract';

/** The one error type of the server. `key` picks the translated message; `fields` name bad inputs. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly key: MessageKey,
    readonly fields?: Record<string, MessageKey>,
    readonly params?: Record<string, string | number>,
  ) {
    super(key);
  }
}

export const badRequest = (key: MessageKey, fields?: Record<string, MessageKey>) =>
  new AppError(ErrorCode.BadRequest, key, fields);
export const unauthorized = () => new AppError(ErrorCode.Unauthorized, 'e.loginExpired');
export const forbidden = (key: MessageKey = 'e.forbidden') => new AppError(ErrorCode.Forbidden, key);
export const notFound = (key: MessageKey = 'e.notFound') => new AppError(ErrorCode.NotFound, key);
export const conflict = (key: MessageKey, fields?: Record<string, MessageKey>) =>
  new AppError(ErrorCode.Conflict, key, fields);
export const refused = (key: MessageKey, fields?: Record<string, MessageKey>) =>
  new AppError(ErrorCode.Unprocessable, key, fields);
