// @vitest-environment jsdom
import { FundsReviewStatus } from '@tradeapp/contract';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../api';
import { answerByCallId, mountsPerTest, showPage, type Answers } from '../../testing/harness';
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

/** What the stubbed server answers, by route; a function gets the request. */
let answers: Answers = {};

mountsPerTest();

const actions = () => callMock.mock.calls.filter(([id]) => id !== 'operatorWithdrawals');

async function show(url: string) {
  answerByCallId(callMock, () => answers);
  return showPage({ '/withdrawals': WithdrawalsPage, '*': () => null }, url);
}

describe('the words of an approval', () => {
  it('asks one operator to mark a small withdrawal paid, and two to approve a large one', () => {
    expect(approvalWords({ dualApproval: false, firstApproval: null }).approveLabel).toBe('Mark as paid');
    expect(approvalWords({ dualApproval: true, firstApproval: null })).toMatchObject({
      approveLabel: 'Give the first approval',
      approveButton: 'First approval',
    });
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
    expect(dialog.textContent).toContain(
      "jan@meridian.example gave the first approval; with yours, you have sent the money; the held amount leaves the user's funding account.",
    );
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
        Promise.reject(
          new ApiError('You gave the first approval; a different operator must give the second', { code: 409, key: 'e.secondApprovalSameOperator' }),
        ),
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
