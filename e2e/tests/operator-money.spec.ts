import { expect, test } from '@playwright/test';
import { ANNA, post, register, submitPassport, uploadApi } from './api';
import { DESKTOP, signIn } from './backOffice';
import { documentPng } from './png';
import { screen } from './support';

test.use(DESKTOP);

test('an operator approves a KYC and a deposit, refuses a withdrawal with a reason and finds the ledger balanced', async ({ page, request }) => {
  // ---- an investor: documents, a bank transfer with its proof, a bank card and a pay password ----
  const { username, token } = await register(request, 'bom_');

  const png = documentPng();
  await submitPassport(request, token, png, { ...ANNA, idNumber: 'NW7K3L9P2' }, 'passport.png');
  const proofUrl = await uploadApi(request, token, png, 'transfer.png');

  const methods: { method: string; currency: string; reference?: string }[] = await post(request, '/recharge/currency/selectList', token);
  const reference = methods.find((m) => m.method === 'fiat' && m.currency === 'EUR')!.reference!;
  const deposit = await post(request, '/recharge/create', token, { method: 'fiat', currency: 'EUR', amount: '250.00', proofUrl }, true);
  const card = await post(request, '/UserAccount/addCardNo', token, {
    bankName: 'ABN AMRO',
    accountName: 'Anna de Vries',
    cardNumber: 'NL91ABNA0417164300',
    swiftCode: 'ABNANL2A',
  });
  await post(request, '/settingPayPassword', token, { payPassword: '123456' });
  await post(request, '/userCenter/apply/service', token, { type: 'withdrawal', content: `How long does a withdrawal take? (${username})` });

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
  await screen(page, 'operator-kyc');
  await doc.click();
  await expect(page.getByTestId('bo-doc-lightbox')).toBeVisible();
  await screen(page, 'operator-kyc-document');
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('bo-doc-lightbox')).toHaveCount(0);
  await page.getByTestId('bo-kyc-approve').click();
  await page.getByTestId('bo-confirm').click();
  // The decided item leaves the pending list at once; its panel stays open with the outcome.
  await expect(page.getByTestId('bo-kyc-panel')).toContainText('Verified');
  await expect(kycRow).toHaveCount(0);
  await expect(page.getByTestId('bo-kyc-approve')).toHaveCount(0);

  // ---- deposit: the proof is shown; approving credits the funding wallet ----
  await page.getByTestId('bo-nav-deposits').click();
  const depositRow = page.locator(`[data-testid="bo-deposit-row"][data-deposit-id="${deposit.id}"]`);
  await expect(depositRow).toContainText(username);
  await expect(depositRow).toContainText('250.00 EUR');
  // The payment reference the investor was told to put on the transfer, in the row and the panel.
  await expect(depositRow).toContainText(reference);
  await depositRow.click();
  await expect(page.getByTestId('bo-doc-image')).toBeVisible();
  await expect(page.getByTestId('bo-deposit-reference')).toHaveText(reference);
  await screen(page, 'operator-deposits');
  await page.getByTestId('bo-deposit-approve').click();
  await page.getByTestId('bo-confirm').click();
  await expect(page.getByTestId('bo-deposit-panel')).toContainText('Completed');
  await expect(page.getByTestId('bo-deposit-panel')).toContainText('250.00 EUR');
  // The filters follow the decision: gone from the pending list, listed under Completed.
  await expect(depositRow).toHaveCount(0);
  await screen(page, 'operator-deposit-approved');
  await page.getByTestId('bo-deposit-status').getByRole('button', { name: 'Completed' }).click();
  await expect(depositRow).toContainText('Completed');
  await expect(depositRow).toContainText(reference);
  await screen(page, 'operator-deposits-completed');

  // ---- withdrawal: the operator sees where to pay, then refuses it with a reason ----
  const withdrawal = await post(
    request,
    '/withdrawal/withdrawal-apply',
    token,
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
  await screen(page, 'operator-withdrawals');

  // ---- the user's balances, from the ledger: 250.00 credited, 100.00 of it held by the withdrawal ----
  await page.getByTestId('bo-withdrawal-panel').getByRole('link', { name: username }).click();
  await expect(page.getByRole('heading', { name: username })).toBeVisible();
  const userUrl = page.url();
  const funding = page.locator('[data-testid="bo-balance-row"][data-wallet="BALANCE"]');
  await expect(funding.getByTestId('bo-balance-available')).toHaveText('150.00 EUR');
  await expect(funding.getByTestId('bo-balance-held')).toHaveText('100.00 EUR');
  await expect(page.getByTestId('bo-balance-row')).toHaveCount(10);
  await expect(page.locator('[data-testid="bo-balance-row"][data-wallet="US_STOCK"]').getByTestId('bo-balance-available')).toHaveText('0.00 USD');
  await screen(page, 'operator-user-balances');
  await page.goBack();
  await expect(page.getByTestId('bo-withdrawal-panel')).toBeVisible();

  await page.getByTestId('bo-withdrawal-reject').click();
  await page.getByTestId('bo-confirm').click();
  await expect(page.getByText('Please give a reason')).toBeVisible();
  await page.getByTestId('bo-reason').fill('The account holder does not match the verified name');
  await screen(page, 'operator-withdrawal-reject');
  await page.getByTestId('bo-confirm').click();
  await expect(page.getByTestId('bo-withdrawal-panel')).toContainText('Rejected');
  await expect(page.getByTestId('bo-withdrawal-panel')).toContainText('The account holder does not match the verified name');
  await expect(withdrawalRow).toHaveCount(0);
  await page.getByTestId('bo-withdrawal-status').getByRole('button', { name: 'Rejected' }).click();
  await expect(withdrawalRow).toContainText('Rejected');

  // The refusal released the hold: everything is available again.
  await page.goto(userUrl);
  await expect(funding.getByTestId('bo-balance-available')).toHaveText('250.00 EUR');
  await expect(funding.getByTestId('bo-balance-held')).toHaveText('0.00 EUR');
  await page.goBack();

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
  await screen(page, 'operator-ledger');

  // ---- the service request is listed ----
  await page.getByTestId('bo-nav-service').click();
  await expect(page.getByTestId('bo-service-row').filter({ hasText: username })).toHaveCount(1);
  await screen(page, 'operator-service');
});
