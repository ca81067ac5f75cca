import '../../ui/money.css';
import './trading.css';
import {
  compareDecimal,
  decimalInput,
  isMultipleOf,
  KycStatus,
  LARGE_ORDER_SHARES,
  leverageCapFor,
  orderCallFor,
  OrderDirection,
  OrderStatus,
  OrderType,
  plainDecimal,
  type Quote,
  WalletCode,
  walletCurrency as currencyOf,
  walletFor,
  zPrice,
  zQuantity,
} from '@tradeapp/contract';
import { Button, Dialog } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { useUserInfo } from '../../api/user';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { queryClient } from '../../lib/queryClient';
import { formatAmount, formatNumber, formatPrice, formatQuantity, priceDecimals } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { showToast } from '../../ui/toast';
import { TradingNote } from '../market';
import { balancesQuery, exchangeRateQuery, rateBetween } from '../wallet';
import {
  acknowledgeLeverageRisk,
  createOrder,
  halfOrFull,
  leverageRiskQuery,
  minCountQuery,
  refreshTrading,
  tradingRulesQuery,
  type MinCount,
  type OrderInput,
  type TradingRule,
} from './api';
import { estimateOrder } from './calc';
import { tradingKeys } from './keys';
import { LeverageRiskDialog } from './LeverageRiskDialog';
import { OrderConfirmSummary } from './OrderConfirmSummary';
import { OrderEstimateSection } from './OrderEstimateSection';
import { Toggle } from './orderParts';

/** Where the form is shown: its own page (the order routes) or the bottom sheet over the quote. */
export type OrderFormPlace = 'page' | 'sheet';

interface FormProps {
  quote: Quote;
  limits: MinCount;
  tradingRule: TradingRule | undefined;
  initialDirection: OrderDirection;
  /** A link may open the form on a limit order (the quote page does while the market is closed). */
  initialLimit: boolean;
  place: OrderFormPlace;
}

/**
 * The order form: side, type, price, quantity and leverage, the estimate, and the steps of placing:
 * the risk acknowledgement when the leverage is above the instrument's retail cap and the investor
 * has not acknowledged it yet, then the confirmation, then the order.
 */
