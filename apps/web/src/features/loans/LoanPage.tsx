import '../../ui/money.css';
import './loans.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { TabStrip } from '../../ui/TabStrip';
import { profileQuery } from './api';
import { ApplyForm } from './ApplyForm';
import { LoanList } from './LoanList';
import { Repayments } from './Repayments';
import { NoLoanCard, ScoreCard } from './ScoreCard';
import { loanKeys } from './keys';

// The specification's loan page (/pages/loan/index): three tabs. Apply: the credit score explained
// factor by factor with the limit, what is still available and the APR, then an amount and a term
// and the key fact statement to accept; below the first band, why no loan is offered and what would
// raise the score. My loans: each with its status, schedule, what is due today and the way to repay.
// Repayments: each split into penalty, interest and principal, paged.

const TABS = ['apply', 'loans', 'repayments'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => v !== null && (TABS as readonly string[]).includes(v);

function Apply({ onApplied }: { onApplied: () => void }) {
  const { t } = useTranslation();
  const query = useQuery(profileQuery());
  const p = query.data;
  if (!p) {
    if (query.isError)
      return <EmptyState kind="records" title={t('loans.score.loadFailed')} onRetry={() => void query.refetch()} retryTestId="loan-score-retry" />;
    return (
      <div className="card card-pad" aria-busy="true" data-testid="loan-score-loading">
        <span className="sk sk-line" />
        <span className="sk sk-short" />
      </div>
    );
  }
  return (
    <>
      <ScoreCard profile={p} />
      {p.aprPercent === null ? <NoLoanCard profile={p} /> : <ApplyForm profile={p} onApplied={onApplied} />}
    </>
  );
}

export default function LoanPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'apply';
  const show = (key: Tab) => setParams(key === 'apply' ? {} : { tab: key }, { replace: true });

  return (
    <Page title={t('titles.loan')} className="money-page loan-page">
      <div className="wallet-tabs-bar">
        <TabStrip tabs={TABS} active={tab} onChange={show} label={t('titles.loan')} testPrefix="loan-tab">
          {(key) => t(`loans.tabs.${key}`)}
        </TabStrip>
      </div>
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: loanKeys.all, type: 'active' })}>
        <p className="page-intro">{t('loans.intro')}</p>
        {tab === 'apply' && <Apply onApplied={() => show('loans')} />}
        {tab === 'loans' && <LoanList onApply={() => show('apply')} />}
        {tab === 'repayments' && <Repayments />}
      </Refreshable>
    </Page>
  );
}
