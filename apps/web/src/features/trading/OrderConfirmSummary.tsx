import { LARGE_ORDER_SHARES, OrderDirection, OrderType, type Quote, type WalletCode } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { EMPTY_VALUE, formatAmount, formatDateTimeIn, formatInCurrency, formatPrice, formatQuantity } from '../../lib/format';
import { WALLET_LABEL } from '../wallet';
import type { OrderEstimate } from './calc';
import { Line } from './orderParts';

/**
 * What the investor confirms before an order goes out: the order (side, type, quantity, price,
 * leverage against the retail cap), its notional, margin and fee in the instrument's currency, the
 * same in the currency of the trading wallet the order draws from with the total taken from it, and
 * the liquidation price with what it depends on. Figures from the contract's formulas (calc.ts).
 * A day order says when it expires, on the exchange's clock; an instrument with extended hours
 * says whether the order may fill in them.
 */
export function OrderConfirmSummary({
  quote,
  direction,
  type,
  quantity,
  leverage,
  cap,
  estimate,
  walletCode,
  walletCurrency,
  extendedHours,
  expiresAt,
}: {
  quote: Pick<Quote, 'currency' | 'tickSize' | 'timeZone'>;
  direction: OrderDirection;
  type: OrderType;
  quantity: string;
  leverage: number;
  /** The retail leverage cap of the instrument (`leverageCapFor`). */
  cap: number;
  estimate: OrderEstimate | null;
  walletCode: WalletCode;
  walletCurrency: string;
  /** Whether the order asked for extended hours; left out for an instrument without them. */
  extendedHours?: boolean;
  /** A day order's expiry (epoch ms, `dayOrderExpiry`); null for an order that waits until cancelled. */
  expiresAt?: number | null;
}) {
  const { t } = useTranslation();
  const buy = direction === OrderDirection.Buy;
  const limit = type === OrderType.Limit;
  const inQuote = (v: string | null | undefined) => (v ? formatInCurrency(v, quote.currency) : EMPTY_VALUE);
  const inWallet = (v: string | null | undefined) => (v ? formatInCurrency(v, walletCurrency) : EMPTY_VALUE);
  const converted = quote.currency !== walletCurrency;
  const wallet = estimate?.inWallet ?? null;
  return (
    <div className="confirm-lines" data-testid="order-confirm-summary">
      <Line label={t('trading.order.direction')} testId="confirm-direction">
        <span>
          <span className={buy ? 'rise-text' : 'fall-text'}>{buy ? t('trading.buy') : t('trading.sell')}</span> ·{' '}
          {limit ? t('trading.limit') : t('trading.market')}
        </span>
      </Line>
      <Line label={t('trading.quantity')} testId="confirm-quantity">
        {formatQuantity(quantity)}
      </Line>
      <Line label={limit ? t('trading.limitPrice') : t('trading.currentPrice')} testId="confirm-price">
        {estimate ? formatPrice(estimate.price, quote.tickSize) : EMPTY_VALUE}
      </Line>
      {extendedHours !== undefined && (
        <Line label={t('trading.orders.extendedSwitch')} testId="confirm-extended">
          {extendedHours ? t('trading.orders.extendedOn') : t('trading.orders.extendedOff')}
        </Line>
      )}
      {expiresAt != null && (
        <Line label={t('trading.orders.timeInForce')} testId="confirm-expiry">
          {t('trading.orders.expires', { when: formatDateTimeIn(expiresAt, quote.timeZone) })}
        </Line>
      )}
      <Line label={t('trading.order.leverage')} testId="confirm-leverage">
        {t('trading.leverageX', { n: leverage })}
        {leverage > cap && <small className="estimate-sub warn">{t('trading.order.aboveCap', { cap })}</small>}
      </Line>
      <table className="confirm-table">
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">{t('trading.order.estimate')}</span>
            </th>
            <th scope="col">{quote.currency}</th>
            {converted && <th scope="col">{t('trading.order.inWalletTitle', { currency: walletCurrency })}</th>}
          </tr>
        </thead>
        <tbody>
          {(
            [
              ['notional', t('trading.order.notional'), estimate?.notional, wallet?.notional],
              ['margin', t('trading.order.margin'), estimate?.margin, wallet?.margin],
              ['fee', t('trading.order.fee'), estimate?.fee, wallet?.fee],
            ] as const
          ).map(([key, label, own, charged]) => (
            <tr key={key}>
              <th scope="row">{label}</th>
              <td data-testid={`confirm-${key}`}>{inQuote(own)}</td>
              {converted && <td data-testid={`confirm-wallet-${key}`}>{inWallet(charged)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="confirm-wallet" data-testid="confirm-wallet" data-currency={walletCurrency}>
        <Line label={t('trading.order.walletTotal', { wallet: t(WALLET_LABEL[walletCode]) })} testId="confirm-wallet-total" strong>
          {inWallet(wallet?.total)}
        </Line>
        <p className="form-note confirm-note">{t('trading.order.walletTotalNote')}</p>
      </div>
      <Line label={t('trading.order.liquidation')} testId="confirm-liquidation">
        {estimate?.liquidation ? formatPrice(estimate.liquidation, quote.tickSize) : EMPTY_VALUE}
      </Line>
      <p className="form-note confirm-note" data-testid="confirm-liquidation-note">
        {t('trading.order.liquidationNote')}
      </p>
      {estimate?.large && (
        <p className="form-note warn">{t('trading.order.largeOrder', { n: formatAmount(String(LARGE_ORDER_SHARES), { decimals: 0, grouping: true }) })}</p>
      )}
    </div>
  );
}
