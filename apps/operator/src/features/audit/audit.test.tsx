// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../api';
import { answerByCallId, mountsPerTest, showPage } from '../../testing/harness';
import { AuditPage } from './AuditPage';

// The audit page's "Verify chain", with the API stubbed: the server recomputes the hash chain and
// answers how many entries it checked and the first broken one.

vi.mock('../../api', async (original) => ({ ...(await original<object>()), call: vi.fn() }));
const callMock = vi.mocked(call);

mountsPerTest();

async function verifyWith(answer: { checked: number; firstBrokenId: number | null }) {
  answerByCallId(callMock, () => ({ operatorAudit: { list: [], total: 0, page: 1, size: 20 }, operatorAuditVerify: answer }));
  const page = await showPage({ '/audit': AuditPage }, '/audit');
  const host = page.el;
  expect(host.querySelector('[data-testid="bo-audit-verify-result"]')).toBeNull();
  await page.click('bo-audit-verify');
  expect(callMock.mock.calls.filter(([id]) => id === 'operatorAuditVerify')).toHaveLength(1);
  return host.querySelector('[data-testid="bo-audit-verify-result"]')?.textContent;
}

describe('verifying the audit chain', () => {
  it('says the chain holds, with the number of entries checked', async () => {
    expect(await verifyWith({ checked: 1234, firstBrokenId: null })).toBe('Chain intact: 1,234 entries checked');
  });

  it('names the first broken entry', async () => {
    expect(await verifyWith({ checked: 1234, firstBrokenId: 617 })).toBe(
      'Chain broken at entry #617 (1,234 entries checked): it or the one before it was changed or removed outside the server.',
    );
  });
});
