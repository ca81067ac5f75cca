import type { MessageKey } from '@tradeapp/contract';

// Its own entry point (`@tradeapp/client/errors`) so code that only inspects errors does not load
// the route table.

/** A failed call. `aborted` calls were replaced or cancelled and are never shown to the user. */
export class ApiError extends Error {
  readonly code: number;
  readonly key: MessageKey | undefined;
  readonly fields: Record<string, string> | undefined;
  readonly aborted: boolean;

  constructor(message: string, opts: { code?: number; key?: MessageKey; fields?: Record<string, string>; aborted?: boolean } = {}) {
    super(message);
    this.name = 'ApiError';
    this.code = opts.code ?? 0;
    this.key = opts.key;
    this.fields = opts.fields;
    this.aborted = opts.aborted ?? false;
  }
}

export function isAbortError(error: unknown): boolean {
  return error instanceof ApiError && error.aborted;
}
