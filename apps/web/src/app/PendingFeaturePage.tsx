import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useMatches, useNavigate, useSearchParams } from 'react-router';
import type { PageHandle } from './handles';
import { TAB_ROUTES } from './paths';
import { EmptyState } from '../ui/EmptyState';
import { Page } from '../ui/Page';

/**
 * A route whose feature lands in a later issue: an honest page with its title and an empty state
 * that says so ("not yet available"); a screen of market data points to the Markets tab, where the
 * live prices are. It never shows invented data. Query parameters (name, code, source ...) are respected: the
 * instrument name becomes the title.
 */
export default function PendingFeaturePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const matches = useMatches();
  const handle = (matches[matches.length - 1]?.handle ?? {}) as PageHandle;
  const kind = handle.pending ?? 'feature';
  const fromParam = handle.titleParam ? search.get(handle.titleParam) : null;
  const title = fromParam || (handle.titleKey ? t(handle.titleKey) : '');
  const code = search.get('code');
  const isTab = (Object.values(TAB_ROUTES) as string[]).includes(matches[matches.length - 1]?.pathname ?? '');

  return (
    <Page title={title} back={!isTab}>
      {code && (
        <div className="instrument-strip" data-testid="pending-instrument">
          <span className="instrument-code">{code}</span>
        </div>
      )}
      <EmptyState
        kind={kind}
        title={t(kind === 'market' ? 'pending.marketTitle' : kind === 'records' ? 'pending.recordsTitle' : 'pending.featureTitle')}
        body={t(kind === 'market' ? 'pending.marketBody' : kind === 'records' ? 'pending.recordsBody' : 'pending.featureBody')}
      >
        {kind === 'market' && (
          <Button shape="rounded" color="primary" data-testid="pending-markets" onClick={() => void navigate(TAB_ROUTES.market)}>
            {t('products.openMarkets')}
          </Button>
        )}
        {!isTab && (
          <Button shape="rounded" fill="outline" color="primary" data-testid="pending-home" onClick={() => void navigate(TAB_ROUTES.home)}>
            {t('pending.backHome')}
          </Button>
        )}
      </EmptyState>
    </Page>
  );
}
