// @vitest-environment jsdom
// Over 400 lines: the pools pages' suite, each case against one form's rules and the contract's schema; split by page it would repeat its fixtures.
import { POOL_RULES, zPoolCreate } from '@tradeapp/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from '../../api';
import { answerByCallId, mountsPerTest, showPage, type Answers } from '../../testing/harness';
import { createPool, poolAction, type PoolAdmin } from './api';
import { checkForm, emptyForm, fieldOf, inputOf, investorProblem, refusalOf, type PoolForm } from './form';
import {
  dayText,
  drawdownText,
  eurText,
  feeText,
  KEY_LABELS,
  keysText,
  navText,
  poolName,
  replacePool,
  returnText,
  RULE_LABELS,
  stateOf,
  unitsText,
  withPool,
} from './labels';
import { PoolNewPage } from './PoolNewPage';
import { PoolsPage } from './PoolsPage';

// The back office's AI quantify pools: the words and figures of the list, the new pool form's
// checks (the contract's zPoolCreate), and the calls each action makes, with the API stubbed.

vi.mock('../../api', async (original) => ({ ...(await original<object>()), call: vi.fn() }));
const callMock = vi.mocked(call);

const DAY = Date.UTC(2026, 4, 4);

const pool = (patch: Partial<PoolAdmin> = {}): PoolAdmin => ({
  id: 2,
  rule: 'momentum',
  symbols: ['ES', 'NQ', 'YM'],
  private: false,
  paused: false,
  feePercent: '1.50',
  minAmount: '100.00',
  nav: '1.023456',
  navDay: DAY,
  startTimestamp: Date.UTC(2025, 0, 1),
  liveTimestamp: Date.UTC(2026, 3, 1, 9, 30),
  totalReturn: '2.3456',
  liveReturn: '0.41',
  rankingReturn: '-1.204',
  benchmarkReturn: '3.10',
  benchmarkRankingReturn: '-0.50',
  maxDrawdown: '4.5',
  investors: 12,
  unitsOutstanding: '1250000.123456',
  equity: '1279320.51',
  fees: '312.40',
  pendingOrders: 3,
  pausedReason: null,
  keys: [],
  ...patch,
});

const anna = {
  id: 31,
  userId: 7,
  userName: 'anna_devries',
  email: 'anna@example.com',
  status: 'used',
  issuedAtTimestamp: DAY,
  usedAtTimestamp: DAY + 3_600_000,
  revokedAtTimestamp: null,
} as const;
const privatePool = pool({ id: 5, rule: 'pairs', symbols: ['KO', 'PEP'], private: true, keys: [anna] });

/** A pool as an operator would open it. */
const filled = (patch: Partial<PoolForm> = {}): PoolForm => ({
  rule: 'volTarget',
  private: true,
  feePercent: ' 1.25 ',
  minAmount: '250',
  reason: ' A private pool for the pilot ',
  ...patch,
});

