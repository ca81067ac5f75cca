import { expect, test, type Page } from '@playwright/test';
import { ROUTES } from '../../apps/web/src/app/paths';
import { funded, get, operator, post, verifiedUser } from './api';
import { documentPng } from './png';
import { dialogUp, expectAccessible, launch, photographLaunched, screen, shot } from './support';

// Issue 12, placements: an operator (through the API) creates a placement and issues a key to one
// investor; the investor reads the key in the notice, enters it on the placing page, buys with the
// estimate and the confirmation, and finds the purchase in the records with its lock-up. Each
// screen is photographed in English, Dutch and Chinese at 390x844 and checked by axe.

// The app's CSP (script-src 'self') would refuse the injected axe script.
test.use({ bypassCSP: true });

const PAGE = `/#${ROUTES.placingIndex}`;
const RECORD = `/#${ROUTES.placingRecord}`;
const PNG = documentPng();
const KEY_IN_TEXT = /[A-HJ-NP-Z2-9]{4}(?:-[A-HJ-NP-Z2-9]{4}){3}/;
/** XETRA, euros: paid from the STOCK wallet without conversion. */
const SAP = 'SAP.DE';
const DAY = 86_400_000;

const toast = (page: Page) => page.locator('.adm-toast-main');

/** The lowest price on a 0.02 tick at most 5 % below `floor`: ceil(floor x 0.95 / 0.02) x 0.02, in integers. */
function lowestQipPrice(floor: string): string {
  const [int = '0', frac = ''] = floor.split('.');
  const millis = BigInt(int) * 1000n + BigInt((frac + '000').slice(0, 3));
  // floor x 0.95 in 1/100,000ths; a tick of 0.02 is 2,000 of them.
  const bound = millis * 95n;
  const ticks = (bound + 1999n) / 2000n;
  const cents = ticks * 2n;
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

test('an investor enters the key from the notice, buys placement shares and sees them locked up in the records', async ({ page, request }) => {
  test.setTimeout(300_000);
  const ops = await operator(request);
  const user = await verifiedUser(request, 'pl_', PNG);
  await funded(request, user, '6000.00', PNG);
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'STOCK', amount: '6000.00' }, true);
  const me = await get(request, '/api/user/info', user.token);

  // ---- the operator: an SPO and a QIP on SAP, a key for each sent to this investor ----
  const window = { opensAtTimestamp: Date.now() - 60_000, closesAtTimestamp: Date.now() + 7 * DAY };
  const spo = await post(request, '/operator/placements', ops, {
    symbol: SAP,
    kind: 'SPO',
    price: '190.00',
    quantity: '1000',
    minQuantity: '10',
    lockupDays: 30,
    ...window,
  });
  const floor = await get(request, `/operator/placements/floor?symbol=${SAP}`, ops);
  const qip = await post(request, '/operator/placements', ops, {
    symbol: SAP,
    kind: 'QIP',
    price: lowestQipPrice(floor.floorPrice),
    quantity: '500',
    minQuantity: '50',
    lockupDays: 365,
    ...window,
  });
  expect(qip.floorPrice).toBe(floor.floorPrice);
  await post(request, `/operator/placements/${qip.id}/keys`, ops, { investor: String(me.id) });
  await post(request, `/operator/placements/${spo.id}/keys`, ops, { investor: user.username });

  // ---- before any key: the form and the empty list ----
  await launch(page, user.token);
  await page.goto(PAGE);
  await expect(page.getByTestId('placing-list')).toContainText('No placement unlocked yet');
  await expectAccessible(page, 'the placing page without a placement');
  await photographLaunched(page, user.token, 'placing', PAGE, '[data-testid="placing-list"][data-state="empty"]', 'empty', { axe: false });

  // ---- a wrong key, then nothing typed: the field says why ----
  await page.getByTestId('placing-key').fill('ABCD-EFGH-JKLM-NPQR');
  await page.getByTestId('placing-unlock').click();
  await expect(page.getByTestId('placing-key-error')).toHaveText('This key is not valid');
  await page.getByTestId('placing-key').fill('');
  await page.getByTestId('placing-unlock').click();
  await expect(page.getByTestId('placing-key-error')).toHaveText('Please enter key');
  await expectAccessible(page, 'the key refused');
  await shot(page, 'placing-key-error-en');

  // ---- the keys, read in the notices ----
  await page.goto(`/#${ROUTES.notices}`);
  const invitations = page.locator('[data-testid="notice-row"][data-kind="placement.key"]');
  await expect(invitations).toHaveCount(2);
  await screen(page, 'placing-notices-en');
  await invitations.first().click();
  await expect(page.getByTestId('notice-title')).toHaveText('Placement invitation');
  const spoKey = (await page.getByTestId('notice-body').textContent())?.match(KEY_IN_TEXT)?.[0];
  expect(spoKey, 'the key in the newest notice').toBeTruthy();
  await shot(page, 'placing-notice-en');
  await page.goBack();
  await invitations.nth(1).click();
  const qipKey = (await page.getByTestId('notice-body').textContent())?.match(KEY_IN_TEXT)?.[0];
  expect(qipKey).toBeTruthy();

  // ---- entered: the placements they unlock, with their terms ----
  await page.goto(PAGE);
  await page.getByTestId('placing-key').fill(qipKey!.toLowerCase());
  await page.getByTestId('placing-unlock').click();
  await expect(toast(page)).toHaveText('Placement unlocked');
  await page.getByTestId('placing-key').fill(spoKey!);
  await page.getByTestId('placing-unlock').click();
  await expect(page.getByTestId('placing-card')).toHaveCount(2);
  const card = page.locator(`[data-testid="placing-card"][data-id="${spo.id}"]`);
  await expect(card.getByTestId('placing-price')).toHaveText('€190.00');
  await expect(card.getByTestId('placing-lockup')).toHaveText('30 days after purchase');
  await expect(card.getByTestId('placing-remaining')).toHaveText('1,000 of 1,000');
  const qipCard = page.locator(`[data-testid="placing-card"][data-id="${qip.id}"]`);
  await expect(qipCard.getByTestId('placing-floor')).toContainText(floor.floorPrice.split('.')[0]);
  await expectAccessible(page, 'the unlocked placements');
  await photographLaunched(page, user.token, 'placing', PAGE, `[data-testid="placing-card"][data-id="${spo.id}"]`, 'unlocked', { axe: false });

  // ---- the estimate: 25 x 190.00 = 4,750.00, fee 0.05 % = 2.375 -> 2.38, total 4,752.38 ----
  await card.getByTestId('placing-quantity').fill('5');
  await card.getByTestId('placing-buy').click();
  await expect(card.getByTestId('placing-quantity-error')).toHaveText('Buy at least 10 shares in this placement');
  await card.getByTestId('placing-quantity').fill('25');
  await expect(card.getByTestId('placing-amount')).toHaveText('€4,750.00');
  await expect(card.getByTestId('placing-fee')).toHaveText('€2.38');
  await expect(card.getByTestId('placing-total')).toHaveText('€4,752.38');
  await expect(card.getByTestId('placing-available')).toHaveText('€6,000.00');
  await card.getByTestId('placing-total').scrollIntoViewIfNeeded();
  await expectAccessible(page, 'the estimate');
  await shot(page, 'placing-estimate-en');

  // ---- confirmed: bought, and the records show it locked up ----
  await card.getByTestId('placing-buy').click();
  const summary = page.getByTestId('placing-confirm-summary');
  await expect(summary).toBeVisible();
  await expect(page.getByTestId('placing-confirm-total')).toHaveText('€4,752.38');
  await dialogUp(page);
  await expectAccessible(page, 'the confirmation');
  await shot(page, 'placing-confirm-en');
  await page.getByTestId('placing-confirm').click();
  await expect(toast(page)).toHaveText('Shares bought');
  await expect(page).toHaveURL(new RegExp(`#${ROUTES.placingRecord}`));
  const row = page.getByTestId('placing-record-row').first();
  await expect(row).toHaveAttribute('data-status', 'locked');
  await expect(row.getByTestId('placing-record-bought')).toHaveText('25 shares at 190.00 EUR');
  await expect(row.getByTestId('placing-record-lockup')).toContainText('Locked up until');
  await expect(row.getByTestId('placing-record-sellable')).toHaveText('Sellable: 0 shares');
  await expect(page.getByTestId('placing-summary-value')).toHaveText('0 of 25 shares held');
  await expectAccessible(page, 'the records');
  await photographLaunched(page, user.token, 'placing', RECORD, '[data-testid="placing-record-row"]', 'record', { axe: false });

  // ---- the ledger moved the money: 6,000.00 - 4,752.38 available, 4,750.00 held ----
  const wallets = await post(request, '/wallet/getWalletBalance', user.token);
  expect(wallets.find((w: { code: string }) => w.code === 'STOCK')).toMatchObject({ balance: '1247.62', usedBalance: '4750.00' });
  const position = await post(request, '/position/detail', user.token, {
    id: (await post(request, '/position/placing_subscription', user.token)).list[0].positionId,
  });
  expect(position).toMatchObject({ openPrice: '190.00', quantity: '25', leverage: 1, margin: '4750.00', handlingFee: '2.38' });
  // The lock-up holds against the close.
  const close = await request.post('/web/position/flatPosition', {
    headers: { authorization: `Bearer ${user.token}`, 'idempotency-key': `pl-${Date.now()}` },
    data: { id: position.id },
  });
  expect((await close.json()).msg).toMatch(/^Placement shares are locked up until \d{2}\/\d{2}\/\d{4} \d{2}:\d{2} [AP]M UTC$/);
  expect(position.lockedUntilTimestamp).toBeGreaterThan(Date.now());

  // ---- the position's page says where it came from and that it is locked up; its close waits ----
  await page.goto(`/#${ROUTES.tradeDetail}?id=${position.id}`);
  await expect(page.getByTestId('detail-origin')).toHaveText('Placement');
  await expect(page.getByTestId('detail-lockup')).toHaveAttribute('data-locked', 'true');
  await expect(page.getByTestId('detail-lockup')).toContainText('Locked up until');
  await expect(page.getByTestId('position-close')).toBeDisabled();
  await expectAccessible(page, 'the locked position');
  await photographLaunched(page, user.token, 'placing', `/#${ROUTES.tradeDetail}?id=${position.id}`, '[data-testid="detail-lockup"]', 'position', {
    axe: false,
  });
});