function OrderForm({ quote, limits, tradingRule, initialDirection, initialLimit, place }: FormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const intent = useIntentKey();
  const [direction, setDirection] = useState<OrderDirection>(initialDirection);
  // While the market is closed only a limit order can be placed (decision 0015): the form opens on one.
  const [type, setType] = useState<OrderType>(initialLimit || !quote.tradable ? OrderType.Limit : OrderType.Market);
  const [price, setPrice] = useState(initialLimit || !quote.tradable ? quote.price_nominal : '');
  const [quantity, setQuantity] = useState('');
  const [leverage, setLeverage] = useState<number>(limits.leverages[0] ?? 1);
  const [errors, setErrors] = useState<{ price?: string; quantity?: string }>({});
  const [sizing, setSizing] = useState<'half' | 'full' | null>(null);
  const [pending, setPending] = useState(false);
  /** The validated order waiting for the risk acknowledgement. */
  const [awaitingRisk, setAwaitingRisk] = useState<OrderInput | null>(null);
  const [acknowledging, setAcknowledging] = useState(false);

  const walletCode = walletFor(quote);
  const balances = useQuery(balancesQuery());
  const wallet = balances.data?.find((w) => w.code === walletCode);
  const walletCurrency = wallet?.currency ?? currencyOf(walletCode);
  const needsRate = quote.currency !== walletCurrency && !(['USD', 'USDT'].includes(quote.currency) && walletCurrency === 'USD');
  const eurUsd = useQuery(exchangeRateQuery(needsRate));
  const exchangeRate = rateBetween(quote.currency, walletCurrency, eurUsd.data?.price_nominal);

  const kyc = user.data?.kycStatus;
  const verified = kyc === KycStatus.Verified;
  const risk = useQuery(leverageRiskQuery(Boolean(user.data)));
  const acknowledged = risk.data?.acknowledged ?? false;
  const cap = leverageCapFor(quote);
  const capped = limits.leverages.some((n) => n > cap);
  const withinCap = Math.max(1, ...limits.leverages.filter((n) => n <= cap));
  const orderCall = orderCallFor(quote);
  const decimals = priceDecimals(quote.tickSize);
  const estimate = estimateOrder({ quote, direction, type, limitPrice: price, quantity, leverage, rule: tradingRule, rate: exchangeRate, priceDecimals: decimals });
  const large = estimate?.large ?? false;
  const marketClosed = !quote.tradable;
  const refused = marketClosed && type === OrderType.Market;
  const buy = direction === OrderDirection.Buy;

  const size = async (which: 'half' | 'full') => {
    setSizing(which);
    try {
      const input = { stockCode: quote.symbol, direction, leverage, ...(type === OrderType.Limit && zPrice.safeParse(price).success ? { price } : {}) };
      const result = await halfOrFull(input);
      setQuantity(plainDecimal(result[which]));
      setErrors((e) => ({ ...e, quantity: undefined }));
    } catch {
      // the client toasts the failure
    } finally {
      setSizing(null);
    }
  };

  const validate = (): OrderInput | null => {
    const next: { price?: string; quantity?: string } = {};
    const q = zQuantity.safeParse(quantity);
    if (!q.success) next.quantity = q.error.issues[0]?.message ?? 'v.addQuantity';
    else if (compareDecimal(q.data, limits.minQuantity) === -1 || !isMultipleOf(q.data, limits.lotSize))
      next.quantity = msg('e.quantityLot', { lot: formatQuantity(limits.lotSize), min: formatQuantity(limits.minQuantity) });
    if (type === OrderType.Limit) {
      const p = zPrice.safeParse(price);
      if (!p.success) next.price = p.error.issues[0]?.message ?? 'v.enterCorrectAmount';
      else if (!isMultipleOf(p.data, limits.tickSize)) next.price = msg('e.priceTick', { tick: formatNumber(limits.tickSize) });
    }
    setErrors(next);
    if (next.price || next.quantity) return null;
    const input: OrderInput = {
      stockCode: quote.symbol,
      stockName: quote.name,
      direction,
      source: quote.source,
      type,
      quantity,
      leverage,
      ...(type === OrderType.Limit ? { price } : {}),
    };
    if (orderCall === 'orderGold') Object.assign(input, { goldCode: quote.symbol, goldName: quote.name });
    return input;
  };

  /** The confirmation, then the order. */
  const confirmAndPlace = async (input: OrderInput) => {
    if (!orderCall) return;
    const ok = await Dialog.confirm({
      title: t('trading.order.confirmTitle'),
      className: 'wide-dialog',
      bodyClassName: 'order-confirm-dialog',
      content: (
        <OrderConfirmSummary
          quote={quote}
          direction={direction}
          type={type}
          quantity={quantity}
          leverage={leverage}
          cap={cap}
          estimate={estimate}
          walletCode={walletCode}
          walletCurrency={walletCurrency}
        />
      ),
      confirmText: <span data-testid="order-confirm">{t('trading.order.confirmYes')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const key = intent.take(JSON.stringify(input));
    setPending(true);
    try {
      const result = await createOrder(orderCall, input, key);
      intent.settle();
      const filled = result.status === OrderStatus.InProgress;
      showToast(filled ? t('trading.order.filled') : t('trading.order.placed', { price: formatPrice(result.price, quote.tickSize) }), 'success');
      void refreshTrading();
      // From the sheet, the positions take the sheet's place in the history: Back returns to the quote.
      void navigate(paths.trading.index(filled ? 'holding' : 'entrusted'), { replace: place === 'sheet' });
    } catch (err) {
      intent.settle(err);
      if (err instanceof ApiError && err.fields) setErrors({ price: err.fields.price, quantity: err.fields.quantity });
      if (err instanceof ApiError && err.key === 'e.leverageRiskUnacknowledged') void queryClient.invalidateQueries({ queryKey: tradingKeys.leverageRisk() });
    } finally {
      setPending(false);
    }
  };

  const submit = async () => {
    if (!orderCall || refused) return;
    if (!verified) {
      void navigate(paths.kyc());
      return;
    }
    const input = validate();
    if (!input) return;
    // Above the retail cap the risk is acknowledged first, once.
    if (leverage > cap && !acknowledged) {
      setAwaitingRisk(input);
      return;
    }
    await confirmAndPlace(input);
  };

  const acknowledge = async () => {
    const input = awaitingRisk;
    setAcknowledging(true);
    try {
      await acknowledgeLeverageRisk();
    } catch {
      // the client toasts the failure; the warning stays up
      return;
    } finally {
      setAcknowledging(false);
    }
    setAwaitingRisk(null);
    if (input) await confirmAndPlace(input);
  };

  if (!orderCall) return <TradingNote quote={quote} testId="order-trading-note" />;

  return (
    <>
      <form
        className={place === 'sheet' ? 'form-page order-form in-sheet' : 'form-page order-form'}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {!verified && user.data && (
          <section className="kyc-prompt" data-testid="order-kyc">
            <div>
              <strong>{t('trading.order.kycTitle')}</strong>
              <p>{kyc === KycStatus.UnderReview ? t('trading.order.kycReview') : t('trading.order.kycBody')}</p>
            </div>
            {kyc !== KycStatus.UnderReview && (
              <Button size="small" shape="rounded" color="primary" data-testid="order-kyc-verify" onClick={() => void navigate(paths.kyc())}>
                {t('trading.order.kycAction')}
              </Button>
            )}
          </section>
        )}

        {marketClosed && <TradingNote quote={quote} testId="order-trading-note" />}

        <section className="form-section">
          <Toggle
            value={direction}
            testPrefix="order-direction"
            onChange={(v) => setDirection(v)}
            options={[
              { value: OrderDirection.Buy, key: 'buy', label: t('trading.buy'), tone: 'buy' },
              { value: OrderDirection.Sell, key: 'sell', label: t('trading.sell'), tone: 'sell' },
            ]}
          />
          <div className="field">
            <div className="field-label">{t('trading.order.type')}</div>
            <Toggle
              value={type}
              testPrefix="order-type"
              onChange={(v) => {
                setType(v);
                if (v === OrderType.Limit && !price) setPrice(quote.price_nominal);
                setErrors((e) => ({ ...e, price: undefined }));
              }}
              options={[
                { value: OrderType.Market, key: 'market', label: t('trading.market') },
                { value: OrderType.Limit, key: 'limit', label: t('trading.limit') },
              ]}
            />
            {refused && (
              <div className="field-hint warn" data-testid="order-market-closed">
                {t('marketHours.marketRefused')}
              </div>
            )}
          </div>

          {type === OrderType.Limit && (
            <div className={errors.price ? 'field has-error' : 'field'}>
              <label className="field-label" htmlFor="order-price">
                {t('trading.order.price', { currency: quote.currency })}
              </label>
              <div className="field-control">
                <input
                  id="order-price"
                  inputMode="decimal"
                  autoComplete="off"
                  data-testid="order-price"
                  value={price}
                  onChange={(event) => {
                    setPrice(decimalInput(event.target.value));
                    setErrors((e) => ({ ...e, price: undefined }));
                  }}
                />
              </div>
              {errors.price ? (
                <div className="field-error" role="alert" data-testid="order-price-error">
                  {msg(errors.price)}
                </div>
              ) : (
                <div className="field-hint">{t('trading.order.tickHint', { tick: formatNumber(limits.tickSize), price: formatPrice(quote.price_nominal, quote.tickSize) })}</div>
              )}
            </div>
          )}

          <div className={errors.quantity ? 'field has-error' : 'field'}>
            <label className="field-label" htmlFor="order-quantity">
              {t('trading.order.quantity')}
            </label>
            <div className="field-control">
              <input
                id="order-quantity"
                inputMode="decimal"
                autoComplete="off"
                placeholder={formatQuantity(limits.minQuantity)}
                data-testid="order-quantity"
                value={quantity}
                onChange={(event) => {
                  setQuantity(decimalInput(event.target.value));
                  setErrors((e) => ({ ...e, quantity: undefined }));
                }}
              />
              <button type="button" className="code-button" data-testid="order-half" disabled={sizing !== null} onClick={() => void size('half')}>
                {t('trading.order.half')}
              </button>
              <button type="button" className="code-button" data-testid="order-full" disabled={sizing !== null} onClick={() => void size('full')}>
                {t('trading.order.full')}
              </button>
            </div>
            {errors.quantity ? (
              <div className="field-error" role="alert" data-testid="order-quantity-error">
                {msg(errors.quantity)}
              </div>
            ) : (
              <div className="field-hint" data-testid="order-lot-hint">
                {t('trading.order.lotHint', { lot: formatQuantity(limits.lotSize), min: formatQuantity(limits.minQuantity) })}
              </div>
            )}
            {large && (
              <div className="large-order-note" data-testid="order-large">
                {t('trading.order.largeOrder', { n: formatAmount(String(LARGE_ORDER_SHARES), { decimals: 0, grouping: true }) })}
              </div>
            )}
          </div>

          <div className="field">
            <div className="field-label" id="order-leverage-label">
              {t('trading.order.leverage')}
            </div>
            <div className="chip-row tight" role="radiogroup" aria-labelledby="order-leverage-label" aria-describedby={capped ? 'order-leverage-cap' : undefined}>
              {limits.leverages.map((n) => (
                <button
                  key={n}
                  type="button"
                  role="radio"
                  aria-checked={leverage === n}
                  className={`chip${leverage === n ? ' active' : ''}${n > cap ? ' above-cap' : ''}`}
                  data-testid={`order-leverage-${n}`}
                  onClick={() => setLeverage(n)}
                >
                  {t('trading.leverageX', { n })}
                </button>
              ))}
            </div>
            {capped && (
              <div className={leverage > cap && !acknowledged ? 'field-hint warn' : 'field-hint'} id="order-leverage-cap" data-testid="order-leverage-cap" data-cap={cap}>
                {acknowledged ? t('trading.order.capHintAcknowledged', { cap }) : t('trading.order.capHint', { cap })}
              </div>
            )}
          </div>
        </section>

        <OrderEstimateSection
          estimate={estimate}
          quote={quote}
          walletCode={walletCode}
          walletCurrency={walletCurrency}
          balance={wallet?.balance}
          needsRate={needsRate}
          onTransfer={() => void navigate(paths.wallet.transfer({ from: WalletCode.Funding, to: walletCode }))}
        />

        <div className="order-bar">
          <Button block type="submit" size="large" shape="rounded" className={buy ? 'order-submit buy' : 'order-submit sell'} loading={pending} disabled={!user.data || !verified || refused} data-testid="order-submit">
            {buy ? t('trading.order.submitBuy', { name: quote.name }) : t('trading.order.submitSell', { name: quote.name })}
          </Button>
        </div>
      </form>

      <LeverageRiskDialog
        visible={awaitingRisk !== null}
        name={quote.name}
        leverage={leverage}
        cap={cap}
        lower={withinCap}
        maintenanceRatio={tradingRule?.maintenanceRatio ?? '0.5'}
        pending={acknowledging}
        onAcknowledge={() => void acknowledge()}
        onLower={() => {
          setLeverage(withinCap);
          setAwaitingRisk(null);
        }}
        onCancel={() => setAwaitingRisk(null)}
      />
    </>
  );
}

/**
 * The order form of an instrument with what it needs loaded (its limits and trading rule): the
 * order routes' page and the quote page's bottom sheet both show this.
 */
export function OrderTicket({
  quote,
  initialDirection,
  initialLimit,
  place,
}: {
  quote: Quote;
  initialDirection: OrderDirection;
  initialLimit: boolean;
  place: OrderFormPlace;
}) {
  const { t } = useTranslation();
  // Indices and bonds have no order call: their limits are never asked for (the server has none).
  const orderCall = orderCallFor(quote);
  const limits = useQuery(minCountQuery(orderCall ? quote.symbol : undefined));
  const tradingRules = useQuery(tradingRulesQuery(quote.symbol));
  const tradingRule = tradingRules.data?.find((r) => r.assetClass === quote.assetClass) ?? tradingRules.data?.[0];

  if (!orderCall) return <TradingNote quote={quote} testId="order-trading-note" />;
  if (limits.isPending)
    return (
      <div className="card card-pad" aria-busy="true" data-testid="order-loading">
        <span className="sk sk-line" />
        <span className="sk sk-short" />
        <span className="sk sk-line" />
      </div>
    );
  if (!limits.data)
    return (
      <EmptyState kind="notFound" title={t('quote.notFound')} body={t('quote.notFoundBody')}>
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void limits.refetch()}>
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  return <OrderForm key={quote.symbol} quote={quote} limits={limits.data} tradingRule={tradingRule} initialDirection={initialDirection} initialLimit={initialLimit} place={place} />;
}
