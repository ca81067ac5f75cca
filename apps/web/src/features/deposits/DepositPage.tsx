import { compareDecimal } from '@tradeapp/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import type { RefinementCtx } from 'zod';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { formatNumber } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { TextField } from '../../ui/TextField';

// The frame the three deposit pages share: the title with the link to the records, the
// deposit methods' loading and failure states, the amount and its minimum, the submit button.

export function DepositPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page
      title={title}
      className="money-page"
      right={
        <button type="button" className="nav-text" data-testid="deposit-record-link" onClick={() => void navigate(paths.deposits.record())}>
          {t('deposits.records')}
        </button>
      }
    >
      {children}
    </Page>
  );
}

/** While the site's deposit methods load or after they failed; null once they are in. */
export function MethodsState({ methods }: { methods: UseQueryResult<unknown> }): ReactNode {
  const { t } = useTranslation();
  if (methods.isPending) return <div className="card sk-card" aria-busy="true" />;
  if (methods.isError) return <EmptyState kind="records" title={t('money.loadFailed')} onRetry={() => void methods.refetch()} />;
  return null;
}

/** A reported amount below the method's minimum is refused under the amount field. */
export function checkMinimum(method: { minAmount: string } | undefined, amount: string, ctx: RefinementCtx): void {
  if (method && compareDecimal(amount, method.minAmount) === -1) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: msg('e.belowMinimum', { n: formatNumber(method.minAmount, { grouping: true }) }) });
  }
}

export function DepositSubmit({ loading }: { loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <Button block type="submit" color="primary" size="large" shape="rounded" loading={loading} data-testid="deposit-submit">
        {t('deposits.submit')}
      </Button>
    </div>
  );
}

/** The amount field of a deposit report, in the method's currency. */
export function AmountField({
  currency,
  registration,
  error,
  hint,
}: {
  currency: string;
  registration: UseFormRegisterReturn;
  error: string | undefined;
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={`${t('money.amount')} (${currency})`}
      testId="deposit-amount"
      inputMode="decimal"
      autoComplete="off"
      placeholder={t('money.amountPlaceholder')}
      registration={registration}
      error={error}
      hint={hint}
    />
  );
}
