import { API_BASE, type UserInfo } from '@tradeapp/contract';
import wire from 'virtual:route-wire';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call } from '../api/client';
import { FIRST_REQUEST_ROUTES, firstScreenOf, homeStripInput, topListInput } from '../app/firstRequests';
import { storeUiLanguage } from '../i18n/locale';
import { startSession } from '../lib/session';
import type { BootConfig } from './config';
import { sendFirstRequests } from './requests';

// The boot script's requests (index.html, before the app's code) are the ones the first screens'
// queries make: same method, URL, body and headers, so that the HTTP client takes their answers
// instead of asking again, and only then.

const ROUTES = Object.fromEntries(
  FIRST_REQUEST_ROUTES.map((id) => {
    const entry = wire[id]!;
    return [id, { method: entry[0] === 'G' ? 'GET' : 'POST', path: `${API_BASE}${entry.slice(3)}` }];
  }),
) as BootConfig['routes'];

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: '', data }), { headers: { 'content-type': 'application/json' } });

describe('the first screens’ requests from the boot script', () => {
  let sent: Array<{ url: string; init: RequestInit }>;
  beforeEach(() => {
    localStorage.clear();
    storeUiLanguage('en');
    window.__mmEarly = undefined;
    sent = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, init });
        return envelope({ url, n: sent.length });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('answer the home tab’s calls: one request each, sent before the calls', async () => {
    sendFirstRequests(firstScreenOf('#/pages/home/index', false)!.requests, ROUTES);
    expect(sent.map((r) => `${r.init.method} ${r.url}`)).toEqual([
      'GET /web/m_ft/home_custom_list?size=12&spark=true',
      'POST /web/market/getMakets',
      'GET /web/m_ft/topList?type=gainers&size=8&spark=true',
    ]);
    const answers = await Promise.all([call('homeCustomList', homeStripInput()), call('getMarkets', {}), call('topList', topListInput('gainers'))]);
    expect(answers).toEqual([
      { url: '/web/m_ft/home_custom_list?size=12&spark=true', n: 1 },
      { url: '/web/market/getMakets', n: 2 },
      { url: '/web/m_ft/topList?type=gainers&size=8&spark=true', n: 3 },
    ]);
    expect(sent).toHaveLength(3);
    // Taken once: the next call asks the server.
    await call('homeCustomList', homeStripInput());
    expect(sent).toHaveLength(4);
  });

  it('answer a quote page’s call, by symbol or by code, with the session and language it was sent with', async () => {
    startSession('tok-9', { id: 9, userId: 'bob' } as UserInfo);
    storeUiLanguage('nl');
    sendFirstRequests(firstScreenOf('#/pages/quote/stock?name=Apple&code=AAPL&source=0&market=US&symbol=AAPL', true)!.requests, ROUTES);
    sendFirstRequests(firstScreenOf('#/pages/quote/forex?name=Bitcoin&market=CRYPTO&symbol=BTCUSDT', true)!.requests, ROUTES);
    sendFirstRequests(firstScreenOf('#/pages/hkstock/quote?name=Tencent&code=00700', true)!.requests, ROUTES);
    const headers = new Headers(sent[0]!.init.headers);
    expect(headers.get('authorization')).toBe('Bearer tok-9');
    expect(headers.get('languages')).toBe('nl');
    await call('stockDetail', { symbol: 'AAPL' });
    await call('cryptoDetail', { symbol: 'BTCUSDT' });
    await call('getStock', { code: '00700' });
    expect(sent.map((r) => r.url)).toEqual([
      '/web/m_ft/stock_detail_ft?symbol=AAPL',
      '/web/crypto/stock_detail_ft?symbol=BTCUSDT',
      '/web/quotes/getStock?code=00700',
    ]);
  });

  it('are not taken by a call in another language or session', async () => {
    sendFirstRequests(firstScreenOf('#/pages/home/index', false)!.requests, ROUTES);
    storeUiLanguage('zh-Hans');
    await call('homeCustomList', homeStripInput());
    expect(sent).toHaveLength(4);
    expect(new Headers(sent[3]!.init.headers).get('languages')).toBe('zh_Hans_CN');
  });

  it('are none for the guide, a returning visitor’s `/` being the home tab', () => {
    expect(firstScreenOf('', false)).toBeNull();
    expect(firstScreenOf('#/', true)?.screen).toBe('home');
    expect(firstScreenOf('#/pages/auth/login', true)).toBeNull();
  });
});
