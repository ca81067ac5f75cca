import { createApiClient } from '@tradeapp/client';
import { acceptLanguage, wireLocale } from '../i18n/locale';
import { msg } from '../i18n/messages';
import { clearSession, getToken } from '../lib/session';
import { hooks } from './hooks';

export { ApiError, isAbortError } from './errors';
export { configureClient } from './hooks';
export { newIdempotencyKey, type CallOptions, type RequestOptions, type UploadRoute } from '@tradeapp/client';

// The investor app's HTTP client: @tradeapp/client with the session in local storage, the chosen
// language, failures toasted in that language, and the login page after a 401/403.

const client = createApiClient({
  getToken,
  locale: () => wireLocale(),
  acceptLanguage: () => acceptLanguage(),
  notify: (text) => hooks.notify(text),
  text: ({ key, params }) => msg(key, params),
  onUnauthorized: (error) => {
    clearSession();
    hooks.notify(error.message);
    hooks.onUnauthorized();
  },
});

export const { call, request, upload } = client;
