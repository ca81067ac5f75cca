import '../../ui/money.css';
import './bonds.css';
import type { BondQuote } from '@tradeapp/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { signOf } from '../../lib/format';
import { isSignedIn, subscribeSession } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { quotesQuery } from './api';
import { formatBondPrice, formatCoupon, formatFace, formatYield } from './calc';
import { CurveNote, Figure, formatDay } from './components';
import { bondKeys } from './keys';
import { bondLinks } from './links';

// The specification's bond list (/pages/bonds/list): every bond and bill with its coupon, maturity,
// its price clean (the same as its market quote's) and dirty (with accrued interest), each labelled,
// its yield to maturity before and after the markup (our fee), and the face the caller holds. Prices come from the simulated market's yield curve. A card opens the bond's order page.

function BondCard({ q, signedIn }: { q: BondQuote; signedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bill = q.frequency === 0;
  return (
    <li className="card bond-card" data-testid="bond-row" data-symbol={q.symbol} data-paused={q.paused}>
      <div className="bond-card-head">
        <div className="bond-card-name">
          <h3>
            <button type="button" className="card-open" data-testid="bond-row-open" onClick={() => void navigate(bondLinks.open(q))}>
              {q.name}
            </button>
          </h3>
          <p>
            {q.symbol} · {q.currency}
          </p>
        </div>
        <span className="bond-tags">
          {bill && <span className="record-tag strong">{t('bonds.bill')}</span>}
          {q.paused && (
            <span className="status-badge tone-muted" data-testid="bond-row-paused">
              {t('bonds.paused')}
            </span>
          )}
        </span>
      </div>
      <dl className="figures bond-figures three">
        <Figure label={t('bonds.fields.coupon')} testId="bond-row-coupon">
          {bill ? t('bonds.zeroCoupon') : formatCoupon(q.couponRate)}
        </Figure>
        <Figure label={t('bonds.fields.maturity')} testId="bond-row-maturity">
          {formatDay(q.maturity)}
        </Figure>
        <Figure label={t('bonds.fields.cleanPrice')} testId="bond-row-price">
          {formatBondPrice(q.price)}
        </Figure>
        <Figure label={t('bonds.fields.dirtyPrice')} testId="bond-row-dirty">
          {formatBondPrice(q.dirtyPrice)}
        </Figure>
        <Figure label={t('bonds.fields.ytmBefore')} testId="bond-row-ytm">
          {formatYield(q.ytm)}
        </Figure>
        <Figure label={t('bonds.fields.ytmAfter')} testId="bond-row-ytm-after">
          {formatYield(q.ytmAfterFees)}
        </Figure>
        {signedIn && (
          <Figure label={t('bonds.fields.held')} testId="bond-row-held">
            {signOf(q.held) > 0 ? formatFace(q.held, q.currency) : t('bonds.none')}
          </Figure>
        )}
      </dl>
    </li>
  );
}

export default function BondsListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const query = useQuery(quotesQuery());
  const rows = query.data ?? [];
  const state = query.isPending ? 'loading' : query.isError && rows.length === 0 ? 'error' : rows.length ? 'list' : 'empty';

  let body;
  if (state === 'loading') body = <div className="card sk-card" aria-busy="true" data-testid="bonds-loading" />;
  else if (state === 'error')
    body = <EmptyState kind="market" title={t('bonds.list.loadFailed')} onRetry={() => void query.refetch()} retryTestId="bonds-retry" />;
  else if (state === 'empty') body = <EmptyState kind="market" title={t('bonds.list.empty')} />;
  else
    body = (
      <ul className="bond-list" aria-label={t('titles.bondsList')} data-testid="bonds-list">
        {rows.map((q) => (
          <BondCard key={q.symbol} q={q} signedIn={signedIn} />
        ))}
      </ul>
    );

  return (
    <Page title={t('titles.bondsList')} className="money-page bond-page">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: bondKeys.all, type: 'active' })}>
        <p className="page-intro">{t('bonds.list.intro')}</p>
        <CurveNote />
        <p className="bond-note pad" data-testid="bonds-markup-note">
          {t('bonds.list.markupNote')}
        </p>
        {signedIn && (
          <div className="bond-links">
            <button type="button" className="link" data-testid="bonds-mine" onClick={() => void navigate(bondLinks.holdings())}>
              {t('bonds.list.mine')}
            </button>
          </div>
        )}
        <div data-testid="bonds-state" data-state={state}>
          {body}
        </div>
      </Refreshable>
    </Page>
  );
}
