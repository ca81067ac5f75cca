import '../../ui/money.css';
import './bonds.css';
import { compareDecimal, walletCurrency, WalletCode, type BondQuote } from '@tradeapp/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { paths } from '../../app/paths';
import { EMPTY_VALUE, formatAmount, formatDateText, formatInCurrency, formatQuantity } from '../../lib/format';
import { formatMoney } from '../../lib/money';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { showToast } from '../../ui/toast';
import { balancesQuery, WALLET_LABEL } from '../wallet';
import { buyBond, quoteQuery } from './api';
import { bondWallet, daysUntil, faceProblem, formatBondPrice, formatCoupon, formatFace, formatYield, purchaseBill } from './calc';
import { CurveNote, Figure, formatDay } from './components';
import { FaceField, type Problem } from './FaceField';
import { bondKeys } from './keys';
import { bondLinks } from './links';

// The specification's bond order page (/pages/bonds/open?symbol=…): the bond's terms (coupon, its
// dates, maturity), its price now per 100 face (clean bid and ask, accrued interest, the dirty price,
// the markup that is our fee, the yield to maturity before and after it), then the face to buy in
// multiples of the bond's increment, the wallet of its currency with its balance, the day the
// purchase settles (interest is accrued to it) and the total to pay = (dirty + markup) × face ÷ 100.
// The order carries the dirty price the investor saw.

/** How many coupon dates are listed; the rest are counted. */
const DATES_SHOWN = 4;

function Terms({ q }: { q: BondQuote }) {
  const { t } = useTranslation();
  const bill = q.frequency === 0;
  const dates = q.couponDates.slice(0, DATES_SHOWN).map(formatDay).join(' · ');
  return (
    <section className="card card-pad bond-head" data-testid="bond-terms" data-symbol={q.symbol}>
      <h1 className="bond-title" data-testid="bond-name">
        {q.name}
      </h1>
      <p className="bond-sub">
        {q.symbol} · {q.currency}
        {bill && <span className="record-tag strong bond-inline-tag">{t('bonds.bill')}</span>}
      </p>
      <dl className="figures bond-figures">
        <Figure label={t('bonds.fields.coupon')} testId="bond-coupon">
          {bill
            ? t('bonds.zeroCoupon')
            : t(q.frequency === 1 ? 'bonds.open.couponYearly' : 'bonds.open.couponHalfYearly', { rate: formatCoupon(q.couponRate) })}
        </Figure>
        <Figure label={t('bonds.fields.maturity')} testId="bond-maturity">
          {t('bonds.open.maturityIn', { date: formatDay(q.maturity), days: formatAmount(String(daysUntil(q.maturity)), { decimals: 0, grouping: true }) })}
        </Figure>
        <Figure label={t('bonds.fields.couponDates')} testId="bond-coupon-dates" wide>
          {bill || q.couponDates.length === 0
            ? t('bonds.open.noCoupons')
            : q.couponDates.length > DATES_SHOWN
              ? t('bonds.open.datesMore', { dates, n: q.couponDates.length })
              : dates}
        </Figure>
      </dl>
    </section>
  );
}

function Prices({ q }: { q: BondQuote }) {
  const { t } = useTranslation();
  return (
    <section className="card card-pad" aria-labelledby="bond-prices-title" data-testid="bond-prices">
      <h2 className="money-section-title" id="bond-prices-title">
        {t('bonds.open.pricesTitle')}
      </h2>
      <dl className="figures bond-figures">
        <Figure label={t('bonds.fields.cleanPrice')} testId="bond-price">
          {formatBondPrice(q.price)}
        </Figure>
        <Figure label={t('bonds.fields.dirtyPrice')} testId="bond-dirty-price">
          {formatBondPrice(q.dirtyPrice)}
        </Figure>
        <Figure label={t('bonds.fields.cleanBid')} testId="bond-bid">
          {formatBondPrice(q.bid)}
        </Figure>
        <Figure label={t('bonds.fields.cleanAsk')} testId="bond-ask">
          {formatBondPrice(q.ask)}
        </Figure>
        <Figure label={t('bonds.fields.accrued')} testId="bond-accrued">
          {formatBondPrice(q.accrued)}
        </Figure>
        <Figure label={t('bonds.fields.dirty')} testId="bond-dirty">
          {formatBondPrice(q.dirty)}
        </Figure>
        <Figure label={t('bonds.fields.markup')} testId="bond-markup">
          {formatBondPrice(q.markup)}
        </Figure>
        <Figure label={t('bonds.fields.curve')} testId="bond-curve">
          {t('bonds.open.curveSpread', { rate: formatYield(q.curveRate), spread: formatQuantity(q.spreadBp) })}
        </Figure>
        <Figure label={t('bonds.fields.ytmBefore')} testId="bond-ytm">
          {formatYield(q.ytm)}
        </Figure>
        <Figure label={t('bonds.fields.ytmAfter')} testId="bond-ytm-after">
          {formatYield(q.ytmAfterFees)}
        </Figure>
      </dl>
      <p className="bond-note" data-testid="bond-prices-note">
        {t('bonds.open.pricesNote')}
      </p>
    </section>
  );
}

/** The server's refusal as a sentence for under the field; nothing for a call the investor cancelled. */
const refusal = (err: unknown): Problem | null => (err instanceof ApiError && !err.aborted ? { key: err.message || err.key || 'e.operationFailed' } : null);

