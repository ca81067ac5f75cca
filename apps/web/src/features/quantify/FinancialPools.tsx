import '../../ui/money.css';
import './quantify.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatQuantity, signOf } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { RowsSkeleton } from '../../ui/records';
import { holdingsQuery } from './api';
import { sumOf } from './calc';
import { money, SimulatedTag, useRuleName } from './components';

/**
 * The financial wallet's tab: under its robots, the pools the caller holds units of (their value at
 * the latest NAV, the units, the rule) or has a subscription waiting in, with their total, each
 * opening its pool; the ways to the caller's investments and to the pools.
 */
export default function FinancialPools() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useRuleName();
  const query = useQuery(holdingsQuery());
  const rows = query.data ?? [];

  let body;
  if (query.isPending) body = <RowsSkeleton count={2} lines={1} />;
  else if (query.isError) body = <EmptyState compact kind="records" title={t('quantify.record.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0) body = <p className="quant-empty">{t('quantify.wallet.none')}</p>;
  else
    body = (
      <>
        <ul className="quant-rows">
          {rows.map((p) => (
            <li key={p.id}>
              <button type="button" className="wallet-line" data-testid="wallet-pool" data-id={p.id} onClick={() => void navigate(paths.quantify.detail(p.id))}>
                <span className="wallet-line-name">{nameOf(p.rule)}</span>
                <span className="wallet-line-figures">
                  <strong>{money(p.value)}</strong>
                  <small>{t('quantify.units', { units: formatQuantity(p.units) })}</small>
                  {signOf(p.pending) > 0 && <small>{t('quantify.wallet.pending', { amount: money(p.pending) })}</small>}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div className="quant-total inside" data-testid="wallet-pools-total">
          <span>
            {t('quantify.wallet.total')} <SimulatedTag />
          </span>
          <strong>{money(sumOf(rows.map((p) => p.value)))}</strong>
        </div>
      </>
    );

  return (
    <section className="card" aria-labelledby="wallet-pools-title" data-testid="wallet-pools">
      <h2 className="card-title" id="wallet-pools-title">
        {t('quantify.wallet.title')}
      </h2>
      {body}
      <div className="quant-links inside">
        <button type="button" className="link" data-testid="wallet-pools-all" onClick={() => void navigate(paths.quantify.record())}>
          {t('quantify.wallet.all')}
        </button>
        <button type="button" className="link" data-testid="wallet-pools-browse" onClick={() => void navigate(paths.quantify.index())}>
          {t('quantify.wallet.browse')}
        </button>
      </div>
    </section>
  );
}
