import {
  ErrorCode,
  REQUEST_TIMEOUT_MS,
  SUCCESS_CODE,
  routes,
  type Envelope,
  type ParamsOf,
  type RequestOf,
  type ResponseOf,
  type RouteId,
  type Routes,
} from '@tradeapp/contract';

// The one HTTP client of the back office: every call is named by its id in the contract's route
// table, so the method, the path, the input and the answer all come from the contract.

const API_BASE = '/web';
export const TOKEN_KEY = 'bo.token';
/** A message for the sign-in page, left by a call that found the session gone. */
const NOTICE_KEY = 'bo.notice';

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(token: string): void {
  localStorage.setItem(TOKEN_KEY, token);
}

export function clearToken(): void {
  localStorage.removeItem(TOKEN_KEY);
}

/** Reads and forgets the message left for the sign-in page. */
export function takeNotice(): string | null {
  const notice = sessionStorage.getItem(NOTICE_KEY);
  sessionStorage.removeItem(NOTICE_KEY);
  return notice;
}

/** Ends the session on this browser and shows the sign-in page, with a message if given. */
export function goToLogin(notice?: string): void {
  clearToken();
  if (notice) sessionStorage.setItem(NOTICE_KEY, notice);
  else sessionStorage.removeItem(NOTICE_KEY);
  if (!window.location.hash.startsWith('#/login')) window.location.hash = '#/login';
}

export interface CallOptions {
  /** On 401/403, throw without signing out (used by sign-out itself). */
  quietAuth?: boolean;
  signal?: AbortSignal;
}

type Query = Record<string, unknown>;

function buildPath(template: string, params: Query | undefined): string {
  return template.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number') throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

function queryString(input: Query): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(input)) {
    if (typeof value === 'string' && value !== '') search.append(key, value);
    else if (typeof value === 'number' || typeof value === 'boolean') search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number';
}

function fieldsOf(data: unknown): Record<string, string> | undefined {
  if (typeof data !== 'object' || data === null || !('fields' in data)) return undefined;
  const fields = data.fields;
  if (typeof fields !== 'object' || fields === null) return undefined;
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export async function call<K extends RouteId>(
  routeId: K,
  input: RequestOf<Routes[K]>,
  params?: ParamsOf<Routes[K]>,
  options: CallOptions = {},
): Promise<ResponseOf<Routes[K]>> {
  const def = routes[routeId];
  const path = buildPath(def.path, params);
  const isGet = def.method === 'GET';
  const headers: Record<string, string> = { accept: 'application/json', languages: 'en', 'accept-language': 'en' };
  const token = getToken();
  if (token && def.auth !== 'public') headers.authorization = `Bearer ${token}`;
  if (!isGet) headers['content-type'] = 'application/json';

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const url = `${API_BASE}${path}${isGet ? queryString(input) : ''}`;

  let response: Response;
  try {
    response = await fetch(url, {
      method: def.method,
      headers,
      body: isGet ? undefined : JSON.stringify(input),
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    if (timeout.aborted) throw new Error('The server did not answer in time', { cause: error });
    throw new Error('Cannot reach the server', { cause: error });
  }

  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  if (!isEnvelope(body)) {
    throw new ApiError(response.status, `The server answered HTTP ${response.status} without a result`);
  }

  if (body.code === SUCCESS_CODE) return body.data as ResponseOf<Routes[K]>;

  const message = body.msg || `Request failed (${body.code})`;
  const isAuthError = body.code === ErrorCode.Unauthorized || body.code === ErrorCode.Forbidden;
  if (isAuthError && def.auth !== 'public' && !options.quietAuth) goToLogin(message);
  throw new ApiError(body.code, message, fieldsOf(body.data));
}

/** A readable message for anything a call can throw. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}
