import '../../ui/money.css';
import './trading.css';
import {
  LARGE_ORDER_SHARES,
  MARGIN_WARNING_PERCENT,
  MarketSource,
  OrderDirection,
  OrderStatus,
  type Position,
  type PositionDetail,
  type WalletCode,
} from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { EMPTY_VALUE, formatAmount, formatDateTime, formatDateTimeIn, formatInCurrency, formatQuantity } from '../../lib/format';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { CopyNote } from '../follow';
import { RobotNote } from '../robots';
import { WALLET_LABEL, WalletAmountSheet } from '../wallet';
import { quoteHref } from '../market';
import { addMargin, marginWarningsQuery, refreshTrading } from './api';
import { heldFor } from './calc';
import { PositionPlaceholder, usePagePosition } from './pagePosition';
import {
  CloseReasonText,
  DirectionTag,
  FillExplanation,
  MarginWarningTag,
  OrderStatusTag,
  positionPrice,
  Profit,
  StopBadges,
  trailingDistance,
  TypeLabel,
  Zdf,
} from './components';
import { StopsSheet } from './stops';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div className="info-row">
      <span className="info-label">{label}</span>
      <span className="info-value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

function AddMarginSheet({ position, visible, onClose }: { position: Position; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <WalletAmountSheet
      visible={visible}
      onClose={onClose}
      walletCode={position.walletCode as WalletCode}
      currency={position.walletCurrency}
      testId="add-margin"
      scope={position.id}
      title={t('trading.addMargin.title')}
      body={t('trading.addMargin.body', { wallet: t(WALLET_LABEL[position.walletCode as WalletCode]) })}
      label={t('trading.addMargin.amount', { currency: position.walletCurrency })}
      available={(amount) => t('trading.addMargin.available', { amount })}
      submitLabel={t('trading.addMargin.submit')}
      doneToast={t('trading.addMargin.done')}
      send={(amount, key) => addMargin({ id: position.id, amount }, key)}
      settled={refreshTrading}
    />
  );
}

/** Where a position came from, for those not opened by an ordinary order: the primary market's desks. */
const ORIGINS: Partial<Record<MarketSource, 'ipo' | 'placement' | 'block' | 'auction'>> = {
  [MarketSource.NewStock]: 'ipo',
  [MarketSource.PlacingStock]: 'placement',
  [MarketSource.BlockTrade]: 'block',
  [MarketSource.AuctionStock]: 'auction',
};

