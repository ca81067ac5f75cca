import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OPERATOR } from '../playwright.config';
import { screen, uniqueName } from './support';

// Money journeys: the user's side through the UI, setup and the operator's decisions through the API.

const PASSWORD = 'secret-pass1';
const PAY_PASSWORD = '246810';
const LANGUAGES = [
  { ui: 'en', short: 'en' },
  { ui: 'nl', short: 'nl' },
  { ui: 'zh-Hans', short: 'zh' },
] as const;

// ---- a real PNG, made here: the server checks uploads by content, the browser compresses them ----

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
/** A width x height RGB PNG with a gradient, like a small photo of a document. */
function makePng(width = 320, height = 200): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
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
const imageFile = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG });

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

async function register(request: APIRequestContext) {
  const username = uniqueName('mn_');
  const data = await post(request, '/register', null, { username, password: PASSWORD, agreement: true });
  return { username, token: data.token as string };
}

let operatorToken: string | null = null;
async function operator(request: APIRequestContext): Promise<string> {
  if (!operatorToken) operatorToken = (await post(request, '/admin/login', null, OPERATOR)).token as string;
  return operatorToken!;
}

/** The pending review item of `username` in one of the operator's queues. */
async function pendingOf(request: APIRequestContext, queue: 'kyc' | 'deposits' | 'withdrawals', username: string) {
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
  const res = await request.post('/web/file/upload', { headers: { authorization: `Bearer ${token}` }, multipart: { file: imageFile('doc.png') } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data.url;
}

/** A registered user whose identity an operator has verified. */
async function verifiedUser(request: APIRequestContext) {
  const user = await register(request);
  const frontUrl = await uploadApi(request, user.token);
  await post(request, '/updateReal', user.token, { firstName: 'Anna', lastName: 'de Vries', country: 'Netherlands', idType: 'passport', idNumber: 'NX1234567', frontUrl });
  const id = await pendingOf(request, 'kyc', user.username);
  await post(request, `/admin/kyc/${id}/approve`, await operator(request));
  return user;
}

/** A fiat deposit reported and approved: the funding account holds `amount` euros. */
async function funded(request: APIRequestContext, user: { username: string; token: string }, amount: string) {
  const proofUrl = await uploadApi(request, user.token);
  await post(request, '/recharge/create', user.token, { method: 'fiat', currency: 'EUR', amount, proofUrl }, true);
  const id = await pendingOf(request, 'deposits', user.username);
  await post(request, `/admin/deposits/${id}/approve`, await operator(request));
}

/** Past the first-launch guide, in the given UI language, signed in with `token`. */
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

const balanceOf = (page: Page, code: string) => page.getByTestId(`wallet-balance-${code}`);

// ---- journeys ----

test('KYC with a passport: validation, compressed upload, operator approval, the notice in the inbox', async ({ page, request }) => {
  const user = await register(request);
  await launch(page, user.token);

  await page.goto('/#/pages/kyc/individual');
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', '0');
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByTestId('kyc-first-name-error')).toHaveText('Please enter first name');
  await expect(page.getByTestId('kyc-last-name-error')).toHaveText('Please enter last name');
  await expect(page.getByTestId('kyc-country-error')).toHaveText('Please select country');
  await expect(page.getByTestId('kyc-id-number-error')).toHaveText('Please enter ID card number');
  await expect(page.getByTestId('kyc-front-error')).toHaveText('Please upload an image');
  await expect(page.getByTestId('kyc-back-error')).toHaveText('Please upload an image');

  await page.getByTestId('kyc-first-name').fill('Anna');
  await page.getByTestId('kyc-last-name').fill('de Vries');
  await page.getByTestId('kyc-country').fill('Netherlands');
  await page.getByTestId('kyc-idtype-passport').click();
  // A passport has one page: its information page.
  await expect(page.getByTestId('kyc-back')).toHaveCount(0);
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByTestId('kyc-id-number-error')).toHaveText('Please enter passport number');
  await page.getByTestId('kyc-id-number').fill('NX1234567');

  // The browser compresses the picked image (canvas -> JPEG) before it goes to /file/upload.
  const uploaded = page.waitForResponse((res) => res.url().endsWith('/web/file/upload') && res.request().method() === 'POST');
  await page.getByTestId('kyc-front').setInputFiles(imageFile('passport.png'));
  const upload = await (await uploaded).json();
  expect(upload.data.mime).toBe('image/jpeg');
  await expect(page.getByTestId('kyc-front-pick').locator('img')).toBeVisible();
  await screen(page, 'kyc-form-en');
  await page.getByTestId('kyc-submit').click();
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', '1');
  await screen(page, 'kyc-review-en');

  // The operator approves; the pushed notice turns the page to verified without a reload.
  const id = await pendingOf(request, 'kyc', user.username);
  await post(request, `/admin/kyc/${id}/approve`, await operator(request));
  await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', '3', { timeout: 15_000 });
  await screen(page, 'kyc-verified-en');

  await page.goto('/#/pages/profile/index');
  await expect(page.getByTestId('profile-notices-badge')).toBeVisible();
  await page.getByTestId('profile-menu-notices').click();
  const row = page.getByTestId('notice-row').filter({ has: page.locator('[data-testid="notice-unread"]') }).first();
  await expect(row).toHaveAttribute('data-kind', 'kyc.approved');
  await expect(row).toContainText('Identity verified');
  await screen(page, 'inbox-en');
  await row.click();
  await expect(page.getByTestId('notice-title')).toHaveText('Identity verified');
  await page.goBack();
  await expect(page.getByTestId('notice-row').first()).toHaveAttribute('data-read', 'true');
  await expect(page.getByTestId('notice-unread')).toHaveCount(0);
});

