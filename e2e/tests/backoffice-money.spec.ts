import { randomUUID } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { OPERATOR } from '../playwright.config';
import { screen, uniqueName } from './support';

test.use({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false });

/** A real PNG that looks like an identity document: a card with a header band, a photo and text lines. */
function documentPng(width = 360, height = 228): Buffer {
  const rows: Buffer[] = [];
  const inBox = (x: number, y: number, x0: number, y0: number, w: number, h: number) => x >= x0 && x < x0 + w && y >= y0 && y < y0 + h;
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      let rgb = [226, 236, 248];
      if (y < 40) rgb = [30, 64, 175];
      else if (inBox(x, y, 20, 58, 90, 120)) rgb = inBox(x, y, 45, 78, 40, 40) || inBox(x, y, 35, 128, 60, 50) ? [100, 116, 139] : [203, 213, 225];
      else if ([64, 88, 112, 136, 160].some((top) => inBox(x, y, 130, top, top === 64 ? 190 : 150, 10))) rgb = [71, 85, 105];
      else if (inBox(x, y, 20, 196, 320, 14)) rgb = [148, 163, 184];
      row.set(rgb, 1 + x * 3);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Calls the API as the investor and returns `data`, failing the test on any other answer than 200. */
async function api(request: APIRequestContext, token: string, path: string, data: unknown, idempotent = false) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (idempotent) headers['idempotency-key'] = randomUUID();
  const res = await request.post(`/web${path}`, { headers, data });
  const body = await res.json();
  expect(body, `${path}: ${JSON.stringify(body)}`).toMatchObject({ code: 200 });
  return body.data;
}

async function signIn(page: Page) {
  await page.goto('/backoffice/');
  await page.getByTestId('bo-email').fill(OPERATOR.email);
  await page.getByTestId('bo-password').fill(OPERATOR.password);
  await page.getByTestId('bo-login').click();
  await expect(page.getByTestId('bo-operator-email')).toHaveText(OPERATOR.email);
}

