import { unstableSetRender } from 'antd-mobile';
import { createRoot } from 'react-dom/client';

// antd-mobile 5 renders Toast and Dialog imperatively; under React 19 it needs createRoot. Set up
// with every page but the light ones (app/router.tsx) and with the toasts (ui/toast.ts): not on the
// guide nor the sign-in page, which show no dialog.
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
