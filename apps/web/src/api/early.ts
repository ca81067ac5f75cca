// Requests the page's inline boot script (src/boot) sent before the app's code arrived, by method,
// URL and body, for the HTTP client to take instead of asking again: on a slow network the first
// screen's data then travels while its code does, not after it. Each is taken once, by a call with
// the same session and language headers; anything else goes to the network as usual.

interface EarlyRequest {
  response: Promise<Response>;
  /** The headers an answer depends on, as sent. */
  vary: string;
}

declare global {
  interface Window {
    __mmEarly?: Map<string, EarlyRequest>;
  }
}

const VARY = ['authorization', 'languages', 'accept-language'];

const keyOf = (method: string, url: string, body: unknown) => `${method} ${url} ${typeof body === 'string' ? body : ''}`;

function varyOf(headers: HeadersInit | undefined): string {
  const all = new Headers(headers);
  return VARY.map((name) => all.get(name) ?? '').join('\n');
}

/**
 * Sends a request now and keeps its answer for the client (the boot script). The answer is returned
 * too: the boot script may read a copy of it (`Response.clone`) before the client takes it.
 */
export function sendEarly(url: string, init: RequestInit & { method: 'GET' | 'POST' }): Promise<Response> {
  const early = (window.__mmEarly ??= new Map());
  const response = fetch(url, init);
  // Not asked for (another screen came first): the failure is nobody's.
  response.catch(() => undefined);
  early.set(keyOf(init.method, url, init.body), { response, vary: varyOf(init.headers) });
  return response;
}

/** The boot script's answer to this request, once; undefined when it sent none like it. */
export function takeEarly(url: string, init: RequestInit = {}): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__mmEarly;
  const key = keyOf(init.method ?? 'GET', url, init.body);
  const found = early?.get(key);
  if (!found || found.vary !== varyOf(init.headers)) return undefined;
  early!.delete(key);
  const { signal } = init;
  if (!signal) return found.response;
  // The caller's abort (its timeout, a query cancelled) ends the wait, as it would end a fetch.
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError'));
    if (signal.aborted) abort();
    signal.addEventListener('abort', abort, { once: true });
    found.response.then(resolve, reject);
  });
}

/** fetch, answered from the boot script's requests where it sent the same. */
export const earlyFetch: typeof fetch = (input, init) => (typeof input === 'string' ? takeEarly(input, init) : undefined) ?? globalThis.fetch(input, init);
