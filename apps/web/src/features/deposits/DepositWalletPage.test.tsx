import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors';
import { setLanguage } from '../../i18n';
import type { UiLanguage } from '../../i18n/locale';
import { showPage, unmountAll } from '../../testing/mountRoute';
import type { DepositMethod, SimSend, SimWallet } from './api';

// The crypto deposit page on the simulated chain, from the server's answers (the client is a stub):
// the simulated wallet's balance in the chosen coin and the faucet's day left, the faucet, "Send
// from my simulated wallet" that fills in the transaction hash, the report of that hash, and a
// refusal placed under the amount in the server's words. Everything says "simulated".

const NOW = Date.UTC(2026, 10, 28, 9, 30);
const HASH = 'ab'.repeat(32);

const methods: DepositMethod[] = [
  { method: 'crypto', currency: 'USDT', network: 'TRC20', address: 'TXYZabcdefghijkmnopqrstuvwxyz12345', minAmount: '1', confirmations: 3, simulated: true },
  { method: 'crypto', currency: 'BTC', network: 'BTC', address: 'bc1qexampleexampleexampleexample', minAmount: '0.01', confirmations: 3, simulated: true },
  {
    method: 'fiat',
    currency: 'EUR',
    bankName: 'Bank',
    accountName: 'Meridian',
    iban: 'NL00MERI0123456789',
    bic: 'MERINL2A',
    reference: 'MM00000001',
    minAmount: '1',
  },
];
const wallet = (usdt: string, left: string): SimWallet => ({
  simulated: true,
  wallets: [
    { currency: 'USDT', network: 'TRC20', balance: usdt, faucetMax: left },
    { currency: 'USDT', network: 'ERC20', balance: '0', faucetMax: left },
    { currency: 'BTC', network: 'BTC', balance: '0.08', faucetMax: '0.05' },
    { currency: 'ETH', network: 'ETH', balance: '0', faucetMax: '0.8' },
  ],
  faucet: { dailyLimit: '10000.00', usedToday: '0.00', leftToday: left, unit: 'USDT', resetTimestamp: Date.UTC(2026, 10, 29) },
  reviewAboveEur: '5000.00',
});
const sent: SimSend = {
  simulated: true,
  currency: 'USDT',
  network: 'TRC20',
  amount: '40.5',
  txHash: HASH,
  address: 'TXYZabcdefghijkmnopqrstuvwxyz12345',
  balance: '9.5',
  sentTimestamp: NOW,
};

let answers: Record<string, (input: any) => Promise<unknown>> = {};
const calls: Array<{ id: string; input: any; options: { idempotencyKey?: string; silent?: boolean } | undefined }> = [];

vi.mock('../../api/client', async (original) => ({
  ...(await original<object>()),
  call: (id: string, input: unknown, options?: { idempotencyKey?: string; silent?: boolean }) => {
    calls.push({ id, input, options });
    const answer = answers[id];
    return answer ? answer(input) : Promise.reject(new Error(`no answer for ${id}`));
  },
}));
const toasts: string[] = [];
vi.mock('../../ui/toast', () => ({ showToast: (content: string) => void toasts.push(content) }));

beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
  // The page and its imports load once, before the first test's clock starts.
  await import('./DepositWalletPage');
}, 60_000);
beforeEach(() => {
  calls.length = 0;
  toasts.length = 0;
  localStorage.setItem('mm.token', 'test-token');
  answers = {
    depositMethods: () => Promise.resolve(methods),
    depositSimWallet: () => Promise.resolve(wallet('50', '10000.00')),
    depositSimFaucet: () => Promise.resolve(wallet('150', '9900.00')),
    depositSimSend: () => Promise.resolve(sent),
    depositCreate: (input) => Promise.resolve({ id: 1, ...input, status: 1 }),
    depositList: () => Promise.resolve({ list: [], total: 0, page: 1, size: 20 }),
  };
});
afterAll(async () => {
  vi.useRealTimers();
  await setLanguage('en');
});
afterEach(unmountAll);

async function show(language?: UiLanguage) {
  const { default: DepositWalletPage } = await import('./DepositWalletPage');
  return showPage(DepositWalletPage, '/pages/deposit/wallet', { language, turns: 6 });
}

/** The text of the <label> an input is labelled by. */
const labelOf = (input: HTMLInputElement) => document.querySelector(`label[for="${input.id}"]`)?.textContent ?? null;

