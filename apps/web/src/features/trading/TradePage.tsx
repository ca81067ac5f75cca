import '../../ui/money.css';
import './trading.css';
import { type Position } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { paths } from '../../app/paths';
import { formatDateMinute, formatDateTime, formatDateTimeIn, formatInCurrency, formatPrice, formatQuantity } from '../../lib/format';
import { isSignedIn, subscribeSession } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { RowsSkeleton } from '../../ui/records';
import { TabStrip } from '../../ui/TabStrip';
import { useConfirmedCancel } from '../../ui/useConfirmedCancel';
import { bondKeys, BondHoldings } from '../bonds';
import { dealKeys, SubscriptionList } from '../deals';
import { FollowList, followKeys } from '../follow';
import { portfolioQuery, type PortfolioLine } from '../wallet';
import { cancelOrder, closedQuery, entrustedQuery, marginWarningsQuery, positionsQuery, refreshTrading } from './api';
import { heldFor } from './calc';
import { CloseReasonText, DirectionTag, PositionRow, positionPrice, Profit, StopBadges, TypeLabel } from './components';
import { tradingKeys } from './keys';
import { TradeSummary } from './TradeSummary';

// The trade tab (spec section 2): holding (open positions and allotted IPO shares awaiting their
// listing), closed positions, entrusted orders, subscriptions, follow and bonds. Rows open the
// order's detail page.

const TABS = ['holding', 'closed', 'entrusted', 'subscriptions', 'follow', 'bonds'] as const;
type TabKey = (typeof TABS)[number];
const isTab = (value: string | null): value is TabKey => value !== null && (TABS as readonly string[]).includes(value);

function detailHref(p: Pick<Position, 'id' | 'stockName' | 'stockCode' | 'source'>): string {
  return paths.trading.detail(p.id, { name: p.stockName, code: p.stockCode, source: p.source });
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <EmptyState compact kind="records" title={t('trading.loadFailed')} onRetry={onRetry} />;
}

/** Allotted IPO shares (the portfolio's `deal` lines): held, valued at what was paid, awaiting their listing. */
function AwaitingListing({ lines }: { lines: PortfolioLine[] }) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  return (
    <>
      {lines.map((line) => (
        <div key={line.key} className="record-row awaiting-row" data-testid="awaiting-row" data-key={line.key} data-symbol={line.instrument ?? ''}>
          <div className="record-main">
            <div className="record-title">
              {line.name}
              <span className="record-tag" data-testid="awaiting-tag">
                {t('trading.awaiting.tag')}
              </span>
            </div>
            <div className="record-sub">
              {line.instrument !== null && line.instrument !== line.name && `${line.instrument} · `}
              {line.quantity !== null && (
                <span data-testid="awaiting-quantity">{t('trading.awaiting.shares', { quantity: formatQuantity(line.quantity) })}</span>
              )}
            </div>
            {line.price !== null && (
              <div className="record-sub" data-testid="awaiting-price">
                {t('trading.awaiting.paid', { price: `${formatPrice(line.price)} ${line.priceCurrency ?? line.currency}` })}
                {line.priceTimestamp !== null && ` · ${formatDateMinute(line.priceTimestamp)}`}
              </div>
            )}
          </div>
          <div className="record-figures">
            <span className="record-sub">{t('trading.awaiting.value')}</span>
            <div className="record-amount" data-testid="awaiting-value">
              {formatInCurrency(line.value, line.currency)}
            </div>
          </div>
        </div>
      ))}
      <p className="awaiting-note">{t('trading.awaiting.note')}</p>
    </>
  );
}

function Holding() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useInfiniteQuery(positionsQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);
  const warnings = useQuery(marginWarningsQuery(rows.some((p) => p.leverage > 1))).data;
  const portfolio = useQuery(portfolioQuery());
  const awaiting = portfolio.data?.lines.filter((line) => line.product === 'ipoShares') ?? [];
  let body;
  if (query.isPending) body = <RowsSkeleton />;
  else if (query.isError && rows.length === 0) body = <LoadFailed onRetry={() => void query.refetch()} />;
  else if (rows.length === 0 && awaiting.length === 0)
    body = (
      <EmptyState compact kind="market" title={t('trading.emptyHolding')} body={t('trading.emptyHoldingBody')}>
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void navigate(paths.market())}>
          {t('trading.browseMarkets')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <>
        <AwaitingListing lines={awaiting} />
        {rows.map((p) => (
          <PositionRow key={p.id} position={p} warning={warnings?.get(p.id)} onOpen={() => void navigate(detailHref(p))} />
        ))}
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );
  return (
    <>
      <TradeSummary data={query.data} complete={query.isSuccess && !query.hasNextPage} />
      <section className="card record-list" data-testid="holding-list">
        {body}
      </section>
    </>
  );
}

