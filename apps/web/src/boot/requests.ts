import { sendEarly } from '../api/early';
import type { FirstRequest } from '../app/firstRequests';
import { acceptLanguage, wireLocale } from '../i18n/locale';
import { getToken } from '../lib/session';
import type { BootConfig } from './config';

/** The query string the HTTP client writes for a GET's input (@tradeapp/client's buildQuery). */
function queryOf(input: FirstRequest['input']): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(input)) if (value !== '') search.append(name, String(value));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Sends a first screen's requests as the HTTP client would send them, for it to take (api/early.ts); their answers in the same order. */
export function sendFirstRequests(requests: readonly FirstRequest[], routes: BootConfig['routes']): Promise<Response>[] {
  const token = getToken();
  // The headers of @tradeapp/client's core, so that the client's calls match these.
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': acceptLanguage(),
    languages: wireLocale(),
    'content-type': 'application/json',
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
  };
  return requests.map(({ route, input }) => {
    const { method, path } = routes[route];
    return method === 'GET' ? sendEarly(`${path}${queryOf(input)}`, { method, headers }) : sendEarly(path, { method, headers, body: JSON.stringify(input) });
  });
}
