import './trading.css';
import { OrderDirection, OrderStatus, OrderType, type CloseReason, type MarginWarning, type Position, type PositionDetail } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { getUiLanguage } from '../../i18n/locale';
import { formatAmount, formatDateTime, formatInCurrency, formatPercent, formatQuantity, riseFallColor } from '../../lib/format';

// Pieces shared by the trade tab, the detail and the order pages, and the screens that list positions
// with them (follow, robots): their styles come with them.

/** A price of a position at a sensible precision (positions carry no tick size). */
export function positionPrice(value: string | null | undefined): string {
  if (value === null || value === undefined) return '--';
  const frac = String(value).split('.')[1]?.replace(/0+$/, '') ?? '';
  return formatAmount(value, { decimals: Math.min(8, Math.max(2, frac.length)), grouping: true });
}

export function DirectionTag({ direction, leverage }: { direction: OrderDirection; leverage?: number }) {
  const { t } = useTranslation();
  const buy = direction === OrderDirection.Buy;
  return (
    <span className={buy ? 'dir-tag buy' : 'dir-tag sell'} data-direction={direction}>
      {buy ? t('trading.long') : t('trading.short')}
      {leverage !== undefined && ` · ${t('trading.leverageX', { n: leverage })}`}
    </span>
  );
}

const STATUS_LABEL = {
  [OrderStatus.WaitingConfirmation]: ['trading.status.waiting', 'progress'],
  [OrderStatus.InProgress]: ['trading.status.open', 'done'],
  [OrderStatus.ToBeSettled]: ['trading.status.toSettle', 'progress'],
  [OrderStatus.Settled]: ['trading.status.settled', 'muted'],
  [OrderStatus.Cancelled]: ['trading.status.cancelled', 'muted'],
} as const;

export function OrderStatusTag({ status, testId }: { status: OrderStatus; testId?: string }) {
  const { t } = useTranslation();
  const [label, tone] = STATUS_LABEL[status];
  return (
    <span className={`status-badge tone-${tone}`} data-testid={testId} data-status={status}>
      {t(label)}
    </span>
  );
}

/** Who or what closed a position, in words: its owner, liquidation; a copy its agency, the copy stop-loss or the end of its follow. */
export const CLOSE_REASON_LABEL = {
  user: 'trading.detail.reasonUser',
  liquidation: 'trading.detail.reasonLiquidation',
  agency: 'trading.detail.reasonAgency',
  copyStop: 'trading.detail.reasonCopyStop',
  unfollow: 'trading.detail.reasonUnfollow',
  robot: 'trading.detail.reasonRobot',
  robotRedeem: 'trading.detail.reasonRobotRedeem',
  pool: 'trading.detail.reasonPool',
  stopLoss: 'trading.detail.reasonStopLoss',
  takeProfit: 'trading.detail.reasonTakeProfit',
  trailingStop: 'trading.detail.reasonTrailingStop',
} as const satisfies Record<CloseReason, string>;

export function CloseReasonText({ reason, testId }: { reason: CloseReason; testId?: string }) {
  const { t } = useTranslation();
  const text = t(CLOSE_REASON_LABEL[reason]);
  return reason === 'liquidation' ? (
    <span className="status-badge tone-failed" data-testid={testId} data-reason={reason}>
      {text}
    </span>
  ) : (
    <span data-testid={testId} data-reason={reason}>
      {text}
    </span>
  );
}

export function TypeLabel({ type }: { type: OrderType }) {
  const { t } = useTranslation();
  return <>{type === OrderType.Limit ? t('trading.limit') : t('trading.market')}</>;
}

/** A signed amount of the wallet's currency in rise/fall colour. */
export function Profit({ value, currency, testId, big }: { value: string | null | undefined; currency: string; testId?: string; big?: boolean }) {
  const text = formatInCurrency(value, currency);
  const signed = value && !text.startsWith('-') && /[1-9]/.test(value) ? `+${text}` : text;
  return (
    <span className={big ? 'profit big' : 'profit'} style={{ color: riseFallColor(value) }} data-testid={testId} data-value={value ?? ''}>
      {signed}
    </span>
  );
}

export function Zdf({ value }: { value: string | null | undefined }) {
  return <span style={{ color: riseFallColor(value) }}>{formatPercent(value)}</span>;
}

/** A position's stops as short tags: stop-loss, take-profit, trailing stop (where it stands now). */
export function StopBadges({ position, testId }: { position: Position; testId: string }) {
  const { t } = useTranslation();
  const stops = position.stops;
  if (!stops || (!stops.stopLoss && !stops.takeProfit && !stops.trailing)) return null;
  return (
    <span className="stop-badges" data-testid={testId}>
      {stops.stopLoss && (
        <span className="record-tag" data-testid={`${testId}-sl`} data-price={stops.stopLoss}>
          {t('trading.orders.badgeStopLoss', { price: positionPrice(stops.stopLoss) })}
        </span>
      )}
      {stops.takeProfit && (
        <span className="record-tag" data-testid={`${testId}-tp`} data-price={stops.takeProfit}>
          {t('trading.orders.badgeTakeProfit', { price: positionPrice(stops.takeProfit) })}
        </span>
      )}
      {stops.trailing && (
        <span className="record-tag" data-testid={`${testId}-trailing`} data-price={stops.trailing.stop ?? ''}>
          {t('trading.orders.badgeTrailing', { price: stops.trailing.stop ? positionPrice(stops.trailing.stop) : trailingDistance(stops.trailing) })}
        </span>
      )}
    </span>
  );
}

