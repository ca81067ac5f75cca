import './trading.css';
import { OrderDirection, OrderStatus, OrderType, type CloseReason, type Position } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
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

/** An open position in the holding list. */
export function PositionRow({ position, onOpen }: { position: Position; onOpen: () => void }) {
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
        {position.largeOrder && <span className="record-tag">{t('trading.largeOrder')}</span>}
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
