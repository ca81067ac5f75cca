import '../../ui/money.css';
import './robots.css';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatInCurrency } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { RowsSkeleton } from '../../ui/records';
import { Profit } from '../trading';
import { runningRobotsQuery } from './api';
import { RobotStatusBadge, useRobotName } from './components';

/**
 * The financial wallet's tab: under its balance, the robot orders that hold its money (not yet
 * redeemed) with their total, each opening its page; the ways to all robot orders and to the robots.
 */
export default function FinancialRobots() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useRobotName();
  const query = useQuery(runningRobotsQuery());
  const rows = query.data ?? [];

  let body;
  if (query.isPending) body = <RowsSkeleton count={2} lines={1} />;
  else if (query.isError) body = <EmptyState compact kind="records" title={t('robots.record.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0) body = <p className="robot-empty">{t('robots.wallet.none')}</p>;
  else
    body = (
      <ul className="robot-rows">
        {rows.map((o) => (
          <li key={o.id}>
            <button type="button" className="wallet-line" data-testid="wallet-robot" data-id={o.id} onClick={() => void navigate(paths.robots.detail(o.id))}>
              <span className="wallet-line-name">
                {nameOf(o)} <RobotStatusBadge order={o} />
              </span>
              <span className="wallet-line-figures">
                <strong>{formatInCurrency(o.amount, 'EUR')}</strong>
                <small>
                  {t('robots.order.total')} <Profit value={o.total} currency="EUR" />
                </small>
              </span>
            </button>
          </li>
        ))}
      </ul>
    );

  return (
    <section className="card" aria-labelledby="wallet-robots-title" data-testid="wallet-robots">
      <h2 className="card-title" id="wallet-robots-title">
        {t('robots.wallet.title')}
      </h2>
      {body}
      <div className="robot-links inside">
        <button type="button" className="link" data-testid="wallet-robots-all" onClick={() => void navigate(paths.robots.record())}>
          {t('robots.wallet.all')}
        </button>
        <button type="button" className="link" data-testid="wallet-robots-browse" onClick={() => void navigate(paths.robots.index())}>
          {t('robots.wallet.browse')}
        </button>
      </div>
    </section>
  );
}
