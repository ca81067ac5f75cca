import {
  API_BASE,
  ErrorCode,
  REQUEST_TIMEOUT_MS,
  SUCCESS_CODE,
  UPLOAD_LIMIT_BYTES,
  UPLOAD_LIMIT_MB,
  type AuthLevel,
  type MessageKey,
  type ParamsOf,
  type RequestOf,
  type ResponseOf,
  type RouteId,
  type Routes,
} from '@tradeapp/contract';
import { ApiError } from './errors';

// The HTTP client's core, without the contract's route table or messages: the caller gives the
// wire facts of each route (`WireRoute`) and the wording, so that an app can keep the schemas
// and the other languages out of its first screen (`@tradeapp/client/core`; `createApiClient`
// in http.ts is this core with the whole contract).
//
// The HTTP client of both apps (spec sections 7 and 8): the envelope, the request timeout, abort by
// request id, and the end of the session on 401/403. What differs between the apps (where the
// token lives, the language, how a failure is shown and worded) comes in as options.

/** A failure the client words itself; the server's own `msg` is used whenever it sent one. */
export type Failure = { key: MessageKey; params?: Record<string, string | number> } & (
  | { kind: 'timeout' }
  /** The server could not be reached. */
  | { kind: 'network' }
  /** An answer that is not an envelope (a proxy's error page). */
  | { kind: 'badAnswer'; status: number }
  /** A refusal whose envelope carries no message. */
  | { kind: 'refused'; code: number }
  | { kind: 'loginExpired'; serverMessage: string }
  /** A path parameter is missing: the call never left. */
  | { kind: 'badRequest' }
  | { kind: 'tooLarge'; limitMb: number }
  /** An upload failed without a message of the server's. */
  | { kind: 'uploadFailed' }
);

export interface ApiClientOptions {
  /** Prefix of every route path; the contract's `/web` unless the app is served elsewhere. */
  base?: string;
  getToken: () => string | null;
  /**
   * A signed-in call was refused with 401/403: the session is over. Called once for a burst of such
   * refusals (parallel calls fail together); the app forgets the token and shows its sign-in page.
   */
  onUnauthorized: (error: ApiError) => void;
  /** The `languages` header (the wire locale, e.g. `zh_Hans_CN`); `en` if not given. */
  locale?: () => string;
  /** The `accept-language` header; `en` if not given. */
  acceptLanguage?: () => string;
  /** Shows a failure (a toast); not called for silent calls, aborted calls or the end of the session. */
  notify?: (text: string) => void;
  /** Words a failure; English from the contract's messages if not given. */
  text?: (failure: Failure) => string;
  timeoutMs?: number;
  /** The fetch to use; the global one at call time if not given (tests stub it). */
  fetch?: typeof fetch;
}

export interface RequestOptions {
  /** A repeated call with the same request id aborts the earlier one (silently). */
  requestId?: string;
  /** Sent as `Idempotency-Key` on money-moving calls; reuse it when retrying the same intent. */
  idempotencyKey?: string;
  /** Cancels the call (TanStack Query passes one); a cancelled call is silent. */
  signal?: AbortSignal;
  /** Extra headers, e.g. the registration upload headers. */
  headers?: Record<string, string>;
  /** Do not notify a failure; the caller shows it (e.g. under form fields). */
  silent?: boolean;
  /** On 401/403, fail without ending the session (sign-out itself). */
  quietAuth?: boolean;
  timeoutMs?: number;
}

export interface RawRequest extends RequestOptions {
  method: 'GET' | 'POST';
  path: string;
  auth?: AuthLevel;
  query?: Record<string, unknown>;
  json?: unknown;
  /** A multipart body (an upload), or a form-encoded one (a route whose `body` is `form`). */
  form?: FormData | URLSearchParams;
}

export type CallOptions<K extends RouteId> = RequestOptions & { params?: ParamsOf<Routes[K]> };

export type UploadRoute = 'fileUpload' | 'fileTermsUpload';
export type UploadOptions = RequestOptions & { route?: UploadRoute; fileName?: string };

export interface ApiClient {
  /** A typed call of the contract's route table: method, path, :params and GET query come from it. */
  call<K extends RouteId>(id: K, input: RequestOf<Routes[K]>, opts?: CallOptions<K>): Promise<ResponseOf<Routes[K]>>;
  /** Multipart upload in field `file`, checked against the upload limit before it leaves the device. */
  upload(file: Blob, opts?: UploadOptions): Promise<ResponseOf<Routes[UploadRoute]>>;
  /** Low-level request: headers, timeout, abort-by-request-id and envelope handling. */
  request<T>(req: RawRequest): Promise<T>;
}