function Closed() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useInfiniteQuery(closedQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);
  if (query.isPending) return <RowsSkeleton />;
  if (query.isError && rows.length === 0) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (rows.length === 0) return <EmptyState compact kind="records" title={t('trading.emptyClosed')} body={t('trading.emptyClosedBody')} />;
  return (
    <>
      {rows.map((p) => (
        <button
          key={p.id}
          type="button"
          className="record-row trade-row"
          data-testid="closed-row"
          data-id={p.id}
          data-symbol={p.symbol}
          data-reason={p.closeReason ?? ''}
          onClick={() => void navigate(detailHref(p))}
        >
          <div className="record-main">
            <div className="record-title">
              {p.stockName}
              <DirectionTag direction={p.direction} leverage={p.leverage} />
              {p.closeReason === 'liquidation' && (
                <span className="status-badge tone-failed" data-testid="closed-liquidated">
                  {t('trading.liquidated')}
                </span>
              )}
              {p.closeReason === 'stopLoss' || p.closeReason === 'takeProfit' || p.closeReason === 'trailingStop' ? (
                <span className="record-tag" data-testid="closed-stop">
                  <CloseReasonText reason={p.closeReason} />
                </span>
              ) : null}
              {p.followId !== null && (
                <span className="record-tag strong" data-testid="closed-copy">
                  {t('trading.copy')}
                </span>
              )}
              {p.robotOrderId !== null && (
                <span className="record-tag strong" data-testid="closed-robot">
                  {t('robots.positionNote.tag')}
                </span>
              )}
            </div>
            <div className="record-sub">
              {formatQuantity(p.quantity)} · {positionPrice(p.openPrice ?? p.price)} → <span data-testid="closed-price">{positionPrice(p.closePrice)}</span>
            </div>
            <div className="record-sub closed-figures">
              <span>
                {t('trading.gross')} <Profit value={p.grossProfit} currency={p.walletCurrency} testId="closed-gross" />
              </span>
              <span>
                {t('trading.openFee')} <span data-testid="closed-open-fee">{formatInCurrency(p.handlingFee, p.walletCurrency)}</span>
              </span>
              <span>
                {t('trading.closeFee')} <span data-testid="closed-close-fee">{formatInCurrency(p.closeFee, p.walletCurrency)}</span>
              </span>
            </div>
            <div className="record-sub">{t('trading.closedAt', { time: formatDateTime(p.closeTimeTimestamp) })}</div>
          </div>
          <div className="record-figures">
            <span className="record-sub">{t('trading.net')}</span>
            <div className="record-amount">
              <Profit value={p.netProfit} currency={p.walletCurrency} testId="closed-net" />
            </div>
          </div>
        </button>
      ))}
      <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
    </>
  );
}

