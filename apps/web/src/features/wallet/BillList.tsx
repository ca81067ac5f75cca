import { BILL_TYPES, CALENDAR_FIRST_DAY, CALENDAR_LAST_DAY, type WalletCode } from '@tradeapp/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Fragment, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime, riseFallColor } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { RowsSkeleton } from '../../ui/records';
import { billEventsQuery, heldLabel, isZeroAmount, type BillEvent } from './billEvents';
import './billEvents.css';
import type { BillFilter } from './keys';
import { BILL_TYPE_LABEL, WALLET_LABEL } from './labels';

interface BillListProps {
  walletCode?: WalletCode | undefined;
  filter: Omit<BillFilter, 'walletCode'>;
  onFilter: (next: Omit<BillFilter, 'walletCode'>) => void;
}

const negate = (amount: string) => (amount.startsWith('-') ? amount.slice(1) : `-${amount}`);

/** One event of the statement: what it did to the wallet's available and held money; tap for its entries. */
function BillEventRow({ event, walletCode }: { event: BillEvent; walletCode: WalletCode | undefined }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  // Unfiltered, a transfer moves two wallets: each side is named.
  const named = !walletCode;
  return (
    <div
      className="bill-event"
      data-testid="bill-row"
      data-type={event.type}
      data-wallet={event.wallets[0]?.walletCode}
      data-journal={event.journalId}
      data-open={open}
    >
      <button type="button" className="record-row" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((v) => !v)} data-testid="bill-toggle">
        <div className="record-main">
          <div className="record-title">
            <span className="bill-event-chevron" aria-hidden="true">
              ›
            </span>
            {t(BILL_TYPE_LABEL[event.type])}
          </div>
          <div className="record-sub">{formatDateTime(event.createTimeTimestamp)}</div>
          {event.memo && <div className="record-memo">{event.memo}</div>}
        </div>
        <div className="record-figures">
          {event.wallets.map((w) => (
            <Fragment key={w.walletCode}>
              {named && <div className="bill-event-wallet">{t(WALLET_LABEL[w.walletCode])}</div>}
              <div className="record-amount" style={{ color: riseFallColor(w.available) }} data-testid="bill-amount">
                {formatAmount(w.available, { grouping: true, signed: true })} {w.currency}
              </div>
              {!isZeroAmount(w.held) && (
                <div className="bill-event-held" data-testid="bill-held">
                  {t('wallet.usedBalance')} {formatAmount(w.held, { grouping: true, signed: true })}
                </div>
              )}
              <div className="record-sub" data-testid="bill-after">
                {t('wallet.after')} {formatAmount(w.availableAfter, { grouping: true })}
              </div>
            </Fragment>
          ))}
        </div>
      </button>
      {open && (
        <div id={detailsId} className="bill-event-details" data-testid="bill-details">
          <dl>
            {event.entries.map((entry) => (
              <Fragment key={entry.id}>
                <dt>
                  {named && event.wallets.length > 1 ? `${t(WALLET_LABEL[entry.walletCode])} · ` : ''}
                  {t(entry.part === 'available' ? 'wallet.entry.available' : heldLabel(event.type, entry.amount))}
                </dt>
                <dd style={{ color: riseFallColor(entry.amount) }} data-testid="bill-entry-amount">
                  {formatAmount(entry.amount, { grouping: true, signed: true })} {entry.currency}
                </dd>
                <dd className="after">
                  {t('wallet.after')} {formatAmount(entry.balanceAfter, { grouping: true })}
                </dd>
              </Fragment>
            ))}
            {event.profit !== null && (
              <>
                <dt>{t('wallet.entry.profit')}</dt>
                <dd style={{ color: riseFallColor(event.profit) }} data-testid="bill-profit">
                  {formatAmount(event.profit, { grouping: true, signed: true })} {event.wallets[0]?.currency}
                </dd>
                <dd />
              </>
            )}
            {event.fee !== null && (
              <>
                <dt>{t('wallet.entry.fee')}</dt>
                <dd data-testid="bill-fee">
                  {formatAmount(negate(event.fee), { grouping: true, signed: true })} {event.wallets[0]?.currency}
                </dd>
                <dd />
              </>
            )}
          </dl>
        </div>
      )}
    </div>
  );
}

/** The wallet's statement (or every wallet's): one line per event, newest first, with type and date filters. */
export function BillList({ walletCode, filter, onFilter }: BillListProps) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(billEventsQuery({ walletCode, ...filter }));
  const events = useMemo(() => query.data?.pages.flatMap((page) => page.events ?? []) ?? [], [query.data]);
  const filtered = Boolean(filter.type || filter.from || filter.to);

  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && events.length === 0)
    body = <EmptyState compact kind="records" title={t('money.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (events.length === 0)
    body = <EmptyState compact kind="records" title={t(filtered ? 'wallet.noBillsFiltered' : 'wallet.noBills')} body={t('wallet.noBillsBody')} />;
  else
    body = (
      <>
        {events.map((event) => (
          <BillEventRow key={event.journalId} event={event} walletCode={walletCode} />
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
          min={CALENDAR_FIRST_DAY}
          max={filter.to ?? CALENDAR_LAST_DAY}
          onChange={(event) => onFilter({ ...filter, from: event.target.value || undefined })}
        />
        <span className="bill-filter-dash">–</span>
        <input
          type="date"
          aria-label={t('wallet.toDate')}
          data-testid="bill-filter-to"
          value={filter.to ?? ''}
          min={filter.from ?? CALENDAR_FIRST_DAY}
          max={CALENDAR_LAST_DAY}
          onChange={(event) => onFilter({ ...filter, to: event.target.value || undefined })}
        />
      </div>
      <div className="record-list" data-testid="bill-list">
        {body}
      </div>
    </section>
  );
}
