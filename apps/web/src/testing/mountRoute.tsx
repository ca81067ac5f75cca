import { QueryClientProvider } from '@tanstack/react-query';
import { act, isValidElement, type ComponentType, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { setLanguage } from '../i18n';
import type { UiLanguage } from '../i18n/locale';
import { queryClient } from '../lib/queryClient';
import { createMemoryRouter, RouterProvider, type Router } from '../lib/router';
import { StorageKey } from '../lib/storage';

// A page mounted as the app mounts it (the query client, a router at one location), for the unit
// tests that compare, read or drive a whole screen; `unmountAll` after each test leaves the document,
// the query cache and the session token empty again.

const mounted: Array<{ root: Root; host: HTMLElement }> = [];
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** A component, or an element when the screen needs props (a sheet, a card, a summary). */
export type Mountable = ComponentType | ReactElement;

async function mount(page: Mountable, path: string): Promise<{ host: HTMLElement; router: Router; unmount: () => void }> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const entry = { root, host };
  mounted.push(entry);
  const Component = isValidElement(page) ? () => page : page;
  const router = createMemoryRouter([{ path: '*', Component }], { initialEntries: [path] });
  await act(async () => {
    root.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  const unmount = () => {
    const at = mounted.indexOf(entry);
    if (at < 0) return;
    mounted.splice(at, 1);
    act(() => root.unmount());
    host.remove();
  };
  return { host, router, unmount };
}

/** `Component` rendered at `path` (its query string too); resolves with the element holding it once the first render is done. */
export async function mountRoute(Component: ComponentType, path: string): Promise<HTMLElement> {
  return (await mount(Component, path)).host;
}

/** One turn of the event loop (`ms` long), with what it sets off rendered. */
export async function tick(ms = 0): Promise<void> {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, ms));
  });
}

/** Turns of the event loop until `done` holds (at most `most` of 5 ms, about a second unless said): answers and lazy parts coming in. */
export async function settle(done: () => boolean, most = 200): Promise<void> {
  for (let turn = 0; turn < most && !done(); turn++) await tick(5);
}

export interface PageOptions {
  /** The reader's language, set before the page renders; English unless said. */
  language?: UiLanguage;
  /** Turns of the event loop after the first render, a click and a submit, for the stubbed answers to land (some queries wait for another's); 4 unless said. */
  turns?: number;
  /**
   * Where the look-ups search: the whole document unless said, since sheets and dialogs are portals
   * into its body; `page` keeps them to the page's own element.
   */
  within?: 'document' | 'page';
}

/** A mounted page read and worked by the test ids of its elements, as the investor would. */
export interface PageDriver {
  /** The element the page is rendered in. */
  el: HTMLElement;
  router: Router;
  /** The router's location: path and query. */
  where: () => string;
  /** The first element with that test id. */
  $: (id: string) => HTMLElement | null;
  nodes: (id: string) => HTMLElement[];
  text: (id: string) => string | null;
  all: (id: string) => string[];
  attr: (id: string, name: string) => string | null;
  input: (id: string) => HTMLInputElement;
  /** Types `value` into the input as a person does: React hears an input event. */
  type: (id: string, value: string) => Promise<void>;
  /** Clicks the `index`th element with that test id, then lets the page settle. */
  click: (id: string, index?: number) => Promise<void>;
  /** Submits the form of that test id, the form holding that element, or else the first form; then lets the page settle. */
  submit: (form?: string | Element) => Promise<void>;
  /** Lets the page settle again, as long as after its first render. */
  settle: () => Promise<void>;
  /** Until an element with that test id is there (a lazily loaded part), two seconds at most. */
  until: (id: string) => Promise<void>;
  /** This page alone out of the document; the query cache stays. */
  unmount: () => void;
}

/** `page` shown at `url` in the reader's language, once the stubbed answers have landed. */
export async function showPage(page: Mountable, url = '/', options: PageOptions = {}): Promise<PageDriver> {
  const { language = 'en', turns = 4, within = 'document' } = options;
  await setLanguage(language);
  const { host, router, unmount } = await mount(page, url);
  const scope: ParentNode = within === 'page' ? host : document;
  const settlePage = async () => {
    for (let i = 0; i < turns; i += 1) await tick();
  };
  await settlePage();
  const nodes = (id: string) => [...scope.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)];
  const $ = (id: string) => scope.querySelector<HTMLElement>(`[data-testid="${id}"]`);
  const input = (id: string) => scope.querySelector<HTMLInputElement>(`input[data-testid="${id}"]`)!;
  return {
    el: host,
    router,
    where: () => router.state.location.pathname + router.state.location.search,
    $,
    nodes,
    text: (id) => $(id)?.textContent ?? null,
    all: (id) => nodes(id).map((n) => n.textContent),
    attr: (id, name) => $(id)?.getAttribute(name) ?? null,
    input,
    type: async (id, value) => {
      const field = input(id);
      await act(async () => {
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
    },
    click: async (id, index = 0) => {
      await act(async () => {
        nodes(id)[index]!.click();
      });
      await settlePage();
    },
    submit: async (form) => {
      const target =
        typeof form === 'string' ? scope.querySelector(`form[data-testid="${form}"]`)! : form ? form.closest('form')! : scope.querySelector('form')!;
      await act(async () => {
        target.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      });
      await settlePage();
    },
    settle: settlePage,
    until: (id) => settle(() => $(id) !== null, 400),
    unmount,
  };
}

/** Every page out of the document, the query cache emptied and the session token the tests sign in with removed. */
export function unmountAll(): void {
  for (const { root, host } of mounted.splice(0)) {
    act(() => root.unmount());
    host.remove();
  }
  queryClient.clear();
  localStorage.removeItem(StorageKey.token);
}
