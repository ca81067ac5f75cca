import { useTranslation } from 'react-i18next';
import { setLanguage } from '../i18n';
import { LANGUAGE_SHORT, UI_LANGUAGES, type UiLanguage } from '../i18n/locale';

const LABEL_KEY = { en: 'language.en', nl: 'language.nl', 'zh-Hans': 'language.zhHans' } as const;
const TEST_ID = { en: 'lang-en', nl: 'lang-nl', 'zh-Hans': 'lang-zh' } as const;

/** Three-way language switch; the choice is persisted and sent as the `languages` header. */
export function LanguageSwitch({ compact = false, tone = 'light' }: { compact?: boolean; tone?: 'light' | 'dark' }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language as UiLanguage;
  return (
    <div className={`lang-switch lang-switch-${tone}${compact ? ' compact' : ''}`} role="radiogroup" aria-label={t('language.title')}>
      {UI_LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          role="radio"
          aria-checked={current === language}
          className={current === language ? 'active' : undefined}
          data-testid={TEST_ID[language]}
          onClick={() => void setLanguage(language)}
        >
          {compact ? LANGUAGE_SHORT[language] : t(LABEL_KEY[language])}
        </button>
      ))}
    </div>
  );
}