/** A trailing stop's distance as the investor set it: a price, or a percent. */
export function trailingDistance(trailing: { kind: 'price' | 'percent'; distance: string }): string {
  return trailing.kind === 'percent' ? formatPercent(trailing.distance) : positionPrice(trailing.distance);
}

/** A tick's time to the millisecond on the reader's clock: when a fill's quote was taken. */
export function formatTickTime(ts: number): string {
  return new Intl.DateTimeFormat(getUiLanguage(), {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hourCycle: 'h23',
  }).format(ts);
}

type HistoryEvent = PositionDetail['history'][number];
/** Events that open a position; every other explained event closes one. */
const OPENING = new Set<HistoryEvent['event']>(['filled']);

/**
 * Why a fill or a close was at its price: the side of the tick it took (a buy fills at the ask and a
 * long closes at the bid; a sell and a short the other way), the tick's time, the spread and the fee.
 */
export function FillExplanation({ event, direction, walletCurrency }: { event: HistoryEvent; direction: OrderDirection; walletCurrency: string }) {
  const { t } = useTranslation();
  const fill = event.fill;
  if (!fill) return null;
  const opening = OPENING.has(event.event);
  const ask = opening === (direction === OrderDirection.Buy);
  const values = {
    event: t(opening ? 'trading.orders.fillAt.filled' : 'trading.orders.fillAt.closed'),
    price: positionPrice(event.price),
    side: t(ask ? 'trading.orders.ask' : 'trading.orders.bid'),
    quote: positionPrice(ask ? fill.ask : fill.bid),
    time: formatTickTime(fill.quoteTimestamp),
    spread: positionPrice(fill.spread),
    fee: fill.fee === null ? '' : formatInCurrency(fill.fee, walletCurrency),
  };
  return (
    <span
      className="fill-explained"
      data-testid="fill-explained"
      data-bid={fill.bid}
      data-ask={fill.ask}
      data-time={fill.quoteTimestamp}
      data-fee={fill.fee ?? ''}
    >
      {t(fill.fee === null ? 'trading.orders.fillLineNoFee' : 'trading.orders.fillLine', values)}
    </span>
  );
}

/** A position whose equity is at a level of the margin warning ladder: how far down it is. */
export function MarginWarningTag({ warning }: { warning: MarginWarning }) {
  const { t } = useTranslation();
  return (
    <span
      className={warning.level === '0.65' ? 'record-tag margin-warning deep' : 'record-tag margin-warning'}
      data-testid="position-margin-warning"
      data-level={warning.level}
    >
      {t('trading.marginWarningTag', { ratio: formatAmount(warning.ratio) })}
    </span>
  );
}

/** An open position in the holding list. */
export function PositionRow({ position, warning, onOpen }: { position: Position; warning?: MarginWarning | undefined; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="position-row" data-testid="position-row" data-id={position.id} data-symbol={position.symbol} onClick={onOpen}>
      <div className="position-head">
        <div className="position-name">
          <strong>{position.stockName}</strong>
          <span className="position-code">{position.stockCode}</span>
        </div>
        <DirectionTag direction={position.direction} leverage={position.leverage} />
      </div>
      <div className="position-grid">
        <div>
          <span>{t('trading.quantity')}</span>
          <strong>{formatQuantity(position.quantity)}</strong>
        </div>
        <div>
          <span>{t('trading.openPrice')}</span>
          <strong>{positionPrice(position.openPrice ?? position.price)}</strong>
        </div>
        <div>
          <span>{t('trading.currentPrice')}</span>
          <strong data-testid="position-current">{positionPrice(position.currentPrice)}</strong>
        </div>
        <div>
          <span>{t('trading.margin')}</span>
          <strong>{formatInCurrency(position.margin, position.walletCurrency)}</strong>
        </div>
        <div className="wide">
          <span>{t('trading.profit')}</span>
          <strong>
            <Profit value={position.profit} currency={position.walletCurrency} testId="position-profit" /> <Zdf value={position.zdf} />
          </strong>
        </div>
      </div>
      <div className="position-foot">
        <span>{t('trading.openedAt', { time: formatDateTime(position.marketDateTimestamp ?? position.createTimeTimestamp) })}</span>
        {position.liquidationPrice && (
          <span>
            {t('trading.liquidation')} {positionPrice(position.liquidationPrice)}
          </span>
        )}
        {warning && <MarginWarningTag warning={warning} />}
        {position.largeOrder && <span className="record-tag">{t('trading.largeOrder')}</span>}
        <StopBadges position={position} testId="position-stops" />
        {position.followId !== null && (
          <span className="record-tag strong" data-testid="position-copy">
            {t('trading.copy')}
          </span>
        )}
        {position.robotOrderId !== null && (
          <span className="record-tag strong" data-testid="position-robot" data-robot-order={position.robotOrderId}>
            {t('robots.positionNote.tag')}
          </span>
        )}
      </div>
    </button>
  );
}