/** How long parallel refusals count as one end of the session. */
const SESSION_END_WINDOW_MS = 500;

function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.append(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function readEnvelope(body: unknown): { code: number; msg: string; data: unknown } | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  if (typeof record.code !== 'number') return null;
  return { code: record.code, msg: typeof record.msg === 'string' ? record.msg : '', data: record.data };
}

function errorDetail(data: unknown, isMessageKey: (key: string) => boolean): { key?: MessageKey; fields?: Record<string, string> } {
  if (typeof data !== 'object' || data === null) return {};
  const record = data as Record<string, unknown>;
  const key = typeof record.key === 'string' && isMessageKey(record.key) ? (record.key as MessageKey) : undefined;
  let fields: Record<string, string> | undefined;
  if (typeof record.fields === 'object' && record.fields !== null) {
    fields = {};
    for (const [name, value] of Object.entries(record.fields as Record<string, unknown>)) {
      if (typeof value === 'string') fields[name] = value;
    }
  }
  return { ...(key ? { key } : {}), ...(fields ? { fields } : {}) };
}

/** What the client needs of a route at run time: the route table without its schemas. */
export interface WireRoute {
  method: 'GET' | 'POST';
  path: string;
  auth: AuthLevel;
  body?: 'json' | 'multipart' | 'form';
}

export interface ApiClientCoreOptions extends ApiClientOptions {
  /** The wire facts of a route id. */
  route: (id: RouteId) => WireRoute;
  /** Words a failure (required here: the core carries no messages). */
  text: (failure: Failure) => string;
  /** Whether an error answer's `data.key` is a message key; keys are trusted when not given. */
  isMessageKey?: (key: string) => boolean;
}

