import '../../ui/money.css';
import './trading.css';
import {
  dayOrderExpiry,
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
  zPrice,
} from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { useUserInfo } from '../../api/user';
import { paths } from '../../app/paths';
import { formatAmount, formatNumber, formatPrice, priceDecimals } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { DecimalField, DirectionToggle, LeverageChips, Toggle } from '../../ui/OrderFields';
import { showToast } from '../../ui/toast';
import { useLeverageChoice } from '../../ui/useLeverageChoice';
import { TradingNote } from '../market';
import { useRateBetween } from '../wallet';
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
import { LeverageRiskDialog } from './LeverageRiskDialog';
import { OrderConfirmSummary } from './OrderConfirmSummary';
import { OrderEstimateSection } from './OrderEstimateSection';
import { KycPrompt, orderProblems, QuantityField, SubmitBar, useConfirmedOrder, useOrderWallet, type OrderErrors } from './orderParts';
import { EMPTY_STOPS, StopsFields, stopsInput, type StopsDraft } from './stops';

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
  const [direction, setDirection] = useState<OrderDirection>(initialDirection);
  // While the market is closed only a limit order can be placed (decision 0015), and in US extended
  // hours only a limit order is accepted (issue 18): the form opens on one.
  const extended = quote.tradable && (quote.marketStatus === 'pre' || quote.marketStatus === 'post');
  const limitFirst = initialLimit || !quote.tradable || extended;
  const [type, setType] = useState<OrderType>(limitFirst ? OrderType.Limit : OrderType.Market);
  const [price, setPrice] = useState(limitFirst ? quote.price_nominal : '');
  const [advanced, setAdvanced] = useState(false);
  const [stops, setStops] = useState<StopsDraft>(EMPTY_STOPS);
  const [dayOrder, setDayOrder] = useState(false);
  // Only instruments with pre-market and after-hours sessions offer it; only a limit order can wait for them.
  const [extendedHours, setExtendedHours] = useState(false);
  const [quantity, setQuantity] = useState('');
  const [errors, setErrors] = useState<OrderErrors>({});
  const [sizing, setSizing] = useState<'half' | 'full' | null>(null);

  const { walletCode, wallet, walletCurrency } = useOrderWallet(quote);
  const exchangeRate = useRateBetween(quote.currency, walletCurrency);
  // The estimate shows the wallet's amounts beside the instrument's when the two currencies differ (a dollar and USDT do not).
  const needsRate = quote.currency !== walletCurrency && !(['USD', 'USDT'].includes(quote.currency) && walletCurrency === 'USD');

  const kyc = user.data?.kycStatus;
  const verified = kyc === KycStatus.Verified;
  const risk = useQuery(leverageRiskQuery(Boolean(user.data)));
  const acknowledged = risk.data?.acknowledged ?? false;
  const cap = leverageCapFor(quote);
  const choice = useLeverageChoice<OrderInput>({
    initial: limits.leverages[0] ?? 1,
    leverages: limits.leverages,
    cap,
    acknowledged,
    acknowledge: acknowledgeLeverageRisk,
    proceed: (input) => confirmAndPlace(input),
  });
  const { leverage } = choice;
  const orderCall = orderCallFor(quote);
  const decimals = priceDecimals(quote.tickSize);
  const estimate = estimateOrder({
    quote,
    direction,
    type,
    limitPrice: price,
    quantity,
    leverage,
    rule: tradingRule,
    rate: exchangeRate,
    priceDecimals: decimals,
  });
  const large = estimate?.large ?? false;
  const marketClosed = !quote.tradable;
  const refused = (marketClosed || extended) && type === OrderType.Market;
  const buy = direction === OrderDirection.Buy;
  const placing = useConfirmedOrder(setErrors);

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
    const problems = orderProblems({ quantity, price: type === OrderType.Limit ? price : null }, limits);
    setErrors(problems);
    if (problems.price || problems.quantity) return null;
    const input: OrderInput = {
      stockCode: quote.symbol,
      stockName: quote.name,
      direction,
      source: quote.source,
      type,
      quantity,
      leverage,
      ...(type === OrderType.Limit ? { price, timeInForce: dayOrder ? 'day' : 'gtc', ...(limits.extendedHours ? { extendedHours } : {}) } : {}),
      ...(advanced ? stopsInput(stops) : {}),
    };
    if (orderCall === 'orderGold') Object.assign(input, { goldCode: quote.symbol, goldName: quote.name });
    return input;
  };

  /** The confirmation, then the order. */
  async function confirmAndPlace(input: OrderInput) {
    if (!orderCall) return;
    const limit = input.type === OrderType.Limit;
    // The server works the expiry out the same way (`dayOrderExpiry`) when the order arrives.
    const expiresAt = limit && input.timeInForce === 'day' ? dayOrderExpiry(limits.calendar, Date.now(), input.extendedHours ?? false) : null;
    await placing.place({
      input,
      confirm: {
        title: t('trading.order.confirmTitle'),
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
            {...(limit && limits.extendedHours ? { extendedHours: input.extendedHours ?? false } : {})}
            expiresAt={expiresAt}
          />
        ),
        confirmText: <span data-testid="order-confirm">{t('trading.order.confirmYes')}</span>,
      },
      send: (key) => createOrder(orderCall, input, key),
      onPlaced: (result) => {
        const filled = result.status === OrderStatus.InProgress;
        showToast(filled ? t('trading.order.filled') : t('trading.order.placed', { price: formatPrice(result.price, quote.tickSize) }), 'success');
        void refreshTrading();
        // From the sheet, the positions take the sheet's place in the history: Back returns to the quote.
        void navigate(paths.trading.index(filled ? 'holding' : 'entrusted'), { replace: place === 'sheet' });
      },
    });
  }

  const submit = async () => {
    if (!orderCall || refused) return;
    if (!verified) {
      void navigate(paths.kyc());
      return;
    }
    const input = validate();
    if (input) await choice.go(input);
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
          <KycPrompt
            status={kyc}
            testId="order-kyc"
            action={
              <Button size="small" shape="rounded" color="primary" data-testid="order-kyc-verify" onClick={() => void navigate(paths.kyc())}>
                {t('trading.order.kycAction')}
              </Button>
            }
          />
        )}

        {marketClosed && <TradingNote quote={quote} testId="order-trading-note" />}

        <section className="form-section">
          <DirectionToggle value={direction} testPrefix="order-direction" onChange={setDirection} />
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
            {refused && !extended && (
              <div className="field-hint warn" data-testid="order-market-closed">
                {t('marketHours.marketRefused')}
              </div>
            )}
            {extended && (
              <div className={refused ? 'field-hint warn' : 'field-hint'} data-testid="order-extended-hours">
                {t('trading.orders.extendedHours', { phase: t(`trading.orders.sessions.${quote.marketStatus}`) })}
              </div>
            )}
          </div>

          {type === OrderType.Limit && (
            <DecimalField
              id="order-price"
              testId="order-price"
              label={t('trading.order.price', { currency: quote.currency })}
              value={price}
              onChange={(v) => {
                setPrice(v);
                setErrors((e) => ({ ...e, price: undefined }));
              }}
              error={errors.price}
              hint={t('trading.order.tickHint', { tick: formatNumber(limits.tickSize), price: formatPrice(quote.price_nominal, quote.tickSize) })}
            />
          )}

          {type === OrderType.Limit && (
            <div className="field">
              <div className="field-label" id="order-tif-label">
                {t('trading.orders.timeInForce')}
              </div>
              <Toggle
                value={dayOrder ? 1 : 0}
                testPrefix="order-tif"
                labelledBy="order-tif-label"
                onChange={(v) => setDayOrder(v === 1)}
                options={[
                  { value: 0, key: 'gtc', label: t('trading.orders.gtc') },
                  { value: 1, key: 'day', label: t('trading.orders.day') },
                ]}
              />
              {dayOrder && <div className="field-hint">{t('trading.orders.dayHint')}</div>}
            </div>
          )}

          {type === OrderType.Limit && limits.extendedHours && (
            <div className="field">
              <label className="switch-field" htmlFor="order-extended">
                <span className="field-label">{t('trading.orders.extendedSwitch')}</span>
                <input
                  id="order-extended"
                  type="checkbox"
                  role="switch"
                  className="switch-input"
                  data-testid="order-extended"
                  checked={extendedHours}
                  aria-checked={extendedHours}
                  aria-describedby="order-extended-hint"
                  onChange={(event) => setExtendedHours(event.target.checked)}
                />
              </label>
              <div className="field-hint" id="order-extended-hint" data-testid="order-extended-hint">
                {t('trading.orders.extendedSwitchHint')}
              </div>
            </div>
          )}

          <QuantityField
            idPrefix="order"
            rules={limits}
            value={quantity}
            onChange={(v) => {
              setQuantity(v);
              setErrors((e) => ({ ...e, quantity: undefined }));
            }}
            error={errors.quantity}
            hintTestId="order-lot-hint"
            controls={
              <>
                <button type="button" className="code-button" data-testid="order-half" disabled={sizing !== null} onClick={() => void size('half')}>
                  {t('trading.order.half')}
                </button>
                <button type="button" className="code-button" data-testid="order-full" disabled={sizing !== null} onClick={() => void size('full')}>
                  {t('trading.order.full')}
                </button>
              </>
            }
          >
            {large && (
              <div className="large-order-note" data-testid="order-large">
                {t('trading.order.largeOrder', { n: formatAmount(String(LARGE_ORDER_SHARES), { decimals: 0, grouping: true }) })}
              </div>
            )}
          </QuantityField>

          <div className="field">
            <div className="field-label" id="order-leverage-label">
              {t('trading.order.leverage')}
            </div>
            <LeverageChips
              leverages={limits.leverages}
              value={leverage}
              cap={cap}
              onChange={choice.setLeverage}
              testPrefix="order-leverage"
              labelledBy="order-leverage-label"
              describedBy={choice.capped ? 'order-leverage-cap' : undefined}
            />
            {choice.capped && (
              <div className={choice.warn ? 'field-hint warn' : 'field-hint'} id="order-leverage-cap" data-testid="order-leverage-cap" data-cap={cap}>
                {acknowledged ? t('trading.order.capHintAcknowledged', { cap }) : t('trading.order.capHint', { cap })}
              </div>
            )}
          </div>
        </section>

        <section className="form-section" data-testid="order-advanced">
          <button
            type="button"
            className="order-advanced-toggle"
            aria-expanded={advanced}
            data-testid="order-advanced-toggle"
            onClick={() => setAdvanced((v) => !v)}
          >
            <span>{t('trading.orders.advanced')}</span>
            <span aria-hidden="true">{advanced ? '−' : '+'}</span>
          </button>
          {advanced && (
            <>
              <p className="form-note">{t('trading.orders.advancedHint')}</p>
              <StopsFields
                idPrefix="order"
                long={buy}
                currency={quote.currency}
                exit={type === OrderType.Limit ? price || null : buy ? quote.bid : quote.ask}
                value={stops}
                onChange={(d) => {
                  setStops(d);
                  setErrors((e) => ({ ...e, stopLoss: undefined, takeProfit: undefined, trailingDistance: undefined }));
                }}
                errors={errors}
              />
            </>
          )}
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

        <SubmitBar buy={buy} pending={placing.pending} disabled={!user.data || !verified || refused} testId="order-submit">
          {buy ? t('trading.order.submitBuy', { name: quote.name }) : t('trading.order.submitSell', { name: quote.name })}
        </SubmitBar>
      </form>

      <LeverageRiskDialog {...choice.warning} name={quote.name} maintenanceRatio={tradingRule?.maintenanceRatio ?? '0.5'} />
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
  return (
    <OrderForm
      key={quote.symbol}
      quote={quote}
      limits={limits.data}
      tradingRule={tradingRule}
      initialDirection={initialDirection}
      initialLimit={initialLimit}
      place={place}
    />
  );
}
