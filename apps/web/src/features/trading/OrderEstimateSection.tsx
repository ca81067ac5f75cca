import { compareDecimal, type Quote, type WalletCode } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { EMPTY_VALUE, formatInCurrency, formatPrice } from '../../lib/format';
import { WALLET_LABEL } from '../wallet';
import type { OrderEstimate } from './calc';
import { Line } from './orderParts';

/**
 * The order page's estimate: notional, margin, fee (also as the trading wallet is charged when its
 * currency differs), liquidation price with what it depends on, and what the wallet has. The figures come from the
 * contract's formulas, the ones the server books with; this only lays them out.
 */
export function OrderEstimateSection({
  estimate,
  quote,
  walletCode,
  walletCurrency,
  balance,
  needsRate,
  onTransfer,
}: {
  estimate: OrderEstimate | null;
  quote: Pick<Quote, 'currency' | 'tickSize'>;
  walletCode: WalletCode;
  walletCurrency: string;
  /** The trading wallet's available balance; undefined while it loads. */
  balance: string | undefined;
  needsRate: boolean;
  onTransfer: () => void;
}) {
  const { t } = useTranslation();
  const short = Boolean(balance !== undefined && estimate?.inWallet && compareDecimal(estimate.inWallet.total, balance) === 1);
  const inQuote = (v: string | null | undefined) => (v ? formatInCurrency(v, quote.currency) : EMPTY_VALUE);
  const inWallet = (v: string | null | undefined) =>
    v && needsRate ? <small className="estimate-sub">{t('trading.order.inWallet', { amount: formatInCurrency(v, walletCurrency) })}</small> : null;
  return (
    <section className="form-section estimate" data-testid="order-estimate">
      <div className="form-section-title">{t('trading.order.estimate')}</div>
      <Line label={t('trading.order.notional')} testId="order-notional">
        {inQuote(estimate?.notional)}
      </Line>
      <Line label={t('trading.order.margin')} testId="order-margin">
        {inQuote(estimate?.margin)}
        {inWallet(estimate?.inWallet?.margin)}
      </Line>
      <Line label={t('trading.order.fee')} testId="order-fee">
        {inQuote(estimate?.fee)}
        {inWallet(estimate?.inWallet?.fee)}
      </Line>
      <Line label={t('trading.order.liquidation')} testId="order-liquidation">
        {estimate?.liquidation ? formatPrice(estimate.liquidation, quote.tickSize) : EMPTY_VALUE}
      </Line>
      <p className="form-note" data-testid="order-liquidation-note">
        {t('trading.order.liquidationNote')}
      </p>
      <div className={short ? 'estimate-line available short' : 'estimate-line available'}>
        <span>
          {t('trading.order.available')} · {t(WALLET_LABEL[walletCode])}
        </span>
        <span className="available-figures">
          <strong data-testid="order-available">{balance !== undefined ? formatInCurrency(balance, walletCurrency) : EMPTY_VALUE}</strong>
          <button type="button" className="link" data-testid="order-transfer" onClick={onTransfer}>
            {t('trading.order.transfer')}
          </button>
        </span>
      </div>
      {short && (
        <div className="field-error" role="alert" data-testid="order-short">
          {t('trading.order.short', { wallet: t(WALLET_LABEL[walletCode]) })}
        </div>
      )}
      <p className="form-note">{t('trading.order.estimateNote')}</p>
    </section>
  );
}
