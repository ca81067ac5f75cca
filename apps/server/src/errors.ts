import { statusOf, type ErrorCode, type MessageKey } from '@tradeapp/contract';

type Fields = Record<string, MessageKey>;
type Params = Record<string, string | number>;

/**
 * The one error type of the server. `key` picks the translated message and, through the contract's
 * `statusOf`, the HTTP status: one key is answered with one status whichever call refused it.
 * `fields` name bad inputs; `params` fill the message's placeholders.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Fields;
  readonly params?: Params;

  constructor(
    readonly key: MessageKey,
    fields?: Fields,
    params?: Params,
  ) {
    super(key);
    this.code = statusOf(key);
    if (fields) this.fields = fields;
    if (params) this.params = params;
  }
}

export const unauthorized = () => new AppError('e.loginExpired');
export const notFound = (key: MessageKey = 'e.notFound') => new AppError(key);
