import {
  API_BASE,
  ErrorCode,
  REQUEST_TIMEOUT_MS,
  SUCCESS_CODE,
  UPLOAD_LIMIT_BYTES,
  UPLOAD_LIMIT_MB,
  isMessageKey,
  routes,
  type AuthLevel,
  type MessageKey,
  type ParamsOf,
  type RequestOf,
  type ResponseOf,
  type RouteId,
  type Routes,
} from '@tradeapp/contract';
import { acceptLanguage, wireLocale } from '../i18n/locale';
import { msg } from '../i18n/messages';
import { clearSession, getToken } from '../lib/session';
import { ApiError } from './errors';
import { hooks } from './hooks';

export { ApiError, isAbortError } from './errors';
export { configureClient } from './hooks';

// The one HTTP client of the app (spec sections 7 and 8).

export interface RequestOptions {
  /** A repeated call with the same request id aborts the earlier one (silently). */
  requestId?: string;
  /** Sent as `Idempotency-Key` on money-moving calls; reuse it when retrying the same intent. */
  idempotencyKey?: string;
  /** Cancels the call (TanStack Query passes one); a cancelled call is silent. */
  signal?: AbortSignal;
  /** Extra headers, e.g. the registration upload headers. */
  headers?: Record<string, string>;
  /** Do not toast a failure; the caller shows it (e.g. under form fields). */
  silent?: boolean;
  timeoutMs?: number;
}

interface RawRequest extends RequestOptions {
  method: 'GET' | 'POST';
  path: string;
  auth?: AuthLevel;
  query?: Record<string, unknown>;
  json?: unknown;
  form?: FormData;
}

const inFlight = new Map<string, AbortController>();
let loggingOut = false;

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

function fail(error: ApiError, silent: boolean | undefined): never {
  if (!silent && !error.aborted) hooks.notify(error.message);
  throw error;
}

function readEnvelope(body: unknown): { code: number; msg: string; data: unknown } | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  if (typeof record.code !== 'number') return null;
  return { code: record.code, msg: typeof record.msg === 'string' ? record.msg : '', data: record.data };
}

function errorDetail(data: unknown): { key?: MessageKey; fields?: Record<string, string> } {
  if (typeof data !== 'object' || data === null) return {};
  const record = data as Record<string, unknown>;
  const key = typeof record.key === 'string' && isMessageKey(record.key) ? record.key : undefined;
  let fields: Record<string, string> | undefined;
  if (typeof record.fields === 'object' && record.fields !== null) {
    fields = {};
    for (const [name, value] of Object.entries(record.fields as Record<string, unknown>)) {
      if (typeof value === 'string') fields[name] = value;
    }
  }
  return { ...(key ? { key } : {}), ...(fields ? { fields } : {}) };
}

