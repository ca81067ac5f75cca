import { QueryClientProvider } from '@tanstack/react-query';
import { act, type ComponentType } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { queryClient } from '../lib/queryClient';
import { createMemoryRouter, RouterProvider } from '../lib/router';

// A page mounted as the app mounts it (the query client, a router at one location), for the unit
// tests that compare or read a whole screen; `unmountAll` after each test leaves the document and the
// query cache empty again.

const mounted: Array<{ root: Root; host: HTMLElement }> = [];
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** `Component` rendered at `path` (its query string too); resolves with the element holding it once the first render is done. */
export async function mountRoute(Component: ComponentType, path: string): Promise<HTMLElement> {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  mounted.push({ root, host });
  const router = createMemoryRouter([{ path: '*', Component }], { initialEntries: [path] });
  await act(async () => {
    root.render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
  });
  return host;
}

/** Turns of the event loop until `done` holds (at most about a second): answers and lazy parts coming in. */
export async function settle(done: () => boolean): Promise<void> {
  for (let turn = 0; turn < 200 && !done(); turn++) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
  }
}

export function unmountAll(): void {
  for (const { root, host } of mounted.splice(0)) {
    act(() => root.unmount());
    host.remove();
  }
  queryClient.clear();
}
