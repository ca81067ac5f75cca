import { NavBar } from 'antd-mobile';
import { LeftOutline } from 'antd-mobile-icons';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  // antd-mobile's nav bar always renders its left side as role="button" and hides the back text from
  // screen readers: the back arrow carries its name in a visually hidden span, and without a back
  // arrow the left side is no button at all (axe: aria-command-name).
  useLayoutEffect(() => {
    const left = ref.current?.querySelector('.adm-nav-bar-left');
    if (!left) return;
    if (back) left.setAttribute('role', 'button');
    else left.removeAttribute('role');
  }, [back]);
  const backIcon = back ? (
    <>
      <LeftOutline aria-hidden="true" />
      <span className="sr-only">{t('common.back')}</span>
    </>
  ) : (
    false
  );
  return (
    <div ref={ref} className={`page page-${tone}${className ? ` ${className}` : ''}`}>
      <NavBar className="page-nav" back={back ? '' : null} backIcon={backIcon} onBack={goBack} right={right}>
        {title}
      </NavBar>
      <main className="page-body">{children}</main>
    </div>
  );
}
