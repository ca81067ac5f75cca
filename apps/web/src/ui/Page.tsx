import { NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useBack } from './useBack';

interface PageProps {
  title: ReactNode;
  /** Show the back arrow (default true); tab pages pass false. */
  back?: boolean;
  right?: ReactNode;
  /** Dark navy header (tab pages) or light (forms). */
  tone?: 'dark' | 'light';
  className?: string;
  children?: ReactNode;
}

/** A page with its navigation bar. Back goes to the previous entry, or home when opened directly. */
export function Page({ title, back = true, right, tone = 'light', className, children }: PageProps) {
  const goBack = useBack();
  return (
    <div className={`page page-${tone}${className ? ` ${className}` : ''}`}>
      <NavBar className="page-nav" back={back ? '' : null} backIcon={back} onBack={goBack} right={right}>
        {title}
      </NavBar>
      <main className="page-body">{children}</main>
    </div>
  );
}
