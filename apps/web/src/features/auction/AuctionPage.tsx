import '../../ui/money.css';
import './auction.css';
import { AuctionOrderStatus, OrderDirection, OrderType, type AuctionOrder, type AuctionPhase, type AuctionSession } from '@tradeapp/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths, ROUTES } from '../../app/paths';
import { formatChartTick, formatCompact, formatCountdown, formatDateText, formatInCurrency, formatPrice, formatQuantity } from '../../lib/format';
import { isSignedIn, subscribeSession } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { RowsSkeleton, StatusBadge } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { useConfirmedCancel } from '../../ui/useConfirmedCancel';
import { SimulatedNotice } from '../market';
import { AuctionOrderSheet } from '../trading';
import { auctionKeys, auctionOrdersQuery, auctionStocksQuery, cancelAuctionOrder, refreshAuction, type AuctionStock } from './api';

const HK = 'Asia/Hong_Kong';
const SECOND = 1000;

const PHASE_TONE: Record<AuctionPhase, string> = { closed: 'muted', input: 'done', noCancel: 'progress', matching: 'progress' };
const STATUS_TONE: Record<AuctionOrder['status'], string> = {
  collected: 'progress',
  filled: 'done',
  partlyFilled: 'done',
  cancelled: 'muted',
  passedOn: 'progress',
};

/**
 * The server's clock now, from the session's timestamp and when it arrived: the countdown runs on
 * the server's time (the auction's), not on this device's, which may be minutes off.
 */
function useServerNow(session: AuctionSession | undefined, receivedAt: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), SECOND);
    return () => clearInterval(timer);
  }, []);
  return session ? session.timestamp + Math.max(0, now - receivedAt) : null;
}

const targetOf = (s: AuctionSession) => (s.phase === 'closed' ? s.inputFromTimestamp : s.phase === 'matching' ? s.openTimestamp : s.matchTimestamp);

function SessionCard({ session, now }: { session: AuctionSession; now: number | null }) {
  const { t } = useTranslation();
  const time = (ts: number) => formatChartTick(ts, 'time', HK);
  const left = now === null ? null : targetOf(session) - now;
  const note =
    session.phase === 'input'
      ? t('auction.phaseNote.input', { time: time(session.noCancelFromTimestamp) })
      : session.phase === 'matching'
        ? t('auction.phaseNote.matching', { time: time(session.openTimestamp) })
        : t(`auction.phaseNote.${session.phase}`);
  return (
    <section className="card card-pad auction-session" data-testid="auction-session" data-phase={session.phase} aria-live="polite">
      <div className="auction-session-head">
        <strong>{t('auction.session')}</strong>
        <StatusBadge tone={PHASE_TONE[session.phase]} testId="auction-phase">
          {t(`auction.phase.${session.phase}`)}
        </StatusBadge>
      </div>
      <div className="auction-countdown">
        <span>{t(`auction.countdown.${session.phase}`)}</span>
        <strong data-testid="auction-countdown" aria-live="off">
          {left === null ? '—' : formatCountdown(left)}
        </strong>
      </div>
      <p className="auction-note" data-testid="auction-phase-note">
        {note}
      </p>
      <p className="auction-schedule">
        {t('auction.schedule', {
          input: time(session.inputFromTimestamp),
          noCancel: time(session.noCancelFromTimestamp),
          match: time(session.matchTimestamp),
          open: time(session.openTimestamp),
        })}
      </p>
      <p className="auction-day" data-testid="auction-day">
        {t('auction.tradingDay', { date: formatDateText(session.tradingDay) })}
      </p>
    </section>
  );
}