test('an operator approves a KYC and a deposit, refuses a withdrawal with a reason and finds the ledger balanced', async ({
  page,
  request,
}) => {
  // ---- an investor: documents, a bank transfer with its proof, a bank card and a pay password ----
  const username = uniqueName('bom_');
  const reg = await request.post('/web/register', { data: { username, password: 'secret-pass1', agreement: true } });
  const regBody = await reg.json();
  expect(regBody.code).toBe(200);
  const token: string = regBody.data.token;

  const png = documentPng();
  const upload = async (name: string) => {
    const res = await request.post('/web/file/upload', {
      headers: { authorization: `Bearer ${token}` },
      multipart: { file: { name, mimeType: 'image/png', buffer: png } },
    });
    const body = await res.json();
    expect(body.code, JSON.stringify(body)).toBe(200);
    return body.data.url as string;
  };
  const frontUrl = await upload('passport.png');
  const proofUrl = await upload('transfer.png');

  await api(request, token, '/updateReal', {
    firstName: 'Anna',
    lastName: 'de Vries',
    country: 'Netherlands',
    idType: 'passport',
    idNumber: 'NW7K3L9P2',
    frontUrl,
  });
  const deposit = await api(request, token, '/recharge/create', { method: 'fiat', currency: 'EUR', amount: '250.00', proofUrl }, true);
  const card = await api(request, token, '/UserAccount/addCardNo', {
    bankName: 'ABN AMRO',
    accountName: 'Anna de Vries',
    cardNumber: 'NL91ABNA0417164300',
    swiftCode: 'ABNANL2A',
  });
  await api(request, token, '/settingPayPassword', { payPassword: '123456' });
  await api(request, token, '/userCenter/apply/service', { type: 'withdrawal', content: `How long does a withdrawal take? (${username})` });

  await signIn(page);

  // ---- KYC: the document image loads with the operator's token; approving verifies the user ----
  await page.getByTestId('bo-nav-kyc').click();
  const kycRow = page.getByTestId('bo-kyc-row').filter({ hasText: username });
  await expect(kycRow).toHaveCount(1);
  await expect(kycRow).toContainText('NW7K3L9P2');
  await kycRow.click();
  const doc = page.getByTestId('bo-doc-image');
  await expect(doc).toBeVisible();
  await expect.poll(() => doc.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(360);
  await screen(page, 'backoffice-kyc');
  await doc.click();
  await expect(page.getByTestId('bo-doc-lightbox')).toBeVisible();
  await screen(page, 'backoffice-kyc-document');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('bo-doc-lightbox')).toHaveCount(0);
  await page.getByTestId('bo-kyc-approve').click();
  await page.getByTestId('bo-confirm').click();
  await expect(kycRow).toContainText('Verified');
  await expect(page.getByTestId('bo-kyc-approve')).toHaveCount(0);

  // ---- deposit: the proof is shown; approving credits the funding wallet ----
  await page.getByTestId('bo-nav-deposits').click();
  const depositRow = page.locator(`[data-testid="bo-deposit-row"][data-deposit-id="${deposit.id}"]`);
  await expect(depositRow).toContainText(username);
  await expect(depositRow).toContainText('250.00 EUR');
  await depositRow.click();
  await expect(page.getByTestId('bo-doc-image')).toBeVisible();
  await screen(page, 'backoffice-deposits');
  await page.getByTestId('bo-deposit-approve').click();
  await page.getByTestId('bo-confirm').click();
  await expect(depositRow).toContainText('Completed');
  await expect(page.getByTestId('bo-deposit-panel')).toContainText('250.00 EUR');

  // ---- withdrawal: the operator sees where to pay, then refuses it with a reason ----
  const withdrawal = await api(
    request,
    token,
    '/withdrawal/withdrawal-apply',
    { amount: '100.00', target: 'bank', cardId: card.id, payPassword: '123456' },
    true,
  );
  await page.getByTestId('bo-nav-withdrawals').click();
  const withdrawalRow = page.locator(`[data-testid="bo-withdrawal-row"][data-withdrawal-id="${withdrawal.id}"]`);
  await expect(withdrawalRow).toContainText(username);
  await withdrawalRow.click();
  const details = page.getByTestId('bo-withdrawal-details');
  await expect(details).toContainText('NL91 ABNA 0417 1643 00');
  await expect(details).toContainText('ABNANL2A');
  await expect(details).toContainText('ABN AMRO');
  await screen(page, 'backoffice-withdrawals');
  await page.getByTestId('bo-withdrawal-reject').click();
  await page.getByTestId('bo-confirm').click();
  await expect(page.getByText('Please give a reason')).toBeVisible();
  await page.getByTestId('bo-reason').fill('The account holder does not match the verified name');
  await screen(page, 'backoffice-withdrawal-reject');
  await page.getByTestId('bo-confirm').click();
  await expect(withdrawalRow).toContainText('Rejected');
  await expect(page.getByTestId('bo-withdrawal-panel')).toContainText('The account holder does not match the verified name');

  // The row links to its audit trail.
  await withdrawalRow.getByTestId('bo-audit-link').click();
  await expect(page).toHaveURL(/#\/audit\?targetType=withdrawal&targetId=\d+/);
  const auditRow = page.getByTestId('bo-audit-row').filter({ hasText: 'The account holder does not match the verified name' });
  await expect(auditRow).toHaveCount(1);

  // ---- the ledger still balances ----
  await page.getByTestId('bo-nav-ledger').click();
  await expect(page.getByTestId('bo-ledger-ok')).toBeVisible();
  await page.getByTestId('bo-ledger-run').click();
  await expect(page.getByTestId('bo-ledger-run')).toBeEnabled();
  await expect(page.getByTestId('bo-ledger-ok')).toBeVisible();
  await screen(page, 'backoffice-ledger');

  // ---- the service request is listed ----
  await page.getByTestId('bo-nav-service').click();
  await expect(page.getByTestId('bo-service-row').filter({ hasText: username })).toHaveCount(1);
  await screen(page, 'backoffice-service');
});
