// Which addresses the in-app web view may open. Everything is decided on the parsed URL, never on
// the raw text: the parser resolves `..`, strips tabs and newlines and tells `//evil` apart from a
// path, so tricks that fool a string prefix check do not fool this one.

/** Path text a server could decode into a separator or a parent step after our check. */
const ENCODED_ESCAPE = /%(2e|2f|5c)/i;
// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f\\]/;

function parse(raw: string, origin: string): URL | null {
  try {
    return new URL(raw, origin);
  } catch {
    return null;
  }
}

/**
 * The absolute URL the web view may load for `raw`, or null when it must be refused. `raw` may be
 * relative to `origin` (`/help/how-to-deposit`) or absolute; it must be http(s), carry no
 * credentials and start, after parsing, with one of the `allowlist` prefixes (same origin, and a
 * path that continues the prefix's path at a `/` boundary).
 */
export function allowedWebviewUrl(raw: string | null | undefined, allowlist: readonly string[], origin: string): string | null {
  const text = (raw ?? '').trim();
  if (!text || CONTROL.test(text)) return null;
  const url = parse(text, origin);
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (url.username || url.password) return null;
  if (ENCODED_ESCAPE.test(url.pathname)) return null;
  for (const entry of allowlist) {
    const prefix = entry.trim() ? parse(entry.trim(), origin) : null;
    if (!prefix || prefix.origin !== url.origin) continue;
    const base = prefix.pathname;
    const within = base.endsWith('/') ? url.pathname.startsWith(base) : url.pathname === base || url.pathname.startsWith(`${base}/`);
    if (within) return url.href;
  }
  return null;
}