function StockRow({ stock, canOrder, onOrder }: { stock: AuctionStock; canOrder: boolean; onOrder: () => void }) {
  const { t } = useTranslation();
  const a = stock.auction;
  return (
    <div className="auction-row" data-testid="auction-row" data-symbol={stock.symbol} data-price={a.price ?? ''} data-matched={a.matched}>
      <div className="auction-row-name">
        <strong>{stock.name}</strong>
        <span>
          {stock.stock_code} · {t('auction.band', { low: formatPrice(a.bandLow, stock.tickSize), high: formatPrice(a.bandHigh, stock.tickSize) })}
        </span>
      </div>
      <div className="auction-row-figures">
        <strong data-testid="auction-row-price">{a.price ? `${formatPrice(a.price, stock.tickSize)} ${stock.currency}` : t('auction.noMatch')}</strong>
        <span>
          {t('auction.volume')} {formatCompact(a.volume)} · {t('auction.ordersCount', { n: a.orders })}
        </span>
      </div>
      <Button
        size="mini"
        shape="rounded"
        color="primary"
        fill="outline"
        disabled={!canOrder}
        aria-label={t('auction.orderStock', { name: stock.name })}
        data-testid="auction-order"
        onClick={onOrder}
      >
        {t('auction.order')}
      </Button>
    </div>
  );
}

