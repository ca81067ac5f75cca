// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call, getToken, setToken, takeNotice, uploadImage } from './api';

function envelope(code: number, data: unknown, msgText = '') {
  return new Response(JSON.stringify({ code, msg: msgText, data }), { status: code === 200 ? 200 : code });
}

describe('the operator app HTTP client', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    window.location.hash = '#/users';
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks in English with the operator token', async () => {
    setToken('op-1');
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(200, { list: [], total: 0, page: 1, size: 20 }));
    vi.stubGlobal('fetch', fetchMock);
    await call('operatorUsers', { page: 1, size: 20 });
    const headers = fetchMock.mock.calls[0]![1]!.headers as Record<string, string>;
    expect(headers.Authorization).toBe('Bearer op-1');
    expect(headers.languages).toBe('en');
  });

  it('keeps a session stored under the former key', () => {
    localStorage.setItem('bo.token', 'old');
    expect(getToken()).toBe('old');
    expect(localStorage.getItem('bo.token')).toBeNull();
    expect(getToken()).toBe('old');
  });

  it('on 401 of a signed-in call ends the session and leaves the server message for the sign-in page', async () => {
    setToken('op-1');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(401, null, 'login expired')),
    );
    await expect(call('operatorMe', {})).rejects.toBeInstanceOf(ApiError);
    expect(getToken()).toBeNull();
    expect(window.location.hash).toBe('#/login');
    expect(takeNotice()).toBe('login expired');
  });

  it('says in its own words what went wrong without the server', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(call('operatorMe', {})).rejects.toMatchObject({ message: 'Cannot reach the server' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>', { status: 502 })),
    );
    await expect(call('operatorMe', {})).rejects.toMatchObject({ message: 'The server answered HTTP 502 without a result', code: 502 });
  });

  it('uploads an image and answers its URL; a file over the limit never leaves', async () => {
    const fetchMock = vi.fn(async () => envelope(200, { url: '/web/file/9', id: '9', mime: 'image/png', size: 3 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(uploadImage(new File([new Uint8Array(3)], 'a.png', { type: 'image/png' }))).resolves.toBe('/web/file/9');
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'b.png', { type: 'image/png' });
    await expect(uploadImage(big)).rejects.toMatchObject({ message: 'The file is larger than 5 MB', code: 413 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
