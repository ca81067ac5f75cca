import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../lib/router';
import { TAB_ROUTES } from './paths';
import { EmptyState } from '../ui/EmptyState';
import { Page } from '../ui/Page';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('titles.notFound')}>
      <EmptyState kind="notFound" title={t('notFound.title')} body={t('notFound.body')}>
        <Button color="primary" shape="rounded" data-testid="notfound-home" onClick={() => void navigate(TAB_ROUTES.home, { replace: true })}>
          {t('notFound.goHome')}
        </Button>
      </EmptyState>
    </Page>
  );
}
