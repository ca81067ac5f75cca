import '../../ui/money.css';
import './trading.css';
import { compareDecimal, decimalInput, divDecimal, floorToStep, OrderStatus, plainDecimal, type Position, zQuantity } from '@tradeapp/contract';
import { Button, Dialog } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { EMPTY_VALUE, formatInCurrency, formatQuantity } from '../../lib/format';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { msg } from '../../i18n/messages';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { showToast } from '../../ui/toast';
import { useRateBetween } from '../wallet';
import { closePosition, minCountQuery, refreshTrading, tradingRulesQuery } from './api';
import { estimateClose, type CloseEstimate } from './calc';
import { Line } from './orderParts';
import { PositionPlaceholder, usePagePosition } from './pagePosition';
import { DirectionTag, positionPrice, Profit, Zdf } from './components';

/** A close's estimate, line by line: price, quantity, gross P&L, both fees, net; the confirmation repeats it. */
function CloseLines({ e, currency, testId }: { e: CloseEstimate | null; currency: string; testId: string }) {
  const { t } = useTranslation();
  const money = (v: string | undefined) => (v === undefined ? EMPTY_VALUE : formatInCurrency(v, currency));
  return (
    <div className="confirm-lines" data-testid={testId}>
      <Line label={t('trading.close.price')} testId={`${testId}-price`}>
        {e ? positionPrice(e.price) : EMPTY_VALUE}
      </Line>
      <Line label={t('trading.quantity')} testId={`${testId}-quantity`}>
        {e ? formatQuantity(e.quantity) : EMPTY_VALUE}
      </Line>
      <Line label={t('trading.close.gross')} testId={`${testId}-gross`}>
        {e ? <Profit value={e.gross} currency={currency} /> : EMPTY_VALUE}
      </Line>
      <Line label={t('trading.close.closeFee')} testId={`${testId}-close-fee`}>
        {money(e?.closeFee)}
      </Line>
      <Line label={t('trading.close.openFee')} testId={`${testId}-open-fee`}>
        {money(e?.openFee)}
      </Line>
      <Line label={t('trading.close.net')} testId={`${testId}-net`} strong>
        {e ? <Profit value={e.net} currency={currency} /> : EMPTY_VALUE}
      </Line>
      <Line label={t('trading.close.payout')} testId={`${testId}-payout`}>
        {money(e?.payout)}
      </Line>
    </div>
  );
}

