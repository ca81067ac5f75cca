import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, configureClient, upload } from './client';
import { ApiError as ErrorsApiError } from './errors';
import { getToken, startSession } from '../lib/session';
import { storeUiLanguage } from '../i18n/locale';
import { loadMessages } from '../i18n/messages';
import type { UserInfo } from '@tradeapp/contract';

// What the app adds to @tradeapp/client (whose own tests cover the envelope, timeouts and aborts):
// the stored session and language, toasts, and the way to the login page.

const user = { id: 1, userId: 'alice', email: 'a@b.c' } as UserInfo;

function envelope(code: number, data: unknown, msgText = '') {
  return new Response(JSON.stringify({ code, msg: msgText, data }), {
    status: code === 200 ? 200 : code,
    headers: { 'content-type': 'application/json' },
  });
}

describe('api client', () => {
  const notify = vi.fn();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    localStorage.clear();
    storeUiLanguage('en');
    notify.mockReset();
    onUnauthorized.mockReset();
    configureClient({ notify, onUnauthorized });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('sends the session token and the chosen language', async () => {
    startSession('tok-1', user);
    storeUiLanguage('zh-Hans');
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(200, { token: 't', wsUrl: '/web/push', userInfo: user }));
    vi.stubGlobal('fetch', fetchMock);
    await call('login', { username: 'alice', password: 'secret1' });
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.languages).toBe('zh_Hans_CN');
    expect(headers['accept-language']).toContain('zh');
    expect(headers.Authorization).toBe('Bearer tok-1');
  });

  it('on 401 toasts "login expired", clears the session and goes to login', async () => {
    startSession('tok', user);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(401, { key: 'e.loginExpired' }, 'whatever')),
    );
    await expect(call('userInfo', {})).rejects.toMatchObject({ code: 401, key: 'e.loginExpired' });
    expect(getToken()).toBeNull();
    expect(notify).toHaveBeenCalledWith('login expired');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('toasts a failure on a page that has loaded no messages (home, sign-in) in words, not as its key', async () => {
    vi.resetModules();
    const fresh = await import('./client');
    const { nl } = await import('@tradeapp/contract/messages/nl');
    const seen = vi.fn();
    fresh.configureClient({ notify: seen, onUnauthorized });
    (await import('../i18n/locale')).storeUiLanguage('nl');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(fresh.call('userInfo', {})).rejects.toMatchObject({ key: 'e.network' });
    await vi.waitFor(() => expect(seen).toHaveBeenCalledTimes(1));
    expect(seen).toHaveBeenCalledWith(nl['e.network']);
  });

  it('toasts failures in the current UI language, with one error class for the whole app', async () => {
    storeUiLanguage('nl');
    await loadMessages('nl'); // as setLanguage does before the UI switches
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    const error = await call('health', {}).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: 'netwerkfout' });
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(ErrorsApiError);
    expect(notify).toHaveBeenCalledWith('netwerkfout');
  });

  it('refuses uploads over 5 MB in the UI language', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('offline');
      }),
    );
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' });
    await expect(upload(big)).rejects.toMatchObject({ message: 'size may not exceed 5M' });
    expect(notify).toHaveBeenLastCalledWith('size may not exceed 5M');
  });
});