function Entrusted() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const query = useInfiniteQuery(entrustedQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);
  const { busy, onCancel } = useConfirmedCancel({
    question: t('trading.cancelConfirm'),
    confirmText: <span data-testid="entrusted-cancel-confirm">{t('trading.cancelYes')}</span>,
    done: t('trading.cancelled'),
    cancel: cancelOrder,
    afterwards: refreshTrading,
  });

  if (query.isPending) return <RowsSkeleton />;
  if (query.isError && rows.length === 0) return <LoadFailed onRetry={() => void query.refetch()} />;
  if (rows.length === 0) return <EmptyState compact kind="records" title={t('trading.emptyEntrusted')} body={t('trading.emptyEntrustedBody')} />;
  return (
    <>
      {rows.map((p) => (
        <div key={p.id} className="record-row" data-testid="entrusted-row" data-id={p.id} data-symbol={p.symbol}>
          <button type="button" className="record-main trade-row-main" onClick={() => void navigate(detailHref(p))}>
            <div className="record-title">
              {p.stockName}
              <DirectionTag direction={p.direction} leverage={p.leverage} />
            </div>
            <div className="record-sub">
              <TypeLabel type={p.type} />
              {p.timeInForce === 'day' && <span data-testid="entrusted-day"> · {t('trading.orders.day')}</span>}
              {p.extendedHours && <span data-testid="entrusted-extended"> · {t('trading.orders.extendedSwitch')}</span>} · {t('trading.limitPrice')}{' '}
              <strong data-testid="entrusted-price">{positionPrice(p.price)}</strong> · {formatQuantity(p.quantity)}
            </div>
            <div className="record-sub">{t('trading.placedAt', { time: formatDateTime(p.createTimeTimestamp) })}</div>
            {p.expiredDateTimestamp !== null && p.timeZone && (
              <div className="record-sub expiry-line" data-testid="entrusted-expiry">
                {t('trading.orders.expires', { when: formatDateTimeIn(p.expiredDateTimestamp, p.timeZone) })}
              </div>
            )}
            <StopBadges position={p} testId="entrusted-stops" />
          </button>
          <div className="record-figures">
            <span className="record-sub">{t('trading.held')}</span>
            <div className="record-amount" data-testid="entrusted-held">
              {formatInCurrency(heldFor(p), p.walletCurrency)}
            </div>
            <span className="record-sub">
              {t('trading.margin')} <span data-testid="entrusted-margin">{formatInCurrency(p.margin, p.walletCurrency)}</span>
            </span>
            <span className="record-sub">
              {t('trading.fee')} <span data-testid="entrusted-fee">{formatInCurrency(p.handlingFee, p.walletCurrency)}</span>
            </span>
            <Button
              size="mini"
              shape="rounded"
              color="danger"
              fill="outline"
              loading={busy === p.id}
              data-testid="entrusted-cancel"
              onClick={() => void onCancel(p.id)}
            >
              {t('trading.cancel')}
            </Button>
          </div>
        </div>
      ))}
      <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
    </>
  );
}

export default function TradePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabKey = isTab(tabParam) ? tabParam : 'holding';

  if (!signedIn)
    return (
      <Page title={t('titles.trade')} back={false} tone="dark">
        <EmptyState kind="records" title={t('trading.signedOutTitle')} body={t('trading.signedOutBody')}>
          <Button shape="rounded" color="primary" data-testid="trade-signin" onClick={() => void navigate(paths.login())}>
            {t('common.signIn')}
          </Button>
          <Button shape="rounded" fill="outline" color="primary" onClick={() => void navigate(paths.register())}>
            {t('common.register')}
          </Button>
        </EmptyState>
      </Page>
    );

  let content;
  switch (tab) {
    case 'holding':
      content = <Holding />;
      break;
    case 'closed':
      content = (
        <section className="card record-list" data-testid="closed-list">
          <Closed />
        </section>
      );
      break;
    case 'entrusted':
      content = (
        <section className="card record-list" data-testid="entrusted-list">
          <Entrusted />
        </section>
      );
      break;
    case 'subscriptions':
      content = (
        <Suspense fallback={<RowsSkeleton />}>
          <SubscriptionList />
        </Suspense>
      );
      break;
    case 'follow':
      content = (
        <Suspense fallback={<RowsSkeleton />}>
          <FollowList />
        </Suspense>
      );
      break;
    default:
      content = (
        <Suspense fallback={<RowsSkeleton />}>
          <BondHoldings />
        </Suspense>
      );
  }

  return (
    <Page title={t('titles.trade')} back={false} tone="dark" className="money-page trade-page">
      <div className="wallet-tabs-bar">
        <TabStrip tabs={TABS} active={tab} onChange={(key) => setParams({ tab: key }, { replace: true })} label={t('titles.trade')} testPrefix="trade-tab">
          {(key) => t(`trading.tabs.${key}`)}
        </TabStrip>
      </div>
      <Refreshable
        onRefresh={() =>
          Promise.all([tradingKeys.all, dealKeys.all, followKeys.all, bondKeys.all].map((queryKey) => queryClient.refetchQueries({ queryKey, type: 'active' })))
        }
      >
        {content}
      </Refreshable>
    </Page>
  );
}
