// What the HTTP client asks of the app. Configured once in main.tsx; kept apart from client.ts so
// the first page does not have to load the route table.
import { paths } from '../app/paths';

export interface ClientHooks {
  /** Shows a toast; the app points this at antd-mobile's Toast (2 s). */
  notify: (text: string) => void;
  /** Called after a 401/403 cleared the session; the app navigates to the login page. */
  onUnauthorized: () => void;
}

export const hooks: ClientHooks = {
  notify: () => undefined,
  onUnauthorized: () => {
    if (typeof window !== 'undefined') window.location.hash = `#${paths.login()}`;
  },
};

export function configureClient(next: Partial<ClientHooks>): void {
  Object.assign(hooks, next);
}