describe('the pools page’s words and figures', () => {
  it('names every rule of the contract in English', () => {
    expect(Object.keys(RULE_LABELS).sort()).toEqual([...POOL_RULES].sort());
    expect(RULE_LABELS).toEqual({ pairs: 'Market-neutral pairs (KO/PEP)', momentum: 'Index futures momentum', volTarget: 'Volatility-targeted crypto' });
    expect(poolName({ id: 2, rule: 'momentum' })).toBe('Index futures momentum pool #2');
    expect(Object.keys(KEY_LABELS).sort()).toEqual(['revoked', 'sent', 'used']);
  });

  it('writes the fee, returns, drawdown, euros, NAV, units and days', () => {
    expect(feeText('1.50')).toBe('1.5 % a year');
    expect(feeText('0')).toBe('0 % a year');
    expect(returnText('2.3456')).toBe('+2.35 %');
    expect(returnText('-1.204')).toBe('-1.20 %');
    expect(returnText('0')).toBe('0.00 %');
    expect(returnText(null)).toBe('—');
    expect(drawdownText('4.5')).toBe('4.50 %');
    expect(drawdownText(null)).toBe('—');
    expect(eurText('1279320.5')).toBe('1,279,320.50 EUR');
    expect(eurText(null)).toBe('—');
    expect(navText('1.023456')).toBe('1.023456 EUR');
    expect(navText(null)).toBe('—');
    expect(unitsText('1250000.123456')).toBe('1,250,000.123456');
    expect(unitsText('10')).toBe('10');
    expect(dayText(DAY)).toBe('2026-05-04');
    expect(dayText(null)).toBe('—');
    expect(stateOf({ paused: true })).toBe('paused');
    expect(stateOf({ paused: false })).toBe('open');
  });

  it('counts a private pool’s keys', () => {
    expect(keysText([])).toBe('no keys yet');
    expect(keysText([{ status: 'used' }])).toBe('1 key, 1 entered');
    expect(keysText([{ status: 'sent' }, { status: 'used' }, { status: 'revoked' }])).toBe('3 keys, 1 entered');
  });

  it('replaces the answered pool’s row and adds a new one', () => {
    const list = [
      { id: 1, paused: false },
      { id: 2, paused: false },
    ];
    expect(replacePool(list, { id: 2, paused: true })).toEqual([
      { id: 1, paused: false },
      { id: 2, paused: true },
    ]);
    expect(replacePool(undefined, { id: 2, paused: true })).toBeUndefined();
    expect(withPool(list, { id: 3, paused: false })).toEqual([...list, { id: 3, paused: false }]);
    expect(withPool(list, { id: 1, paused: true })).toEqual([
      { id: 1, paused: true },
      { id: 2, paused: false },
    ]);
    expect(withPool(undefined, { id: 3, paused: false })).toBeUndefined();
  });
});

describe('the new pool form', () => {
  it('makes the contract’s request', () => {
    const input = inputOf(filled());
    expect(input).toEqual({ rule: 'volTarget', private: true, feePercent: '1.25', minAmount: '250', reason: 'A private pool for the pilot' });
    expect(zPoolCreate.safeParse(input).success).toBe(true);
    expect(checkForm(filled())).toEqual({});
    expect(checkForm(filled({ private: false, feePercent: '0', minAmount: '0.01' }))).toEqual({});
  });

  it('names every empty field', () => {
    expect(checkForm(emptyForm())).toEqual({
      rule: 'Please fill in the required information',
      feePercent: 'Please fill in the required information',
      minAmount: 'Please enter the correct amount',
      reason: 'Please give a reason',
    });
    expect(checkForm(filled({ reason: '   ' }))).toEqual({ reason: 'Please give a reason' });
  });

  it('keeps the fee from 0 to 5 with at most 2 decimals', () => {
    const refused = { feePercent: 'The fee is a percentage from 0 to 5 with at most 2 decimals' };
    for (const fee of ['5', '5.00', '0.5', '4.99', '0']) expect(checkForm(filled({ feePercent: fee })), fee).toEqual({});
    for (const fee of ['5.01', '5.5', '9', '10', '1.234', '1,5', '-1', '.5', 'abc']) expect(checkForm(filled({ feePercent: fee })), fee).toEqual(refused);
  });

  it('checks the least subscription as an amount in euros', () => {
    const refused = { minAmount: 'Amount: greater than 0, at most 2 decimals' };
    expect(checkForm(filled({ minAmount: '0' }))).toEqual(refused);
    expect(checkForm(filled({ minAmount: '0.00' }))).toEqual(refused);
    expect(checkForm(filled({ minAmount: '100.999' }))).toEqual(refused);
    expect(checkForm(filled({ minAmount: '1,000' }))).toEqual(refused);
    expect(checkForm(filled({ minAmount: '100000' }))).toEqual({});
  });

  it('names the fields as the server does', () => {
    expect(fieldOf('feePercent')).toBe('feePercent');
    expect(fieldOf('rule')).toBe('rule');
    expect(fieldOf('somethingElse')).toBeNull();
  });

  it('puts the server’s refusals under the field they are about', () => {
    const refused = (key: string, message: string, fields?: Record<string, string>) =>
      new ApiError(message, { code: 400, key: key as never, ...(fields ? { fields } : {}) });
    expect(refusalOf(refused('v.poolFee', 'Check the form', { feePercent: 'v.poolFee', minAmount: 'v.amountRule' }))).toEqual({
      message: 'Check the form',
      fields: { feePercent: 'The fee is a percentage from 0 to 5 with at most 2 decimals', minAmount: 'Amount: greater than 0, at most 2 decimals' },
    });
    expect(refusalOf(refused('e.poolFee', 'The fee is a percentage from 0 to 5 with at most 2 decimals')).fields).toEqual({
      feePercent: 'The fee is a percentage from 0 to 5 with at most 2 decimals',
    });
    expect(refusalOf(refused('e.reasonRequired', 'Please give a reason')).fields).toEqual({ reason: 'Please give a reason' });
    expect(refusalOf(new Error('Cannot reach the server'))).toEqual({ message: 'Cannot reach the server', fields: {} });
  });

  it('asks for the investor a key goes to', () => {
    expect(investorProblem('')).toBe('Please enter user ID');
    expect(investorProblem('   ')).toBe('Please enter user ID');
    expect(investorProblem('x'.repeat(101))).toBe('This text is too long');
    expect(investorProblem('anna_devries')).toBeNull();
    expect(investorProblem('42')).toBeNull();
  });
});

