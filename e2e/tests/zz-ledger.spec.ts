import { expect, test } from '@playwright/test';
import { OPERATOR } from '../playwright.config';

// Runs last (its own project, after the journeys: playwright.config.ts): after every journey has moved money,
// the ledger must still add up to the cent.
test('the ledger check finds no difference after every journey', async ({ request }) => {
  const login = await (await request.post('/web/operator/login', { data: OPERATOR })).json();
  const check = await (await request.get('/web/operator/ledger/check', { headers: { authorization: `Bearer ${login.data.token}` } })).json();
  expect(check.data).toMatchObject({ ok: true, differences: [], unbalancedJournals: [], negativeUserAccounts: [] });
});
