import '../../ui/money.css';
import './robots.css';
import { isRobotWorking, OrderStatus, ROBOT_MESSAGES, ROBOT_YEARLY_AFTER_DAYS, type Position, type RobotOrderDetail } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { useIntentKey } from '../../api/intent';
import { paths } from '../../app/paths';
import { formatDateTime, formatInCurrency, formatQuantity, signOf } from '../../lib/format';
import { DetailFallback, EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { showToast } from '../../ui/toast';
import { CloseReasonText, DirectionTag, PositionRow, positionPrice, Profit } from '../trading';
import { redeemRobot, robotOrderQuery } from './api';
import { formatRobotPercent, pairCurrency, statusKey } from './calc';
import { Figure, RobotPercent, RobotStatusBadge, SimulatedNote, useDays, useFills, useIdParam, useMessageText, useRobotName } from './components';

// One of the caller's robot orders (/pages/robotai/detail?id=): its status in its colour and what it
// means, the honest breakdown of its result (realised pairs or deals, floating P&L of what it holds,
// fees, rent, and their total; a yearly rate only once the server gives one), out of range said
// plainly, its energy and cycle, its grid or its DCA deal, its positions, its newest messages; redeem,
// and the way to its K-line. Asked for again every few seconds while it works.

const money = (v: string | null | undefined) => formatInCurrency(v, 'EUR');
/** A cost as the minus it is in the total: "0.30" → "-€0.30" (nothing to take away stays "€0.00"). */
const minus = (v: string) => money(signOf(v) > 0 ? `-${v}` : v);

function Head({ o }: { o: RobotOrderDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useRobotName();
  return (
    <section className="card card-pad" data-testid="robot-detail-head" data-id={o.id} data-status={o.status} data-redeemed={o.redeemed}>
      <h1 className="robot-title" data-testid="robot-detail-name">
        {nameOf(o)}
      </h1>
      <div className="robot-tags start">
        <RobotStatusBadge order={o} testId="robot-detail-status" />
        <span className="status-badge tone-muted" data-testid="robot-detail-mode">
          {t(`robots.modes.${o.mode}`)}
        </span>
      </div>
      <p className="robot-sub">{t('robots.order.startedAt', { time: formatDateTime(o.createTimeTimestamp) })}</p>
      <p className="robot-sub">
        {o.redeemedTimestamp !== null
          ? t('robots.order.redeemedAt', { time: formatDateTime(o.redeemedTimestamp) })
          : t('robots.order.endsAt', { time: formatDateTime(o.expiresTimestamp) })}
      </p>
      {!o.redeemed && (
        <p className={o.status >= 5 ? 'robot-note danger' : 'robot-note'} data-testid="robot-detail-meaning">
          {t(`robots.statusMeaning.${statusKey(o.status)}`)}
        </p>
      )}
      {o.outOfRange === 'below' && (
        <p className="robot-out below" role="status" data-testid="robot-out-of-range" data-side="below">
          {t('robots.order.outBelow', { percent: formatRobotPercent(o.floatingPercent) })}
        </p>
      )}
      {o.outOfRange === 'above' && (
        <p className="robot-out above" role="status" data-testid="robot-out-of-range" data-side="above">
          {t('robots.order.outAbove')}
        </p>
      )}
      <div className="robot-total">
        <span>{t('robots.order.total')}</span>
        <div className="robot-total-row">
          <Profit value={o.total} currency="EUR" testId="robot-detail-total" big />
          <RobotPercent value={o.totalPercent} testId="robot-detail-percent" />
        </div>
      </div>
      {o.returned !== null && (
        <p className="robot-note" data-testid="robot-detail-returned" data-value={o.returned}>
          {t('robots.order.returned')}: <strong>{money(o.returned)}</strong>
        </p>
      )}
      <button type="button" className="link robot-link" data-testid="robot-detail-product" onClick={() => void navigate(paths.robots.product(o.robotId))}>
        {t('robots.product.howTitle')}
      </button>
    </section>
  );
}

/** realised + floating − fees − rent = total, each line shown: never a gross figure alone. */
function Breakdown({ o }: { o: RobotOrderDetail }) {
  const { t } = useTranslation();
  return (
    <section className="card card-pad" aria-labelledby="robot-breakdown-title" data-testid="robot-breakdown">
      <h2 className="money-section-title" id="robot-breakdown-title">
        {t('robots.order.breakdownTitle')}
      </h2>
      <dl className="robot-lines">
        <Figure label={t(o.kind === 'grid' ? 'robots.order.realisedPairs' : 'robots.order.realisedDeals', { n: o.completed })} testId="robot-realised">
          <Profit value={o.realised} currency="EUR" />
        </Figure>
        <Figure label={t('robots.order.floating')} testId="robot-floating">
          <Profit value={o.floating} currency="EUR" />
        </Figure>
        <Figure label={t('robots.order.fees')} testId="robot-fees">
          {minus(o.fees)}
        </Figure>
        <Figure label={t('robots.order.rent')} testId="robot-rent-paid">
          {minus(o.rent)}
        </Figure>
        <div className="figure robot-figure sum">
          <dt>{t('robots.order.total')}</dt>
          <dd data-testid="robot-breakdown-total">
            <Profit value={o.total} currency="EUR" /> · <RobotPercent value={o.totalPercent} />
          </dd>
        </div>
      </dl>
      <p className="robot-note">{t('robots.order.totalLine')}</p>
      <dl className="robot-lines robot-yearly">
        <Figure label={t('robots.order.yearly')} testId="robot-yearly">
          {o.yearlyPercent !== null ? <RobotPercent value={o.yearlyPercent} /> : '—'}
        </Figure>
      </dl>
      {o.yearlyPercent === null && (
        <p className="robot-note" data-testid="robot-yearly-later">
          {t('robots.order.yearlyLater', { n: ROBOT_YEARLY_AFTER_DAYS })}
        </p>
      )}
      <p className="robot-note">{t('robots.stepNote')}</p>
    </section>
  );
}

function MoneyAndEnergy({ o }: { o: RobotOrderDetail }) {
  const { t } = useTranslation();
  const days = useDays();
  const fills = useFills();
  const base = o.symbol.slice(0, o.symbol.length - pairCurrency(o.symbol).length) || o.symbol;
  return (
    <section className="card card-pad" aria-labelledby="robot-money-title" data-testid="robot-money">
      <h2 className="money-section-title" id="robot-money-title">
        {t('robots.order.moneyTitle')}
      </h2>
      <dl className="figures robot-figures">
        <Figure label={t('robots.order.putIn')} testId="robot-detail-amount">
          {money(o.amount)}
        </Figure>
        <Figure label={t('robots.order.cash')} testId="robot-cash">
          {money(o.cash)}
        </Figure>
        <Figure label={t('robots.order.held')} testId="robot-held">
          {formatQuantity(o.held)} {base}
        </Figure>
        <Figure label={t('robots.order.margin')} testId="robot-margin">
          {money(o.margin)}
        </Figure>
        <Figure label={t('robots.order.energyLeft')} testId="robot-energy-left">
          {t('robots.order.energyValue', { left: o.energyLeft, energy: o.energy })}
        </Figure>
        <Figure label={t('robots.order.fillsDone')} testId="robot-fills">
          {fills(o.fills)}
        </Figure>
        <Figure label={t('robots.figures.cycle')} testId="robot-detail-cycle">
          {days(o.cycleDays)}
        </Figure>
        <Figure label={t('robots.order.cycleEnd')} testId="robot-detail-ends">
          {formatDateTime(o.expiresTimestamp)}
        </Figure>
      </dl>
    </section>
  );
}

function Grid({ o, currency }: { o: RobotOrderDetail; currency: string }) {
  const { t } = useTranslation();
  // A stopped robot (energy spent, cycle over, redeemed) places no order: its cells only hold or wait.
  const stopped = o.redeemed || !isRobotWorking(o.status);
  // Highest first: the cells read as the price axis does.
  const cells = [...o.cells].reverse();
  return (
    <section className="card card-pad" aria-labelledby="robot-grid-title" data-testid="robot-grid" data-cells={o.cells.length}>
      <h2 className="money-section-title" id="robot-grid-title">
        {t('robots.order.gridTitle')}
      </h2>
      {o.lower !== null && o.upper !== null ? (
        <p className="robot-sub" data-testid="robot-grid-range" data-lower={o.lower} data-upper={o.upper}>
          {t('robots.order.gridRange', { lower: positionPrice(o.lower), upper: positionPrice(o.upper), currency })}
        </p>
      ) : (
        <p className="robot-note">{t('robots.order.gridPending')}</p>
      )}
      {cells.length > 0 && (
        <ul className="robot-cells">
          {cells.map((c) => (
            <li key={c.buy} className="robot-cell" data-testid="robot-cell" data-state={c.state}>
              <span className="robot-cell-prices">
                <span>
                  {t('robots.order.cellBuy', { price: positionPrice(c.buy) })} → {t('robots.order.cellSell', { price: positionPrice(c.sell) })}
                </span>
                <span className="robot-sub">{formatQuantity(c.quantity)}</span>
              </span>
              <span className="robot-cell-state">{t(stopped ? `robots.order.cellStatesStopped.${c.state}` : `robots.order.cellStates.${c.state}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Deal({ o, currency }: { o: RobotOrderDetail; currency: string }) {
  const { t } = useTranslation();
  const price = (v: string) => (currency ? formatInCurrency(v, currency) : positionPrice(v));
  return (
    <section className="card card-pad" aria-labelledby="robot-deal-title" data-testid="robot-deal">
      <h2 className="money-section-title" id="robot-deal-title">
        {t('robots.order.dcaTitle')}
      </h2>
      {o.takeProfit === null ? (
        <p className="robot-note">{t('robots.order.noDeal')}</p>
      ) : (
        <dl className="robot-lines">
          <Figure label={t('robots.order.nextBuy')} testId="robot-next-buy">
            {o.nextBuy !== null ? price(o.nextBuy) : t('robots.order.noNextBuy')}
          </Figure>
          <Figure label={t('robots.order.takeProfit')} testId="robot-take-profit">
            {price(o.takeProfit)}
          </Figure>
        </dl>
      )}
    </section>
  );
}

function ClosedRow({ p }: { p: Position }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <li>
      <button
        type="button"
        className="record-row robot-row-button"
        data-testid="robot-position-closed"
        data-id={p.id}
        onClick={() => void navigate(paths.trading.detail(p.id, { name: p.stockName, code: p.stockCode, source: p.source }))}
      >
        <span className="record-main">
          <span className="record-title">
            {p.stockName}
            <DirectionTag direction={p.direction} leverage={p.leverage} />
          </span>
          <span className="record-sub">
            {formatQuantity(p.quantity)} · {positionPrice(p.openPrice ?? p.price)} → {positionPrice(p.closePrice)}
          </span>
          <span className="record-sub">
            {p.closeTimeTimestamp !== null && t('robots.order.closedAt', { time: formatDateTime(p.closeTimeTimestamp) })}
            {p.closeReason !== null && (
              <>
                {' · '}
                <CloseReasonText reason={p.closeReason} />
              </>
            )}
          </span>
        </span>
        <span className="record-figures">
          <span className="record-sub">{t('robots.order.net')}</span>
          <span className="record-amount">
            <Profit value={p.netProfit} currency={p.walletCurrency} />
          </span>
        </span>
      </button>
    </li>
  );
}

/** Closed positions listed before "show all". */
const CLOSED_SHOWN = 5;

function Positions({ o }: { o: RobotOrderDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [all, setAll] = useState(false);
  const open = o.positions.filter((p) => p.status === OrderStatus.InProgress);
  const closed = o.positions.filter((p) => p.status === OrderStatus.Settled);
  const shown = all ? closed : closed.slice(0, CLOSED_SHOWN);
  return (
    <section className="card" aria-labelledby="robot-positions-title" data-testid="robot-positions" data-open={open.length} data-closed={closed.length}>
      <h2 className="card-title" id="robot-positions-title">
        {t('robots.order.positionsTitle')}
      </h2>
      {open.length + closed.length === 0 ? (
        <EmptyState compact kind="records" title={t('robots.order.positionsEmpty')} body={t('robots.order.positionsEmptyBody')} />
      ) : (
        <>
          <div className="record-list">
            {open.map((p) => (
              <PositionRow
                key={p.id}
                position={p}
                onOpen={() => void navigate(paths.trading.detail(p.id, { name: p.stockName, code: p.stockCode, source: p.source }))}
              />
            ))}
          </div>
          <ul className="robot-rows">
            {shown.map((p) => (
              <ClosedRow key={p.id} p={p} />
            ))}
          </ul>
          {shown.length < closed.length && (
            <div className="robot-links inside">
              <button type="button" className="link" data-testid="robot-positions-all" onClick={() => setAll(true)}>
                {t('robots.order.showClosed', { n: closed.length })}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Messages({ o, currency }: { o: RobotOrderDetail; currency: string }) {
  const { t } = useTranslation();
  const textOf = useMessageText();
  const messages = o.messages.slice(0, ROBOT_MESSAGES);
  return (
    <section className="card" aria-labelledby="robot-messages-title" data-testid="robot-messages">
      <h2 className="card-title" id="robot-messages-title">
        {t('robots.order.messagesTitle')}
      </h2>
      <p className="robot-note pad-note">{t('robots.order.messagesNote', { n: ROBOT_MESSAGES })}</p>
      {messages.length === 0 ? (
        <p className="robot-empty">{t('robots.order.messagesEmpty')}</p>
      ) : (
        <ol className="robot-messages">
          {messages.map((m) => (
            <li key={m.id} className="robot-message" data-testid="robot-message" data-kind={m.kind}>
              <span>{textOf(m, currency)}</span>
              <time dateTime={new Date(m.timestamp).toISOString()}>{formatDateTime(m.timestamp)}</time>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function Actions({ o }: { o: RobotOrderDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const intent = useIntentKey();
  const [redeeming, setRedeeming] = useState(false);

  const onRedeem = async () => {
    const ok = await Dialog.confirm({
      title: t('robots.order.redeemTitle'),
      'aria-label': t('robots.order.redeemTitle'),
      content: <p data-testid="robot-redeem-body">{t('robots.order.redeemBody')}</p>,
      confirmText: <span data-testid="robot-redeem-confirm">{t('robots.order.redeemYes')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    const key = intent.take(`redeem|${o.id}`);
    setRedeeming(true);
    try {
      const done = await redeemRobot(o.id, key);
      intent.settle();
      showToast(t('robots.order.redeemDone', { amount: money(done.returned) }), 'success');
    } catch (err) {
      // The client has shown the server's refusal already.
      intent.settle(err);
    } finally {
      setRedeeming(false);
    }
  };

  return (
    <div className={o.redeemed ? 'bottom-actions single' : 'bottom-actions'}>
      <Button shape="rounded" data-testid="robot-kline" onClick={() => void navigate(paths.robots.quote(o.id))}>
        {t('robots.order.kline')}
      </Button>
      {!o.redeemed && (
        <Button shape="rounded" color="danger" loading={redeeming} data-testid="robot-redeem" onClick={() => void onRedeem()}>
          {t('robots.order.redeem')}
        </Button>
      )}
    </div>
  );
}

export default function RobotOrderPage() {
  const { t } = useTranslation();
  const nameOf = useRobotName();
  const id = useIdParam();
  const query = useQuery(robotOrderQuery(id));
  const o = query.data;
  const currency = o ? pairCurrency(o.symbol) || (o.positions[0]?.currency ?? '') : '';

  let body;
  if (o)
    body = (
      <>
        <Head o={o} />
        <Breakdown o={o} />
        <MoneyAndEnergy o={o} />
        {o.kind === 'grid' ? <Grid o={o} currency={currency} /> : <Deal o={o} currency={currency} />}
        <Positions o={o} />
        <Messages o={o} currency={currency} />
        <SimulatedNote />
      </>
    );
  else
    body = (
      <DetailFallback
        missing={id === 0}
        query={query}
        title={t('robots.order.notFound')}
        body={t('robots.order.notFoundBody')}
        loadingTestId="robot-detail-loading"
        retryTestId="robot-detail-retry"
      />
    );

  return (
    <Page title={o ? nameOf(o) : t('titles.robotDetail')} className={o ? 'money-page robot-page has-actions' : 'money-page robot-page'}>
      <Refreshable onRefresh={() => query.refetch()}>
        <div data-testid="robot-detail" data-working={o ? String(isRobotWorking(o.status) && !o.redeemed) : undefined}>
          {body}
        </div>
      </Refreshable>
      {o && <Actions o={o} />}
    </Page>
  );
}