describe('the calls', () => {
  beforeEach(() => callMock.mockReset());

  it('opens a pool with the form’s request', async () => {
    callMock.mockResolvedValue(pool({ id: 9 }) as never);
    await expect(createPool(inputOf(filled()))).resolves.toMatchObject({ id: 9 });
    expect(callMock).toHaveBeenCalledWith('operatorPoolCreate', {
      rule: 'volTarget',
      private: true,
      feePercent: '1.25',
      minAmount: '250',
      reason: 'A private pool for the pilot',
    });
  });

  it('pauses and resumes a pool, issues a key to it and revokes a key by its own id, each with its body', async () => {
    callMock.mockResolvedValue(pool() as never);
    await poolAction(2, { action: 'pause', reason: 'Data feed outage' });
    await poolAction(2, { action: 'resume', reason: 'Feed back' });
    await poolAction(5, { action: 'issueKey', investor: 'anna_devries' });
    await poolAction(5, { action: 'revokeKey', keyId: 31, reason: 'Left the pilot' });
    expect(callMock.mock.calls).toEqual([
      ['operatorPoolPause', { reason: 'Data feed outage' }, { params: { id: 2 } }],
      ['operatorPoolResume', { reason: 'Feed back' }, { params: { id: 2 } }],
      ['operatorPoolIssueKey', { investor: 'anna_devries' }, { params: { id: 5 } }],
      ['operatorPoolRevokeKey', { reason: 'Left the pilot' }, { params: { id: 31 } }],
    ]);
  });
});

// ---- the pages, rendered, with the server's answers stubbed ----

/** What the stubbed server answers, by route; a function gets the request. */
let answers: Answers = {};

mountsPerTest();

/** Calls of the stub other than the list's. */
const actions = () => callMock.mock.calls.filter(([id]) => id !== 'operatorPools');

async function show(url: string) {
  answerByCallId(callMock, () => answers);
  return showPage({ '/pools': PoolsPage, '/pools/new': PoolNewPage, '*': () => null }, url);
}

