import type { MessageKey } from './messages';

/**
 * Error codes carried in the envelope's `code`. The code is also the HTTP status of the answer,
 * so a proxy, a log line and the client all read the same number.
 *   400 bad input (a field failed its rule; `data.fields` names each field's message)
 *   401 not signed in, or the session expired or was revoked
 *   403 signed in but not allowed (wrong role, disabled account)
 *   404 no such route or no such record for this caller
 *   409 conflict with existing state (taken e-mail, reused idempotency key)
 *   413 body or upload too large
 *   422 well-formed but refused by a business rule (wrong code, wrong old password)
 *   429 rate limited
 *   500 our fault; never carries internals
 */
export const ErrorCode = {
  BadRequest: 400,
  Unauthorized: 401,
  Forbidden: 403,
  NotFound: 404,
  Conflict: 409,
  PayloadTooLarge: 413,
  Unprocessable: 422,
  TooManyRequests: 429,
  Internal: 500,
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

export const SUCCESS_CODE = 200;

/** What an error envelope carries in `data`: the message key, and per-field keys for bad input. */
export interface ErrorData {
  key: MessageKey;
  fields?: Record<string, string>;
}