test('fiat deposit with proof, then transfers: cross-currency cancelled, same currency completed', async ({ page, request }) => {
  const user = await verifiedUser(request);
  await launch(page, user.token);

  await page.goto('/#/pages/profile/index');
  await page.getByTestId('funding-deposit').click();
  await page.getByTestId('deposit-fiat').click();
  await expect(page.getByTestId('deposit-iban')).not.toBeEmpty();
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-amount-error')).toHaveText('Please enter the correct amount');
  await expect(page.getByTestId('deposit-proof-error')).toHaveText('Please upload credentials first');
  await page.getByTestId('deposit-amount').fill('0.5');
  await page.getByTestId('deposit-submit').click();
  await expect(page.getByTestId('deposit-amount-error')).toHaveText('The minimum is 1');
  await page.getByTestId('deposit-amount').fill('1000');
  await page.getByTestId('deposit-proof').setInputFiles(imageFile('receipt.png'));
  await expect(page.getByTestId('deposit-proof-pick').locator('img')).toBeVisible();
  await screen(page, 'deposit-fiat-en');
  await page.getByTestId('deposit-submit').click();

  await expect(page).toHaveURL(/#\/pages\/deposit\/record/);
  const record = page.getByTestId('deposit-record-row').first();
  await expect(record).toHaveAttribute('data-status', '1');
  await expect(record.getByTestId('deposit-record-status')).toHaveText('Pending review');

  const id = await pendingOf(request, 'deposits', user.username);
  await post(request, `/admin/deposits/${id}/approve`, await operator(request));
  await expect(record).toHaveAttribute('data-status', '3', { timeout: 15_000 });
  await expect(record.getByTestId('deposit-record-status')).toHaveText('Completed');
  await screen(page, 'deposit-record-en');

  await page.goto('/#/pages/profile/transaction?tab=BALANCE');
  await expect(balanceOf(page, 'BALANCE')).toHaveText('€1,000.00');
  await expect(page.getByTestId('wallet-used-BALANCE')).toHaveText('€0.00');
  await expect(page.getByTestId('bill-row').first()).toHaveAttribute('data-type', 'deposit');
  await screen(page, 'wallet-en');

  // Euros to the dollar wallet: converted at the live rate, in progress, then cancelled.
  await page.goto('/#/pages/profile/transfer');
  await page.getByTestId('transfer-to').selectOption('US_STOCK');
  await page.getByTestId('transfer-amount').fill('100');
  await expect(page.getByTestId('transfer-converted')).toContainText('$');
  await expect(page.getByTestId('transfer-rate')).toContainText('1 EUR =');
  await screen(page, 'transfer-en');
  await page.getByTestId('transfer-submit').click();
  const cross = page.getByTestId('transfer-row').first();
  await expect(cross).toHaveAttribute('data-status', '0');
  await expect(page.getByTestId('transfer-available')).toContainText('€900.00');
  await cross.getByTestId('transfer-cancel').click();
  await page.getByTestId('transfer-cancel-confirm').click();
  await expect(cross).toHaveAttribute('data-status', '2');
  await expect(page.getByTestId('transfer-available')).toContainText('€1,000.00');

  // Euros to the euro stock wallet: done at once.
  await page.getByTestId('transfer-to').selectOption('STOCK');
  await page.getByTestId('transfer-amount').fill('200');
  await page.getByTestId('transfer-submit').click();
  await expect(page.getByTestId('transfer-row').first()).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('transfer-available')).toContainText('€800.00');
  await screen(page, 'transfer-list-en');

  await page.goto('/#/pages/profile/transaction?tab=STOCK');
  await expect(balanceOf(page, 'STOCK')).toHaveText('€200.00');
  await page.getByTestId('wallet-tab-BALANCE').click();
  await expect(balanceOf(page, 'BALANCE')).toHaveText('€800.00');
  await page.getByTestId('wallet-tab-overview').click();
  await expect(page.getByTestId('overview-total')).toHaveText('€1,000.00');
});