describe('the pools page', () => {
  beforeEach(() => {
    answers = {
      operatorPools: [
        pool(),
        pool({ id: 3, rule: 'volTarget', paused: true, pausedReason: 'Exchange outage', nav: null, navDay: null, totalReturn: null }),
        privatePool,
      ],
    };
  });

  it('lists each pool with its rule, access, fee, least subscription, NAV, simulated returns and figures, and says nothing sets a NAV', async () => {
    const page = await show('/pools');
    expect(page.all('bo-pool-rule-name')).toEqual(['Index futures momentum', 'Volatility-targeted crypto', 'Market-neutral pairs (KO/PEP)']);
    expect(page.all('bo-pool-access')).toEqual(['Public', 'Public', 'Private']);
    expect(page.all('bo-pool-fee')[0]).toBe('1.5 % a year');
    expect(page.all('bo-pool-min')[0]).toBe('from 100.00 EUR');
    expect(page.all('bo-pool-nav')).toEqual(['1.023456 EUR', '—', '1.023456 EUR']);
    expect(page.all('bo-pool-nav-day')).toEqual(['of 2026-05-04', 'no NAV yet', 'of 2026-05-04']);
    expect(page.all('bo-pool-returns')[0]).toBe('+2.35 % total-1.20 % 30 dsimulated');
    expect(page.all('bo-pool-drawdown')[0]).toBe('4.50 %');
    expect(page.all('bo-pool-investors')[0]).toBe('12');
    expect(page.all('bo-pool-pending')[0]).toBe('3 pending orders');
    expect(page.all('bo-pool-units')[0]).toBe('1,250,000.123456');
    expect(page.all('bo-pool-equity')[0]).toBe('1,279,320.51 EUR');
    expect(page.all('bo-pool-fees')[0]).toBe('312.40 EUR');
    expect(page.all('bo-pool-paused-reason')).toEqual(['Exchange outage']);
    expect(page.all('bo-pool-pause')).toHaveLength(2);
    expect(page.all('bo-pool-resume')).toHaveLength(1);
    // Keys only for the private pool.
    expect(page.all('bo-pool-keys')).toHaveLength(1);
    expect(page.text('bo-pool-key-count')).toBe('1 key, 1 entered');
    expect(page.text('bo-pool-note')).toContain('No call sets a pool');
  });

  it('pauses a pool with the reason typed, and shows its new state', async () => {
    answers.operatorPoolPause = pool({ paused: true, pausedReason: 'Data feed outage' });
    const page = await show('/pools');
    await page.click('bo-pool-pause');
    const dialog = page.byId('bo-reason').closest('[role="dialog"]')!;
    expect(dialog.textContent).toContain('Pause pool');
    // Without a reason nothing is sent.
    await page.click('bo-confirm');
    expect(dialog.textContent).toContain('Please give a reason');
    expect(actions()).toEqual([]);
    await page.type('bo-reason', '  Data feed outage ');
    answers.operatorPools = [pool({ paused: true, pausedReason: 'Data feed outage' })];
    await page.click('bo-confirm');
    expect(actions()).toEqual([['operatorPoolPause', { reason: 'Data feed outage' }, { params: { id: 2 } }]]);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(page.all('bo-pool-paused-reason')).toEqual(['Data feed outage']);
  });

  it('resumes a paused pool with a reason', async () => {
    answers.operatorPoolResume = pool({ id: 3, rule: 'volTarget' });
    const page = await show('/pools');
    await page.click('bo-pool-resume');
    await page.type('bo-reason', 'Exchange back');
    await page.click('bo-confirm');
    expect(actions()).toEqual([['operatorPoolResume', { reason: 'Exchange back' }, { params: { id: 3 } }]]);
  });

  it('opens a private pool’s keys, issues a key to an investor and revokes one with a reason', async () => {
    const issued = { ...anna, id: 32, userId: 8, userName: 'jan_jansen', email: null, status: 'sent' as const, usedAtTimestamp: null };
    // The server's answer, and the list as it then is.
    const answering = (after: PoolAdmin) => () => {
      answers.operatorPools = [pool(), after];
      return Promise.resolve(after);
    };
    answers.operatorPoolIssueKey = answering({ ...privatePool, keys: [anna, issued] });
    answers.operatorPoolRevokeKey = answering({ ...privatePool, keys: [{ ...anna, status: 'revoked', revokedAtTimestamp: DAY + 7_200_000 }, issued] });
    const page = await show('/pools');
    expect(page.has('bo-pool-keys-panel')).toBe(false);
    await page.click('bo-pool-keys');
    expect(page.byId('bo-pool-keys').getAttribute('aria-expanded')).toBe('true');
    expect(page.router.state.location.search).toBe('?keys=5');
    expect(page.all('bo-pool-key-status')).toEqual(['Entered']);
    expect(page.byId('bo-pool-key').textContent).toContain('2026-05-04 01:00:00');

    // An empty investor is refused here.
    await page.click('bo-pool-issue-key');
    expect(page.errorOf('bo-pool-investor')).toBe('Please enter user ID');
    expect(actions()).toEqual([]);

    await page.type('bo-pool-investor', ' jan_jansen ');
    await page.click('bo-pool-issue-key');
    expect(actions()).toEqual([['operatorPoolIssueKey', { investor: 'jan_jansen' }, { params: { id: 5 } }]]);
    expect(page.text('bo-pool-key-sent')).toBe('A key was sent to the notices of jan_jansen.');
    expect(page.all('bo-pool-key-status')).toEqual(['Entered', 'Sent, not entered yet']);

    await page.click('bo-pool-revoke');
    await page.type('bo-reason', 'Left the pilot');
    await page.click('bo-confirm');
    expect(actions().at(-1)).toEqual(['operatorPoolRevokeKey', { reason: 'Left the pilot' }, { params: { id: 31 } }]);
    expect(page.all('bo-pool-key-status')).toEqual(['Revoked', 'Sent, not entered yet']);
    // A revoked key cannot be revoked again.
    expect(page.all('bo-pool-revoke')).toHaveLength(1);

    await page.click('bo-pool-keys-close');
    expect(page.has('bo-pool-keys-panel')).toBe(false);
  });

  it('shows the server’s refusal of a key under the field', async () => {
    answers.operatorPoolIssueKey = () =>
      Promise.reject(new ApiError('This investor already has a live key for this pool', { code: 400, key: 'e.poolKeyLive' }));
    const page = await show('/pools?keys=5');
    await page.type('bo-pool-investor', 'anna_devries');
    await page.click('bo-pool-issue-key');
    expect(page.errorOf('bo-pool-investor')).toBe('This investor already has a live key for this pool');
  });
});

