import {
  compareDecimal,
  isMultipleOf,
  KycStatus,
  walletCurrency as currencyOf,
  walletFor,
  zPrice,
  zQuantity,
  type InstrumentKind,
  type Quote,
} from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { msg } from '../../i18n/messages';
import { formatChange, formatNumber, formatPercent, formatPrice, formatQuantity, riseFallColor } from '../../lib/format';
import { queryClient } from '../../lib/queryClient';
import { DecimalField, type DecimalFieldProps } from '../../ui/OrderFields';
import { balancesQuery } from '../wallet';
import { tradingKeys } from './keys';

// Pieces of the order forms (the trading form and the auction's sheet): a figure line, the
// instrument's head and its bid and ask, the identity prompt, the quantity field, the submit bar;
// the wallet an order is paid from, the checks of its price and quantity, and the confirmed
// sending. What the block desk shares with them too is in ui/OrderFields and ui/useLeverageChoice.

export function Line({ label, children, testId, strong }: { label: string; children: ReactNode; testId?: string; strong?: boolean }) {
  return (
    <div className={strong ? 'estimate-line strong' : 'estimate-line'}>
      <span>{label}</span>
      <span data-testid={testId}>{children}</span>
    </div>
  );
}

export function InstrumentHead({ quote }: { quote: Quote }) {
  const color = riseFallColor(quote.change);
  return (
    <section className="order-head" data-testid="order-head">
      <div className="order-head-row">
        <div>
          <div className="order-name" data-testid="order-name">
            {quote.name}
          </div>
          <div className="order-code">
            {quote.stock_code} · {quote.marketType} · {quote.currency}
          </div>
        </div>
        <div className="order-last">
          <span key={quote.price_nominal} className="flash" style={{ color }} data-testid="order-last" data-price={quote.price_nominal}>
            {formatPrice(quote.price_nominal, quote.tickSize)}
          </span>
          <small style={{ color }}>
            {formatChange(quote.change, quote.tickSize)} {formatPercent(quote.change_ratio)}
          </small>
        </div>
      </div>
      <OrderBook quote={quote} />
    </section>
  );
}

/** The best bid and ask: a sell fills at the one, a buy at the other. */
export function OrderBook({ quote }: { quote: Pick<Quote, 'bid' | 'ask' | 'tickSize'> }) {
  const { t } = useTranslation();
  return (
    <div className="order-book">
      <div className="order-bid">
        <span>{t('trading.order.bid')}</span>
        <strong data-testid="order-bid">{formatPrice(quote.bid, quote.tickSize)}</strong>
      </div>
      <div className="order-ask">
        <span>{t('trading.order.ask')}</span>
        <strong data-testid="order-ask">{formatPrice(quote.ask, quote.tickSize)}</strong>
      </div>
    </div>
  );
}

/** Orders wait for a verified identity: what stands in the way, and (`action`) the way to it while it is not under review. */
export function KycPrompt({ status, testId, action }: { status: KycStatus | undefined; testId: string; action?: ReactNode }) {
  const { t } = useTranslation();
  const underReview = status === KycStatus.UnderReview;
  return (
    <section className="kyc-prompt" data-testid={testId}>
      <div>
        <strong>{t('trading.order.kycTitle')}</strong>
        <p>{underReview ? t('trading.order.kycReview') : t('trading.order.kycBody')}</p>
      </div>
      {!underReview && action}
    </section>
  );
}

/** The quantity of an order: in the instrument's lots, at least its minimum (the placeholder). */
export function QuantityField({
  idPrefix,
  rules,
  ...field
}: Omit<DecimalFieldProps, 'id' | 'testId' | 'label' | 'placeholder' | 'hint'> & { idPrefix: string; rules: { minQuantity: string; lotSize: string } }) {
  const { t } = useTranslation();
  return (
    <DecimalField
      {...field}
      id={`${idPrefix}-quantity`}
      testId={`${idPrefix}-quantity`}
      label={t('trading.order.quantity')}
      placeholder={formatQuantity(rules.minQuantity)}
      hint={t('trading.order.lotHint', { lot: formatQuantity(rules.lotSize), min: formatQuantity(rules.minQuantity) })}
    />
  );
}

