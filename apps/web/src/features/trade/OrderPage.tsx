import '../wallet/money.css';
import './trade.css';
import {
  KycStatus,
  LARGE_ORDER_SHARES,
  OrderDirection,
  OrderStatus,
  OrderType,
  zPrice,
  zQuantity,
  type Quote,
  type WalletCode,
} from '@tradeapp/contract';
import { Button, Dialog } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { useUserInfo } from '../../api/user';
import { TAB_ROUTES } from '../../app/routes';
import { msg } from '../../i18n/messages';
import { addDecimal, compareDecimal, decimalInput, isMultipleOf } from '../../lib/decimal';
import { EMPTY_VALUE, formatAmount, formatChange, formatPercent, formatPrice, priceDecimals, riseFallColor } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { showToast } from '../../ui/toast';
import { quoteQuery } from '../market/api';
import { useLiveQuote } from '../market/push';
import { isCrypto } from '../market/segments';
import { balancesQuery, eurUsdQuery } from '../wallet/api';
import { money } from '../wallet/components';
import { WALLET_LABEL } from '../wallet/labels';
import { createOrder, halfOrFull, minCountQuery, orderRouteFor, refreshTrading, rulesQuery, type MinCount, type OrderInput, type TradingRule } from './api';
import { entryPrice, estimateOrder, toWalletCurrency } from './calc';
import { formatQuantity } from './components';

