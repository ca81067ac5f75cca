import '../../ui/money.css';
import { BankcardOutline, PayCircleOutline, RightOutline } from 'antd-mobile-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { EmptyState } from '../../ui/EmptyState';
import { depositMethodsQuery } from './api';
import { DepositPage, MethodsState } from './DepositPage';

/** Choose how to deposit: crypto on the (simulated) chain, or a bank transfer with proof. */
export default function DepositIndexPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const methods = useQuery(depositMethodsQuery());
  const crypto = methods.data?.filter((m) => m.method === 'crypto') ?? [];
  const fiat = methods.data?.filter((m) => m.method === 'fiat') ?? [];

  let body;
  if (methods.isPending || methods.isError) body = <MethodsState methods={methods} />;
  else
    body = (
      <div className="method-list">
        {crypto.length > 0 && (
          <button type="button" className="card method" data-testid="deposit-crypto" onClick={() => void navigate(paths.deposits.crypto())}>
            <span className="choice-icon">
              <PayCircleOutline />
            </span>
            <span className="method-text">
              <span className="choice-title">{t('deposits.crypto')}</span>
              <span className="choice-body">{t('deposits.cryptoBody', { list: [...new Set(crypto.map((m) => m.currency))].join(', ') })}</span>
            </span>
            <RightOutline className="method-arrow" />
          </button>
        )}
        {fiat.length > 0 && (
          <button type="button" className="card method" data-testid="deposit-fiat" onClick={() => void navigate(paths.deposits.fiat())}>
            <span className="choice-icon">
              <BankcardOutline />
            </span>
            <span className="method-text">
              <span className="choice-title">{t('deposits.fiat')}</span>
              <span className="choice-body">{t('deposits.fiatBody', { list: fiat.map((m) => m.currency).join(', ') })}</span>
            </span>
            <RightOutline className="method-arrow" />
          </button>
        )}
        {crypto.length + fiat.length === 0 && <EmptyState kind="records" title={t('deposits.noMethods')} />}
      </div>
    );

  return <DepositPage title={t('titles.depositIndex')}>{body}</DepositPage>;
}
