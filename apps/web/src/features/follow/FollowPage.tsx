import '../../ui/money.css';
import './follow.css';
import { FollowStatus, OrderStatus, WalletCode, walletCurrency, type FollowDetail, type Position } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { useIntentKey } from '../../api/intent';
import { paths } from '../../app/paths';
import { formatDateTime, formatInCurrency, formatNumber, formatQuantity } from '../../lib/format';
import { DetailFallback, EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { showToast } from '../../ui/toast';
import { CloseReasonText, DirectionTag, positionPrice, Profit } from '../trading';
import { WalletAmountSheet } from '../wallet';
import { addToFollow, followQuery, stopFollow } from './api';
import { Figure, FollowStatusBadge, ReturnBeside, useAgencyName } from './components';

// One of the caller's follows (/pages/product/follow/order?id=): what it holds and made, its
// result beside the agency's over the same time, the copies (open first), the skipped copies with
// their reason, the additions; adding money and stopping while it runs. Every figure is the server's.

const CURRENCY = walletCurrency(WalletCode.Follow);
const money = (v: string | null | undefined) => formatInCurrency(v, CURRENCY);

function Head({ f }: { f: FollowDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useAgencyName();
  return (
    <section className="card card-pad follow-head" data-testid="follow-head" data-id={f.id} data-status={f.status}>
      <div className="follow-head-row">
        <div>
          <h1 className="follow-title" data-testid="follow-agency-name">
            {nameOf(f.strategy)}
          </h1>
          <p className="follow-sub">
            {t('follow.detail.startedAt', { time: formatDateTime(f.createTimeTimestamp) })}
            {f.stoppedTimestamp !== null && ` · ${t('follow.detail.stoppedAt', { time: formatDateTime(f.stoppedTimestamp) })}`}
          </p>
        </div>
        <div className="follow-tags">
          <FollowStatusBadge status={f.status} testId="follow-status" />
        </div>
      </div>
      {f.stopReason !== null && (
        <p className="follow-note" data-testid="follow-stop-reason" data-reason={f.stopReason}>
          {t(`follow.stopReasons.${f.stopReason}`)}
        </p>
      )}
      {f.status === FollowStatus.Stopping && (
        <p className="follow-note warn" role="status" data-testid="follow-stopping-note">
          {t('follow.detail.stoppingNote')}
        </p>
      )}
      <div className="follow-equity">
        <span>{t('follow.equity')}</span>
        <strong data-testid="follow-equity">{money(f.equity)}</strong>
      </div>
      <ReturnBeside follow={f} testId="follow" />
      <button type="button" className="link follow-link" data-testid="follow-agency-link" onClick={() => void navigate(paths.follow.agency(f.agencyId))}>
        {t('follow.detail.agencyPage')}
      </button>
    </section>
  );
}

function Figures({ f }: { f: FollowDetail }) {
  const { t } = useTranslation();
  return (
    <section className="card card-pad" aria-label={t('follow.equity')} data-testid="follow-figures">
      <dl className="figures follow-figures">
        <Figure label={t('follow.putIn')} testId="follow-amount">
          {money(f.amount)}
        </Figure>
        <Figure label={t('follow.detail.cash')} testId="follow-cash">
          {money(f.cash)}
        </Figure>
        <Figure label={t('follow.detail.margin')} testId="follow-margin">
          {money(f.margin)}
        </Figure>
        <Figure label={t('follow.detail.floating')} testId="follow-floating">
          <Profit value={f.floating} currency={CURRENCY} />
        </Figure>
        <Figure label={t('follow.detail.realised')} testId="follow-realised">
          <Profit value={f.realised} currency={CURRENCY} />
        </Figure>
        <Figure label={t('follow.detail.fees')} testId="follow-fees">
          {money(f.fees)}
        </Figure>
        <Figure label={t('follow.detail.stopLoss')} testId="follow-stop-loss" wide>
          {t('follow.detail.stopLossValue', { percent: String(f.stopLossPercent), level: money(f.stopLossEquity) })}
        </Figure>
        <Figure label={t('follow.detail.copyOpen')} testId="follow-copy-open">
          {t(f.copyOpen ? 'follow.order.yes' : 'follow.order.no')}
        </Figure>
        <Figure label={t('follow.openCopies')} testId="follow-open-copies">
          {formatNumber(f.openCopies, { grouping: true })}
        </Figure>
      </dl>
    </section>
  );
}

function CopyRow({ p }: { p: Position }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = p.status === OrderStatus.InProgress;
  const closed = p.status === OrderStatus.Settled;
  return (
    <li>
      <button
        type="button"
        className="record-row follow-row-button"
        data-testid="follow-copy"
        data-id={p.id}
        data-symbol={p.symbol}
        data-status={p.status}
        onClick={() => void navigate(paths.trading.detail(p.id, { name: p.stockName, code: p.stockCode, source: p.source }))}
      >
        <span className="record-main">
          <span className="record-title">
            {p.stockName}
            <DirectionTag direction={p.direction} leverage={p.leverage} />
          </span>
          <span className="record-sub">
            {formatQuantity(p.quantity)} · {positionPrice(p.openPrice ?? p.price)} → {positionPrice(closed ? p.closePrice : p.currentPrice)}
          </span>
          <span className="record-sub">
            {closed && p.closeTimeTimestamp !== null
              ? t('follow.agency.closedAt', { time: formatDateTime(p.closeTimeTimestamp) })
              : t('follow.agency.openedAt', { time: formatDateTime(p.marketDateTimestamp ?? p.createTimeTimestamp) })}
          </span>
          {closed && p.closeReason !== null && (
            <span className="record-sub">
              {t('trading.detail.closeReason')}: <CloseReasonText reason={p.closeReason} testId="follow-copy-reason" />
            </span>
          )}
        </span>
        <span className="record-figures">
          <span className="record-sub">{open ? t('follow.agency.floating') : t('follow.agency.net')}</span>
          <span className="record-amount">
            <Profit value={open ? p.profit : p.netProfit} currency={p.walletCurrency} testId="follow-copy-profit" />
          </span>
          <span className={open ? 'status-badge tone-done' : 'status-badge tone-muted'}>{t(open ? 'trading.status.open' : 'trading.status.settled')}</span>
        </span>
      </button>
    </li>
  );
}

function Copies({ f }: { f: FollowDetail }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="follow-copies-title" data-testid="follow-copies">
      <h2 className="card-title" id="follow-copies-title">
        {t('follow.detail.copiesTitle')}
      </h2>
      {f.copies.length === 0 ? (
        <EmptyState compact kind="records" title={t('follow.detail.copiesEmpty')} body={t('follow.detail.copiesEmptyBody')} />
      ) : (
        <ul className="record-list follow-rows">
          {f.copies.map((p) => (
            <CopyRow key={p.id} p={p} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Skipped({ f }: { f: FollowDetail }) {
  const { t } = useTranslation();
  if (f.skipped.length === 0) return null;
  return (
    <section className="card" aria-labelledby="follow-skipped-title" data-testid="follow-skipped">
      <h2 className="card-title" id="follow-skipped-title">
        {t('follow.detail.skippedTitle')}
      </h2>
      <ul className="record-list follow-rows">
        {f.skipped.map((s) => (
          <li key={s.id} className="record-row" data-testid="follow-skipped-row" data-id={s.id} data-reason={s.reason}>
            <div className="record-main">
              <div className="record-title">
                {s.stockName}
                <DirectionTag direction={s.direction} />
              </div>
              <div className="record-memo" data-testid="follow-skipped-reason">
                {t(`follow.skipReasons.${s.reason}`, { quantity: formatQuantity(s.quantity), min: formatQuantity(s.minQuantity) })}
              </div>
              <div className="record-sub">
                {s.symbol} · {t('follow.detail.agencyQuantity', { quantity: formatQuantity(s.agencyQuantity) })} · {formatDateTime(s.timestamp)}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Additions({ f }: { f: FollowDetail }) {
  const { t } = useTranslation();
  if (f.additions.length === 0) return null;
  return (
    <section className="card" aria-labelledby="follow-additions-title" data-testid="follow-additions">
      <h2 className="card-title" id="follow-additions-title">
        {t('follow.detail.additionsTitle')}
      </h2>
      <ul className="record-list follow-rows">
        {f.additions.map((a, index) => (
          <li key={`${a.timestamp}-${index}`} className="record-row" data-testid="follow-addition">
            <span className="record-sub">{formatDateTime(a.timestamp)}</span>
            <span className="record-amount">{money(a.amount)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Money added from the follow wallet (`/orders/additions`) under the intent's idempotency key. */
function AddMoneySheet({ f, visible, onClose }: { f: FollowDetail; visible: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <WalletAmountSheet
      visible={visible}
      onClose={onClose}
      walletCode={WalletCode.Follow}
      currency={CURRENCY}
      testId="follow-add"
      scope={f.id}
      title={t('follow.detail.addTitle')}
      body={t('follow.detail.addBody')}
      label={t('follow.detail.addAmount')}
      available={(amount) => t('follow.detail.addAvailable', { amount })}
      submitLabel={t('follow.detail.addSubmit')}
      doneToast={t('follow.detail.addDone')}
      send={(amount, key) => addToFollow({ orderId: f.id, amount }, key)}
      short={
        <p className="follow-note warn">
          <button
            type="button"
            className="link"
            data-testid="follow-add-transfer"
            onClick={() => void navigate(paths.wallet.transfer({ from: WalletCode.Funding, to: WalletCode.Follow }))}
          >
            {t('follow.order.transfer')}
          </button>
        </p>
      }
    />
  );
}

function Actions({ f }: { f: FollowDetail }) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState(false);
  const [stopping, setStopping] = useState(false);
  const intent = useIntentKey();

  const onStop = async () => {
    const ok = await Dialog.confirm({
      title: t('follow.detail.stopTitle'),
      'aria-label': t('follow.detail.stopTitle'),
      content: <p data-testid="follow-stop-body">{t('follow.detail.stopBody')}</p>,
      confirmText: <span data-testid="follow-stop-confirm">{t('follow.detail.stopYes')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const key = intent.take(`stop|${f.id}`);
    setStopping(true);
    try {
      await stopFollow(f.id, key);
      intent.settle();
      showToast(t('follow.detail.stopDone'), 'success');
    } catch (err) {
      // The client has shown the server's refusal already.
      intent.settle(err);
    } finally {
      setStopping(false);
    }
  };

  return (
    <>
      <div className="bottom-actions">
        <Button shape="rounded" data-testid="follow-add" onClick={() => setSheet(true)}>
          {t('follow.detail.addMoney')}
        </Button>
        <Button shape="rounded" color="danger" loading={stopping} data-testid="follow-stop" onClick={() => void onStop()}>
          {t('follow.detail.stop')}
        </Button>
      </div>
      <AddMoneySheet f={f} visible={sheet} onClose={() => setSheet(false)} />
    </>
  );
}

export default function FollowPage() {
  const { t } = useTranslation();
  const nameOf = useAgencyName();
  const [params] = useSearchParams();
  const raw = Number(params.get('id') ?? 0);
  const id = Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
  const query = useQuery(followQuery(id));
  const f = query.data;
  const running = f?.status === FollowStatus.Following;

  let body;
  if (f)
    body = (
      <>
        <Head f={f} />
        <Figures f={f} />
        <Copies f={f} />
        <Skipped f={f} />
        <Additions f={f} />
        <p className="follow-note pad-note">{t('follow.order.statementLocked')}</p>
      </>
    );
  else
    body = (
      <DetailFallback
        missing={id === 0}
        query={query}
        title={t('follow.detail.notFound')}
        body={t('follow.detail.notFoundBody')}
        loadingTestId="follow-loading"
        retryTestId="follow-retry"
      />
    );

  return (
    <Page title={f ? nameOf(f.strategy) : t('titles.followDetail')} className={running ? 'money-page follow-page has-actions' : 'money-page follow-page'}>
      <Refreshable onRefresh={() => query.refetch()}>{body}</Refreshable>
      {f && running && <Actions f={f} />}
    </Page>
  );
}
