import { isMessageKey, translate, type MessageKey } from '@tradeapp/contract';
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

/** A refusal of the server's, for a form: its message, and the problems of the form's fields it names. */
export interface FormRefusal<F extends string> {
  message: string;
  fields: Partial<Record<F, string>>;
}

/**
 * A refusal of the server's: its message, to show above the form, and the fields it is about, each
 * with the problem to show under it (the form's fields only, as `fieldOf` names them). A refusal that
 * names no field but whose key `fieldOfKey` places goes under that field, in `problemOfKey`'s words
 * (its own message unless said otherwise).
 */
export function formRefusalOf<F extends string>(
  error: unknown,
  fieldOf: (path: string) => F | null,
  fieldOfKey: (key: MessageKey) => F | null | undefined,
  problemOfKey: (key: MessageKey, message: string) => string = (_key, message) => message,
): FormRefusal<F> {
  const message = error instanceof Error ? error.message : 'Something went wrong';
  const fields: Partial<Record<F, string>> = {};
  for (const [path, problem] of Object.entries(fieldErrorsOf(error))) {
    const field = fieldOf(path);
    if (field && !fields[field]) fields[field] = problem;
  }
  if (Object.keys(fields).length === 0 && error instanceof ApiError && error.key) {
    const field = fieldOfKey(error.key);
    if (field) fields[field] = problemOfKey(error.key, message);
  }
  return { message, fields };
}
