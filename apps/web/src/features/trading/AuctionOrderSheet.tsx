import '../../ui/money.css';
import './trading.css';
import {
  compareDecimal,
  KycStatus,
  leverageCapFor,
  OrderDirection,
  OrderType,
  type AuctionSession,
  type RequestOf,
  type ResponseOf,
  type Routes,
} from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { call } from '../../api/client';
import { useUserInfo } from '../../api/user';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { EMPTY_VALUE, formatInCurrency, formatPrice, formatQuantity, priceDecimals } from '../../lib/format';
import { DecimalField, DirectionToggle, LeverageChips, Toggle } from '../../ui/OrderFields';
import { showToast } from '../../ui/toast';
import { useLeverageChoice } from '../../ui/useLeverageChoice';
import { useRateBetween, WALLET_LABEL } from '../wallet';
import { acknowledgeLeverageRisk, leverageRiskQuery, tradingRulesQuery } from './api';
import { estimateOrder } from './calc';
import { LeverageRiskDialog } from './LeverageRiskDialog';
import { KycPrompt, Line, orderProblems, QuantityField, SubmitBar, useConfirmedOrder, useOrderWallet, type OrderErrors } from './orderParts';

/** An auction stock as /m_ft/preMarketList lists it: its quote with its band and indicative figures. */
export type AuctionStock = ResponseOf<Routes['preMarketList']>['list'][number];
type AuctionOrderInput = RequestOf<Routes['auctionCreate']>;

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
  const band = stock.auction;
  const [direction, setDirection] = useState<OrderDirection>(OrderDirection.Buy);
  const [type, setType] = useState<OrderType>(OrderType.Market);
  const [price, setPrice] = useState(band.price ?? stock.price_nominal);
  const [quantity, setQuantity] = useState('');
  const rules = useQuery(tradingRulesQuery(stock.symbol));
  const rule = rules.data?.find((r) => r.assetClass === stock.assetClass);
  const leverages = rule?.leverages ?? [1];
  const [errors, setErrors] = useState<OrderErrors>({});

  const { walletCode, wallet, walletCurrency } = useOrderWallet(stock);
  const rate = useRateBetween(stock.currency, walletCurrency);
  const verified = user.data?.kycStatus === KycStatus.Verified;
  const risk = useQuery(leverageRiskQuery(Boolean(user.data)));
  const cap = leverageCapFor(stock);
  const choice = useLeverageChoice<AuctionOrderInput>({
    initial: 1,
    leverages,
    cap,
    acknowledged: risk.data?.acknowledged ?? false,
    acknowledge: acknowledgeLeverageRisk,
    proceed: (input) => place(input),
  });
  const { leverage } = choice;
  const open = session.phase === 'input' || session.phase === 'noCancel';
  const buy = direction === OrderDirection.Buy;
  const limit = type === OrderType.Limit;
  const holdPrice = limit && buy ? price : band.bandHigh;
  const estimate = estimateOrder({
    quote: stock,
    direction,
    type: OrderType.Limit,
    limitPrice: holdPrice,
    quantity,
    leverage,
    rule,
    rate,
    priceDecimals: priceDecimals(stock.tickSize),
  });
  const held = estimate?.inWallet?.total;
  const short = Boolean(held && wallet && compareDecimal(held, wallet.balance) === 1);
  const placing = useConfirmedOrder(setErrors);

  const validate = (): AuctionOrderInput | null => {
    const problems = orderProblems({ quantity, price: limit ? price : null }, stock);
    // Compared as typed: the field has left no white space for the schema to trim.
    if (limit && !problems.price && (compareDecimal(price, band.bandLow) === -1 || compareDecimal(price, band.bandHigh) === 1))
      problems.price = msg('e.auctionBand', { low: formatPrice(band.bandLow, stock.tickSize), high: formatPrice(band.bandHigh, stock.tickSize) });
    setErrors(problems);
    if (problems.price || problems.quantity) return null;
    return { stockCode: stock.symbol, stockName: stock.name, direction, source: stock.source, type, quantity, leverage, ...(limit ? { price } : {}) };
  };

  async function place(input: AuctionOrderInput) {
    await placing.place({
      input,
      confirm: {
        title: t('auction.sheet.confirmTitle'),
        content: (
          <div className="confirm-lines" data-testid="auction-confirm-summary">
            <Line label={stock.name}>
              {buy ? t('trading.buy') : t('trading.sell')} {formatQuantity(quantity)} · {t('trading.leverageX', { n: leverage })}
            </Line>
            <Line label={t('auction.sheet.type')}>
              {limit ? `${t('auction.atAuctionLimit')} ${formatPrice(price, stock.tickSize)}` : t('auction.atAuction')}
            </Line>
            <Line label={t('auction.sheet.heldAt')}>{formatPrice(holdPrice, stock.tickSize)}</Line>
            <Line label={t('auction.sheet.total')} strong>
              {held ? formatInCurrency(held, walletCurrency) : EMPTY_VALUE}
            </Line>
            <p className="form-note confirm-note">{t('auction.sheet.heldNote')}</p>
          </div>
        ),
        confirmText: <span data-testid="auction-confirm">{t('auction.sheet.confirmYes')}</span>,
      },
      send: (key) => call('auctionCreate', input, { idempotencyKey: key }),
      onPlaced: () => {
        showToast(t('auction.sheet.placed'), 'success');
        onPlaced();
      },
    });
  }

  const submit = async () => {
    if (!open) return;
    if (!verified) {
      void navigate(paths.kyc());
      return;
    }
    const input = validate();
    if (input) await choice.go(input);
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
        {user.data && !verified && <KycPrompt status={user.data.kycStatus} testId="auction-kyc" />}
        {!open && (
          <p className="field-hint warn auction-sheet-closed" data-testid="auction-sheet-closed">
            {t('auction.sheet.closed')}
          </p>
        )}
        <section className="form-section">
          <DirectionToggle value={direction} testPrefix="auction-direction" onChange={setDirection} />
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
            <DecimalField
              id="auction-price"
              testId="auction-price"
              label={t('auction.sheet.price', { currency: stock.currency })}
              value={price}
              onChange={(v) => {
                setPrice(v);
                setErrors((e) => ({ ...e, price: undefined }));
              }}
              error={errors.price}
              hint={t('auction.sheet.bandHint', {
                low: formatPrice(band.bandLow, stock.tickSize),
                high: formatPrice(band.bandHigh, stock.tickSize),
                close: formatPrice(band.previousClose, stock.tickSize),
              })}
              hintTestId="auction-band-hint"
            />
          )}

          <QuantityField
            idPrefix="auction"
            rules={stock}
            value={quantity}
            onChange={(v) => {
              setQuantity(v);
              setErrors((e) => ({ ...e, quantity: undefined }));
            }}
            error={errors.quantity}
          />

          <div className="field">
            <div className="field-label" id="auction-leverage-label">
              {t('trading.order.leverage')}
            </div>
            <LeverageChips
              leverages={leverages}
              value={leverage}
              cap={cap}
              onChange={choice.setLeverage}
              testPrefix="auction-leverage"
              labelledBy="auction-leverage-label"
            />
            {choice.capped && (
              <div className={choice.warn ? 'field-hint warn' : 'field-hint'}>
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

        <SubmitBar buy={buy} pending={placing.pending} disabled={!user.data || !verified || !open} testId="auction-submit">
          {buy ? t('auction.sheet.submitBuy') : t('auction.sheet.submitSell')}
        </SubmitBar>
      </form>

      <LeverageRiskDialog {...choice.warning} name={stock.name} maintenanceRatio={rule?.maintenanceRatio ?? '0.5'} />
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
        <div
          className="order-sheet-panel"
          role="dialog"
          aria-modal="true"
          aria-labelledby="auction-sheet-title"
          data-testid="auction-sheet"
          data-symbol={shown.symbol}
        >
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
            <strong data-testid="auction-sheet-indicative">
              {shown.auction.price ? formatPrice(shown.auction.price, shown.tickSize) : t('auction.noMatch')}
            </strong>
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
