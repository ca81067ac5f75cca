import { initLanguage } from './i18n';
import 'antd-mobile/es/global';
import './app/global.css';
import { unstableSetRender } from 'antd-mobile';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { configureClient } from './api/hooks';
import { router } from './app/router';
import { paths, ROUTES } from './app/paths';
import { queryClient } from './lib/queryClient';
import { initTheme } from './lib/theme';

// The stored theme and rise colour go on <html> first, so the first paint is already in them.
initTheme();

// antd-mobile 5 renders Toast and Dialog imperatively; under React 19 it needs createRoot.
unstableSetRender((node, container) => {
  const host = container as Element & { __reactRoot?: ReturnType<typeof createRoot> };
  host.__reactRoot ??= createRoot(host);
  const root = host.__reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete host.__reactRoot;
  };
});

configureClient({
  // The toast module (and the contract's TOAST_MS) load with the first call that needs them.
  notify: (text) => void import('./ui/toast').then(({ showToast }) => showToast(text)),
  onUnauthorized: () => {
    queryClient.clear();
    const current = router.state.location;
    if (current.pathname === ROUTES.login) return;
    const back = `${current.pathname}${current.search}`;
    void router.navigate(paths.login(back), { replace: true });
  },
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// A Dutch or Chinese reader's strings arrive before the first paint, so no screen flashes English.
await initLanguage();
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
