import { isMessageKey, translate } from '@tradeapp/contract';
import { ApiError } from '../api';

/**
 * The field errors of a refused request, by field path (`texts.en.title`), in English. The server
 * names each field's problem by its message key; the operator app is English-only.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const { fields, message } = error;
  return Object.fromEntries(
    Object.entries(fields).map(([field, key]) => {
      if (!isMessageKey(key)) return [field, key];
      const text = translate('en', key);
      // A message with placeholders ("higher than the published one ({current})") is the request's
      // own error, whose filled-in text the server sent as the message.
      return [field, /\{\w+\}/.test(text) ? message : text];
    }),
  );
}
