import { LeftOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { useBack } from '../../ui/useBack';

export function BrandMark() {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true">
      <path d="M10 46 L24 28 L35 37 L54 14" stroke="#21E57B" strokeWidth="6" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Navy header of the sign-in and registration pages: back, language switch, brand, title. */
export function AuthHero({ title, subtitle, back = true }: { title: ReactNode; subtitle?: ReactNode; back?: boolean }) {
  const { t } = useTranslation();
  const goBack = useBack();
  return (
    <header className="auth-hero">
      <div className="auth-hero-top">
        {back ? (
          <button type="button" className="auth-back" aria-label={t('common.back')} data-testid="auth-back" onClick={goBack}>
            <LeftOutline />
          </button>
        ) : (
          <span />
        )}
        <LanguageSwitch compact tone="dark" />
      </div>
      <div className="brand">
        <span className="brand-mark">
          <BrandMark />
        </span>
        <span className="brand-name">{t('app.name')}</span>
      </div>
      <h1>{title}</h1>
      {subtitle && <p>{subtitle}</p>}
    </header>
  );
}