describe('the simulated wallet on the crypto deposit page', () => {
  it('shows the simulated wallet’s balance in the chosen coin and the faucet’s day left, labelled as simulated', async () => {
    const page = await show();
    expect(page.text('sim-wallet-note')).toMatch(/^Simulated: demo coins/);
    expect(page.text('deposit-simulated')).toMatch(/simulated chain/);
    expect(page.text('sim-balance')).toBe('50 USDT');
    expect(page.text('sim-faucet-left')).toBe('10,000.00 of 10,000.00 USDT');
    expect(page.text('deposit-review-note')).toBe(
      'A deposit above 5,000.00 EUR waits for an operator’s review after its confirmations; if it is refused, the coins return to your simulated wallet.',
    );
    expect(labelOf(page.input('sim-faucet-amount'))).toBe('Demo coins to add (USDT)');
    expect(page.$('sim-send')?.textContent).toBe('Send from my simulated wallet');
    // Another coin: its own balance and minimum.
    await page.click('deposit-network-BTC-BTC');
    expect(page.text('sim-balance')).toBe('0.08 BTC');
    expect(labelOf(page.input('sim-faucet-amount'))).toBe('Demo coins to add (BTC)');
  });

  it('adds demo coins from the faucet once per intent, and shows the new balance and day left', async () => {
    const page = await show();
    await page.type('sim-faucet-amount', '100');
    await page.submit('sim-faucet-form');
    const faucet = calls.filter((c) => c.id === 'depositSimFaucet');
    expect(faucet).toHaveLength(1);
    expect(faucet[0]!.input).toEqual({ currency: 'USDT', network: 'TRC20', amount: '100' });
    expect(faucet[0]!.options).toMatchObject({ silent: true, idempotencyKey: expect.any(String) });
    expect(page.text('sim-balance')).toBe('150 USDT');
    expect(page.text('sim-faucet-left')).toBe('9,900.00 of 10,000.00 USDT');
    expect(toasts).toEqual(['100 USDT of demo coins added to your simulated wallet']);
  });

  it('places the faucet’s refusal under its field in the server’s words', async () => {
    answers.depositSimFaucet = () =>
      Promise.reject(
        new ApiError('The simulated faucet gives at most 10000.00 USDT of value a day; 0.00 USDT is left today', {
          code: 422,
          key: 'e.faucetLimit',
          fields: { amount: 'e.faucetLimit' },
        }),
      );
    const page = await show();
    await page.type('sim-faucet-amount', '5');
    await page.submit('sim-faucet-form');
    expect(page.text('sim-faucet-amount-error')).toBe('The simulated faucet gives at most 10000.00 USDT of value a day; 0.00 USDT is left today');
  });

  it('sends the amount from the simulated wallet, fills in the hash, and reports exactly that transaction', async () => {
    const page = await show();
    // No amount yet: nothing is sent.
    await page.click('sim-send');
    expect(calls.some((c) => c.id === 'depositSimSend')).toBe(false);
    expect(page.text('deposit-amount-error')).toBe('Please enter the correct amount');

    await page.type('deposit-amount', '40.5');
    await page.click('sim-send');
    const send = calls.filter((c) => c.id === 'depositSimSend');
    expect(send.map((c) => c.input)).toEqual([{ currency: 'USDT', network: 'TRC20', amount: '40.5' }]);
    expect(send[0]!.options).toMatchObject({ silent: true, idempotencyKey: expect.any(String) });
    expect(page.input('deposit-txhash').value).toBe(HASH);
    expect(page.$('sim-sent')?.getAttribute('role')).toBe('status');
    expect(page.text('sim-sent')).toBe('Sent 40.5 USDT from your simulated wallet to your deposit address. Its hash is filled in below: submit to report it.');

    await page.submit('deposit-crypto-form');
    const report = calls.filter((c) => c.id === 'depositCreate');
    expect(report.map((c) => c.input)).toEqual([{ method: 'crypto', currency: 'USDT', network: 'TRC20', amount: '40.5', txHash: HASH }]);
    expect(page.where()).toBe('/pages/deposit/record');
  });

  it('shows a send the simulated wallet cannot cover under the amount, and fills in nothing', async () => {
    answers.depositSimSend = () =>
      Promise.reject(
        new ApiError('Uw gesimuleerde wallet bevat maar 50 USDT', { code: 422, key: 'e.simInsufficient', fields: { amount: 'e.simInsufficient' } }),
      );
    const page = await show('nl');
    expect(page.$('sim-send')?.textContent).toBe('Verstuur uit mijn gesimuleerde wallet');
    expect(page.text('sim-wallet-note')).toMatch(/^Gesimuleerd/);
    await page.type('deposit-amount', '60');
    await page.click('sim-send');
    expect(page.text('deposit-amount-error')).toBe('Uw gesimuleerde wallet bevat maar 50 USDT');
    expect(page.input('deposit-txhash').value).toBe('');
    expect(page.$('sim-sent')).toBeNull();
  });

  it('says “simulated” in Chinese too', async () => {
    const page = await show('zh-Hans');
    expect(page.$('sim-send')?.textContent).toBe('从我的模拟钱包发送');
    expect(page.text('sim-wallet-note')).toMatch(/^模拟/);
    expect(labelOf(page.input('sim-faucet-amount'))).toBe('领取的演示币数量（USDT）');
  });
});

describe('the deposit records', () => {
  it('says when a confirmed crypto deposit above the threshold waits for an operator’s review', async () => {
    const row = (id: number, over: object) => ({
      id,
      method: 'crypto',
      currency: 'BTC',
      network: 'BTC',
      amount: '0.13',
      creditedAmount: null,
      txHash: HASH,
      proofUrl: null,
      confirmations: 3,
      requiredConfirmations: 3,
      reviewRequired: true,
      status: 1,
      reason: null,
      createTimeTimestamp: NOW - id * 60_000,
      reviewTimeTimestamp: null,
      ...over,
    });
    answers.depositList = () =>
      Promise.resolve({
        list: [row(1, {}), row(2, { confirmations: 1 }), row(3, { reviewRequired: false, status: 3, creditedAmount: '100.00' })],
        total: 3,
        page: 1,
        size: 20,
      });
    const { default: DepositRecordPage } = await import('./DepositRecordPage');
    await showPage(DepositRecordPage, '/pages/deposit/record', { turns: 6 });
    const rows = [...document.querySelectorAll<HTMLElement>('[data-testid="deposit-record-row"]')];
    expect(rows.map((r) => r.querySelector('[data-testid="deposit-awaiting-review"]')?.textContent ?? null)).toEqual([
      'Confirmed: waiting for an operator’s review',
      null,
      null,
    ]);
  });
});