export function SubmitBar({
  buy,
  pending,
  disabled,
  testId,
  children,
}: {
  buy: boolean;
  pending: boolean;
  disabled: boolean;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="order-bar">
      <Button
        block
        type="submit"
        size="large"
        shape="rounded"
        className={buy ? 'order-submit buy' : 'order-submit sell'}
        loading={pending}
        disabled={disabled}
        data-testid={testId}
      >
        {children}
      </Button>
    </div>
  );
}

/** The investor's wallet an instrument trades from, and its currency (known before the balances are). */
export function useOrderWallet(instrument: InstrumentKind) {
  const walletCode = walletFor(instrument);
  const balances = useQuery(balancesQuery());
  const wallet = balances.data?.find((w) => w.code === walletCode);
  return { walletCode, wallet, walletCurrency: wallet?.currency ?? currencyOf(walletCode) };
}

/** Under the price and the quantity fields: message keys or sentences, as `msg` shows them. */
export type OrderErrors = {
  price?: string | undefined;
  quantity?: string | undefined;
  stopLoss?: string | undefined;
  takeProfit?: string | undefined;
  trailingDistance?: string | undefined;
};

/**
 * What is wrong with an order's quantity and, for a limit order (a `price`), its price against the
 * instrument's lot, minimum and tick; nothing when the order may be sent.
 */
export function orderProblems(
  { quantity, price }: { quantity: string; price: string | null },
  rules: { minQuantity: string; lotSize: string; tickSize: string },
): OrderErrors {
  const problems: OrderErrors = {};
  const q = zQuantity.safeParse(quantity);
  if (!q.success) problems.quantity = q.error.issues[0]?.message ?? 'v.addQuantity';
  else if (compareDecimal(q.data, rules.minQuantity) === -1 || !isMultipleOf(q.data, rules.lotSize))
    problems.quantity = msg('e.quantityLot', { lot: formatQuantity(rules.lotSize), min: formatQuantity(rules.minQuantity) });
  if (price !== null) {
    const p = zPrice.safeParse(price);
    if (!p.success) problems.price = p.error.issues[0]?.message ?? 'v.enterCorrectAmount';
    else if (!isMultipleOf(p.data, rules.tickSize)) problems.price = msg('e.priceTick', { tick: formatNumber(rules.tickSize) });
  }
  return problems;
}

/**
 * An order sent once the investor confirms it, under one idempotency key per intent: a retry after
 * a lost answer is applied once. A refusal naming the price or the quantity goes under them; one
 * for an unacknowledged leverage risk means the acknowledgement held here is stale, so it is asked
 * for afresh.
 */
export function useConfirmedOrder(setErrors: (errors: OrderErrors) => void) {
  const { t } = useTranslation();
  const intent = useIntentKey();
  const [pending, setPending] = useState(false);

  const place = async <R,>({
    input,
    confirm,
    send,
    onPlaced,
  }: {
    input: object;
    confirm: { title: string; bodyClassName?: string; content: ReactNode; confirmText: ReactNode };
    send: (idempotencyKey: string) => Promise<R>;
    onPlaced: (result: R) => void;
  }) => {
    const ok = await Dialog.confirm({ ...confirm, className: 'wide-dialog', cancelText: t('common.cancel') });
    if (!ok) return;
    const key = intent.take(JSON.stringify(input));
    setPending(true);
    try {
      const result = await send(key);
      intent.settle();
      onPlaced(result);
    } catch (err) {
      intent.settle(err);
      if (err instanceof ApiError && err.fields) {
        const f = err.fields;
        setErrors({ price: f.price, quantity: f.quantity, stopLoss: f.stopLoss, takeProfit: f.takeProfit, trailingDistance: f.trailingDistance });
      }
      if (err instanceof ApiError && err.key === 'e.leverageRiskUnacknowledged') void queryClient.invalidateQueries({ queryKey: tradingKeys.leverageRisk() });
    } finally {
      setPending(false);
    }
  };

  return { pending, place };
}
