import { useEffect, useRef, useState } from 'react';

/**
 * A chart whose library is fetched when it first mounts, so the screens without a chart never load
 * it: `load` gives the function that draws the chart in the container (keep it one function for the
 * component's life, e.g. declared beside the component, or the chart is drawn again).
 */
export function useLazyChart<H extends { remove(): void }>(load: () => Promise<(container: HTMLElement) => H>) {
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<H | null>(null);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    load()
      .then((create) => {
        if (disposed || !container.current) return;
        handle.current = create(container.current);
        setReady(true);
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      handle.current?.remove();
      handle.current = null;
    };
  }, [load]);

  return { container, handle, ready, failed };
}
