// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../api';
import { OutboxPage } from './OutboxPage';

// The back office's mail outbox, with the API stubbed: the list and the mail opened show the copy
// kept with its codes removed; opening a mail is one call (the server audits it); a deployment
// without SMTP says it is in development mail mode.

vi.mock('../../api', async (original) => ({ ...(await original<object>()), call: vi.fn() }));
const callMock = vi.mocked(call);

const SENT = Date.UTC(2026, 4, 4, 9, 30);
const mail = { id: 5, to: 'anna@example.com', subject: 'Your verification code: ••••••', transport: 'outbox' as const, createTimeTimestamp: SENT };
const text = 'Your code to reset your password is ••••••. It is valid for 10 minutes. If you did not ask for it, ignore this e-mail.';

let root: Root | undefined;
let host: HTMLElement | undefined;

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(() => {
  act(() => root?.unmount());
  host?.remove();
  root = host = undefined;
});

async function show(url: string, delivery: 'smtp' | 'development') {
  callMock.mockReset();
  callMock.mockImplementation(((id: string) => {
    if (id === 'operatorOutbox') return Promise.resolve({ list: [mail], total: 1, page: 1, size: 20, delivery });
    if (id === 'operatorOutboxMail') return Promise.resolve({ ...mail, text, redacted: true });
    return Promise.reject(new Error(`no answer for ${id}`));
  }) as unknown as typeof call);
  host = document.createElement('div');
  document.body.append(host);
  const mounted = createRoot(host);
  root = mounted;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: '/outbox', Component: OutboxPage }], { initialEntries: [url] });
  await act(async () => {
    mounted.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  for (let i = 0; i < 4; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
  const el = host;
  return { el, text: (id: string) => el.querySelector(`[data-testid="${id}"]`)?.textContent ?? null };
}

describe('the mail outbox', () => {
  it('opens a mail by its id and shows only the redacted copy, saying so', async () => {
    const page = await show('/outbox?mail=5', 'smtp');
    expect(callMock.mock.calls.filter(([id]) => id === 'operatorOutboxMail')).toEqual([['operatorOutboxMail', {}, expect.objectContaining({ params: { id: 5 } })]]);
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
