import { LEGAL_SLUGS, type LegalDocType } from '@tradeapp/contract';
import { Tabs } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { Page } from '../../ui/Page';
import { ArticleError, articleQuery, ArticleSkeleton, ArticleView } from '../content';

const TYPES = Object.keys(LEGAL_SLUGS) as LegalDocType[];

function isDocType(value: string | null): value is LegalDocType {
  return value !== null && (TYPES as string[]).includes(value);
}

/** /pages/auth/protocol?type=agreement|privacy|risk: the three legal documents, as the server publishes them. */
export default function ProtocolPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('type');
  const type: LegalDocType = isDocType(raw) ? raw : 'agreement';
  const doc = useQuery(articleQuery(LEGAL_SLUGS[type], i18n.language));

  let body;
  if (doc.isPending) body = <ArticleSkeleton />;
  else if (doc.isError) body = <ArticleError error={doc.error} onRetry={() => void doc.refetch()} failedTitle={t('legalDoc.loadFailed')} />;
  else body = <ArticleView article={doc.data} testIds={{ title: 'protocol-title', body: 'protocol-body', fallback: 'protocol-fallback' }} dateLine={false} />;

  return (
    <Page title={t('legal.documents')} className="legal-page">
      <div className="legal-tabs">
        <Tabs activeKey={type} onChange={(key) => setSearch({ type: key }, { replace: true })}>
          {TYPES.map((key) => (
            <Tabs.Tab key={key} title={<span data-testid={`protocol-tab-${key}`}>{t(`legal.${key}`)}</span>} />
          ))}
        </Tabs>
      </div>
      <div data-testid={`protocol-${type}`} data-state={doc.isSuccess ? 'ready' : doc.isError ? 'error' : 'loading'}>
        {body}
      </div>
    </Page>
  );
}