function Toggle<T extends number>({ value, options, onChange, testPrefix }: { value: T; options: Array<{ value: T; label: string; key: string; tone?: string }>; onChange: (v: T) => void; testPrefix: string }) {
  return (
    <div className="order-toggle" role="radiogroup">
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          className={`order-toggle-item${value === o.value ? ` active${o.tone ? ` ${o.tone}` : ''}` : ''}`}
          data-testid={`${testPrefix}-${o.key}`}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

function Line({ label, children, testId, strong }: { label: string; children: ReactNode; testId?: string; strong?: boolean }) {
  return (
    <div className={strong ? 'estimate-line strong' : 'estimate-line'}>
      <span>{label}</span>
      <span data-testid={testId}>{children}</span>
    </div>
  );
}

function InstrumentHead({ quote }: { quote: Quote }) {
  const { t } = useTranslation();
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
      <div className="order-book">
        <div className="order-bid">
          <span>{t('trade.order.bid')}</span>
          <strong data-testid="order-bid">{formatPrice(quote.bid, quote.tickSize)}</strong>
        </div>
        <div className="order-ask">
          <span>{t('trade.order.ask')}</span>
          <strong data-testid="order-ask">{formatPrice(quote.ask, quote.tickSize)}</strong>
        </div>
      </div>
    </section>
  );
}

interface FormProps {
  quote: Quote;
  limits: MinCount;
  rule: TradingRule | undefined;
  initialDirection: OrderDirection;
}

function OrderForm({ quote, limits, rule, initialDirection }: FormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const intent = useIntentKey();
  const [direction, setDirection] = useState<OrderDirection>(initialDirection);
  const [type, setType] = useState<OrderType>(OrderType.Market);
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [leverage, setLeverage] = useState<number>(limits.leverages[0] ?? 1);
  const [errors, setErrors] = useState<{ price?: string; quantity?: string }>({});
  const [sizing, setSizing] = useState<'half' | 'full' | null>(null);
  const [pending, setPending] = useState(false);

  const walletCode = limits.walletCode as WalletCode;
  const balances = useQuery(balancesQuery());
  const wallet = balances.data?.find((w) => w.code === walletCode);
  const walletCurrency = wallet?.currency ?? (walletCode === 'US_STOCK' ? 'USD' : 'EUR');
  const needsRate = quote.currency !== walletCurrency && !(['USD', 'USDT'].includes(quote.currency) && walletCurrency === 'USD');
  const rate = useQuery(eurUsdQuery(needsRate));
  const eurUsd = rate.data?.price_nominal;

  const kyc = user.data?.kycStatus;
  const verified = kyc === KycStatus.Verified;
  const route = orderRouteFor(quote.assetClass, quote.market);
  const decimals = priceDecimals(quote.tickSize);
  const entry = entryPrice(quote, direction, type, price);
  const feeRate = direction === OrderDirection.Buy ? rule?.buyRate : rule?.sellRate;
  const estimate = estimateOrder({ price: entry, quantity, leverage, direction, feeRate, maintenanceRatio: rule?.maintenanceRatio, priceDecimals: decimals });
  const cost = estimate ? addDecimal(estimate.margin, estimate.fee) : null;
  const costInWallet = cost ? toWalletCurrency(cost, quote.currency, walletCurrency, eurUsd) : null;
  const short = Boolean(wallet && costInWallet && compareDecimal(costInWallet, wallet.balance) === 1);
  const largeCmp = compareDecimal(quantity, String(LARGE_ORDER_SHARES));
  const large = largeCmp === 0 || largeCmp === 1;
  const marketClosed = quote.marketStatus === 'closed';
  const buy = direction === OrderDirection.Buy;
  const inQuote = (v: string | null | undefined) => (v ? money(v, quote.currency) : EMPTY_VALUE);
  const inWallet = (v: string | null | undefined) => {
    if (!v || !needsRate) return null;
    const converted = toWalletCurrency(v, quote.currency, walletCurrency, eurUsd);
    return converted ? <small className="estimate-sub">{t('trade.order.inWallet', { amount: money(converted, walletCurrency) })}</small> : null;
  };

  const size = async (which: 'half' | 'full') => {
    setSizing(which);
    try {
      const input = { stockCode: quote.symbol, direction, leverage, ...(type === OrderType.Limit && zPrice.safeParse(price).success ? { price } : {}) };
      const result = await halfOrFull(input);
      setQuantity(formatQuantity(result[which]).replace(/,/g, ''));
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
      else if (!isMultipleOf(p.data, limits.tickSize)) next.price = msg('e.priceTick', { tick: limits.tickSize });
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
    if (route === 'orderGold') Object.assign(input, { goldCode: quote.symbol, goldName: quote.name });
    return input;
  };

  const submit = async () => {
    if (!route) return;
    if (!verified) {
      void navigate('/pages/kyc/individual');
      return;
    }
    const input = validate();
    if (!input) return;
    const ok = await Dialog.confirm({
      title: t('trade.order.confirmTitle'),
      content: (
        <div className="confirm-lines" data-testid="order-confirm-summary">
          <Line label={t('trade.order.direction')}>
            <span>
              <span className={buy ? 'rise-text' : 'fall-text'}>{buy ? t('trade.buy') : t('trade.sell')}</span> · {type === OrderType.Limit ? t('trade.limit') : t('trade.market')}
            </span>
          </Line>
          <Line label={t('trade.quantity')}>{formatQuantity(quantity)}</Line>
          <Line label={type === OrderType.Limit ? t('trade.limitPrice') : t('trade.currentPrice')}>{entry ? formatPrice(entry, quote.tickSize) : EMPTY_VALUE}</Line>
          <Line label={t('trade.order.leverage')}>{t('trade.leverageX', { n: leverage })}</Line>
          <Line label={t('trade.order.margin')}>{inQuote(estimate?.margin)}</Line>
          <Line label={t('trade.order.fee')}>{inQuote(estimate?.fee)}</Line>
          {large && <p className="form-note warn">{t('trade.order.largeOrder', { n: formatAmount(String(LARGE_ORDER_SHARES), { decimals: 0, grouping: true }) })}</p>}
        </div>
      ),
      confirmText: <span data-testid="order-confirm">{t('trade.order.confirmYes')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const key = intent.take(JSON.stringify(input));
    setPending(true);
    try {
      const result = await createOrder(route, input, key);
      intent.settle();
      const filled = result.status === OrderStatus.InProgress;
      showToast(filled ? t('trade.order.filled') : t('trade.order.placed', { price: formatPrice(result.price, quote.tickSize) }), 'success');
      void refreshTrading();
      void navigate(`${TAB_ROUTES.trade}?tab=${filled ? 'holding' : 'entrusted'}`);
    } catch (err) {
      intent.settle(err);
      if (err instanceof ApiError && err.fields) setErrors({ price: err.fields.price, quantity: err.fields.quantity });
    } finally {
      setPending(false);
    }
  };

  if (!route || !quote.tradable)
    return <EmptyState kind="market" title={t('trade.order.notTradable')} />;

  return (
    <form
      className="form-page order-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {!verified && user.data && (
        <section className="kyc-prompt" data-testid="order-kyc">
          <div>
            <strong>{t('trade.order.kycTitle')}</strong>
            <p>{kyc === KycStatus.UnderReview ? t('trade.order.kycReview') : t('trade.order.kycBody')}</p>
          </div>
          {kyc !== KycStatus.UnderReview && (
            <Button size="small" shape="rounded" color="primary" data-testid="order-kyc-verify" onClick={() => void navigate('/pages/kyc/individual')}>
              {t('trade.order.kycAction')}
            </Button>
          )}
        </section>
      )}

      <section className="form-section">
        <Toggle
          value={direction}
          testPrefix="order-direction"
          onChange={(v) => setDirection(v)}
          options={[
            { value: OrderDirection.Buy, key: 'buy', label: t('trade.buy'), tone: 'buy' },
            { value: OrderDirection.Sell, key: 'sell', label: t('trade.sell'), tone: 'sell' },
          ]}
        />
        <div className="field">
          <div className="field-label">{t('trade.order.type')}</div>
          <Toggle
            value={type}
            testPrefix="order-type"
            onChange={(v) => {
              setType(v);
              if (v === OrderType.Limit && !price) setPrice(quote.price_nominal);
              setErrors((e) => ({ ...e, price: undefined }));
            }}
            options={[
              { value: OrderType.Market, key: 'market', label: t('trade.market') },
              { value: OrderType.Limit, key: 'limit', label: t('trade.limit') },
            ]}
          />
          {marketClosed && type === OrderType.Market && (
            <div className="field-hint warn" data-testid="order-market-closed">
              {t('trade.order.closedMarket')}
            </div>
          )}
        </div>

        {type === OrderType.Limit && (
          <div className={errors.price ? 'field has-error' : 'field'}>
            <label className="field-label" htmlFor="order-price">
              {t('trade.order.price', { currency: quote.currency })}
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
              <div className="field-hint">{t('trade.order.tickHint', { tick: limits.tickSize, price: formatPrice(quote.price_nominal, quote.tickSize) })}</div>
            )}
          </div>
        )}

        <div className={errors.quantity ? 'field has-error' : 'field'}>
          <label className="field-label" htmlFor="order-quantity">
            {t('trade.order.quantity')}
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
              {t('trade.order.half')}
            </button>
            <button type="button" className="code-button" data-testid="order-full" disabled={sizing !== null} onClick={() => void size('full')}>
              {t('trade.order.full')}
            </button>
          </div>
          {errors.quantity ? (
            <div className="field-error" role="alert" data-testid="order-quantity-error">
              {msg(errors.quantity)}
            </div>
          ) : (
            <div className="field-hint" data-testid="order-lot-hint">
              {t('trade.order.lotHint', { lot: formatQuantity(limits.lotSize), min: formatQuantity(limits.minQuantity) })}
            </div>
          )}
          {large && (
            <div className="large-order-note" data-testid="order-large">
              {t('trade.order.largeOrder', { n: formatAmount(String(LARGE_ORDER_SHARES), { decimals: 0, grouping: true }) })}
            </div>
          )}
        </div>

        <div className="field">
          <div className="field-label">{t('trade.order.leverage')}</div>
          <div className="chip-row tight" role="radiogroup">
            {limits.leverages.map((n) => (
              <button key={n} type="button" role="radio" aria-checked={leverage === n} className={leverage === n ? 'chip active' : 'chip'} data-testid={`order-leverage-${n}`} onClick={() => setLeverage(n)}>
                {t('trade.leverageX', { n })}
              </button>
            ))}
          </div>
        </div>
      </section>

      <section className="form-section estimate" data-testid="order-estimate">
        <div className="form-section-title">{t('trade.order.estimate')}</div>
        <Line label={t('trade.order.notional')} testId="order-notional">
          {inQuote(estimate?.notional)}
        </Line>
        <Line label={t('trade.order.margin')} testId="order-margin">
          {inQuote(estimate?.margin)}
          {inWallet(estimate?.margin)}
        </Line>
        <Line label={t('trade.order.fee')} testId="order-fee">
          {inQuote(estimate?.fee)}
          {inWallet(estimate?.fee)}
        </Line>
        <Line label={t('trade.order.liquidation')} testId="order-liquidation">
          {estimate?.liquidation ? formatPrice(estimate.liquidation, quote.tickSize) : EMPTY_VALUE}
        </Line>
        <div className={short ? 'estimate-line available short' : 'estimate-line available'}>
          <span>
            {t('trade.order.available')} · {t(WALLET_LABEL[walletCode])}
          </span>
          <span className="available-figures">
            <strong data-testid="order-available">{wallet ? money(wallet.balance, walletCurrency) : EMPTY_VALUE}</strong>
            <button type="button" className="link" data-testid="order-transfer" onClick={() => void navigate(`/pages/profile/transfer?from=BALANCE&to=${walletCode}`)}>
              {t('trade.order.transfer')}
            </button>
          </span>
        </div>
        {short && (
          <div className="field-error" role="alert" data-testid="order-short">
            {t('trade.order.short', { wallet: t(WALLET_LABEL[walletCode]) })}
          </div>
        )}
        <p className="form-note">{t('trade.order.estimateNote')}</p>
      </section>

      <div className="order-bar">
        <Button block type="submit" size="large" shape="rounded" className={buy ? 'order-submit buy' : 'order-submit sell'} loading={pending} disabled={!user.data || !verified} data-testid="order-submit">
          {buy ? t('trade.order.submitBuy', { name: quote.name }) : t('trade.order.submitSell', { name: quote.name })}
        </Button>
      </div>
    </form>
  );
}

/** /pages/payment/stock | future | forex (query: name, code, source, direction, market, symbol). */
export default function OrderPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const symbolParam = params.get('symbol')?.trim() || null;
  const code = params.get('code')?.trim() || null;
  const crypto = isCrypto({ market: params.get('market'), source: params.get('source') });
  const direction = params.get('direction') === '1' ? OrderDirection.Sell : OrderDirection.Buy;
  const quoteQ = useQuery(quoteQuery({ symbol: symbolParam, code, crypto }));
  const quote = quoteQ.data;
  const symbol = quote?.symbol ?? symbolParam ?? undefined;
  useLiveQuote([symbol]);
  const limits = useQuery(minCountQuery(symbol));
  const rules = useQuery(rulesQuery(symbol));
  const rule = rules.data?.find((r) => r.assetClass === quote?.assetClass) ?? rules.data?.[0];

  let body: ReactNode;
  if (!symbolParam && !code) body = <EmptyState kind="notFound" title={t('quote.notFound')} body={t('quote.notFoundBody')} />;
  else if (quoteQ.isPending || (quote && limits.isPending))
    body = (
      <div className="card card-pad" aria-busy="true" data-testid="order-loading">
        <span className="sk sk-line" />
        <span className="sk sk-short" />
        <span className="sk sk-line" />
      </div>
    );
  else if (!quote || !limits.data)
    body = (
      <EmptyState kind="notFound" title={t('quote.notFound')} body={t('quote.notFoundBody')}>
        <Button
          size="small"
          shape="rounded"
          color="primary"
          fill="outline"
          onClick={() => {
            void quoteQ.refetch();
            void limits.refetch();
          }}
        >
          {t('common.retry')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <>
        <InstrumentHead quote={quote} />
        <OrderForm key={quote.symbol} quote={quote} limits={limits.data} rule={rule} initialDirection={direction} />
      </>
    );

  return (
    <Page title={quote?.name ?? params.get('name') ?? t('titles.paymentStock')} className="money-page order-page">
      <Refreshable onRefresh={() => Promise.all([quoteQ.refetch(), limits.refetch(), rules.refetch()])}>{body}</Refreshable>
    </Page>
  );
}
