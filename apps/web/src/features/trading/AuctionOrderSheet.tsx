import '../../ui/money.css';
import './trading.css';
import {
  compareDecimal,
  decimalInput,
  exchangeRateOf,
  inverseRate,
  isMultipleOf,
  KycStatus,
  leverageCapFor,
  OrderDirection,
  OrderType,
  walletCurrency as currencyOf,
  walletFor,
  zPrice,
  zQuantity,
  type AuctionSession,
  type RequestOf,
  type ResponseOf,
  type Routes,
} from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../api/client';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { useUserInfo } from '../../api/user';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { queryClient } from '../../lib/queryClient';
import { EMPTY_VALUE, formatInCurrency, formatNumber, formatPrice, formatQuantity, priceDecimals } from '../../lib/format';
import { showToast } from '../../ui/toast';
import { balancesQuery, exchangeRateQuery, WALLET_LABEL } from '../wallet';
import { acknowledgeLeverageRisk, leverageRiskQuery, tradingRulesQuery } from './api';
import { estimateOrder } from './calc';
import { tradingKeys } from './keys';
import { LeverageRiskDialog } from './LeverageRiskDialog';
import { Line, Toggle } from './orderParts';

/** An auction stock as /m_ft/preMarketList lists it: its quote with its band and indicative figures. */
export type AuctionStock = ResponseOf<Routes['preMarketList']>['list'][number];
type AuctionOrderInput = RequestOf<Routes['auctionCreate']>;

/**
 * Units of the wallet's currency per unit of the stock's, as the server converts (through the
 * dollar): Hong Kong dollars through USDHKD and EURUSD. Null until both are in.
 */
function useRate(currency: string, walletCurrency: string): string | null {
  const needs = currency !== walletCurrency;
  const eurUsd = useQuery(exchangeRateQuery(needs));
  const usdHkd = useQuery({
    queryKey: ['auction', 'rate', 'USDHKD'],
    queryFn: ({ signal }) => call('stockDetail', { symbol: 'USDHKD' }, { signal, silent: true }),
    enabled: needs && currency === 'HKD',
    staleTime: 10_000,
  });
  if (!needs) return '1';
  const usdPerTo = walletCurrency === 'EUR' ? eurUsd.data?.price_nominal : walletCurrency === 'USD' ? '1' : undefined;
  const usdPerFrom = currency === 'HKD' && usdHkd.data ? inverseRate(usdHkd.data.price_nominal) : currency === 'USD' ? '1' : undefined;
  return usdPerFrom && usdPerTo ? exchangeRateOf(usdPerFrom, usdPerTo) : null;
}

interface FormProps {
  stock: AuctionStock;
  session: AuctionSession;
  /** The order is in: the page refreshes what it shows and the sheet closes. */
  onPlaced: () => void;
}

/**
 * The auction's order form: side, at-auction or at-auction limit (a price within the band),
 * quantity in lots, leverage, and what the order holds until the match (at the most it can cost:
 * a buy's limit, otherwise the band's top). Built from the trading form's parts: its toggles, its
 * estimate lines, the contract's order costs, and the same risk acknowledgement above the retail cap.
 */
