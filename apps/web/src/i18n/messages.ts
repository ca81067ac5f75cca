import { isMessageKey, translate } from '@tradeapp/contract';
import { wireLocale } from './locale';

/**
 * Server and validation messages come from the contract (one source for server and client).
 * `key` may be a message key (translated in the current UI language) or already a sentence
 * (a server `msg`), which is shown as is.
 */
export function msg(key: string | undefined | null, params?: Record<string, string | number>): string {
  if (!key) return '';
  return isMessageKey(key) ? translate(wireLocale(), key, params) : key;
}