test('bank card, transaction password, withdrawal refused with a reason: the hold returns', async ({ page, request }) => {
  const user = await verifiedUser(request);
  await funded(request, user, '1000');
  await launch(page, user.token);

  await page.goto('/#/pages/bcard/index');
  await expect(page.getByTestId('empty-state')).toBeVisible();
  await page.getByTestId('bcard-add').click();
  await page.getByTestId('bcard-submit').click();
  await expect(page.getByTestId('bcard-bankName-error')).toHaveText('Please enter bank name');
  await expect(page.getByTestId('bcard-accountName-error')).toHaveText('Please enter bank account name');
  await expect(page.getByTestId('bcard-swiftCode-error')).toHaveText('Please enter BIC');
  await page.getByTestId('bcard-bankName').fill('ING Bank');
  await page.getByTestId('bcard-accountName').fill('Anna de Vries');
  await page.getByTestId('bcard-cardNumber').fill('NL91 ABNA 0417 1643 00');
  await page.getByTestId('bcard-swiftCode').fill('ingbnl2');
  await page.getByTestId('bcard-submit').click();
  await expect(page.getByTestId('bcard-swiftCode-error')).toHaveText('Enter a valid BIC: 8 or 11 letters or digits');
  await page.getByTestId('bcard-swiftCode').fill('INGBNL2A');
  await page.getByTestId('bcard-city').fill('Amsterdam');
  await page.getByTestId('bcard-front').setInputFiles(imageFile('card.png'));
  await expect(page.getByTestId('bcard-front-pick').locator('img')).toBeVisible();
  await screen(page, 'bcard-form-en');
  await page.getByTestId('bcard-submit').click();
  await expect(page.getByTestId('bcard-row')).toHaveCount(1);
  await expect(page.getByTestId('bcard-number')).toContainText('4300');
  await expect(page.getByTestId('bcard-number')).not.toContainText('0417');
  await screen(page, 'bcard-list-en');

  // Without a transaction password the withdrawal page sends the user to set one.
  await page.goto('/#/pages/withdraw/bcard');
  await expect(page.getByTestId('withdraw-paypwd-link')).toBeVisible();
  await post(request, '/settingPayPassword', user.token, { payPassword: PAY_PASSWORD });
  await page.reload();

  await expect(page.getByTestId('withdraw-usable')).toContainText('€1,000.00');
  await page.getByTestId('withdraw-submit').click();
  await expect(page.getByTestId('withdraw-destination-error')).toHaveText('Please select a bank card first');
  await expect(page.getByTestId('withdraw-amount-error')).toHaveText('Please enter the correct amount');
  await expect(page.getByTestId('withdraw-paypwd-error')).toHaveText('Please enter the transaction password');
  await page.getByTestId('withdraw-card').locator('[data-testid^="withdraw-dest-"]').first().click();
  await page.getByTestId('withdraw-amount').fill('150');
  await page.getByTestId('withdraw-paypwd').fill(PAY_PASSWORD);
  await screen(page, 'withdraw-en');
  await page.getByTestId('withdraw-submit').click();
  const row = page.getByTestId('withdraw-row').first();
  await expect(row).toHaveAttribute('data-status', '1');
  await expect(page.getByTestId('withdraw-usable')).toContainText('€850.00');

  await page.goto('/#/pages/profile/transaction?tab=BALANCE');
  await expect(balanceOf(page, 'BALANCE')).toHaveText('€850.00');
  await expect(page.getByTestId('wallet-used-BALANCE')).toHaveText('€150.00');

  const id = await pendingOf(request, 'withdrawals', user.username);
  await post(request, `/admin/withdrawals/${id}/reject`, await operator(request), { reason: 'Name does not match the account' });
  await expect(balanceOf(page, 'BALANCE')).toHaveText('€1,000.00', { timeout: 15_000 });
  await expect(page.getByTestId('wallet-used-BALANCE')).toHaveText('€0.00');

  await page.goto('/#/pages/withdraw/bcard');
  await expect(row).toHaveAttribute('data-status', '2');
  await expect(row.getByTestId('withdraw-reason')).toContainText('Name does not match the account');
  await expect(row.getByTestId('withdraw-row-status')).toHaveText('Audit failure');
  await screen(page, 'withdraw-refused-en');
});