/** Low-level request: headers, timeout, abort-by-request-id and envelope handling. */
export async function request<T>(req: RawRequest): Promise<T> {
  const controller = new AbortController();
  if (req.requestId) {
    inFlight.get(req.requestId)?.abort();
    inFlight.set(req.requestId, controller);
  }
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  if (req.signal) {
    if (req.signal.aborted) controller.abort();
    else req.signal.addEventListener('abort', onOuterAbort, { once: true });
  }

  const token = getToken();
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': acceptLanguage(),
    languages: wireLocale(),
    ...(req.form ? {} : { 'content-type': 'application/json' }),
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    ...(req.idempotencyKey ? { 'Idempotency-Key': req.idempotencyKey } : {}),
    ...req.headers,
  };

  const init: RequestInit = { method: req.method, headers, signal: controller.signal };
  if (req.method === 'POST') init.body = req.form ?? JSON.stringify(req.json ?? {});
  const url = `${API_BASE}${req.path}${req.method === 'GET' ? buildQuery(req.query) : ''}`;

  try {
    let response: Response;
    try {
      response = await fetch(url, init);
    } catch {
      if (timedOut) fail(new ApiError(msg('e.timeout'), { key: 'e.timeout' }), req.silent);
      if (controller.signal.aborted) fail(new ApiError('aborted', { aborted: true }), true);
      fail(new ApiError(msg('e.network'), { key: 'e.network' }), req.silent);
    }

    let body: unknown;
    try {
      body = await response.json();
    } catch {
      if (timedOut) fail(new ApiError(msg('e.timeout'), { key: 'e.timeout' }), req.silent);
      if (controller.signal.aborted) fail(new ApiError('aborted', { aborted: true }), true);
      body = null;
    }
    if (controller.signal.aborted && !timedOut) fail(new ApiError('aborted', { aborted: true }), true);

    const envelope = readEnvelope(body);
    if (!envelope) fail(new ApiError(msg('e.network'), { key: 'e.network', code: response.status }), req.silent);

    if (envelope.code === SUCCESS_CODE) return envelope.data as T;

    const detail = errorDetail(envelope.data);
    const authFailure = envelope.code === ErrorCode.Unauthorized || envelope.code === ErrorCode.Forbidden;
    // A public call (sign-in, registration) refused with 401/403 is a plain error: there is no
    // session to expire. Everywhere else the session is over.
    if (authFailure && req.auth !== 'public') {
      clearSession();
      if (!loggingOut) {
        loggingOut = true;
        hooks.notify(msg('e.loginExpired'));
        hooks.onUnauthorized();
        setTimeout(() => {
          loggingOut = false;
        }, 500);
      }
      throw new ApiError(msg('e.loginExpired'), { code: envelope.code, key: 'e.loginExpired' });
    }
    const text = envelope.msg.trim() || msg('e.network');
    return fail(new ApiError(text, { code: envelope.code, ...detail }), req.silent);
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onOuterAbort);
    if (req.requestId && inFlight.get(req.requestId) === controller) inFlight.delete(req.requestId);
  }
}

export type CallOptions<K extends RouteId> = RequestOptions & { params?: ParamsOf<Routes[K]> };

function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new ApiError(msg('e.badRequest'), { key: 'e.badRequest' });
    return encodeURIComponent(String(value));
  });
}

/** A typed call of the contract's route table: method, path, :params and GET query come from it. */
export function call<K extends RouteId>(
  id: K,
  input: RequestOf<Routes[K]>,
  opts: CallOptions<K> = {},
): Promise<ResponseOf<Routes[K]>> {
  const def = routes[id];
  const { params, ...rest } = opts;
  const path = fillPath(def.path, params as Record<string, unknown> | undefined);
  const payload = input as Record<string, unknown>;
  return request<ResponseOf<Routes[K]>>({
    ...rest,
    method: def.method,
    path,
    auth: def.auth,
    ...(def.method === 'GET' ? { query: payload } : { json: payload }),
  });
}

export type UploadRoute = 'fileUpload' | 'fileTermsUpload';

/** Multipart upload in field `file`, checked against the 5 MB limit before it leaves the device. */
export async function upload(
  file: Blob,
  opts: RequestOptions & { route?: UploadRoute; fileName?: string } = {},
): Promise<ResponseOf<Routes[UploadRoute]>> {
  const { route: id = 'fileUpload', fileName, ...rest } = opts;
  if (file.size > UPLOAD_LIMIT_BYTES) {
    fail(new ApiError(msg('e.sizeExceeded', { n: UPLOAD_LIMIT_MB }), { key: 'e.sizeExceeded', code: ErrorCode.PayloadTooLarge }), rest.silent);
  }
  const form = new FormData();
  const name = fileName ?? (file instanceof File ? file.name : 'image');
  form.append('file', file, name);
  const def = routes[id];
  try {
    return await request<ResponseOf<Routes[UploadRoute]>>({ ...rest, silent: true, method: 'POST', path: def.path, auth: def.auth, form });
  } catch (error) {
    if (error instanceof ApiError && (error.aborted || error.key === 'e.loginExpired')) throw error;
    const detail = error instanceof ApiError && error.code !== 0 ? error.message : msg('e.uploadFail');
    const failure = new ApiError(detail || msg('e.uploadFail'), { key: 'e.uploadFail', code: error instanceof ApiError ? error.code : 0 });
    return fail(failure, rest.silent);
  }
}

/** A fresh key for one money-moving intent. */
export function newIdempotencyKey(): string {
  return globalThis.crypto.randomUUID();
}
