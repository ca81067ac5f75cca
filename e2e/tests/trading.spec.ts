import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OPERATOR } from '../playwright.config';
import { screen, uniqueName } from './support';

// Trading journeys: a verified, funded user buys bitcoin from its quote page, watches the P&L move,
// closes the position and sees the wallet settle; a limit order rests and is cancelled. Bitcoin
// trades around the clock, so these run whatever the time. Setup goes through the API.

const PASSWORD = 'secret-pass1';
const BTC_QUOTE = '/#/pages/quote/forex?name=Bitcoin&code=BTC%2FUSDT&source=100&market=CRYPTO&symbol=BTCUSDT';
const BTC_ORDER = '/#/pages/payment/forex?name=Bitcoin&code=BTC%2FUSDT&source=100&direction=0&market=CRYPTO&symbol=BTCUSDT';

// ---- a real PNG: the server checks uploads by content ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
function makePng(width = 160, height = 100): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = (x * 255) / width;
      row[2 + x * 3] = (y * 255) / height;
      row[3 + x * 3] = 180;
    }
    rows.push(row);
  }
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}
const PNG = makePng();

// ---- API helpers ----

async function post(request: APIRequestContext, path: string, token: string | null, data: unknown = {}, idempotent = false) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (idempotent) headers['idempotency-key'] = randomUUID();
  const res = await request.post(`/web${path}`, { headers, data });
  const body = await res.json();
  expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

