import './deals.css';
import { DealStatus } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatQuantity } from '../../lib/format';
import { upcomingDealsQuery } from './api';
import { DealBadge, dealPriceText, Meta, useExchangeTime } from './components';

/**
 * The IPO section of /pages/hkstock/index: the Hong Kong deals open for subscription or announced,
 * each linking to its page, and the way to every deal.
 */
export default function HkDealsSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const at = useExchangeTime();
  const deals = useQuery(upcomingDealsQuery('HK'));

  let body;
  if (deals.isPending)
    body = (
      <div className="hk-ipo-row" aria-busy="true">
        <span className="sk sk-line" />
      </div>
    );
  else if (!deals.data)
    body = (
      <p className="hk-ipo-empty">
        {t('deals.hk.failed')}{' '}
        <button type="button" className="link" onClick={() => void deals.refetch()}>
          {t('common.retry')}
        </button>
      </p>
    );
  else if (deals.data.length === 0) body = <p className="hk-ipo-empty">{t('deals.hk.none')}</p>;
  else
    body = deals.data.map((d) => (
      <button
        key={d.id}
        type="button"
        className="hk-ipo-row"
        data-testid="hk-ipo-row"
        data-symbol={d.symbol}
        onClick={() => void navigate(paths.deals.detail(d))}
      >
        <span className="hk-ipo-top">
          <strong>{d.name}</strong>
          <DealBadge deal={d} testId="hk-ipo-state" />
        </span>
        <Meta parts={[d.code, dealPriceText(d), t('deals.lotOf', { n: formatQuantity(d.lotSize) })]} />
        <small>
          {d.dealStatus === DealStatus.Open
            ? t('deals.hk.closes', { time: at(d.subscriptionClosesTimestamp, d.market) })
            : t('deals.hk.opens', { time: at(d.subscriptionOpensTimestamp, d.market) })}
        </small>
      </button>
    ));

  return (
    <section className="card hk-ipo" data-testid="hk-ipo" aria-busy={deals.isPending || undefined}>
      <div className="hk-ipo-head">
        <h2 className="card-title">{t('deals.hk.title')}</h2>
        <button type="button" className="link" data-testid="hk-ipo-all" onClick={() => void navigate(paths.deals.list())}>
          {t('deals.hk.all')}
        </button>
      </div>
      {body}
    </section>
  );
}
