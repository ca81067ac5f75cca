import '../../ui/money.css';
import './bonds.css';
import type { BondHolding, BondTotal } from '@tradeapp/contract';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { formatInCurrency } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { RowsSkeleton } from '../../ui/records';
import { Profit } from '../trading';
import { holdingsQuery, totalQuery } from './api';
import { formatFace, formatYield } from './calc';
import { Figure, formatDay, HoldingStatus } from './components';
import { bondLinks } from './links';

// The trade tab's bonds (the specification's "bonds" tab and /position/getTreasuryBondTotal): the
// caller's bonds per currency (face, value at the bid with accrued interest, cost, coupons, profit)
// and in euros, then every holding with its status, face, what was paid, coupons received, value,
// profit after the markup and next coupon; one still held can be sold.

function Summary({ total }: { total: BondTotal | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="card balance-card bond-summary" data-testid="bond-summary" aria-busy={!total || undefined}>
      <div className="balance-label">{t('bonds.holdings.totalEur')}</div>
      <div className="balance-big" data-testid="bond-total-eur">
        {total ? formatInCurrency(total.totalEur, 'EUR') : '—'}
      </div>
      {total && total.list.length > 0 && (
        <table className="bond-total-table" data-testid="bond-total-table">
          <caption className="sr-only">{t('bonds.holdings.perCurrency')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('bonds.holdings.currency')}</th>
              <th scope="col">{t('bonds.fields.face')}</th>
              <th scope="col">{t('bonds.fields.value')}</th>
              <th scope="col">{t('bonds.fields.profit')}</th>
            </tr>
          </thead>
          <tbody>
            {total.list.map((row) => (
              <tr key={row.currency} data-testid="bond-total-row" data-currency={row.currency}>
                <th scope="row">{row.currency}</th>
                <td data-testid="bond-total-face">{formatFace(row.face, row.currency)}</td>
                <td data-testid="bond-total-value">{formatInCurrency(row.value, row.currency)}</td>
                <td>
                  <Profit value={row.profit} currency={row.currency} testId="bond-total-profit" />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="balance-note">{total ? t('bonds.holdings.count', { n: total.holdings }) : '—'}</div>
    </section>
  );
}

function HoldingRow({ h }: { h: BondHolding }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const held = h.status === 'holding';
  return (
    <li className="bond-row" data-testid="bond-holding-row" data-id={h.id} data-symbol={h.symbol} data-status={h.status}>
      <div className="bond-card-head">
        <div className="bond-card-name">
          <h3>{h.name}</h3>
          <p>
            {h.symbol} · {t('bonds.holding.bought', { date: formatDay(h.createTimeTimestamp) })}
          </p>
        </div>
        <HoldingStatus status={h.status} testId="bond-holding-row-status" />
      </div>
      <dl className="figures bond-figures three">
        <Figure label={t('bonds.fields.face')} testId="bond-holding-row-face">
          {formatFace(held ? h.remaining : h.face, h.currency)}
        </Figure>
        <Figure label={t('bonds.fields.cost')} testId="bond-holding-row-cost">
          {formatInCurrency(h.cost, h.currency)}
        </Figure>
        <Figure label={t('bonds.fields.coupons')} testId="bond-holding-row-coupons">
          {formatInCurrency(h.coupons, h.currency)}
        </Figure>
        <Figure label={held ? t('bonds.fields.value') : t('bonds.fields.paidOut')} testId="bond-holding-row-value">
          {formatInCurrency(held ? h.value : h.proceeds, h.currency)}
        </Figure>
        <Figure label={t('bonds.fields.profit')}>
          <Profit value={h.profit} currency={h.currency} testId="bond-holding-row-profit" />
        </Figure>
        <Figure label={held ? t('bonds.fields.nextCoupon') : t('bonds.fields.closed')} testId="bond-holding-row-next">
          {held ? (h.nextCouponTimestamp !== null ? formatDay(h.nextCouponTimestamp) : t('bonds.holding.atMaturity')) : formatDay(h.closeTimeTimestamp)}
        </Figure>
      </dl>
      <p className="bond-row-note">
        {t('bonds.holding.terms', { maturity: formatDay(h.maturity), ytm: formatYield(h.ytm), fee: formatInCurrency(h.fee, h.currency) })}
      </p>
      {held && (
        <div className="bond-row-actions">
          <Button size="small" shape="rounded" color="primary" fill="outline" data-testid="bond-holding-sell" onClick={() => void navigate(bondLinks.close(h))}>
            {t('bonds.holding.sell')}
          </Button>
        </div>
      )}
    </li>
  );
}

export default function BondHoldings() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const total = useQuery(totalQuery());
  const query = useInfiniteQuery(holdingsQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  const browse = (
    <Button size="small" shape="rounded" color="primary" fill="outline" data-testid="bond-holdings-browse" onClick={() => void navigate(bondLinks.list())}>
      {t('bonds.holdings.browse')}
    </Button>
  );

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState compact kind="records" title={t('bonds.holdings.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0)
    body = (
      <EmptyState compact kind="records" title={t('bonds.holdings.empty')} body={t('bonds.holdings.emptyBody')}>
        {browse}
      </EmptyState>
    );
  else
    body = (
      <>
        <ul className="bond-rows" aria-label={t('bonds.holdings.title')}>
          {rows.map((h) => (
            <HoldingRow key={h.id} h={h} />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );

  return (
    <div data-testid="bond-holdings">
      <Summary total={total.data} />
      <section className="card" data-testid="bond-holdings-list" aria-labelledby="bond-holdings-title" aria-busy={query.isPending || undefined}>
        <div className="bond-list-head">
          <h2 className="card-title" id="bond-holdings-title">
            {t('bonds.holdings.title')}
          </h2>
          {rows.length > 0 && browse}
        </div>
        {body}
      </section>
      <p className="bond-note pad">{t('bonds.holdings.note')}</p>
    </div>
  );
}
