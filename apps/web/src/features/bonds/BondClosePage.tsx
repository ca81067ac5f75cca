import '../../ui/money.css';
import './bonds.css';
import { addPrecise, compareDecimal, subPrecise, type BondHolding, type BondQuote } from '@tradeapp/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { EMPTY_VALUE, formatDateText, formatInCurrency } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { showToast } from '../../ui/toast';
import { Profit } from '../trading';
import { holdingQuery, quoteQuery, sellBond } from './api';
import { faceProblem, formatBondPrice, formatFace, formatYield, saleBill } from './calc';
import { CurveNote, Figure, formatDay, HoldingStatus, useIdParam } from './components';
import { FaceField, type Problem } from './FaceField';
import { bondKeys } from './keys';
import { bondLinks } from './links';

// The specification's closing of a bond position (/pages/bonds/close?id=<holding>): what the holding
// is (face bought and still held, what was paid, coupons received, profit so far after the markup),
// the bid now with accrued interest, and the face to sell (all that remains unless less is typed)
// with what it pays = (bid + accrued − markup) × face ÷ 100 and the day the sale settles; confirmed
// before it is sent.

function Holding({ h }: { h: BondHolding }) {
  const { t } = useTranslation();
  return (
    <section className="card card-pad bond-head" data-testid="bond-holding" data-id={h.id} data-status={h.status}>
      <div className="bond-card-head">
        <div className="bond-card-name">
          <h1 className="bond-title" data-testid="bond-name">
            {h.name}
          </h1>
          <p className="bond-sub">
            {h.symbol} · {t('bonds.holding.bought', { date: formatDay(h.createTimeTimestamp) })}
          </p>
        </div>
        <HoldingStatus status={h.status} testId="bond-holding-status" />
      </div>
      <dl className="figures bond-figures">
        <Figure label={t('bonds.fields.faceHeld')} testId="bond-holding-face">
          {t('bonds.holding.faceOf', { remaining: formatFace(h.remaining, h.currency), face: formatFace(h.face, h.currency) })}
        </Figure>
        <Figure label={t('bonds.fields.boughtAt')} testId="bond-holding-price">
          {t('bonds.holding.priceParts', { price: formatBondPrice(h.price), accrued: formatBondPrice(h.accrued), markup: formatBondPrice(h.markup) })}
        </Figure>
        <Figure label={t('bonds.fields.settlementDay')} testId="bond-holding-settlement">
          {formatDateText(h.settlementDate)}
        </Figure>
        <Figure label={t('bonds.fields.cost')} testId="bond-holding-cost">
          {formatInCurrency(h.cost, h.currency)}
        </Figure>
        <Figure label={t('bonds.fields.coupons')} testId="bond-holding-coupons">
          {formatInCurrency(h.coupons, h.currency)}
        </Figure>
        <Figure label={t('bonds.fields.ytmBought')} testId="bond-holding-ytm">
          {formatYield(h.ytm)}
        </Figure>
        <Figure label={t('bonds.fields.profit')}>
          <Profit value={h.profit} currency={h.currency} testId="bond-holding-profit" />
        </Figure>
      </dl>
    </section>
  );
}

/** The server's refusal as a sentence for under the field; nothing for a call the investor cancelled. */
const refusal = (err: unknown): Problem | null => (err instanceof ApiError && !err.aborted ? { key: err.message || err.key || 'e.operationFailed' } : null);