describe('the new pool page', () => {
  beforeEach(() => {
    answers = { operatorPools: [pool()] };
  });

  it('shows each field’s problem and sends nothing', async () => {
    const page = await show('/pools/new');
    await page.click('bo-pool-create');
    expect(page.errorOf('bo-pool-rule')).toBe('Please fill in the required information');
    expect(page.errorOf('bo-pool-feePercent')).toMatch(/Please fill in the required information$/);
    expect(page.errorOf('bo-pool-minAmount')).toMatch(/Please enter the correct amount$/);
    expect(page.errorOf('bo-pool-reason')).toBe('Please give a reason');
    await page.type('bo-pool-feePercent', '5.5');
    await page.click('bo-pool-create');
    expect(page.errorOf('bo-pool-feePercent')).toMatch(/The fee is a percentage from 0 to 5 with at most 2 decimals$/);
    expect(actions()).toEqual([]);
  });

  it('opens the pool with the form’s request and goes back to the list', async () => {
    const created = pool({ id: 9, rule: 'pairs', private: true, feePercent: '0.75', minAmount: '250.00' });
    answers.operatorPoolCreate = () => {
      answers.operatorPools = [pool(), created];
      return Promise.resolve(created);
    };
    const page = await show('/pools/new');
    await page.choose('bo-pool-rule', 'pairs');
    await page.click('bo-pool-private');
    await page.type('bo-pool-feePercent', '0.75');
    await page.type('bo-pool-minAmount', '250');
    await page.type('bo-pool-reason', ' Pilot for private clients ');
    await page.click('bo-pool-create');
    expect(actions()).toEqual([
      ['operatorPoolCreate', { rule: 'pairs', private: true, feePercent: '0.75', minAmount: '250', reason: 'Pilot for private clients' }],
    ]);
    expect(page.router.state.location.pathname).toBe('/pools');
    expect(page.router.state.location.search).toBe('?created=9');
    expect(page.text('bo-pool-created')).toBe('The Market-neutral pairs (KO/PEP) pool #9 is open to the investors you issue a key to.');
  });

  it('shows the server’s field errors', async () => {
    answers.operatorPoolCreate = () =>
      Promise.reject(new ApiError('Please check the form', { code: 400, key: 'v.fillRequired', fields: { minAmount: 'v.amountRule' } }));
    const page = await show('/pools/new');
    await page.choose('bo-pool-rule', 'momentum');
    await page.type('bo-pool-feePercent', '1');
    await page.type('bo-pool-minAmount', '10');
    await page.type('bo-pool-reason', 'Second momentum pool');
    await page.click('bo-pool-create');
    expect(actions()).toHaveLength(1);
    expect(page.text('bo-pool-error')).toBe('Please check the form. Check the field marked below.');
    expect(page.errorOf('bo-pool-minAmount')).toMatch(/Amount: greater than 0, at most 2 decimals$/);
    expect(page.router.state.location.pathname).toBe('/pools/new');
  });
});