function Detail({ p }: { p: Position & Partial<Pick<PositionDetail, 'history'>> }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sheet, setSheet] = useState(false);
  const [stopsSheet, setStopsSheet] = useState(false);
  const open = p.status === OrderStatus.InProgress;
  const closed = p.status === OrderStatus.Settled;
  const entrusted = p.status === OrderStatus.WaitingConfirmation;
  const warning = useQuery(marginWarningsQuery(open && p.leverage > 1)).data?.get(p.id);
  const cur = p.walletCurrency;
  const origin = ORIGINS[p.source];
  // Lock-ups run for days: the moment the page opened is now enough (the server refuses a close before the end anyway).
  const [openedAt] = useState(() => Date.now());
  const locked = p.lockedUntilTimestamp !== null && p.lockedUntilTimestamp > openedAt;
  // A copy follows its agency: it closes with the agency's position, by the copy stop-loss or when
  // its follow stops, never by its owner (the server refuses; the buttons say so first). A robot's
  // position likewise closes by the robot's rule or when the robot is redeemed.
  const copy = p.followId !== null;
  const robot = p.robotOrderId !== null;
  const lockedNote = copy ? 'detail-copy-locked' : robot ? 'detail-robot-locked' : undefined;
  return (
    <>
      <section className="card card-pad detail-head" data-testid="detail-head" data-id={p.id} data-status={p.status}>
        <div className="detail-title-row">
          <div>
            <h1 className="detail-name" data-testid="detail-name">
              {p.stockName}
            </h1>
            <div className="position-code">
              {p.stockCode} · {p.currency}
            </div>
          </div>
          <div className="detail-tags">
            <OrderStatusTag status={p.status} testId="detail-status" />
            {origin && (
              <span className="record-tag strong" data-testid="detail-origin" data-source={p.source}>
                {t(`trading.detail.origins.${origin}`)}
              </span>
            )}
            {p.largeOrder && (
              <span className="record-tag" data-testid="detail-large-order">
                {t('trading.largeOrder')}
              </span>
            )}
          </div>
        </div>
        <div className="detail-profit">
          <span className="detail-profit-label">{closed ? t('trading.detail.netProfit') : t('trading.detail.floating')}</span>
          <Profit value={closed ? p.netProfit : p.profit} currency={cur} testId="detail-profit" big />
          {!closed && p.status !== OrderStatus.Cancelled && (
            <span className="detail-zdf" data-testid="detail-zdf">
              <Zdf value={p.zdf} />
            </span>
          )}
        </div>
        {closed && <p className="form-note">{t('trading.detail.netNote')}</p>}
        {p.lockedUntilTimestamp !== null && !closed && (
          <p className={locked ? 'form-note warn' : 'form-note'} data-testid="detail-lockup" data-locked={String(locked)}>
            {t(locked ? 'trading.detail.lockedUntil' : 'trading.detail.lockupEnded', { date: formatDateTime(p.lockedUntilTimestamp) })}
          </p>
        )}
        {p.followId !== null && (
          <Suspense fallback={null}>
            <CopyNote followId={p.followId} />
          </Suspense>
        )}
        {p.robotOrderId !== null && (
          <Suspense fallback={null}>
            <RobotNote robotOrderId={p.robotOrderId} />
          </Suspense>
        )}
        {p.largeOrder && (
          <p className="form-note">{t('trading.detail.largeOrderNote', { n: formatAmount(String(LARGE_ORDER_SHARES), { decimals: 0, grouping: true }) })}</p>
        )}
      </section>

      <section className="card" data-testid="detail-fields">
        <Row label={t('trading.detail.positionNum')} testId="detail-positionNum">
          <span className="mono">{p.positionNum}</span>
        </Row>
        <Row label={t('trading.detail.direction')} testId="detail-direction">
          <DirectionTag direction={p.direction} />
        </Row>
        <Row label={t('trading.detail.type')} testId="detail-type">
          <TypeLabel type={p.type} />
          {p.timeInForce === 'day' && ` · ${t('trading.orders.day')}`}
          {p.extendedHours && ` · ${t('trading.orders.extendedSwitch')}`}
        </Row>
        <Row label={t('trading.detail.leverage')} testId="detail-leverage">
          {t('trading.leverageX', { n: p.leverage })}
        </Row>
        <Row label={t('trading.quantity')} testId="detail-quantity">
          {formatQuantity(p.quantity)}
        </Row>
        {p.status === OrderStatus.WaitingConfirmation || p.status === OrderStatus.Cancelled ? (
          <Row label={t('trading.limitPrice')} testId="detail-price">
            {positionPrice(p.price)}
          </Row>
        ) : (
          <Row label={t('trading.openPrice')} testId="detail-open-price">
            {positionPrice(p.openPrice ?? p.price)}
          </Row>
        )}
        {closed ? (
          <Row label={t('trading.closePrice')} testId="detail-close-price">
            {positionPrice(p.closePrice)}
          </Row>
        ) : (
          <Row label={t('trading.currentPrice')} testId="detail-current-price">
            {positionPrice(p.currentPrice)}
          </Row>
        )}
        <Row label={t('trading.detail.totalAmount')} testId="detail-total">
          {positionPrice(p.totalAmount)} {p.currency}
        </Row>
        <Row label={t('trading.margin')} testId="detail-margin">
          {formatInCurrency(p.margin, cur)}
        </Row>
        <Row label={t('trading.detail.isolated')} testId="detail-isolated">
          {t('trading.detail.isolatedValue')}
        </Row>
        <Row label={entrusted ? t('trading.detail.orderFee') : t('trading.detail.openFee')} testId="detail-fee">
          {formatInCurrency(p.handlingFee, cur)}
        </Row>
        {entrusted && (
          <Row label={t('trading.detail.held')} testId="detail-held">
            {formatInCurrency(heldFor(p), cur)}
          </Row>
        )}
        {entrusted && <p className="form-note info-note">{t('trading.detail.heldNote')}</p>}
        {p.closeFee !== null && (
          <Row label={t('trading.detail.closeFee')} testId="detail-close-fee">
            {formatInCurrency(p.closeFee, cur)}
          </Row>
        )}
        {closed && (
          <>
            <Row label={t('trading.detail.grossProfit')} testId="detail-gross">
              <Profit value={p.grossProfit} currency={cur} />
            </Row>
            <Row label={t('trading.detail.netProfit')} testId="detail-net">
              <Profit value={p.netProfit} currency={cur} />
            </Row>
          </>
        )}
        {(open || entrusted) && (
          <Row label={t('trading.orders.stops')} testId="detail-stops">
            {p.stops && (p.stops.stopLoss || p.stops.takeProfit || p.stops.trailing) ? (
              <StopBadges position={p} testId="detail-stop-badges" />
            ) : (
              t('trading.orders.noStops')
            )}
          </Row>
        )}
        {p.stops?.trailing && (open || entrusted) && (
          <Row label={t('trading.orders.trailing')} testId="detail-trailing">
            {p.stops.trailing.mark && p.stops.trailing.stop
              ? t('trading.orders.trailingLine', {
                  distance: trailingDistance(p.stops.trailing),
                  mark: positionPrice(p.stops.trailing.mark),
                  stop: positionPrice(p.stops.trailing.stop),
                })
              : t('trading.orders.trailingWaiting', { distance: trailingDistance(p.stops.trailing) })}
          </Row>
        )}
        {!closed && (
          <Row label={t('trading.detail.liquidationPrice')} testId="detail-liquidation">
            {p.liquidationPrice ? positionPrice(p.liquidationPrice) : EMPTY_VALUE}
          </Row>
        )}
        {open && warning && (
          <Row label={t('trading.detail.marginWarning')} testId="detail-margin-warning">
            <MarginWarningTag warning={warning} />
            <span className="margin-warning-line">
              {t('trading.detail.marginWarningLine', { ratio: formatAmount(warning.ratio), level: MARGIN_WARNING_PERCENT[warning.level] })}
            </span>
          </Row>
        )}
        {p.closeReason && (
          <Row label={t('trading.detail.closeReason')} testId="detail-close-reason">
            <CloseReasonText reason={p.closeReason} />
          </Row>
        )}
        <Row label={t('trading.detail.wallet')} testId="detail-wallet">
          {t(WALLET_LABEL[p.walletCode as WalletCode])} · {cur}
        </Row>
        <Row label={t('trading.detail.createTime')} testId="detail-create-time">
          {formatDateTime(p.createTimeTimestamp)}
        </Row>
        {p.placedSession && (
          <Row label={t('trading.orders.placedSession')} testId="detail-placed-session">
            {t(`trading.orders.sessions.${p.placedSession}`)}
          </Row>
        )}
        {p.marketDateTimestamp !== null && (
          <Row label={t('trading.detail.marketTime')} testId="detail-market-time">
            {formatDateTime(p.marketDateTimestamp)}
          </Row>
        )}
        {p.filledSession && (
          <Row label={t('trading.orders.filledSession')} testId="detail-filled-session">
            {t(`trading.orders.sessions.${p.filledSession}`)}
          </Row>
        )}
        {p.closeTimeTimestamp !== null && (
          <Row label={t('trading.detail.closeTime')} testId="detail-close-time">
            {formatDateTime(p.closeTimeTimestamp)}
          </Row>
        )}
        {p.expiredDateTimestamp !== null && (
          <Row label={t('trading.detail.expiry')} testId="detail-expiry">
            {/* On the exchange's clock, where its close is; a row from before the zone was sent on this device's. */}
            {p.timeZone ? formatDateTimeIn(p.expiredDateTimestamp, p.timeZone) : formatDateTime(p.expiredDateTimestamp)}
          </Row>
        )}
        <Row label={t('trading.detail.modifyTime')} testId="detail-modify-time">
          {formatDateTime(p.modifyTimeTimestamp)}
        </Row>
      </section>

      {p.history && p.history.length > 0 && (
        <section className="card card-pad" data-testid="detail-history">
          <h2 className="history-title">{t('trading.detail.history')}</h2>
          {p.history.map((e, index) => (
            <div key={`${e.timestamp}-${index}`} className="history-row" data-testid="detail-history-row" data-event={e.event}>
              <span className="history-event">{t(`trading.events.${e.event}`)}</span>
              <span className="history-time">{formatDateTime(e.timestamp)}</span>
              <span className="history-detail">
                {[e.quantity && formatQuantity(e.quantity), e.price && positionPrice(e.price)].filter(Boolean).join(' @ ')}
              </span>
              <FillExplanation event={e} direction={p.direction} walletCurrency={cur} />
            </div>
          ))}
          {p.history.some((e) => e.fill) && <p className="form-note">{t('trading.orders.fillNote')}</p>}
        </section>
      )}

      {open && copy && (
        <p className="form-note pad-note warn" id="detail-copy-locked" data-testid="detail-copy-locked">
          {msg('e.copyNotClosable')}
        </p>
      )}
      {open && robot && !copy && (
        <p className="form-note pad-note warn" id="detail-robot-locked" data-testid="detail-robot-locked">
          {msg('e.robotPosition')}
        </p>
      )}
      {open && !copy && !robot && !locked && (
        <div className="pad-note">
          <Button block shape="rounded" fill="outline" data-testid="stops-edit" onClick={() => setStopsSheet(true)}>
            {t('trading.orders.edit')}
          </Button>
        </div>
      )}
      {open && (
        <div className="detail-actions">
          <Button shape="rounded" disabled={copy || robot} aria-describedby={lockedNote} data-testid="add-margin" onClick={() => setSheet(true)}>
            {t('trading.detail.addMargin')}
          </Button>
          <Button
            shape="rounded"
            color="primary"
            className={p.direction === OrderDirection.Buy ? 'close-long' : 'close-short'}
            // Locked up, a copy or a robot's, the server refuses the close: the button says so before the close page would.
            disabled={locked || copy || robot}
            aria-describedby={lockedNote}
            data-testid="position-close"
            onClick={() => void navigate(paths.trading.close(p.id))}
          >
            {t('trading.detail.close')}
          </Button>
        </div>
      )}
      <AddMarginSheet position={p} visible={sheet} onClose={() => setSheet(false)} />
      {open && <StopsSheet key={`${p.id}-${stopsSheet}`} position={p} visible={stopsSheet} onClose={() => setStopsSheet(false)} />}
    </>
  );
}

/** /pages/trade/detail?id= : every field of one order or position, with close and add margin. */
export default function PositionDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id, query, params } = usePagePosition();
  const p = query.data;
  const body = p ? (
    <Detail p={p} />
  ) : (
    <PositionPlaceholder id={id} pending={query.isPending} onRetry={() => void query.refetch()} lines={3} testId="detail-loading" />
  );

  return (
    <Page
      title={p?.stockName ?? params.get('name') ?? t('titles.tradeDetail')}
      className={p?.status === OrderStatus.InProgress ? 'money-page trade-detail-page has-actions' : 'money-page trade-detail-page'}
      right={
        p ? (
          <button
            type="button"
            className="nav-text"
            data-testid="detail-quote"
            onClick={() =>
              void navigate(
                quoteHref({ symbol: p.symbol, name: p.stockName, stock_code: p.stockCode, source: p.source, market: p.market, assetClass: p.assetClass }),
              )
            }
          >
            {t('trading.detail.viewQuote')}
          </button>
        ) : null
      }
    >
      <Refreshable onRefresh={() => query.refetch()}>{body}</Refreshable>
    </Page>
  );
}