function OrderRow({ order, tick, busy, onCancel }: { order: AuctionOrder; tick: string; busy: boolean; onCancel: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const price = (v: string | null) => formatPrice(v, tick);
  let result: string;
  if (order.status === AuctionOrderStatus.Collected)
    result = t('auction.heldAt', { amount: formatInCurrency(order.held, order.walletCurrency), price: price(order.holdPrice) });
  else if (order.status === AuctionOrderStatus.Filled || order.status === AuctionOrderStatus.PartlyFilled)
    result = t('auction.filledAt', { quantity: formatQuantity(order.filledQuantity), price: `${price(order.fillPrice)} ${order.currency}` });
  else if (order.status === AuctionOrderStatus.PassedOn) result = t('auction.passedOn', { price: `${price(order.price)} ${order.currency}` });
  else result = t('auction.returned');
  const link = order.positionId ?? order.entrustedId;
  return (
    <div className="record-row auction-order" data-testid="auction-order-row" data-id={order.id} data-status={order.status}>
      <div className="record-main">
        <div className="record-title">
          {order.stockName}
          <span className={order.direction === OrderDirection.Buy ? 'auction-side buy' : 'auction-side sell'}>
            {order.direction === OrderDirection.Buy ? t('trading.buy') : t('trading.sell')} · {t('trading.leverageX', { n: order.leverage })}
          </span>
        </div>
        <div className="record-sub">
          {order.type === OrderType.Limit ? `${t('auction.atAuctionLimit')} ${price(order.price)}` : t('auction.atAuction')} · {formatQuantity(order.quantity)}
        </div>
        <div className="record-sub auction-result" data-testid="auction-order-result">
          {result}
        </div>
      </div>
      <div className="record-figures">
        <StatusBadge tone={STATUS_TONE[order.status]} testId="auction-order-status">
          {t(`auction.status.${order.status}`)}
        </StatusBadge>
        {order.cancellable && (
          <Button size="mini" shape="rounded" color="danger" fill="outline" loading={busy} data-testid="auction-cancel" onClick={onCancel}>
            {t('auction.cancel')}
          </Button>
        )}
        {link !== null && (
          <button type="button" className="link" data-testid="auction-order-link" onClick={() => void navigate(paths.trading.detail(link))}>
            {order.positionId !== null ? t('auction.viewPosition') : t('auction.viewOrder')}
          </button>
        )}
      </div>
    </div>
  );
}

function MyOrders({ ticks }: { ticks: Map<string, string> }) {
  const { t } = useTranslation();
  const orders = useQuery(auctionOrdersQuery(true));
  const { busy, onCancel } = useConfirmedCancel({
    question: t('auction.cancelConfirm'),
    confirmText: <span data-testid="auction-cancel-confirm">{t('auction.cancelYes')}</span>,
    done: t('auction.cancelled'),
    cancel: cancelAuctionOrder,
  });

  let body;
  if (orders.isPending) body = <RowsSkeleton count={2} />;
  else if (orders.isError && !orders.data) body = <EmptyState compact kind="records" title={t('auction.loadFailed')} onRetry={() => void orders.refetch()} />;
  else if (!orders.data?.list.length) body = <EmptyState compact kind="records" title={t('auction.noOrders')} body={t('auction.noOrdersBody')} />;
  else
    body = orders.data.list.map((o) => (
      <OrderRow key={o.id} order={o} tick={ticks.get(o.symbol) ?? '0.01'} busy={busy === o.id} onCancel={() => void onCancel(o.id)} />
    ));
  return (
    <section className="card record-list" data-testid="auction-orders" aria-busy={orders.isPending || undefined}>
      <h2 className="card-title">{t('auction.myOrders')}</h2>
      {body}
    </section>
  );
}

/**
 * /pages/product/auction: the pre-opening auction of the Hong Kong stocks (decision 0019). The
 * session's phase with a countdown to its next step, each stock's band and indicative price and
 * volume (the auction price once matched), an order sheet for at-auction and at-auction limit
 * orders, and the investor's orders of the session with cancel until 09:15 and their results.
 */
export default function AuctionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const stocks = useQuery(auctionStocksQuery());
  const session = stocks.data?.session;
  const now = useServerNow(session, stocks.dataUpdatedAt);
  const [ordering, setOrdering] = useState<AuctionStock | null>(null);
  const ticks = new Map((stocks.data?.list ?? []).map((s) => [s.symbol, s.tickSize]));
  const open = session?.phase === 'input' || session?.phase === 'noCancel';

  // The session's next step has come: ask again at once rather than at the next poll.
  const due = session && now !== null && now >= session.nextChangeTimestamp;
  useEffect(() => {
    if (due) void queryClient.invalidateQueries({ queryKey: auctionKeys.all });
  }, [due, queryClient]);

  const order = (stock: AuctionStock) => {
    if (!signedIn) void navigate(paths.login(ROUTES.productAuction));
    else setOrdering(stock);
  };

  let body;
  if (stocks.isPending)
    body = (
      <>
        <div className="card card-pad" aria-busy="true" data-testid="auction-loading">
          <span className="sk sk-line" />
          <span className="sk sk-short" />
        </div>
        <section className="card record-list">
          <RowsSkeleton count={5} />
        </section>
      </>
    );
  else if (!stocks.data) body = <EmptyState kind="market" title={t('auction.loadFailed')} onRetry={() => void stocks.refetch()} retryTestId="auction-retry" />;
  else
    body = (
      <>
        <p className="auction-intro">{t('auction.intro')}</p>
        <SessionCard session={stocks.data.session} now={now} />
        {signedIn && <MyOrders ticks={ticks} />}
        <section className="card record-list" data-testid="auction-stocks">
          <div className="auction-list-head">
            <h2 className="card-title">{t('auction.stocks')}</h2>
            <span>{stocks.data.list.some((s) => s.auction.matched) ? t('auction.auctionPrice') : t('auction.indicative')}</span>
          </div>
          {stocks.data.list.length === 0 ? (
            <EmptyState compact kind="market" title={t('auction.noStocks')} body={t('auction.noStocksBody')} />
          ) : (
            stocks.data.list.map((s) => <StockRow key={s.symbol} stock={s} canOrder={open} onOrder={() => order(s)} />)
          )}
        </section>
        {!signedIn && (
          <section className="card">
            <EmptyState compact kind="records" title={t('auction.signIn')} body={t('auction.signInBody')}>
              <Button
                size="small"
                shape="rounded"
                color="primary"
                data-testid="auction-signin"
                onClick={() => void navigate(paths.login(ROUTES.productAuction))}
              >
                {t('common.signIn')}
              </Button>
            </EmptyState>
          </section>
        )}
        <SimulatedNotice />
      </>
    );

  return (
    <Page title={t('titles.productAuction')} className="money-page auction-page">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: auctionKeys.all, type: 'active' })}>{body}</Refreshable>
      <Suspense fallback={null}>
        <AuctionOrderSheet stock={ordering} session={session} onClose={() => setOrdering(null)} onPlaced={() => void refreshAuction()} />
      </Suspense>
    </Page>
  );
}
