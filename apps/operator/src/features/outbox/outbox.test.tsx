// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { call } from '../../api';
import { answerByCallId, mountsPerTest, showPage } from '../../testing/harness';
import { OutboxPage } from './OutboxPage';

// The back office's mail outbox, with the API stubbed: the list and the mail opened show the copy
// kept with its codes removed; opening a mail is one call (the server audits it); a deployment
// without SMTP says it is in development mail mode.

vi.mock('../../api', async (original) => ({ ...(await original<object>()), call: vi.fn() }));
const callMock = vi.mocked(call);

const SENT = Date.UTC(2026, 4, 4, 9, 30);
const mail = { id: 5, to: 'anna@example.com', subject: 'Your verification code: ••••••', transport: 'outbox' as const, createTimeTimestamp: SENT };
const text = 'Your code to reset your password is ••••••. It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.';

mountsPerTest();

async function show(url: string, delivery: 'smtp' | 'development') {
  answerByCallId(callMock, () => ({
    operatorOutbox: { list: [mail], total: 1, page: 1, size: 20, delivery },
    operatorOutboxMail: { ...mail, text, redacted: true },
  }));
  return showPage({ '/outbox': OutboxPage }, url, { turns: 4 });
}

describe('the mail outbox', () => {
  it('opens a mail by its id and shows only the redacted copy, saying so', async () => {
    const page = await show('/outbox?mail=5', 'smtp');
    expect(callMock.mock.calls.filter(([id]) => id === 'operatorOutboxMail')).toEqual([
      ['operatorOutboxMail', {}, expect.objectContaining({ params: { id: 5 } })],
    ]);
    expect(page.text('bo-mail-subject')).toBe('Your verification code: ••••••');
    expect(page.text('bo-mail-body')).toBe(text);
    expect(page.text('bo-mail-redacted')).toContain('Codes and links are removed from this copy');
    expect(page.text('bo-mail-redacted')).toContain('written to the audit log');
    expect(page.el.textContent).not.toMatch(/\d{6}/);
    expect(page.text('bo-mail-dev-mode')).toBeNull();
  });

  it('opens nothing until a mail is selected, and says when the deployment is in development mail mode', async () => {
    const page = await show('/outbox', 'development');
    expect(callMock.mock.calls.some(([id]) => id === 'operatorOutboxMail')).toBe(false);
    expect(page.text('bo-mail-dev-mode')).toContain('Development mail mode');
    expect(page.text('bo-mail-dev-mode')).toContain('DATA_DIR/outbox');
  });
});
