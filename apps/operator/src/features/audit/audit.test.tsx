// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../api';
import { AuditPage } from './AuditPage';

// The audit page's "Verify chain", with the API stubbed: the server recomputes the hash chain and
// answers how many entries it checked and the first broken one.

vi.mock('../../api', async (original) => ({ ...(await original<object>()), call: vi.fn() }));
const callMock = vi.mocked(call);

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

const settle = async () => {
  for (let i = 0; i < 3; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
};

async function verifyWith(answer: { checked: number; firstBrokenId: number | null }) {
  callMock.mockReset();
  callMock.mockImplementation(((id: string) => {
    if (id === 'operatorAudit') return Promise.resolve({ list: [], total: 0, page: 1, size: 20 });
    if (id === 'operatorAuditVerify') return Promise.resolve(answer);
    return Promise.reject(new Error(`no answer for ${id}`));
  }) as unknown as typeof call);
  host = document.createElement('div');
  document.body.append(host);
  const mounted = createRoot(host);
  root = mounted;
  const router = createMemoryRouter([{ path: '/audit', Component: AuditPage }], { initialEntries: ['/audit'] });
  await act(async () => {
    mounted.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  await settle();
  expect(host.querySelector('[data-testid="bo-audit-verify-result"]')).toBeNull();
  await act(async () => {
    host!.querySelector<HTMLButtonElement>('[data-testid="bo-audit-verify"]')!.click();
  });
  await settle();
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
