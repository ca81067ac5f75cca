import helmet from 'helmet';

/** The headers helmet's middleware sets for `options`, read off a response that records them. */
export function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name] = String(value)),
    removeHeader: (name: string) => void delete headers[name],
  };
  let done = false;
  helmet(options)({} as never, recorder as never, (err?: unknown) => {
    if (err) throw err;
    done = true;
  });
  // helmet calls its `next` synchronously; a version that did not would leave the record half written.
  if (!done) throw new Error('helmet did not set its headers synchronously');
  return headers;
}