export function createApiClientCore(options: ApiClientCoreOptions): ApiClient {
  const base = options.base ?? API_BASE;
  const text = options.text;
  const isMessageKey = options.isMessageKey ?? (() => true);
  const wire = options.route;
  const inFlight = new Map<string, AbortController>();
  let endingSession = false;

  function fail(error: ApiError, silent: boolean | undefined): never {
    if (!silent && !error.aborted) options.notify?.(error.message);
    throw error;
  }

  function failWith(failure: Failure, silent: boolean | undefined, code = 0): never {
    return fail(new ApiError(text(failure), { key: failure.key, code }), silent);
  }

  function aborted(): never {
    return fail(new ApiError('aborted', { aborted: true }), true);
  }

  function endSession(code: number, serverMessage: string): never {
    const error = new ApiError(text({ kind: 'loginExpired', key: 'e.loginExpired', serverMessage }), { code, key: 'e.loginExpired' });
    if (!endingSession) {
      endingSession = true;
      options.onUnauthorized(error);
      setTimeout(() => {
        endingSession = false;
      }, SESSION_END_WINDOW_MS);
    }
    throw error;
  }

  async function request<T>(req: RawRequest): Promise<T> {
    const controller = new AbortController();
    if (req.requestId) {
      inFlight.get(req.requestId)?.abort();
      inFlight.set(req.requestId, controller);
    }
    let timedOut = false;
    const timer = setTimeout(
      () => {
        timedOut = true;
        controller.abort();
      },
      req.timeoutMs ?? options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    );
    const onOuterAbort = () => controller.abort();
    if (req.signal) {
      if (req.signal.aborted) controller.abort();
      else req.signal.addEventListener('abort', onOuterAbort, { once: true });
    }

    const token = options.getToken();
    const headers: Record<string, string> = {
      accept: 'application/json',
      'accept-language': options.acceptLanguage?.() ?? 'en',
      languages: options.locale?.() ?? 'en',
      ...(req.form ? {} : { 'content-type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(req.idempotencyKey ? { 'Idempotency-Key': req.idempotencyKey } : {}),
      ...req.headers,
    };

    const init: RequestInit = { method: req.method, headers, signal: controller.signal };
    if (req.method === 'POST') init.body = req.form ?? JSON.stringify(req.json ?? {});
    const url = `${base}${req.path}${req.method === 'GET' ? buildQuery(req.query) : ''}`;
    const doFetch = options.fetch ?? globalThis.fetch;

    try {
      let response: Response;
      try {
        response = await doFetch(url, init);
      } catch {
        if (timedOut) failWith({ kind: 'timeout', key: 'e.timeout' }, req.silent);
        if (controller.signal.aborted) aborted();
        failWith({ kind: 'network', key: 'e.network' }, req.silent);
      }

      let body: unknown;
      try {
        body = await response.json();
      } catch {
        if (timedOut) failWith({ kind: 'timeout', key: 'e.timeout' }, req.silent);
        if (controller.signal.aborted) aborted();
        body = null;
      }
      if (controller.signal.aborted && !timedOut) aborted();

      const envelope = readEnvelope(body);
      if (!envelope) failWith({ kind: 'badAnswer', key: 'e.network', status: response.status }, req.silent, response.status);
      if (envelope.code === SUCCESS_CODE) return envelope.data as T;

      const authFailure = envelope.code === ErrorCode.Unauthorized || envelope.code === ErrorCode.Forbidden;
      // A public call (sign-in, registration) refused with 401/403 is a plain error: there is no
      // session to expire.
      if (authFailure && req.auth !== 'public' && !req.quietAuth) endSession(envelope.code, envelope.msg.trim());
      const message = envelope.msg.trim() || text({ kind: 'refused', key: 'e.network', code: envelope.code });
      return fail(new ApiError(message, { code: envelope.code, ...errorDetail(envelope.data, isMessageKey) }), req.silent);
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onOuterAbort);
      if (req.requestId && inFlight.get(req.requestId) === controller) inFlight.delete(req.requestId);
    }
  }

  // A missing parameter is a bug of the caller, not something to show the user.
  function fillPath(path: string, params: Record<string, unknown> | undefined): string {
    return path.replace(/:(\w+)/g, (_whole, name: string) => {
      const value = params?.[name];
      if (value === undefined || value === null) failWith({ kind: 'badRequest', key: 'e.badRequest' }, true);
      return encodeURIComponent(String(value));
    });
  }

  function call<K extends RouteId>(id: K, input: RequestOf<Routes[K]>, opts: CallOptions<K> = {}): Promise<ResponseOf<Routes[K]>> {
    const def = wire(id);
    const { params, ...rest } = opts;
    let path: string;
    try {
      path = fillPath(def.path, params as Record<string, unknown> | undefined);
    } catch (error) {
      return Promise.reject(error);
    }
    const payload = input as Record<string, unknown>;
    return request<ResponseOf<Routes[K]>>({
      ...rest,
      method: def.method,
      path,
      auth: def.auth,
      ...(def.method === 'GET' ? { query: payload } : def.body === 'form' ? { form: formEncoded(payload) } : { json: payload }),
    });
  }

  async function upload(file: Blob, opts: UploadOptions = {}): Promise<ResponseOf<Routes[UploadRoute]>> {
    const { route: id = 'fileUpload', fileName, ...rest } = opts;
    if (file.size > UPLOAD_LIMIT_BYTES) {
      failWith({ kind: 'tooLarge', key: 'e.sizeExceeded', params: { n: UPLOAD_LIMIT_MB }, limitMb: UPLOAD_LIMIT_MB }, rest.silent, ErrorCode.PayloadTooLarge);
    }
    const form = new FormData();
    const name = fileName ?? (typeof File !== 'undefined' && file instanceof File ? file.name : 'image');
    form.append('file', file, name);
    const def = wire(id);
    try {
      return await request<ResponseOf<Routes[UploadRoute]>>({ ...rest, silent: true, method: 'POST', path: def.path, auth: def.auth, form });
    } catch (error) {
      if (error instanceof ApiError && (error.aborted || error.key === 'e.loginExpired')) throw error;
      const failed = text({ kind: 'uploadFailed', key: 'e.uploadFail' });
      const code = error instanceof ApiError ? error.code : 0;
      // A transport failure has no code: "upload failed" says more than "network error".
      const detail = code !== 0 && error instanceof ApiError ? error.message : failed;
      return fail(new ApiError(detail || failed, { key: 'e.uploadFail', code }), rest.silent);
    }
  }

  return { call, upload, request };
}

/** A form-encoded body: every field as text, absent ones left out (fetch sets the content type). */
function formEncoded(payload: Record<string, unknown>): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(payload)) if (value !== undefined && value !== null) form.append(name, String(value));
  return form;
}

/** A fresh key for one money-moving intent. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
