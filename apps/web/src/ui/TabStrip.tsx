import { useEffect, useRef, type ReactNode } from 'react';

/** A row of tabs that scrolls sideways and keeps the chosen one in view (the trade tab, the wallets). */
export function TabStrip<K extends string>({
  tabs,
  active,
  onChange,
  label,
  testPrefix,
  children,
}: {
  tabs: readonly K[];
  active: K;
  onChange: (key: K) => void;
  label: string;
  testPrefix: string;
  /** The words of a tab. */
  children: (key: K) => ReactNode;
}) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    bar.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [active]);
  return (
    <div ref={bar} className="wallet-tabs" role="tablist" aria-label={label}>
      {tabs.map((key) => (
        <button
          key={key}
          type="button"
          role="tab"
          aria-selected={key === active}
          className={key === active ? 'wallet-tab active' : 'wallet-tab'}
          data-testid={`${testPrefix}-${key}`}
          onClick={() => onChange(key)}
        >
          {children(key)}
        </button>
      ))}
    </div>
  );
}