function AuctionOrderForm({ stock, session, onPlaced }: FormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const intent = useIntentKey();
  const band = stock.auction;
  const [direction, setDirection] = useState<OrderDirection>(OrderDirection.Buy);
  const [type, setType] = useState<OrderType>(OrderType.Market);
  const [price, setPrice] = useState(band.price ?? stock.price_nominal);
  const [quantity, setQuantity] = useState('');
  const rules = useQuery(tradingRulesQuery(stock.symbol));
  const rule = rules.data?.find((r) => r.assetClass === stock.assetClass);
  const leverages = rule?.leverages ?? [1];
  const [leverage, setLeverage] = useState(1);
  const [errors, setErrors] = useState<{ price?: string; quantity?: string }>({});
  const [pending, setPending] = useState(false);
  const [awaitingRisk, setAwaitingRisk] = useState<AuctionOrderInput | null>(null);
  const [acknowledging, setAcknowledging] = useState(false);

  const walletCode = walletFor(stock);
  const balances = useQuery(balancesQuery());
  const wallet = balances.data?.find((w) => w.code === walletCode);
  const walletCurrency = wallet?.currency ?? currencyOf(walletCode);
  const rate = useRate(stock.currency, walletCurrency);
  const verified = user.data?.kycStatus === KycStatus.Verified;
  const risk = useQuery(leverageRiskQuery(Boolean(user.data)));
  const cap = leverageCapFor(stock);
  const withinCap = Math.max(1, ...leverages.filter((n) => n <= cap));
  const open = session.phase === 'input' || session.phase === 'noCancel';
  const buy = direction === OrderDirection.Buy;
  const limit = type === OrderType.Limit;
  const holdPrice = limit && buy ? price : band.bandHigh;
  const estimate = estimateOrder({ quote: stock, direction, type: OrderType.Limit, limitPrice: holdPrice, quantity, leverage, rule, rate, priceDecimals: priceDecimals(stock.tickSize) });
  const held = estimate?.inWallet?.total;
  const short = Boolean(held && wallet && compareDecimal(held, wallet.balance) === 1);

  const validate = (): AuctionOrderInput | null => {
    const next: { price?: string; quantity?: string } = {};
    const q = zQuantity.safeParse(quantity);
    if (!q.success) next.quantity = q.error.issues[0]?.message ?? 'v.addQuantity';
    else if (compareDecimal(q.data, stock.minQuantity) === -1 || !isMultipleOf(q.data, stock.lotSize))
      next.quantity = msg('e.quantityLot', { lot: formatQuantity(stock.lotSize), min: formatQuantity(stock.minQuantity) });
    if (limit) {
      const p = zPrice.safeParse(price);
      if (!p.success) next.price = p.error.issues[0]?.message ?? 'v.enterCorrectAmount';
      else if (!isMultipleOf(p.data, stock.tickSize)) next.price = msg('e.priceTick', { tick: formatNumber(stock.tickSize) });
      else if (compareDecimal(p.data, band.bandLow) === -1 || compareDecimal(p.data, band.bandHigh) === 1)
        next.price = msg('e.auctionBand', { low: formatPrice(band.bandLow, stock.tickSize), high: formatPrice(band.bandHigh, stock.tickSize) });
    }
    setErrors(next);
    if (next.price || next.quantity) return null;
    return { stockCode: stock.symbol, stockName: stock.name, direction, source: stock.source, type, quantity, leverage, ...(limit ? { price } : {}) };
  };

  const place = async (input: AuctionOrderInput) => {
    const ok = await Dialog.confirm({
      title: t('auction.sheet.confirmTitle'),
      className: 'wide-dialog',
      content: (
        <div className="confirm-lines" data-testid="auction-confirm-summary">
          <Line label={stock.name}>
            {buy ? t('trading.buy') : t('trading.sell')} {formatQuantity(quantity)} · {t('trading.leverageX', { n: leverage })}
          </Line>
          <Line label={t('auction.sheet.type')}>{limit ? `${t('auction.atAuctionLimit')} ${formatPrice(price, stock.tickSize)}` : t('auction.atAuction')}</Line>
          <Line label={t('auction.sheet.heldAt')}>{formatPrice(holdPrice, stock.tickSize)}</Line>
          <Line label={t('auction.sheet.total')} strong>
            {held ? formatInCurrency(held, walletCurrency) : EMPTY_VALUE}
          </Line>
          <p className="form-note confirm-note">{t('auction.sheet.heldNote')}</p>
        </div>
      ),
      confirmText: <span data-testid="auction-confirm">{t('auction.sheet.confirmYes')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const key = intent.take(JSON.stringify(input));
    setPending(true);
    try {
      await call('auctionCreate', input, { idempotencyKey: key });
      intent.settle();
      showToast(t('auction.sheet.placed'), 'success');
      onPlaced();
    } catch (err) {
      intent.settle(err);
      if (err instanceof ApiError && err.fields) setErrors({ price: err.fields.price, quantity: err.fields.quantity });
      if (err instanceof ApiError && err.key === 'e.leverageRiskUnacknowledged') void queryClient.invalidateQueries({ queryKey: tradingKeys.leverageRisk() });
    } finally {
      setPending(false);
    }
  };

  const submit = async () => {
    if (!open) return;
    if (!verified) {
      void navigate(paths.kyc());
      return;
    }
    const input = validate();
    if (!input) return;
    if (leverage > cap && !risk.data?.acknowledged) {
      setAwaitingRisk(input);
      return;
    }
    await place(input);
  };

  const acknowledge = async () => {
    const input = awaitingRisk;
    setAcknowledging(true);
    try {
      await acknowledgeLeverageRisk();
    } catch {
      return;
    } finally {
      setAcknowledging(false);
    }
    setAwaitingRisk(null);
    if (input) await place(input);
  };

  return (
    <>
      <form
        className="form-page order-form in-sheet"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {user.data && !verified && (
          <section className="kyc-prompt" data-testid="auction-kyc">
            <div>
              <strong>{t('trading.order.kycTitle')}</strong>
              <p>{user.data.kycStatus === KycStatus.UnderReview ? t('trading.order.kycReview') : t('trading.order.kycBody')}</p>
            </div>
          </section>
        )}
        {!open && (
          <p className="field-hint warn auction-sheet-closed" data-testid="auction-sheet-closed">
            {t('auction.sheet.closed')}
          </p>
        )}
        <section className="form-section">
          <Toggle
            value={direction}
            testPrefix="auction-direction"
            onChange={setDirection}
            options={[
              { value: OrderDirection.Buy, key: 'buy', label: t('trading.buy'), tone: 'buy' },
              { value: OrderDirection.Sell, key: 'sell', label: t('trading.sell'), tone: 'sell' },
            ]}
          />
          <div className="field">
            <div className="field-label">{t('auction.sheet.type')}</div>
            <Toggle
              value={type}
              testPrefix="auction-type"
              onChange={(v) => {
                setType(v);
                setErrors((e) => ({ ...e, price: undefined }));
              }}
              options={[
                { value: OrderType.Market, key: 'auction', label: t('auction.atAuction') },
                { value: OrderType.Limit, key: 'limit', label: t('auction.atAuctionLimit') },
              ]}
            />
            <div className="field-hint">{limit ? t('auction.sheet.limitHint') : t('auction.sheet.auctionHint')}</div>
          </div>

          {limit && (
            <div className={errors.price ? 'field has-error' : 'field'}>
              <label className="field-label" htmlFor="auction-price">
                {t('auction.sheet.price', { currency: stock.currency })}
              </label>
              <div className="field-control">
                <input
                  id="auction-price"
                  inputMode="decimal"
                  autoComplete="off"
                  data-testid="auction-price"
                  value={price}
                  onChange={(event) => {
                    setPrice(decimalInput(event.target.value));
                    setErrors((e) => ({ ...e, price: undefined }));
                  }}
                />
              </div>
              {errors.price ? (
                <div className="field-error" role="alert" data-testid="auction-price-error">
                  {msg(errors.price)}
                </div>
              ) : (
                <div className="field-hint" data-testid="auction-band-hint">
                  {t('auction.sheet.bandHint', {
                    low: formatPrice(band.bandLow, stock.tickSize),
                    high: formatPrice(band.bandHigh, stock.tickSize),
                    close: formatPrice(band.previousClose, stock.tickSize),
                  })}
                </div>
              )}
            </div>
          )}

          <div className={errors.quantity ? 'field has-error' : 'field'}>
            <label className="field-label" htmlFor="auction-quantity">
              {t('trading.order.quantity')}
            </label>
            <div className="field-control">
              <input
                id="auction-quantity"
                inputMode="decimal"
                autoComplete="off"
                placeholder={formatQuantity(stock.minQuantity)}
                data-testid="auction-quantity"
                value={quantity}
                onChange={(event) => {
                  setQuantity(decimalInput(event.target.value));
                  setErrors((e) => ({ ...e, quantity: undefined }));
                }}
              />
            </div>
            {errors.quantity ? (
              <div className="field-error" role="alert" data-testid="auction-quantity-error">
                {msg(errors.quantity)}
              </div>
            ) : (
              <div className="field-hint">{t('trading.order.lotHint', { lot: formatQuantity(stock.lotSize), min: formatQuantity(stock.minQuantity) })}</div>
            )}
          </div>

          <div className="field">
            <div className="field-label" id="auction-leverage-label">
              {t('trading.order.leverage')}
            </div>
            <div className="chip-row tight" role="radiogroup" aria-labelledby="auction-leverage-label">
              {leverages.map((n) => (
                <button
                  key={n}
                  type="button"
                  role="radio"
                  aria-checked={leverage === n}
                  className={`chip${leverage === n ? ' active' : ''}${n > cap ? ' above-cap' : ''}`}
                  data-testid={`auction-leverage-${n}`}
                  onClick={() => setLeverage(n)}
                >
                  {t('trading.leverageX', { n })}
                </button>
              ))}
            </div>
            {leverages.some((n) => n > cap) && (
              <div className={leverage > cap && !risk.data?.acknowledged ? 'field-hint warn' : 'field-hint'}>
                {risk.data?.acknowledged ? t('trading.order.capHintAcknowledged', { cap }) : t('trading.order.capHint', { cap })}
              </div>
            )}
          </div>
        </section>

        <section className="form-section estimate" data-testid="auction-estimate">
          <div className="form-section-title">{t('trading.order.estimate')}</div>
          <Line label={t('auction.sheet.heldAt')} testId="auction-hold-price">
            {formatPrice(holdPrice, stock.tickSize)} {stock.currency}
          </Line>
          <Line label={t('auction.sheet.margin')} testId="auction-margin">
            {estimate?.inWallet ? formatInCurrency(estimate.inWallet.margin, walletCurrency) : EMPTY_VALUE}
          </Line>
          <Line label={t('auction.sheet.fee')} testId="auction-fee">
            {estimate?.inWallet ? formatInCurrency(estimate.inWallet.fee, walletCurrency) : EMPTY_VALUE}
          </Line>
          <Line label={t('auction.sheet.total')} testId="auction-held" strong>
            {held ? formatInCurrency(held, walletCurrency) : EMPTY_VALUE}
          </Line>
          <div className={short ? 'estimate-line available short' : 'estimate-line available'}>
            <span>
              {t('trading.order.available')} · {t(WALLET_LABEL[walletCode])}
            </span>
            <span className="available-figures">
              <strong data-testid="auction-available">{wallet ? formatInCurrency(wallet.balance, walletCurrency) : EMPTY_VALUE}</strong>
              <button type="button" className="link" onClick={() => void navigate(paths.wallet.transfer({ to: walletCode }))}>
                {t('trading.order.transfer')}
              </button>
            </span>
          </div>
          {short && (
            <div className="field-error" role="alert">
              {t('trading.order.short', { wallet: t(WALLET_LABEL[walletCode]) })}
            </div>
          )}
          <p className="form-note">{t('auction.sheet.heldNote')}</p>
        </section>

        <div className="order-bar">
          <Button
            block
            type="submit"
            size="large"
            shape="rounded"
            className={buy ? 'order-submit buy' : 'order-submit sell'}
            loading={pending}
            disabled={!user.data || !verified || !open}
            data-testid="auction-submit"
          >
            {buy ? t('auction.sheet.submitBuy') : t('auction.sheet.submitSell')}
          </Button>
        </div>
      </form>

      <LeverageRiskDialog
        visible={awaitingRisk !== null}
        name={stock.name}
        leverage={leverage}
        cap={cap}
        lower={withinCap}
        maintenanceRatio={rule?.maintenanceRatio ?? '0.5'}
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
 * The pre-opening auction's order form in a bottom sheet (the auction page opens it), as the quote
 * page shows the trading form: loaded when first shown.
 */
export default function AuctionOrderSheet({
  stock,
  session,
  onClose,
  onPlaced,
}: {
  stock: AuctionStock | null;
  session: AuctionSession | undefined;
  onClose: () => void;
  onPlaced: () => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState<AuctionStock | null>(stock);
  // The last stock stays while the sheet slides away, so its content does not change on the way out.
  if (stock && stock !== shown) setShown(stock);
  return (
    <Popup visible={stock !== null && session !== undefined} onMaskClick={onClose} onClose={onClose} bodyClassName="order-sheet" destroyOnClose>
      {shown && session && (
        <div className="order-sheet-panel" role="dialog" aria-modal="true" aria-labelledby="auction-sheet-title" data-testid="auction-sheet" data-symbol={shown.symbol}>
          <header className="order-sheet-head auction-sheet-head">
            <div className="order-sheet-title">
              <strong id="auction-sheet-title">{shown.name}</strong>
              <span>
                {shown.stock_code} · {t('auction.sheet.title')} · {shown.currency}
              </span>
            </div>
            <button type="button" className="order-sheet-close" aria-label={t('trading.sheet.close')} data-testid="auction-sheet-close" onClick={onClose}>
              <CloseOutline aria-hidden="true" />
            </button>
          </header>
          <div className="order-sheet-book auction-sheet-book">
            <span>{shown.auction.matched ? t('auction.auctionPrice') : t('auction.indicative')}</span>
            <strong data-testid="auction-sheet-indicative">{shown.auction.price ? formatPrice(shown.auction.price, shown.tickSize) : t('auction.noMatch')}</strong>
          </div>
          <div className="order-sheet-scroll">
            <AuctionOrderForm
              key={shown.symbol}
              stock={shown}
              session={session}
              onPlaced={() => {
                onPlaced();
                onClose();
              }}
            />
          </div>
        </div>
      )}
    </Popup>
  );
}