function Order({ q }: { q: BondQuote }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const intent = useIntentKey();
  const noteId = useId();
  const [face, setFace] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [pending, setPending] = useState(false);
  const code = bondWallet(q.currency);
  const converted = walletCurrency(code) !== q.currency;
  const balances = useQuery(balancesQuery());
  const wallet = balances.data?.find((w) => w.code === code);
  const bill = faceProblem(face, q.faceIncrement) === null ? purchaseBill(q, face) : null;
  const short = !converted && wallet !== undefined && bill !== null && compareDecimal(bill.total, wallet.balance) === 1;
  const amount = (v: string | undefined) => (v !== undefined ? formatInCurrency(v, q.currency) : EMPTY_VALUE);

  const submit = async () => {
    const found = faceProblem(face, q.faceIncrement);
    if (found) return setProblem(found);
    if (short) return setProblem({ key: 'e.insufficientFunds' });
    setProblem(null);
    const input = { stockCode: q.symbol, face, seenDirty: q.dirty };
    const key = intent.take(JSON.stringify({ stockCode: q.symbol, face }));
    setPending(true);
    try {
      const bought = await buyBond(input, key);
      intent.settle();
      showToast(t('bonds.open.done', { date: formatDateText(bought.settlementDate) }), 'success');
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
      aria-labelledby="bond-order-title"
      data-testid="bond-order"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 className="money-section-title" id="bond-order-title">
        {t('bonds.open.orderTitle')}
      </h2>
      <FaceField
        label={t('bonds.fields.face')}
        testId="bond-face"
        value={face}
        onChange={(v) => {
          setFace(v);
          setProblem(null);
        }}
        problem={problem}
        hint={t('bonds.open.faceHint', { increment: formatFace(q.faceIncrement, q.currency) })}
        disabled={q.paused}
      />
      <dl className="bond-lines">
        <Figure label={t('bonds.open.wallet')} testId="bond-wallet">
          {t(WALLET_LABEL[code])}
        </Figure>
        <Figure label={t('bonds.open.balance')} testId="bond-balance">
          {wallet ? formatMoney(wallet.balance, code) : EMPTY_VALUE}
        </Figure>
        <Figure label={t('bonds.fields.settlesOn')} testId="bond-settlement">
          {formatDateText(q.settlementDate)}
        </Figure>
        <Figure label={t('bonds.open.cleanLine', { price: formatBondPrice(q.ask) })} testId="bond-clean-amount">
          {amount(bill?.clean)}
        </Figure>
        <Figure label={t('bonds.open.accruedLine', { price: formatBondPrice(q.accrued) })} testId="bond-accrued-amount">
          {amount(bill?.accrued)}
        </Figure>
        <Figure label={t('bonds.open.feeLine', { price: formatBondPrice(q.markup) })} testId="bond-fee">
          {amount(bill?.fee)}
        </Figure>
        <Figure label={<strong>{t('bonds.open.total')}</strong>} testId="bond-total">
          <strong>{amount(bill?.total)}</strong>
        </Figure>
      </dl>
      <p className="form-note bond-formula" id={noteId} data-testid="bond-total-formula">
        {t('bonds.open.totalFormula')}
        {converted && <> {t('bonds.open.converted', { wallet: t(WALLET_LABEL[code]) })}</>}
      </p>
      {q.paused && (
        <p className="bond-note warn" role="status" data-testid="bond-paused-note">
          {t('bonds.open.pausedNote')}
        </p>
      )}
      {(short || problem?.key === 'e.insufficientFunds') && (
        <button
          type="button"
          className="link bond-link"
          data-testid="bond-transfer"
          onClick={() => void navigate(paths.wallet.transfer({ from: WalletCode.Funding, to: code }))}
        >
          {t('bonds.open.transfer', { wallet: t(WALLET_LABEL[code]) })}
        </button>
      )}
      <Button
        block
        type="submit"
        color="primary"
        size="large"
        shape="rounded"
        loading={pending}
        disabled={q.paused}
        aria-describedby={noteId}
        data-testid="bond-buy"
      >
        {t('bonds.open.submit')}
      </Button>
    </form>
  );
}

export default function BondOpenPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const symbol = (params.get('symbol') ?? params.get('code') ?? '').trim();
  const query = useQuery(quoteQuery(symbol));
  const q = query.data;

  let body;
  if (q)
    body = (
      <>
        <Terms q={q} />
        <Prices q={q} />
        <Order q={q} />
        <CurveNote />
      </>
    );
  else if (symbol === '' || q === null) body = <EmptyState kind="notFound" title={t('bonds.open.notFound')} body={t('bonds.open.notFoundBody')} />;
  else if (query.isPending)
    body = (
      <div className="card card-pad" aria-busy="true" data-testid="bond-loading">
        <span className="sk sk-line" />
        <span className="sk sk-short" />
      </div>
    );
  else body = <EmptyState kind="notFound" title={t('bonds.open.loadFailed')} onRetry={() => void query.refetch()} retryTestId="bond-retry" />;

  return (
    <Page title={q?.name ?? params.get('name') ?? t('titles.bondsOpen')} className="money-page bond-page">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: bondKeys.all, type: 'active' })}>
        <div data-testid="bond-open" data-symbol={symbol}>
          {body}
        </div>
      </Refreshable>
    </Page>
  );
}
