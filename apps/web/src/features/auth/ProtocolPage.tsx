import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { UiLanguage } from '../../i18n/locale';
import { Page } from '../../ui/Page';
import { en } from './legal/en';
import { nl } from './legal/nl';
import { LEGAL_VERSION_DATE, type LegalDocs, type LegalDocType } from './legal/types';
import { zhHans } from './legal/zh-Hans';

const DOCS: Record<UiLanguage, LegalDocs> = { en, nl, 'zh-Hans': zhHans };
const TYPES: LegalDocType[] = ['agreement', 'privacy', 'risk'];

function isDocType(value: string | null): value is LegalDocType {
  return value !== null && (TYPES as string[]).includes(value);
}

/** /pages/auth/protocol?type=agreement|privacy|risk: the three legal documents. */
export default function ProtocolPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('type');
  const type: LegalDocType = isDocType(raw) ? raw : 'agreement';
  const docs = DOCS[i18n.language as UiLanguage] ?? en;
  const doc = docs[type];

  return (
    <Page title={t('legal.documents')}>
      <div className="legal-tabs">
        <Tabs activeKey={type} onChange={(key) => setSearch({ type: key }, { replace: true })}>
          {TYPES.map((key) => (
            <Tabs.Tab key={key} title={<span data-testid={`protocol-tab-${key}`}>{t(`legal.${key}`)}</span>} />
          ))}
        </Tabs>
      </div>
      <article className="legal" data-testid={`protocol-${type}`}>
        <h1>{doc.title}</h1>
        <div className="legal-date">{t('legal.lastUpdated', { date: LEGAL_VERSION_DATE })}</div>
        <div className="legal-banner">{t('app.simulatedNote')}</div>
        <p>{doc.intro}</p>
        {doc.sections.map((section) => (
          <section key={section.heading}>
            <h2>{section.heading}</h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </section>
        ))}
      </article>
    </Page>
  );
}
