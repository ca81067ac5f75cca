// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { FundsReviewStatus } from '@tradeapp/contract';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../api';
import type { WithdrawalItem } from '../review';
import { approvalWords, WithdrawalsPage } from './WithdrawalsPage';

// The back office's withdrawal queue, with the API stubbed: a large withdrawal (above
// WITHDRAWAL_DUAL_APPROVAL_EUR) shows who gave its first approval and offers the second; the
// server's refusal of a second approval by the same operator is shown in the dialog.

vi.mock('../../api', async (original) => ({ ...(await original<object>()), call: vi.fn() }));
const callMock = vi.mocked(call);

const REQUESTED = Date.UTC(2026, 4, 4, 9, 30);
const FIRST = Date.UTC(2026, 4, 4, 10, 15);

const withdrawal = (patch: Partial<WithdrawalItem> = {}): WithdrawalItem => ({
  id: 21,
  amount: '15000.00',
  currency: 'EUR',
  target: 'bank',
  destination: 'ING ********6789',
  status: FundsReviewStatus.PendingReview,
  reason: null,
  createTimeTimestamp: REQUESTED,
  reviewTimeTimestamp: null,
  userId: 7,
  userName: 'anna_devries',
  email: 'anna@example.com',
  details: { bankName: 'ING', accountName: 'Anna de Vries', cardNumber: 'NL69INGB0123456789', swiftCode: 'INGBNL2A' },
  dualApproval: true,
  firstApproval: null,
  ...patch,
});

const firstApproved = withdrawal({ firstApproval: { operatorId: 3, operatorName: 'jan@meridian.example', timestamp: FIRST } });
const page1 = (list: WithdrawalItem[]) => ({ list, total: list.length, page: 1, size: 20 });

let root: Root | undefined;
let host: HTMLElement | undefined;
let answers: Record<string, unknown> = {};

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = host = undefined;
});