function CloseForm({ p }: { p: Position }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const intent = useIntentKey();
  const limits = useQuery(minCountQuery(p.symbol));
  const held = plainDecimal(p.quantity);
  const [quantity, setQuantity] = useState(held);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const rule = useQuery(tradingRulesQuery(p.symbol)).data?.[0];
  const rate = useRateBetween(p.currency, p.walletCurrency);
  const estimate = estimateClose(p, quantity, rule, rate);
  const open = p.status === OrderStatus.InProgress;

  const half = () => {
    const raw = divDecimal(p.quantity, '2', 8);
    const lot = limits.data?.lotSize;
    const cut = lot ? floorToStep(raw, lot) : raw;
    setQuantity(cut === null ? '' : plainDecimal(cut));
    setError('');
  };

  const submit = async () => {
    const check = zQuantity.safeParse(quantity);
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? 'v.addQuantity');
      return;
    }
    const cmp = compareDecimal(check.data, p.quantity);
    if (cmp === 1) {
      setError('e.closeTooMuch');
      return;
    }
    const all = cmp === 0;
    setError('');
    // One tap never closes: the estimate, with both fees, is confirmed first.
    const ok = await Dialog.confirm({
      title: t('trading.close.confirmTitle'),
      content: <CloseLines e={estimate} currency={p.walletCurrency} testId="close-confirm-summary" />,
      confirmText: <span data-testid="close-confirm-yes">{t('trading.close.confirmYes')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const key = intent.take(`${p.id}|${all ? 'all' : check.data}`);
    setPending(true);
    try {
      const result = await closePosition(all ? { id: p.id } : { id: p.id, quantity: check.data }, key);
      intent.settle();
      const whole = result.status === OrderStatus.Settled && all;
      showToast(whole ? t('trading.close.done') : t('trading.close.partialDone'), 'success');
      void refreshTrading();
      void navigate(paths.trading.index(whole ? 'closed' : 'holding'), { replace: true });
    } catch (err) {
      intent.settle(err);
      if (err instanceof ApiError) setError(err.fields?.quantity ?? err.key ?? err.message);
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="form-page"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <section className="card card-pad close-head" data-testid="close-head" data-id={p.id}>
        <div className="detail-title-row">
          <div>
            <div className="detail-name">{p.stockName}</div>
            <div className="position-code">{p.stockCode}</div>
          </div>
          <DirectionTag direction={p.direction} leverage={p.leverage} />
        </div>
        <div className="close-grid">
          <div>
            <span>{t('trading.openPrice')}</span>
            <strong>{positionPrice(p.openPrice ?? p.price)}</strong>
          </div>
          <div>
            <span>{t('trading.currentPrice')}</span>
            <strong data-testid="close-current">{positionPrice(p.currentPrice)}</strong>
          </div>
          <div>
            <span>{t('trading.detail.floating')}</span>
            <strong>
              <Profit value={p.profit} currency={p.walletCurrency} /> <Zdf value={p.zdf} />
            </strong>
          </div>
        </div>
      </section>

      {!open ? (
        <EmptyState compact kind="records" title={t('trading.close.notOpen')} />
      ) : p.followId !== null ? (
        <EmptyState compact kind="records" title={msg('e.copyNotClosable')} />
      ) : p.robotOrderId !== null ? (
        <EmptyState compact kind="records" title={msg('e.robotPosition')}>
          <Button
            size="small"
            shape="rounded"
            color="primary"
            fill="outline"
            data-testid="close-robot-order"
            onClick={() => void navigate(paths.robots.detail(p.robotOrderId!))}
          >
            {t('robots.positionNote.link')}
          </Button>
        </EmptyState>
      ) : (
        <>
          <section className="form-section">
            <div className={error ? 'field has-error' : 'field'}>
              <label className="field-label" htmlFor="close-quantity">
                {t('trading.close.quantity')}
              </label>
              <div className="field-control">
                <input
                  id="close-quantity"
                  inputMode="decimal"
                  autoComplete="off"
                  data-testid="close-quantity"
                  value={quantity}
                  onChange={(event) => {
                    setQuantity(decimalInput(event.target.value));
                    setError('');
                  }}
                />
                <button type="button" className="code-button" data-testid="close-half" onClick={half}>
                  {t('trading.close.half')}
                </button>
                <button
                  type="button"
                  className="code-button"
                  data-testid="close-all"
                  onClick={() => {
                    setQuantity(held);
                    setError('');
                  }}
                >
                  {t('trading.close.all')}
                </button>
              </div>
              {error ? (
                <div className="field-error" role="alert" data-testid="close-quantity-error">
                  {msg(error)}
                </div>
              ) : (
                <div className="field-hint">{t('trading.close.held', { quantity: formatQuantity(p.quantity) })}</div>
              )}
            </div>
          </section>
          <section className="form-section estimate" data-testid="close-estimate-section">
            <div className="form-section-title">{t('trading.close.estimate')}</div>
            <CloseLines e={estimate} currency={p.walletCurrency} testId="close-estimate" />
            <p className="form-note">{t('trading.close.estimateNote')}</p>
          </section>
          <div className="form-actions">
            <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending} data-testid="close-confirm">
              {t('trading.close.confirm')}
            </Button>
          </div>
        </>
      )}
    </form>
  );
}

/** /pages/payment/close?id= : close all or part of an open position at the live price. */
export default function ClosePage() {
  const { t } = useTranslation();
  const { id, query } = usePagePosition();
  const p = query.data;
  const body = p ? <CloseForm p={p} /> : <PositionPlaceholder id={id} pending={query.isPending} onRetry={() => void query.refetch()} />;
  return (
    <Page title={t('trading.close.title')} className="money-page close-page">
      <Refreshable onRefresh={() => query.refetch()}>{body}</Refreshable>
    </Page>
  );
}