test('money screens in English, Dutch and Chinese', async ({ page, request }) => {
  test.setTimeout(120_000);
  const user = await verifiedUser(request);
  await funded(request, user, '2500');
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'STOCK', amount: '300' }, true);
  await post(request, '/UserAccount/addCardNo', user.token, { bankName: 'ABN AMRO', accountName: 'Anna de Vries', cardNumber: 'NL91ABNA0417164300', swiftCode: 'ABNANL2A' });
  await post(request, '/settingPayPassword', user.token, { payPassword: PAY_PASSWORD });

  for (const { ui, short } of LANGUAGES) {
    await launch(page, user.token, ui);
    await page.goto('/#/pages/profile/index');
    await expect(page.getByTestId('funding-total')).toHaveText('€2,500.00');
    await page.getByTestId('funding-card').scrollIntoViewIfNeeded();
    await screen(page, `profile-funding-${short}`);

    await page.goto('/#/pages/profile/transaction?tab=overview');
    await expect(page.getByTestId('overview-total')).toHaveText('€2,500.00');
    await screen(page, `wallet-overview-${short}`);
    await page.getByTestId('wallet-tab-BALANCE').click();
    await expect(balanceOf(page, 'BALANCE')).toHaveText('€2,200.00');
    await expect(page.getByTestId('bill-row').first()).toBeVisible();
    await screen(page, `wallet-balance-${short}`);
    await page.getByTestId('wallet-tab-US_STOCK').click();
    await expect(balanceOf(page, 'US_STOCK')).toHaveText('$0.00');
    await screen(page, `wallet-usstock-${short}`);

    await page.goto('/#/pages/profile/transfer?from=BALANCE&to=US_STOCK');
    await page.getByTestId('transfer-amount').fill('50');
    await expect(page.getByTestId('transfer-converted')).toContainText('$');
    await expect(page.getByTestId('transfer-row').first()).toBeVisible();
    await screen(page, `transfer-${short}`);

    await page.goto('/#/pages/deposit/index');
    await expect(page.getByTestId('deposit-fiat')).toBeVisible();
    await screen(page, `deposit-${short}`);
    await page.goto('/#/pages/deposit/wallet');
    await expect(page.getByTestId('deposit-qr')).toBeVisible();
    await screen(page, `deposit-wallet-${short}`);
    await page.goto('/#/pages/deposit/fiat');
    await expect(page.getByTestId('deposit-reference')).not.toBeEmpty();
    await screen(page, `deposit-fiat-${short}`);
    await page.goto('/#/pages/deposit/record');
    await expect(page.getByTestId('deposit-record-row').first()).toBeVisible();
    await screen(page, `deposit-record-${short}`);

    await page.goto('/#/pages/withdraw/bcard');
    await expect(page.getByTestId('withdraw-submit')).toBeVisible();
    await expect(page.getByTestId('withdraw-row').first().or(page.getByTestId('empty-state').first())).toBeVisible();
    await screen(page, `withdraw-${short}`);

    await page.goto('/#/pages/bcard/index');
    await expect(page.getByTestId('bcard-row')).toHaveCount(1);
    await screen(page, `bcard-list-${short}`);
    await page.goto('/#/pages/bcard/modify');
    await page.getByTestId('bcard-submit').click();
    await expect(page.getByTestId('bcard-bankName-error')).toBeVisible();
    await screen(page, `bcard-form-${short}`);

    await page.goto('/#/pages/vm/modify');
    await page.getByTestId('vm-currency').selectOption('USDT-TRC20');
    await page.getByTestId('vm-address').fill('0x123');
    await page.getByTestId('vm-submit').click();
    await expect(page.getByTestId('vm-address-error')).toBeVisible();
    await screen(page, `vm-form-${short}`);

    await page.goto('/#/pages/kyc/individual');
    await expect(page.getByTestId('kyc-status')).toHaveAttribute('data-status', '3');
    await screen(page, `kyc-${short}`);

    await page.goto('/#/pages/notice/index');
    await expect(page.getByTestId('notice-row').first()).toBeVisible();
    await screen(page, `inbox-${short}`);

    await page.goto('/#/pages/profile/index');
    await page.getByTestId('profile-menu-service').click();
    await page.getByTestId('service-submit').click();
    await expect(page.getByTestId('service-content-error')).toBeVisible();
    await screen(page, `service-${short}`);
  }
});

test('the KYC form in Dutch and Chinese', async ({ page, request }) => {
  const user = await register(request);
  for (const { ui, short } of LANGUAGES.slice(1)) {
    await launch(page, user.token, ui);
    await page.goto('/#/pages/kyc/individual');
    await page.getByTestId('kyc-submit').click();
    await expect(page.getByTestId('kyc-first-name-error')).toBeVisible();
    await screen(page, `kyc-form-${short}`);
  }
});