const settle = async () => {
  for (let i = 0; i < 3; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
};

const actions = () => callMock.mock.calls.filter(([id]) => id !== 'operatorWithdrawals');

async function show(url: string) {
  callMock.mockReset();
  callMock.mockImplementation(((id: string, input: unknown) => {
    const answer = answers[id];
    if (answer === undefined) return Promise.reject(new Error(`no answer for ${id}`));
    return typeof answer === 'function' ? (answer as (input: unknown) => Promise<unknown>)(input) : Promise.resolve(answer);
  }) as unknown as typeof call);
  host = document.createElement('div');
  document.body.append(host);
  const mounted = createRoot(host);
  root = mounted;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/withdrawals', Component: WithdrawalsPage },
      { path: '*', Component: () => null },
    ],
    { initialEntries: [url] },
  );
  await act(async () => {
    mounted.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  await settle();
  const el = host;
  const byId = (id: string) => {
    const found = el.querySelector<HTMLElement>(`[data-testid="${id}"]`) ?? document.body.querySelector<HTMLElement>(`[data-testid="${id}"]`);
    if (!found) throw new Error(`nothing matches ${id}`);
    return found;
  };
  return {
    el,
    text: (id: string) => el.querySelector(`[data-testid="${id}"]`)?.textContent ?? null,
    byId,
    click: async (id: string) => {
      await act(async () => {
        byId(id).click();
      });
      await settle();
    },
  };
}

describe('the words of an approval', () => {
  it('asks one operator to mark a small withdrawal paid, and two to approve a large one', () => {
    expect(approvalWords({ dualApproval: false, firstApproval: null }).approveLabel).toBe('Mark as paid');
    expect(approvalWords({ dualApproval: true, firstApproval: null })).toMatchObject({ approveLabel: 'Give the first approval', approveButton: 'First approval' });
    expect(approvalWords(firstApproved)).toMatchObject({ approveLabel: 'Give the second approval and mark as paid', approveButton: 'Second approval' });
    expect(approvalWords(firstApproved).approveEffect).toContain('jan@meridian.example gave the first approval');
  });
});

describe('the withdrawals page', () => {
  it('gives the first approval of a large withdrawal, which stays pending awaiting the second', async () => {
    answers = {
      operatorWithdrawals: page1([withdrawal()]),
      operatorWithdrawalApprove: () => {
        answers.operatorWithdrawals = page1([firstApproved]);
        return Promise.resolve(firstApproved);
      },
    };
    const page = await show('/withdrawals?id=21');
    expect(page.text('bo-withdrawal-approvals')).toBe('Large withdrawal: two different operators must approve it; none has yet');
    expect(page.text('bo-withdrawal-row-approvals')).toBe('0 of 2 approvals');
    expect(page.text('bo-withdrawal-approve')).toBe('First approval');
    await page.click('bo-withdrawal-approve');
    const dialog = page.byId('bo-confirm').closest('[role="dialog"]')!;
    expect(dialog.textContent).toContain('two different operators');
    expect(dialog.textContent).toContain('do not pay it yet');
    await page.click('bo-confirm');
    expect(actions()).toEqual([['operatorWithdrawalApprove', {}, { params: { id: 21 } }]]);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(page.text('bo-withdrawal-approvals')).toBe(
      'First approval by jan@meridian.example at 2026-05-04 10:15:00; awaiting a second approval by a different operator',
    );
    expect(page.text('bo-withdrawal-row-approvals')).toBe('1 of 2 approvals');
    expect(page.byId('bo-withdrawal-panel').textContent).toContain('Pending review');
    expect(page.text('bo-withdrawal-approve')).toBe('Second approval');
  });

  it('shows who gave the first approval and completes the withdrawal with the second', async () => {
    const paid = withdrawal({ ...firstApproved, status: FundsReviewStatus.Completed, reviewTimeTimestamp: FIRST + 60_000 });
    answers = {
      operatorWithdrawals: page1([firstApproved]),
      operatorWithdrawalApprove: () => {
        answers.operatorWithdrawals = page1([]);
        return Promise.resolve(paid);
      },
    };
    const page = await show('/withdrawals?id=21');
    expect(page.text('bo-withdrawal-approvals')).toContain('First approval by jan@meridian.example');
    await page.click('bo-withdrawal-approve');
    const dialog = page.byId('bo-confirm').closest('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Give the second approval and mark as paid');
    expect(dialog.textContent).toContain("jan@meridian.example gave the first approval; with yours, you have sent the money; the held amount leaves the user's funding account.");
    await page.click('bo-confirm');
    expect(actions()).toEqual([['operatorWithdrawalApprove', {}, { params: { id: 21 } }]]);
    const panel = page.byId('bo-withdrawal-panel').textContent;
    expect(panel).toContain('Completed');
    expect(panel).toContain('Reviewed — no action needed.');
    expect(page.text('bo-withdrawal-approvals')).toBe('First approval by jan@meridian.example at 2026-05-04 10:15:00');
    expect(page.el.querySelector('[data-testid="bo-withdrawal-approve"]')).toBeNull();
  });

  it('shows the server’s refusal when the first approver tries the second too', async () => {
    answers = {
      operatorWithdrawals: page1([firstApproved]),
      operatorWithdrawalApprove: () =>
        Promise.reject(new ApiError('You gave the first approval; a different operator must give the second', { code: 409, key: 'e.secondApprovalSameOperator' })),
    };
    const page = await show('/withdrawals?id=21');
    await page.click('bo-withdrawal-approve');
    await page.click('bo-confirm');
    expect(page.byId('bo-action-error').textContent).toBe('You gave the first approval; a different operator must give the second');
    expect(page.text('bo-withdrawal-approvals')).toContain('awaiting a second approval');
  });

  it('leaves a small withdrawal to one operator, with no approvals line', async () => {
    answers = { operatorWithdrawals: page1([withdrawal({ amount: '80.00', dualApproval: false })]) };
    const page = await show('/withdrawals?id=21');
    expect(page.text('bo-withdrawal-approve')).toBe('Mark as paid');
    expect(page.text('bo-withdrawal-approvals')).toBeNull();
    expect(page.text('bo-withdrawal-row-approvals')).toBeNull();
  });
});
