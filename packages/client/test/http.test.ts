import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type ApiClient, type Failure } from '../src/index';

function envelope(code: number, data: unknown, msgText = '') {
  return new Response(JSON.stringify({ code, msg: msgText, data }), {
    status: code === 200 ? 200 : code,
    headers: { 'content-type': 'application/json' },
  });
}

/** A fetch that never answers until its signal aborts. */
function hangingFetch() {
  return vi.fn(
    (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      }),
  );
}

describe('createApiClient', () => {
  let token: string | null;
  let client: ApiClient;
  const notify = vi.fn();
  const onUnauthorized = vi.fn((_error: ApiError) => {
    token = null;
  });

  beforeEach(() => {
    token = null;
    notify.mockReset();
    onUnauthorized.mockClear();
    client = createApiClient({ getToken: () => token, onUnauthorized, notify, locale: () => 'zh_Hans_CN', acceptLanguage: () => 'zh-Hans,zh;q=0.9' });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('returns data of a 200 envelope and sends the contract headers', async () => {
    token = 'tok-1';
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(200, { token: 't', wsUrl: '/web/push', userInfo: {} }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await client.call('login', { username: 'alice', password: 'secret1' });
    expect('token' in result && result.token).toBe('t');
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/web/loginByUsername');
    expect(init!.method).toBe('POST');
    expect(JSON.parse(String(init!.body))).toEqual({ username: 'alice', password: 'secret1' });
    const headers = init!.headers as Record<string, string>;
    expect(headers.languages).toBe('zh_Hans_CN');
    expect(headers['accept-language']).toContain('zh');
    expect(headers.Authorization).toBe('Bearer tok-1');
    expect(headers['content-type']).toBe('application/json');
  });

  it('sends a route whose body is form encoded as a form, every field as text, without a JSON content type', async () => {
    token = 'tok-1';
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await client.call('quantOrderSave', { poolId: 3, kind: 'subscribe', amount: '250.50' }, { idempotencyKey: 'k-1' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/web/quantization/order/save');
    expect(init!.body).toBeInstanceOf(URLSearchParams);
    expect(String(init!.body)).toBe('poolId=3&kind=subscribe&amount=250.50');
    const headers = init!.headers as Record<string, string>;
    expect(headers['content-type']).toBeUndefined();
    expect(headers['Idempotency-Key']).toBe('k-1');
  });

  it('asks in English without a locale, at the given base, with the given fetch', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(200, { status: 'ok' }));
    const plain = createApiClient({ base: '/api', getToken: () => null, onUnauthorized, fetch: fetchMock as unknown as typeof fetch });
    await plain.call('health', {});
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/health');
    const headers = init!.headers as Record<string, string>;
    expect(headers.languages).toBe('en');
    expect(headers['accept-language']).toBe('en');
    expect(headers.Authorization).toBeUndefined();
  });

  it('puts GET input in the query string and path params in the path', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(200, { list: [], total: 0, page: 2, size: 5 }));
    vi.stubGlobal('fetch', fetchMock);
    await client.call('operatorUsers', { page: 2, size: 5, q: undefined });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/web/operator/users?page=2&size=5');
    await client.call('operatorUser', {}, { params: { id: 7 } });
    expect(fetchMock.mock.calls[1]?.[0]).toBe('/web/operator/users/7');
  });

  it('refuses a call with a missing path parameter before sending it', async () => {
    const fetchMock = vi.fn(async () => envelope(200, {}));
    vi.stubGlobal('fetch', fetchMock);
    await expect(client.call('operatorUser', {})).rejects.toMatchObject({ key: 'e.badRequest' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(notify).not.toHaveBeenCalled();
  });

  it('sends the idempotency key when given', async () => {
    token = 'tok';
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(200, { done: true }));
    vi.stubGlobal('fetch', fetchMock);
    await client.call('settingPayPassword', { payPassword: '123456' }, { idempotencyKey: 'key-1' });
    const init = fetchMock.mock.calls[0]![1]!;
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe('key-1');
  });

  it('on 401 ends the session once for a burst of refusals, with "login expired"', async () => {
    token = 'tok';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(401, { key: 'e.loginExpired' }, 'whatever')),
    );
    await expect(client.call('userInfo', {})).rejects.toMatchObject({ code: 401, key: 'e.loginExpired', message: 'login expired' });
    await expect(client.call('userInfo', {})).rejects.toMatchObject({ code: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(token).toBeNull();
    expect(notify).not.toHaveBeenCalled();
  });

  it('on 403 of a signed-in call ends the session as well; quietAuth only fails', async () => {
    token = 'tok';
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(403, null, 'nope')),
    );
    await expect(client.call('logout', {}, { quietAuth: true })).rejects.toMatchObject({ code: 403, message: 'nope' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    await expect(client.call('logout', {})).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('a 401 of a public call (wrong password) is a plain error, no end of the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(401, { key: 'e.invalidCredentials' }, 'Wrong user ID or password')),
    );
    await expect(client.call('login', { username: 'x', password: 'y' })).rejects.toMatchObject({ message: 'Wrong user ID or password' });
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(notify).toHaveBeenCalledWith('Wrong user ID or password');
  });

  it('rejects with msg and the fields, and "network error" when msg is empty', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(422, { key: 'e.codeInvalid', fields: { code: 'e.codeInvalid' } }, 'The code is wrong')),
    );
    const error = await client.call('resetPassword', { email: 'a@b.c', code: '123456', newPassword: 'secret1' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The code is wrong');
    expect((error as ApiError).fields).toEqual({ code: 'e.codeInvalid' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(500, null, '')),
    );
    await expect(client.call('health', {})).rejects.toMatchObject({ message: 'network error', code: 500 });
    expect(notify).toHaveBeenLastCalledWith('network error');
  });

  it('silent calls do not notify', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope(400, null, 'bad')),
    );
    await expect(client.call('health', {}, { silent: true })).rejects.toMatchObject({ message: 'bad' });
    expect(notify).not.toHaveBeenCalled();
  });

  it("transport failure and non-envelope answers are 'network error', or the app's words", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(client.call('health', {})).rejects.toMatchObject({ message: 'network error', key: 'e.network' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>502</html>', { status: 502 })),
    );
    await expect(client.call('health', {})).rejects.toMatchObject({ message: 'network error', code: 502 });
    const worded = createApiClient({
      getToken: () => null,
      onUnauthorized,
      text: (failure: Failure) => (failure.kind === 'badAnswer' ? `HTTP ${failure.status}` : failure.kind),
    });
    await expect(worded.call('health', {})).rejects.toMatchObject({ message: 'HTTP 502' });
  });

  it('a repeated request id aborts the earlier call silently', async () => {
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
      if (fetchMock.mock.calls.length === 1) {
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }
      return Promise.resolve(envelope(200, { status: 'ok' }));
    });
    vi.stubGlobal('fetch', fetchMock);
    const first = client.request({ method: 'GET', path: '/health', requestId: 'quotes' });
    const second = client.request({ method: 'GET', path: '/health', requestId: 'quotes' });
    const firstError = await first.catch((e: unknown) => e);
    expect(firstError).toMatchObject({ aborted: true });
    await expect(second).resolves.toEqual({ status: 'ok' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('a call cancelled by its signal is silent', async () => {
    vi.stubGlobal('fetch', hangingFetch());
    const controller = new AbortController();
    const pending = client.call('health', {}, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toMatchObject({ aborted: true });
    expect(notify).not.toHaveBeenCalled();
  });

  it('times out after the request timeout with "connection timed out"', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', hangingFetch());
    const pending = client.request({ method: 'GET', path: '/health' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(120_000);
    const error = await pending;
    expect(error).toMatchObject({ message: 'connection timed out', aborted: false });
    expect(notify).toHaveBeenCalledWith('connection timed out');
  });

  it('refuses uploads over 5 MB before sending, and reports "Upload Fail"', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('offline');
    });
    vi.stubGlobal('fetch', fetchMock);
    const big = new Blob([new Uint8Array(5 * 1024 * 1024 + 1)], { type: 'image/png' });
    await expect(client.upload(big)).rejects.toMatchObject({ message: 'size may not exceed 5M', code: 413 });
    expect(fetchMock).not.toHaveBeenCalled();
    const small = new Blob([new Uint8Array(10)], { type: 'image/png' });
    await expect(client.upload(small)).rejects.toMatchObject({ message: 'Upload Fail' });
    expect(notify).toHaveBeenLastCalledWith('Upload Fail');
  });

  it('uploads multipart in field "file" with extra headers', async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => envelope(200, { url: '/web/files/1.png', id: '1', mime: 'image/png', size: 10 }));
    vi.stubGlobal('fetch', fetchMock);
    const file = new File([new Uint8Array(10)], 'license.png', { type: 'image/png' });
    const result = await client.upload(file, { headers: { 'x-upload-purpose': 'registration' } });
    expect(result.url).toBe('/web/files/1.png');
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBeInstanceOf(FormData);
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    const headers = init.headers as Record<string, string>;
    expect(headers['content-type']).toBeUndefined();
    expect(headers['x-upload-purpose']).toBe('registration');
  });
});
