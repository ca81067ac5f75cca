import type { RouteId } from '@tradeapp/contract';
import { createApiClientCore, type WireRoute } from '@tradeapp/client/core';
import wire from 'virtual:route-wire';
import { acceptLanguage, wireLocale } from '../i18n/locale';
import { isMessageKey, loadMessages, msg } from '../i18n/messages';
import { clearSession, getToken } from '../lib/session';
import { earlyFetch } from './early';
import { hooks } from './hooks';

export { ApiError, isAbortError } from './errors';
export { configureClient } from './hooks';
export { newIdempotencyKey, type CallOptions, type RequestOptions, type UploadRoute } from '@tradeapp/client/core';

// The investor app's HTTP client: @tradeapp/client with the session in local storage, the chosen
// language, failures toasted in that language, and the login page after a 401/403. Its route table
// is the contract's without the schemas (build/routeWire.ts): a call does not load zod.

/** A route of the table: method, auth and body as one letter each, then the path (`Ppj/loginByUsername`). */
function route(id: RouteId): WireRoute {
  const entry = wire[id];
  if (!entry) throw new Error(`${id} is not a route of the investor app`);
  return {
    method: entry[0] === 'G' ? 'GET' : 'POST',
    auth: entry[1] === 'p' ? 'public' : 'user',
    body: entry[2] === 'f' ? 'form' : entry[2] === 'm' ? 'multipart' : 'json',
    path: entry.slice(3),
  };
}

const client = createApiClientCore({
  getToken,
  locale: () => wireLocale(),
  acceptLanguage: () => acceptLanguage(),
  // A failure on a page that loads no messages (home, sign-in) comes as its key: read once they are in.
  notify: (text) => {
    if (!/^[a-z]\.\w+$/.test(text) || isMessageKey(text)) return hooks.notify(text);
    void loadMessages(wireLocale()).then(() => hooks.notify(msg(text)));
  },
  text: ({ key, params }) => msg(key, params),
  isMessageKey,
  route,
  // The first screen's requests may have left with the page's boot script (src/boot).
  fetch: earlyFetch,
  onUnauthorized: (error) => {
    clearSession();
    hooks.notify(error.message);
    hooks.onUnauthorized();
  },
});

export const { call, request, upload } = client;
