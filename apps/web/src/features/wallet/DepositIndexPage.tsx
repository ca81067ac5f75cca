import './money.css';
import { Button } from 'antd-mobile';
import { BankcardOutline, PayCircleOutline, RightOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { depositMethodsQuery } from './api';

/** Choose how to deposit: crypto on the (simulated) chain, or a bank transfer with proof. */
export default function DepositIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods = useQuery(depositMethodsQuery());
  const crypto = methods.data?.filter((m) => m.method === 'crypto') ?? [];
  const fiat = methods.data?.filter((m) => m.method === 'fiat') ?? [];

  let body;
  if (methods.isPending) body = <div className="card sk-card" aria-busy="true" />;
  else if (methods.isError)
    body = (
      <EmptyState kind="account" title={t('money.loadFailed')}>
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void methods.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <div className="method-list">
        {crypto.length > 0 && (
          <button type="button" className="card method" data-testid="deposit-crypto" onClick={() => void navigate('/pages/deposit/wallet')}>
            <span className="choice-icon">
              <PayCircleOutline />
            </span>
            <span className="method-text">
              <span className="choice-title">{t('deposit.crypto')}</span>
              <span className="choice-body">{t('deposit.cryptoBody', { list: [...new Set(crypto.map((m) => m.currency))].join(', ') })}</span>
            </span>
            <RightOutline className="method-arrow" />
          </button>
        )}
        {fiat.length > 0 && (
          <button type="button" className="card method" data-testid="deposit-fiat" onClick={() => void navigate('/pages/deposit/fiat')}>
            <span className="choice-icon">
              <BankcardOutline />
            </span>
            <span className="method-text">
              <span className="choice-title">{t('deposit.fiat')}</span>
              <span className="choice-body">{t('deposit.fiatBody', { list: fiat.map((m) => m.currency).join(', ') })}</span>
            </span>
            <RightOutline className="method-arrow" />
          </button>
        )}
        {crypto.length + fiat.length === 0 && <EmptyState kind="account" title={t('deposit.noMethods')} />}
      </div>
    );

  return (
    <Page
      title={t('titles.depositIndex')}
      className="money-page"
      right={
        <button type="button" className="nav-text" data-testid="deposit-record-link" onClick={() => void navigate('/pages/deposit/record')}>
          {t('deposit.records')}
        </button>
      }
    >
      <p className="page-intro">{t('deposit.intro')}</p>
      {body}
    </Page>
  );
}