function Sale({ h, q }: { h: BondHolding; q: BondQuote }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const intent = useIntentKey();
  const [face, setFace] = useState(h.remaining.replace(/\.0+$/, ''));
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const valid = faceProblem(face, q.faceIncrement, { face: h.remaining, currency: h.currency }) === null;
  const bill = valid ? saleBill(q, face) : null;
  const proceeds = bill?.total ?? null;
  const all = valid && compareDecimal(face, h.remaining) === 0;
  const amount = (v: string | undefined) => (v !== undefined ? formatInCurrency(v, h.currency) : EMPTY_VALUE);
  // Selling all that remains ends the holding: what it made = coupons + every sale − what was paid.
  const result = all && proceeds !== null ? subPrecise(addPrecise(addPrecise(proceeds, h.coupons), h.proceeds), h.cost) : null;

  const submit = async () => {
    const found = faceProblem(face, q.faceIncrement, { face: h.remaining, currency: h.currency });
    if (found) return setProblem(found);
    setProblem(null);
    const ok = await Dialog.confirm({
      content: (
        <p data-testid="bond-sell-question">
          {t('bonds.close.question', {
            face: formatFace(face, h.currency),
            name: h.name,
            amount: formatInCurrency(proceeds, h.currency),
            date: formatDateText(q.settlementDate),
          })}
        </p>
      ),
      confirmText: <span data-testid="bond-sell-confirm">{t('bonds.close.confirm')}</span>,
      cancelText: t('common.back'),
    });
    if (!ok) return;
    const input = all ? { id: h.id } : { id: h.id, face };
    const key = intent.take(JSON.stringify(input));
    setPending(true);
    try {
      await sellBond(input, key);
      intent.settle();
      showToast(t('bonds.close.done'), 'success');
      void navigate(bondLinks.holdings(), { replace: true });
    } catch (err) {
      intent.settle(err);
      setProblem(refusal(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="card card-pad bond-order"
      noValidate
      aria-labelledby="bond-sale-title"
      data-testid="bond-sale"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className="money-section-title" id="bond-sale-title">
        {t('bonds.close.title')}
      </h2>
      <FaceField
        label={t('bonds.fields.faceSell')}
        testId="bond-sell-face"
        value={face}
        onChange={(v) => {
          setFace(v);
          setProblem(null);
        }}
        problem={problem}
        hint={t('bonds.close.faceHint', { increment: formatFace(q.faceIncrement, h.currency), remaining: formatFace(h.remaining, h.currency) })}
      />
      <dl className="bond-lines">
        <Figure label={t('bonds.close.bidLine', { price: formatBondPrice(q.bid) })} testId="bond-sell-bid">
          {amount(bill?.clean)}
        </Figure>
        <Figure label={t('bonds.close.accruedLine', { price: formatBondPrice(q.accrued) })} testId="bond-sell-accrued">
          {amount(bill?.accrued)}
        </Figure>
        <Figure label={t('bonds.close.markupLine', { price: formatBondPrice(q.markup) })} testId="bond-sell-markup">
          {bill ? `-${amount(bill.fee)}` : EMPTY_VALUE}
        </Figure>
        <Figure label={<strong>{t('bonds.close.proceeds')}</strong>} testId="bond-sell-proceeds">
          <strong>{amount(proceeds ?? undefined)}</strong>
        </Figure>
        <Figure label={t('bonds.fields.settlesOn')} testId="bond-sell-settlement">
          {formatDateText(q.settlementDate)}
        </Figure>
        {result !== null && (
          <Figure label={t('bonds.close.result')}>
            <Profit value={result} currency={h.currency} testId="bond-sell-result" />
          </Figure>
        )}
      </dl>
      <p className="form-note bond-formula" data-testid="bond-sell-formula">
        {t('bonds.close.formula')}
      </p>
      <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending} data-testid="bond-sell-submit">
        {t('bonds.close.submit')}
      </Button>
    </form>
  );
}

export default function BondClosePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const id = useIdParam();
  const holding = useQuery(holdingQuery(id));
  const h = holding.data;
  const quote = useQuery(quoteQuery(h?.symbol ?? ''));
  const q = quote.data;

  let body;
  if (id === 0 || h === null) body = <EmptyState kind="notFound" title={t('bonds.close.notFound')} body={t('bonds.close.notFoundBody')} />;
  else if (holding.isError)
    body = <EmptyState kind="notFound" title={t('bonds.close.loadFailed')} onRetry={() => void holding.refetch()} retryTestId="bond-close-retry" />;
  else if (!h)
    body = (
      <div className="card card-pad" aria-busy="true" data-testid="bond-loading">
        <span className="sk sk-line" />
        <span className="sk sk-short" />
      </div>
    );
  else
    body = (
      <>
        <Holding h={h} />
        {h.status !== 'holding' ? (
          <p className="bond-note warn pad" role="status" data-testid="bond-closed-note">
            {t(h.status === 'sold' ? 'bonds.close.soldNote' : 'bonds.close.redeemedNote', { date: formatDay(h.closeTimeTimestamp) })}
          </p>
        ) : q ? (
          <Sale h={h} q={q} />
        ) : quote.isPending ? (
          <div className="card card-pad" aria-busy="true" data-testid="bond-quote-loading">
            <span className="sk sk-line" />
          </div>
        ) : (
          <EmptyState compact kind="market" title={t('bonds.close.quoteFailed')} onRetry={() => void quote.refetch()} />
        )}
        <CurveNote />
      </>
    );

  return (
    <Page title={h?.name ?? t('titles.bondsClose')} className="money-page bond-page">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: bondKeys.all, type: 'active' })}>
        <div data-testid="bond-close" data-id={id}>
          {body}
        </div>
      </Refreshable>
    </Page>
  );
}
