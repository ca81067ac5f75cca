import type { ReactNode } from 'react';

interface DetailProps {
  label: string;
  children: ReactNode;
  /** A value an operator compares or copies: in the monospace font. */
  mono?: boolean;
  /** The value's `data-testid`. */
  testId?: string;
}

/** One labelled value in a details list (`<dl className="details">`). */
export function Detail({ label, children, mono = false, testId }: DetailProps) {
  return (
    <div className="detail-row">
      <dt>{label}</dt>
      <dd className={mono ? 'mono' : undefined} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
