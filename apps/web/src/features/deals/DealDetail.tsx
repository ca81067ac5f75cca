import { DealStatus, mulPrecise, type NewStock } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { Fragment, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import {
  formatAmount,
  formatCompact,
  formatDateText,
  formatInCurrency,
  formatNumber,
  formatPercent,
  formatQuantity,
  riseFallColor,
  signOf,
} from '../../lib/format';
import { isSignedIn, subscribeSession } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { SimulatedNotice } from '../market';
import { newStockQuery, subscriptionQuery } from './api';
import { feeRatePercent, holdEstimate } from './calc';
import {
  DealBadge,
  dealPriceText,
  InfoLine,
  MarketTag,
  poolThresholdText,
  sharePercent,
  useExchangeClock,
  useExchangeTime,
  useLotsText,
  useTimes,
} from './components';

const STEP_ORDER: Record<DealStatus, number> = { announced: 0, open: 1, closed: 2, priced: 2, allotted: 3, listed: 4, cancelled: -1 };

function Head({ deal }: { deal: NewStock }) {
  const { t } = useTranslation();
  const count = useLotsText();
  const oneLot = holdEstimate(deal, 1, null).inDeal.total;
  return (
    <section className="card card-pad deal-head" data-testid="deal-head" data-symbol={deal.symbol} data-status={deal.dealStatus}>
      <div className="deal-head-top">
        <div className="deal-head-name">
          <h2>{deal.name}</h2>
          <span>
            <MarketTag market={deal.market} /> {deal.code} · {deal.exchange} · {deal.currency}
          </span>
        </div>
        <DealBadge deal={deal} />
      </div>
      <div className="deal-head-price">
        <span>{deal.finalPrice ? t('deals.finalPrice') : t('deals.priceRange')}</span>
        <strong data-testid="deal-price">{dealPriceText(deal)}</strong>
      </div>
      <p className="deal-head-lot" data-testid="deal-lot">
        {count.lotShares(deal.lotSize)} · {t('deals.oneLotCosts', { amount: formatInCurrency(oneLot, deal.currency) })}
      </p>
    </section>
  );
}

function Timeline({ deal }: { deal: NewStock }) {
  const { t } = useTranslation();
  const at = useExchangeTime();
  const reached = STEP_ORDER[deal.dealStatus];
  const steps = [
    { key: 'opens', label: t('deals.steps.opens'), when: at(deal.subscriptionOpensTimestamp, deal.market) },
    { key: 'closes', label: t('deals.steps.closes'), when: at(deal.subscriptionClosesTimestamp, deal.market) },
    { key: 'allotment', label: t('deals.steps.allotment'), when: formatDateText(deal.allotmentDate) },
    { key: 'listing', label: t('deals.steps.listing'), when: formatDateText(deal.listedOn ?? deal.listingDate) },
  ];
  return (
    <section className="card card-pad" data-testid="deal-timeline">
      <h3 className="deal-card-title">{t('deals.timeline')}</h3>
      {deal.dealStatus === DealStatus.Cancelled ? (
        <p className="deal-note warn" data-testid="deal-cancelled">
          {t('deals.cancelledNote')}
        </p>
      ) : (
        <ol className="deal-steps">
          {steps.map((s, i) => (
            <li key={s.key} className={i < reached ? 'done' : i === reached ? 'next' : undefined}>
              <span className="deal-step-dot" aria-hidden="true" />
              <span className="deal-step-label">{s.label}</span>
              <span className="deal-step-when">{s.when}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The investor's own application: lots, pool and the chance of a lot now; the way to its payments. */
function Mine({ deal }: { deal: NewStock }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const count = useLotsText();
  const mine = deal.mine!;
  // What was allotted is the subscription's, not the deal's: asked for once the allotment has run.
  const decided = deal.dealStatus === DealStatus.Allotted || deal.dealStatus === DealStatus.Listed || deal.dealStatus === DealStatus.Cancelled;
  const own = useQuery(subscriptionQuery(decided ? mine.subscriptionId : null));
  const allotted = own.data?.allottedQuantity ?? null;
  return (
    <section className="card card-pad deal-mine" data-testid="deal-mine" data-lots={mine.lots}>
      <h3 className="deal-card-title">{t('deals.mine.title')}</h3>
      <p>
        {t('deals.mine.applied', { what: count.both(mine.lots, mulPrecise(mine.lots, deal.lotSize)) })}
        {mine.pool && ` · ${t('deals.poolName', { pool: mine.pool })}`}
      </p>
      {allotted !== null && (
        <p data-testid="deal-mine-allotted">
          {signOf(allotted) > 0 ? t('deals.mine.allotted', { shares: count.shares(allotted) }) : t('deals.mine.notAllotted')}
        </p>
      )}
      {mine.oneLotChance !== null && <p data-testid="deal-mine-chance">{t('deals.mine.chance', { percent: sharePercent(mine.oneLotChance) })}</p>}
      <button type="button" className="link" data-testid="deal-mine-payments" onClick={() => void navigate(paths.deals.subscribe(deal))}>
        {t('deals.mine.payments')}
      </button>
    </section>
  );
}

/** Demand so far and, in Hong Kong, each pool's odds if the deal closed now. */
function Demand({ deal }: { deal: NewStock }) {
  const { t } = useTranslation();
  const times = useTimes();
  const pools = deal.pools;
  const mine = deal.mine?.pool ?? null;
  return (
    <section className="card card-pad" data-testid="deal-demand" data-oversubscription={deal.oversubscription}>
      <h3 className="deal-card-title">{deal.allotmentTable ? t('deals.demandFinal') : t('deals.demand')}</h3>
      <dl className="deal-lines">
        <InfoLine label={t('deals.oversubscribed')} testId="deal-oversubscription">
          {times(deal.oversubscription)}
        </InfoLine>
        <InfoLine label={t('deals.applicants')} testId="deal-applicants">
          {formatQuantity(deal.applicants)}
        </InfoLine>
        <InfoLine label={t('deals.lotsApplied')}>{t('deals.lotsOf', { n: formatQuantity(deal.demandLots), of: formatQuantity(deal.publicLots) })}</InfoLine>
      </dl>
      {pools && (
        <>
          <table className="deal-table deal-pools" data-testid="deal-pools">
            <caption>{t('deals.poolsCaption')}</caption>
            <thead>
              <tr>
                <td />
                {(['A', 'B'] as const).map((p) => (
                  <th key={p} scope="col" className={mine === p ? 'mine' : undefined}>
                    {t('deals.poolName', { pool: p })}
                    {mine === p && <small>{t('deals.yours')}</small>}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t('deals.pools.lots')}</th>
                <td>{formatQuantity(pools.A.lots)}</td>
                <td>{formatQuantity(pools.B.lots)}</td>
              </tr>
              <tr>
                <th scope="row">{t('deals.applicants')}</th>
                <td>{formatQuantity(pools.A.applicants)}</td>
                <td>{formatQuantity(pools.B.applicants)}</td>
              </tr>
              <tr>
                <th scope="row">{t('deals.pools.applied')}</th>
                <td>{formatQuantity(pools.A.lotsApplied)}</td>
                <td>{formatQuantity(pools.B.lotsApplied)}</td>
              </tr>
              <tr>
                <th scope="row">{t('deals.oversubscribed')}</th>
                <td>{times(pools.A.oversubscription)}</td>
                <td>{times(pools.B.oversubscription)}</td>
              </tr>
              <tr className="strong">
                <th scope="row">{t('deals.pools.chance')}</th>
                <td data-testid="deal-pool-A-chance">{sharePercent(pools.A.oneLotChance)}</td>
                <td data-testid="deal-pool-B-chance">{sharePercent(pools.B.oneLotChance)}</td>
              </tr>
            </tbody>
          </table>
          <p className="deal-note">{t('deals.poolsNote', { amount: poolThresholdText() })}</p>
        </>
      )}
      {deal.market === 'US' && !deal.allotmentTable && <p className="deal-note">{t('deals.usAllocationNote')}</p>}
    </section>
  );
}

/** The published basis of allotment: per pool and lots applied, who applied, who got lots and how many. */
function BasisTable({ deal }: { deal: NewStock }) {
  const { t } = useTranslation();
  const mine = deal.mine;
  const rows = deal.allotmentTable ?? [];
  const pools = [...new Set(rows.map((r) => r.pool))];
  return (
    <section className="card card-pad" data-testid="deal-basis">
      <h3 className="deal-card-title">{t('deals.basis.title')}</h3>
      {rows.length === 0 ? (
        <p className="deal-note">{t('deals.basis.none')}</p>
      ) : (
        <div className="deal-table-scroll">
          <table className="deal-table deal-basis">
            <thead>
              <tr>
                <th scope="col">{t('deals.basis.lotsApplied')}</th>
                <th scope="col">{t('deals.applicants')}</th>
                <th scope="col">{t('deals.basis.successful')}</th>
                <th scope="col">{t('deals.basis.lotsEach')}</th>
                <th scope="col">{t('deals.basis.allotted')}</th>
              </tr>
            </thead>
            <tbody>
              {pools.map((pool) => (
                <Fragment key={pool ?? 'all'}>
                  {pool && (
                    <tr className="deal-basis-pool">
                      <th scope="colgroup" colSpan={5}>
                        {t('deals.poolName', { pool })}
                      </th>
                    </tr>
                  )}
                  {rows
                    .filter((r) => r.pool === pool)
                    .map((r) => (
                      <tr
                        key={`${pool ?? '-'}-${r.lotsApplied}`}
                        className={mine && mine.pool === r.pool && mine.lots === r.lotsApplied ? 'mine' : undefined}
                        data-testid="deal-basis-row"
                        data-pool={r.pool ?? ''}
                        data-lots={r.lotsApplied}
                      >
                        <th scope="row">{formatQuantity(r.lotsApplied)}</th>
                        <td>{formatQuantity(r.applicants)}</td>
                        <td>
                          {formatQuantity(r.successful)} <small>({formatAmount(r.successfulPercent)}%)</small>
                        </td>
                        <td>
                          {r.successful === 0
                            ? '0'
                            : r.minLots === r.maxLots
                              ? formatQuantity(r.minLots)
                              : `${formatQuantity(r.minLots)}–${formatQuantity(r.maxLots)}`}
                        </td>
                        <td>{formatAmount(r.allottedPercent)}%</td>
                      </tr>
                    ))}
                </Fragment>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="deal-note">{t('deals.basis.note')}</p>
    </section>
  );
}

function FirstDay({ deal }: { deal: NewStock }) {
  const { t } = useTranslation();
  const price = (v: string | null) => (v ? `${formatNumber(v, { grouping: true })} ${deal.currency}` : t('deals.firstDayPending'));
  return (
    <section className="card card-pad" data-testid="deal-first-day">
      <h3 className="deal-card-title">{t('deals.firstDayTitle')}</h3>
      <dl className="deal-lines">
        <InfoLine label={t('deals.finalPrice')}>{price(deal.finalPrice)}</InfoLine>
        <InfoLine label={t('deals.firstOpen')}>{price(deal.firstDayPrice)}</InfoLine>
        <InfoLine label={t('deals.firstClose')}>{price(deal.firstDayClose)}</InfoLine>
        <InfoLine label={t('deals.firstDay')} testId="deal-first-day-change">
          {deal.firstDayChangePercent === null ? (
            t('deals.firstDayPending')
          ) : (
            <span style={{ color: riseFallColor(deal.firstDayChangePercent) }}>{formatPercent(deal.firstDayChangePercent)}</span>
          )}
        </InfoLine>
      </dl>
    </section>
  );
}

/** The specification's IPO fields of the deal itself (the investor's own are on the order page and the subscriptions). */
function Fields({ deal }: { deal: NewStock }) {
  const { t } = useTranslation();
  const count = useLotsText();
  const clock = useExchangeClock();
  return (
    <section className="card card-pad" data-testid="deal-fields">
      <h3 className="deal-card-title">{t('deals.fieldsTitle')}</h3>
      <dl className="deal-lines">
        <InfoLine label={t('deals.fields.exchange')}>{deal.exchange}</InfoLine>
        <InfoLine label={t('deals.fields.code')}>{deal.code}</InfoLine>
        <InfoLine label={t('deals.fields.prospectusDate')}>{formatDateText(deal.prospectusDate)}</InfoLine>
        <InfoLine label={t('deals.fields.fundRaising')}>
          {formatInCurrency(deal.fundRaising, deal.currency)} <small>({formatCompact(deal.fundRaising)})</small>
        </InfoLine>
        <InfoLine label={t('deals.deadline')} testId="deal-deadline">
          {formatDateText(deal.subscriptionDeadline)}
          <small>{clock(deal.subscriptionClosesTimestamp, deal.market)}</small>
        </InfoLine>
        <InfoLine label={deal.finalPrice ? t('deals.finalPrice') : t('deals.priceRange')}>{dealPriceText(deal)}</InfoLine>
        <InfoLine label={t('deals.fields.lotSize')}>{count.lotShares(deal.lotSize)}</InfoLine>
        <InfoLine label={t('deals.fields.publicOffer')}>{count.both(deal.publicLots, mulPrecise(deal.publicLots, deal.lotSize))}</InfoLine>
        <InfoLine label={t('deals.fields.feeRate')}>{`${formatNumber(feeRatePercent(deal.feeRate))}%`}</InfoLine>
        <InfoLine label={t('deals.fields.handlingFee')}>{formatInCurrency(deal.handlingFee, deal.currency)}</InfoLine>
        <InfoLine label={t('deals.steps.allotment')}>{formatDateText(deal.allotmentDate)}</InfoLine>
        <InfoLine label={t('deals.listingDate')}>{formatDateText(deal.listedOn ?? deal.listingDate)}</InfoLine>
      </dl>
    </section>
  );
}

/** What the bottom bar offers: subscribing to an open deal, changing or reconfirming a United States offer. */
function useAction(deal: NewStock | undefined): 'subscribe' | 'change' | 'reconfirm' | null {
  const usOffer = deal?.market === 'US' && deal.mine !== null && deal.dealStatus === DealStatus.Priced ? deal.mine.subscriptionId : null;
  const offer = useQuery(subscriptionQuery(usOffer));
  if (!deal) return null;
  if (deal.dealStatus === DealStatus.Open) return deal.mine ? (deal.market === 'US' ? 'change' : null) : 'subscribe';
  return offer.data?.reconfirmRequired && offer.data.status === 'subscribed' ? 'reconfirm' : null;
}

/** A deal's page (/pages/product/newstock?symbol=...): its terms, dates, demand and odds, the allotment and the first day. */
export function DealDetail({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const query = useQuery(newStockQuery(symbol));
  const deal = query.data;
  const action = useAction(deal);

  if (query.isPending)
    return (
      <div className="card card-pad" aria-busy="true" data-testid="deal-loading">
        <span className="sk sk-line" />
        <span className="sk sk-short" />
        <span className="sk sk-line" />
      </div>
    );
  if (!deal)
    return (
      <EmptyState kind="notFound" title={t('deals.notFound')} body={t('deals.notFoundBody')}>
        <Button size="small" shape="rounded" color="primary" fill="outline" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
        <Button size="small" shape="rounded" fill="outline" onClick={() => void navigate(paths.deals.list())}>
          {t('deals.allDeals')}
        </Button>
      </EmptyState>
    );

  const go = () => void navigate(signedIn ? paths.deals.subscribe(deal) : paths.login(paths.deals.subscribe(deal)));
  return (
    <>
      <Head deal={deal} />
      {deal.mine && <Mine deal={deal} />}
      <Timeline deal={deal} />
      {deal.dealStatus !== DealStatus.Announced && deal.dealStatus !== DealStatus.Cancelled && <Demand deal={deal} />}
      {deal.allotmentTable && <BasisTable deal={deal} />}
      {deal.dealStatus === DealStatus.Listed && <FirstDay deal={deal} />}
      <Fields deal={deal} />
      {deal.profile && (
        <section className="card card-pad" data-testid="deal-profile">
          <h3 className="deal-card-title">{t('deals.profile')}</h3>
          <p className="deal-profile">{deal.profile}</p>
        </section>
      )}
      <SimulatedNotice />
      {action && (
        <div className="deal-bar">
          <Button block size="large" shape="rounded" color="primary" className="deal-submit" data-testid="deal-action" data-action={action} onClick={go}>
            {t(`deals.action.${action}`)}
          </Button>
        </div>
      )}
    </>
  );
}
