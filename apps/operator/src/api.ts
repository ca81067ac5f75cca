import { createApiClient, type Failure } from '@tradeapp/client';
import { currentLanguage } from './i18n';
import { wireLocale } from './i18n/locale';

export { ApiError } from '@tradeapp/client';

// The operator app's HTTP client: @tradeapp/client with the operator's token in local storage,
// failures shown by the page that made the call (no toasts), and the sign-in page
// after a 401/403.

const TOKEN_KEY = 'operator.token';
/** A message for the sign-in page, left by a call that found the session gone. */
const NOTICE_KEY = 'operator.notice';
/** Where the operator app kept its session before it took the operator's name. */
const FORMER_TOKEN_KEY = 'bo.token';

export function getToken(): string | null {
  // A session started under the former key stays signed in.
  const former = localStorage.getItem(FORMER_TOKEN_KEY);
  if (former !== null) {
    localStorage.removeItem(FORMER_TOKEN_KEY);
    if (localStorage.getItem(TOKEN_KEY) === null) localStorage.setItem(TOKEN_KEY, former);
  }
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

function textOf(failure: Failure): string {
  switch (failure.kind) {
    case 'timeout':
      return 'The server did not answer in time';
    case 'network':
      return 'Cannot reach the server';
    case 'badAnswer':
      return `The server answered HTTP ${failure.status} without a result`;
    case 'refused':
      return `Request failed (${failure.code})`;
    case 'loginExpired':
      return failure.serverMessage || 'Your session has ended: please sign in again';
    case 'badRequest':
      return 'The request is missing a part of its address';
    case 'tooLarge':
      return `The file is larger than ${failure.limitMb} MB`;
    case 'uploadFailed':
      return 'The upload failed';
  }
}

const client = createApiClient({
  getToken,
  // The server's messages (a refusal's reason, a field's error) in the operator's language.
  locale: () => wireLocale(currentLanguage()),
  text: textOf,
  onUnauthorized: (error) => goToLogin(error.message),
});

export const { call } = client;

/** Uploads one image as the signed-in operator and returns its URL (`/web/file/<id>`). */
export async function uploadImage(file: File): Promise<string> {
  const answer = await client.upload(file, { fileName: file.name || 'image' });
  return answer.url;
}

/** A readable message for anything a call can throw. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong';
}