async function get(request: APIRequestContext, path: string, token: string) {
  const res = await request.get(`/web${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

let operatorToken: string | null = null;
async function operator(request: APIRequestContext): Promise<string> {
  if (!operatorToken) operatorToken = (await post(request, '/admin/login', null, OPERATOR)).token as string;
  return operatorToken!;
}

async function pendingOf(request: APIRequestContext, queue: 'kyc' | 'deposits', username: string) {
  const token = await operator(request);
  let found: { id: number } | undefined;
  await expect(async () => {
    const page = await get(request, `/admin/${queue}?status=1&size=100`, token);
    found = page.list.find((item: { userName: string }) => item.userName === username);
    expect(found, `${queue} of ${username}`).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return found!.id;
}

async function uploadApi(request: APIRequestContext, token: string): Promise<string> {
  const res = await request.post('/web/file/upload', { headers: { authorization: `Bearer ${token}` }, multipart: { file: { name: 'doc.png', mimeType: 'image/png', buffer: PNG } } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data.url;
}

/** A verified user with 5,000 euros deposited and 1,000 of them in the FOREX wallet (bitcoin trades through it). */
async function trader(request: APIRequestContext) {
  const username = uniqueName('tr_');
  const { token } = (await post(request, '/register', null, { username, password: PASSWORD, agreement: true })) as { token: string };
  const frontUrl = await uploadApi(request, token);
  await post(request, '/updateReal', token, { firstName: 'Anna', lastName: 'de Vries', country: 'Netherlands', idType: 'passport', idNumber: 'NX1234567', frontUrl });
  await post(request, `/admin/kyc/${await pendingOf(request, 'kyc', username)}/approve`, await operator(request));
  const proofUrl = await uploadApi(request, token);
  await post(request, '/recharge/create', token, { method: 'fiat', currency: 'EUR', amount: '5000', proofUrl }, true);
  await post(request, `/admin/deposits/${await pendingOf(request, 'deposits', username)}/approve`, await operator(request));
  await post(request, '/wallet/transfer', token, { from: 'BALANCE', to: 'FOREX', amount: '1000' }, true);
  return { username, token };
}

async function forexBalance(request: APIRequestContext, token: string): Promise<string> {
  const wallets = (await post(request, '/wallet/getWalletBalance', token)) as Array<{ code: string; balance: string }>;
  return wallets.find((w) => w.code === 'FOREX')!.balance;
}

/** Exact cents of a two-decimal amount string. */
function cents(value: string): bigint {
  const negative = value.startsWith('-');
  const [int = '0', frac = ''] = value.replace(/^[-+]/, '').split('.');
  const abs = BigInt(int) * 100n + BigInt((frac + '00').slice(0, 2));
  return negative ? -abs : abs;
}
function euros(value: bigint): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const int = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}€${int}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** A screenshot once the 2-second toast has gone. */
async function shot(page: Page, name: string) {
  await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5_000 });
  await screen(page, name);
}

async function launch(page: Page, token: string, language = 'en') {
  await page.goto('/');
  await page.evaluate(
    ([lang, tok]) => {
      localStorage.setItem('mm.launched', '1');
      localStorage.setItem('mm.language', lang!);
      localStorage.setItem('mm.token', tok!);
    },
    [language, token],
  );
  await page.reload();
}

const gold = (quantity: string, leverage: number, extra: Record<string, unknown> = {}) => ({
  stockCode: 'BTCUSDT',
  stockName: 'Bitcoin',
  direction: 0,
  source: 100,
  type: 0,
  quantity,
  leverage,
  goldCode: 'BTCUSDT',
  goldName: 'Bitcoin',
  ...extra,
});

// ---- journeys ----

test('buy bitcoin from its quote page, watch the P&L move, close it, the wallet settles', async ({ page, request }) => {
  const user = await trader(request);
  await launch(page, user.token);

  await page.goto(BTC_QUOTE);
  await page.getByTestId('quote-buy').click();
  await expect(page).toHaveURL(/#\/pages\/payment\/forex\?.*symbol=BTCUSDT/);
  await expect(page.getByTestId('order-direction-buy')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('order-type-market')).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByTestId('order-available')).toHaveText('€1,000.00');

  // Nothing entered: the quantity is asked for.
  await page.getByTestId('order-submit').click();
  await expect(page.getByTestId('order-quantity-error')).toBeVisible();

  await page.getByTestId('order-leverage-5').click();
  await expect(page.getByTestId('order-leverage-5')).toHaveAttribute('aria-checked', 'true');
  await page.getByTestId('order-half').click();
  await expect(page.getByTestId('order-quantity')).toHaveValue(/^0\.\d+$/);
  await expect(page.getByTestId('order-margin')).toContainText('USDT');
  await expect(page.getByTestId('order-fee')).toContainText('USDT');
  await expect(page.getByTestId('order-liquidation')).toHaveText(/^\d{2},\d{3}\.\d{2}$/);
  await expect(page.getByTestId('order-short')).toHaveCount(0);
  await shot(page, 'trade-order-en');

  await page.getByTestId('order-submit').click();
  await expect(page.getByTestId('order-confirm-summary')).toContainText('5x');
  await page.waitForTimeout(400); // the dialog's fade-in
  await shot(page, 'trade-order-confirm-en');
  await page.getByTestId('order-confirm').click();

  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=holding/);
  await expect(page.getByTestId('trade-tab-holding')).toHaveAttribute('aria-selected', 'true');
  const row = page.locator('[data-testid="position-row"][data-symbol="BTCUSDT"]').first();
  await expect(row).toBeVisible();
  await expect(row).toContainText('5x');
  const profit = row.getByTestId('position-profit');
  await expect(profit).toHaveAttribute('data-value', /^-?\d+\.\d{2}$/);
  const before = await profit.getAttribute('data-value');
  // The P&L follows the live price without a reload.
  await expect.poll(() => profit.getAttribute('data-value'), { timeout: 30_000, intervals: [1000] }).not.toBe(before);
  await expect(page.getByTestId('trade-total-margin')).toContainText('€');
  await shot(page, 'trade-holding-en');

  await row.click();
  await expect(page).toHaveURL(/#\/pages\/trade\/detail\?id=\d+/);
  await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('detail-leverage')).toHaveText('5x');
  await expect(page.getByTestId('detail-positionNum')).not.toBeEmpty();
  await expect(page.getByTestId('detail-liquidation')).toHaveText(/\d/);
  await shot(page, 'trade-detail-en');

  await page.getByTestId('position-close').click();
  await expect(page).toHaveURL(/#\/pages\/payment\/close\?id=\d+/);
  await expect(page.getByTestId('close-quantity')).toHaveValue(/^0\.\d+$/);
  await expect(page.getByTestId('close-estimate')).toContainText('€');
  await shot(page, 'trade-close-en');
  await page.getByTestId('close-confirm').click();

  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=closed/);
  const closed = page.getByTestId('closed-row').first();
  await expect(closed).toHaveAttribute('data-symbol', 'BTCUSDT');
  await expect(closed).toHaveAttribute('data-reason', 'user');
  await expect(closed.getByTestId('closed-profit')).toHaveAttribute('data-value', /^-?\d+\.\d{2}$/);
  await shot(page, 'trade-closed-en');
  const id = Number(await closed.getAttribute('data-id'));
  // The closed position's detail tells its story: placed, filled, closed.
  await closed.click();
  await expect(page.getByTestId('detail-history-row')).toHaveCount(3);
  await expect(page.getByTestId('detail-history-row').last()).toHaveAttribute('data-event', 'closed');
  await page.goto('/#/pages/trade/index?tab=holding');
  await expect(page.getByTestId('position-row')).toHaveCount(0);

  // The FOREX wallet: 1,000 less the opening fee plus the realised result (after the closing fee).
  const settled = (await post(request, '/position/detail', user.token, { id })) as { handlingFee: string; sellProfit: string };
  const expected = cents('1000.00') - cents(settled.handlingFee) + cents(settled.sellProfit);
  await page.goto('/#/pages/profile/transaction?tab=FOREX');
  await expect(page.getByTestId('wallet-balance-FOREX')).toHaveText(euros(expected));
  await expect(page.getByTestId('wallet-used-FOREX')).toHaveText('€0.00');
  expect(cents(await forexBalance(request, user.token))).toBe(expected);
});

test('a limit order far below the price rests among the orders and is cancelled', async ({ page, request }) => {
  const user = await trader(request);
  await launch(page, user.token);

  await page.goto(BTC_ORDER);
  await page.getByTestId('order-type-limit').click();
  const last = await page.getByTestId('order-last').getAttribute('data-price');
  const far = String(Math.floor(Number(last) / 2));
  await page.getByTestId('order-price').fill(far);
  await page.getByTestId('order-quantity').fill('0.001');
  await page.getByTestId('order-leverage-2').click();
  await expect(page.getByTestId('order-margin')).toContainText('USDT');
  await page.getByTestId('order-submit').click();
  await page.getByTestId('order-confirm').click();

  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=entrusted/);
  const order = page.getByTestId('entrusted-row').first();
  await expect(order).toHaveAttribute('data-symbol', 'BTCUSDT');
  await expect(order.getByTestId('entrusted-price')).toContainText(far.replace(/\B(?=(\d{3})+(?!\d))/g, ','));
  await shot(page, 'trade-entrusted-en');
  expect(cents(await forexBalance(request, user.token))).toBeLessThan(cents('1000.00'));

  await order.getByTestId('entrusted-cancel').click();
  await page.getByTestId('entrusted-cancel-confirm').click();
  await expect(page.getByTestId('entrusted-row')).toHaveCount(0);
  await expect(page.getByTestId('empty-state')).toBeVisible();
  expect(await forexBalance(request, user.token)).toBe('1000.00');
});

test('trading screens in Dutch and Chinese', async ({ page, request }) => {
  const user = await trader(request);
  // One closed position, one open position and one resting order, through the API.
  const first = (await post(request, '/gold/create', user.token, gold('0.002', 5), true)) as { id: number };
  await post(request, '/position/flatPosition', user.token, { id: first.id }, true);
  const open = (await post(request, '/gold/create', user.token, gold('0.003', 10), true)) as { id: number };
  const quote = (await get(request, '/crypto/stock_detail_ft?symbol=BTCUSDT', user.token)) as { price_nominal: string };
  const far = String(Math.floor(Number(quote.price_nominal) / 2));
  await post(request, '/gold/create', user.token, gold('0.001', 2, { type: 1, price: far }), true);

  for (const lang of ['nl', 'zh-Hans'] as const) {
    await launch(page, user.token, lang);
    await page.goto(BTC_ORDER);
    await page.getByTestId('order-leverage-5').click();
    await page.getByTestId('order-half').click();
    await expect(page.getByTestId('order-margin')).toContainText('USDT');
    await shot(page, `trade-order-${lang}`);

    await page.goto('/#/pages/trade/index?tab=holding');
    await expect(page.locator(`[data-testid="position-row"][data-id="${open.id}"]`)).toBeVisible();
    await shot(page, `trade-holding-${lang}`);
    await page.getByTestId('trade-tab-closed').click();
    await expect(page.getByTestId('closed-row').first()).toHaveAttribute('data-id', String(first.id));
    await shot(page, `trade-closed-${lang}`);
    await page.getByTestId('trade-tab-entrusted').click();
    await expect(page.getByTestId('entrusted-row')).toHaveCount(1);
    await shot(page, `trade-entrusted-${lang}`);
    await page.getByTestId('trade-tab-bonds').click();
    await expect(page.getByTestId('empty-state')).toBeVisible();

    await page.goto(`/#/pages/trade/detail?id=${open.id}`);
    await expect(page.getByTestId('detail-status')).toHaveAttribute('data-status', '1');
    await shot(page, `trade-detail-${lang}`);
    await page.getByTestId('detail-history').scrollIntoViewIfNeeded();
    await shot(page, `trade-detail-history-${lang}`);
  }
});
