import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ComponentType, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, type MockInstance } from 'vitest';
import type { call } from '../api';

// The back office's tests of rendered pages share one way of mounting a page as the app mounts it (a
// query client that does not retry, a router at one location), of letting its answers come in, of
// answering its API calls from a table, and of reading and working it by its test ids. Test files
// mock `../../api` themselves: `vi.mock` only takes effect from the test file.

const mounted: Array<{ root: Root; host: HTMLElement }> = [];

/**
 * Once, at the top of a test file that mounts: React's act() environment for the file, and whatever a
 * test mounted unmounted and taken out of the document after it.
 */
export function mountsPerTest(): void {
  beforeAll(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  });
  afterEach(unmountAll);
}

export function unmountAll(): void {
  for (const { root, host } of mounted.splice(0)) {
    act(() => root.unmount());
    host.remove();
  }
}

function newHost(): { root: Root; host: HTMLElement } {
  const host = document.createElement('div');
  document.body.append(host);
  const entry = { root: createRoot(host), host };
  mounted.push(entry);
  return entry;
}

/** `node` rendered on its own, with no router or query client; returns the element holding it. */
export function mount(node: ReactNode): HTMLElement {
  const { root, host } = newHost();
  act(() => root.render(node));
  return host;
}

/** One turn of the event loop inside act(): an answer coming in and what it renders. */
export const tick = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });

/** `turns` turns of the event loop: enough for a query's answer and the renders that follow it. */
export async function settle(turns = 3): Promise<void> {
  for (let i = 0; i < turns; i += 1) await tick();
}

/** What the stubbed server answers, by call id: a value, or a function given the request. */
export type Answers = Record<string, unknown>;

/**
 * Resets `mock` (the mocked `call`) and has it answer each call by its id from `answers()`, read at the
 * time of the call so that a test may change the answers as it goes; an id with no answer is refused.
 */
export function answerByCallId(mock: MockInstance<typeof call>, answers: () => Answers): void {
  mock.mockReset();
  mock.mockImplementation(((id: string, input: unknown) => {
    const answer = answers()[id];
    if (answer === undefined) return Promise.reject(new Error(`no answer for ${id}`));
    return typeof answer === 'function' ? (answer as (input: unknown) => Promise<unknown>)(input) : Promise.resolve(answer);
  }) as unknown as typeof call);
}

/**
 * The pages of `routes` (path to page) mounted at `url`, once `turns` turns of the event loop have let
 * their first answers in; resolves with the page's handle.
 */
export async function showPage(routes: Record<string, ComponentType>, url: string, { turns = 3 } = {}) {
  const { root, host } = newHost();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    Object.entries(routes).map(([path, Component]) => ({ path, Component })),
    { initialEntries: [url] },
  );
  await act(async () => {
    root.render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  await settle(turns);
  return pageOf(host, router);
}

export type Page = Awaited<ReturnType<typeof showPage>>;

/** A mounted page read and worked by its test ids; a dialog is looked for in the whole document. */
function pageOf(el: HTMLElement, router: ReturnType<typeof createMemoryRouter>) {
  const find = <T extends Element = HTMLElement>(selector: string) => {
    const found = el.querySelector<T>(selector) ?? document.body.querySelector<T>(selector);
    if (!found) throw new Error(`nothing matches ${selector}`);
    return found;
  };
  const byId = <T extends Element = HTMLElement>(id: string, within = '') => find<T>(`${within}[data-testid="${id}"]`);
  // React keeps its own copy of a field's value on the field: set through the prototype's setter, the
  // new value differs from that copy and the input event is taken as a change.
  const setValue = async (field: HTMLInputElement | HTMLTextAreaElement, value: string) => {
    const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    await act(async () => {
      Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
  };
  const press = async (target: HTMLElement) => {
    await act(async () => {
      target.click();
    });
    await settle();
  };
  return {
    el,
    router,
    text: (id: string) => el.querySelector(`[data-testid="${id}"]`)?.textContent ?? null,
    all: (id: string) => [...el.querySelectorAll(`[data-testid="${id}"]`)].map((n) => n.textContent),
    has: (id: string) => el.querySelector(`[data-testid="${id}"]`) !== null,
    find,
    byId,
    type: async (id: string, value: string, within = '') => setValue(byId<HTMLInputElement | HTMLTextAreaElement>(id, within), value),
    /** Types into the `index`-th field of `id` (rows of a list of fields). */
    typeNth: async (id: string, index: number, value: string) => setValue(el.querySelectorAll<HTMLInputElement>(`[data-testid="${id}"]`)[index]!, value),
    choose: async (id: string, value: string) => {
      const select = byId<HTMLSelectElement>(id);
      await act(async () => {
        Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')!.set!.call(select, value);
        select.dispatchEvent(new Event('change', { bubbles: true }));
      });
    },
    /** Clicks `target` and lets what it sets off come in. */
    press,
    click: async (id: string, within = '') => press(byId(id, within)),
    settle: () => settle(),
    /** The error shown under a field (its test id, or the field): the text of what describes it. */
    errorOf: (field: string | Element) => {
      const described = (typeof field === 'string' ? byId(field) : field).getAttribute('aria-describedby') ?? '';
      return described
        .split(' ')
        .map((part) => document.getElementById(part)?.textContent ?? '')
        .join(' | ');
    },
  };
}
