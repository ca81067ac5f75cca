import { BILL_TYPES, type WalletCode } from '@tradeapp/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime, riseFallColor } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { billsQuery } from './api';
import { RowsSkeleton } from '../../ui/records';
import type { BillFilter } from './keys';
import { BILL_TYPE_LABEL, WALLET_LABEL } from './labels';

interface BillListProps {
  walletCode?: WalletCode | undefined;
  filter: Omit<BillFilter, 'walletCode'>;
  onFilter: (next: Omit<BillFilter, 'walletCode'>) => void;
}

/** The ledger entries of one wallet (or all), newest first, with type and date filters. */
export function BillList({ walletCode, filter, onFilter }: BillListProps) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(billsQuery({ walletCode, ...filter }));
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);
  const filtered = Boolean(filter.type || filter.from || filter.to);

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0)
    body = <EmptyState compact kind="records" title={t('money.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0)
    body = <EmptyState compact kind="records" title={t(filtered ? 'wallet.noBillsFiltered' : 'wallet.noBills')} body={t('wallet.noBillsBody')} />;
  else
    body = (
      <>
        {rows.map((bill) => (
          <div key={bill.id} className="record-row" data-testid="bill-row" data-type={bill.type} data-wallet={bill.walletCode}>
            <div className="record-main">
              <div className="record-title">
                {t(BILL_TYPE_LABEL[bill.type])}
                {bill.part === 'held' && <span className="record-tag">{t('wallet.held')}</span>}
              </div>
              <div className="record-sub">
                {walletCode ? '' : `${t(WALLET_LABEL[bill.walletCode])} · `}
                {formatDateTime(bill.createTimeTimestamp)}
              </div>
              {bill.memo && <div className="record-memo">{bill.memo}</div>}
            </div>
            <div className="record-figures">
              <div className="record-amount" style={{ color: riseFallColor(bill.amount) }} data-testid="bill-amount">
                {formatAmount(bill.amount, { grouping: true, signed: true })} {bill.currency}
              </div>
              <div className="record-sub">
                {t('wallet.after')} {formatAmount(bill.balanceAfter, { grouping: true })}
              </div>
            </div>
          </div>
        ))}
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );

  return (
    <section className="card">
      <div className="bill-filters">
        <select
          aria-label={t('wallet.filterType')}
          data-testid="bill-filter-type"
          value={filter.type ?? ''}
          onChange={(event) => onFilter({ ...filter, type: event.target.value || undefined })}
        >
          <option value="">{t('wallet.allTypes')}</option>
          {BILL_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(BILL_TYPE_LABEL[type])}
            </option>
          ))}
        </select>
        <input
          type="date"
          aria-label={t('wallet.fromDate')}
          data-testid="bill-filter-from"
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(event) => onFilter({ ...filter, from: event.target.value || undefined })}
        />
        <span className="bill-filter-dash">–</span>
        <input
          type="date"
          aria-label={t('wallet.toDate')}
          data-testid="bill-filter-to"
          value={filter.to ?? ''}
          min={filter.from}
          onChange={(event) => onFilter({ ...filter, to: event.target.value || undefined })}
        />
      </div>
      <div className="record-list" data-testid="bill-list">
        {body}
      </div>
    </section>
  );
}
