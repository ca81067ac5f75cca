import '../../ui/money.css';
import './funds.css';
import { FUND_PRODUCT_KINDS, type FundProduct, type FundProductKind } from '@tradeapp/contract';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from '../../lib/router';
import { paths, ROUTES } from '../../app/paths';
import { signOf } from '../../lib/format';
import { isSignedIn, subscribeSession } from '../../lib/session';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { TabStrip } from '../../ui/TabStrip';
import { detailQuery, productsQuery } from './api';
import { nextBoundary } from './calc';
import { MarketNote, useNow, useProductName } from './components';
import { CutoffNote } from './Cutoff';
import { fundKeys } from './keys';
import { BuySheet, RedeemFundSheet } from './OrderSheets';
import { DetailBody } from './ProductDetail';
import { NavLine, Terms, Yours } from './ProductTerms';
import { SignedOutCard, StatCard } from './Stat';

// The specification's mutual funds page (/pages/yinmutual/index): the caller's figures (signed in),
// then the tabs Funds, Current and Regular, each a list of products with their terms (a fund's NAV
// and change, expense ratio, cut-off countdown with the NAV day an order now gets, exit load and
// lock-in; a Current term's income per 10,000 and 7-day yield with its formula; a Regular term's
// term, rate and penalty) and the way to buy in a sheet. `?id=<id>` opens one product.

type Tab = FundProductKind;
const isTab = (v: string | null): v is Tab => v !== null && (FUND_PRODUCT_KINDS as readonly string[]).includes(v);

/** The page's positive whole `id`, 0 for none or anything else. */
function useIdParam(): number {
  const [params] = useSearchParams();
  const raw = Number(params.get('id') ?? 0);
  return Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
}

/** Opens the buy sheet for a product, or the login page for a visitor (back here afterwards). */
function useBuy(open: (p: FundProduct) => void): (p: FundProduct) => void {
  const navigate = useNavigate();
  const location = useLocation();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  return (p) => (signedIn ? open(p) : void navigate(paths.login(`${location.pathname}${location.search}`)));
}

function ProductCard({ p, now, onBuy }: { p: FundProduct; now: number; onBuy: (p: FundProduct) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useProductName();
  return (
    <li className="card fund-card" data-testid="fund-product" data-id={p.id} data-code={p.code} data-kind={p.kind} data-paused={p.paused}>
      <div className="fund-card-head">
        <div className="fund-card-name">
          <h3>
            <button
              type="button"
              className="card-open"
              data-testid="fund-product-open"
              onClick={() => void navigate(`${ROUTES.mutualIndex}?tab=${p.kind}&id=${p.id}`)}
            >
              {nameOf(p)}
            </button>
          </h3>
          <p>
            {p.code}
            {p.kind === 'fund' && p.basket.length > 0 && <> · {p.basket.map((w) => w.symbol).join(' · ')}</>}
          </p>
        </div>
        {p.paused && (
          <span className="status-badge tone-muted fund-tag" data-testid="fund-product-paused">
            {t('funds.paused')}
          </span>
        )}
      </div>
      <NavLine p={p} testId="fund-product-nav" />
      <Terms p={p} testPrefix="fund-product" />
      <CutoffNote p={p} now={now} testId="fund-product-cutoff" />
      <Yours p={p} testId="fund-product-yours" />
      <div className="fund-card-actions">
        <Button
          size="small"
          shape="rounded"
          fill="outline"
          data-testid="fund-product-details"
          onClick={() => void navigate(`${ROUTES.mutualIndex}?tab=${p.kind}&id=${p.id}`)}
        >
          {t('funds.details')}
        </Button>
        <Button size="small" shape="rounded" color="primary" disabled={p.paused} data-testid="fund-product-buy" onClick={() => onBuy(p)}>
          {t('funds.buy.open')}
        </Button>
      </div>
    </li>
  );
}

function Products({ kind, onBuy }: { kind: Tab; onBuy: (p: FundProduct) => void }) {
  const { t } = useTranslation();
  const query = useInfiniteQuery(productsQuery(kind));
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.list) ?? [], [query.data]);
  const now = useNow(kind === 'fund' && rows.length > 0);
  const { refetch } = query;

  // At a cut-off the NAV day an order gets moves on: the list is fetched again to name the next cut-off.
  useEffect(() => {
    const next = nextBoundary(rows, Date.now());
    if (next === null) return undefined;
    const timer = setTimeout(() => void refetch(), Math.min(next - Date.now() + 1000, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [rows, refetch]);

  const state = query.isPending ? 'loading' : query.isError && rows.length === 0 ? 'error' : rows.length ? 'list' : 'empty';
  let body;
  if (state === 'loading') body = <div className="card sk-card" aria-busy="true" data-testid="fund-products-loading" />;
  else if (state === 'error')
    body = <EmptyState kind="records" title={t('funds.list.loadFailed')} onRetry={() => void query.refetch()} retryTestId="fund-products-retry" />;
  else if (state === 'empty') body = <EmptyState kind="records" title={t(`funds.list.empty.${kind}`)} body={t('funds.list.emptyBody')} />;
  else
    body = (
      <>
        <ul className="fund-list" aria-label={t(`funds.tabs.${kind}`)} data-testid="fund-products">
          {rows.map((p) => (
            <ProductCard key={p.id} p={p} now={now} onBuy={onBuy} />
          ))}
        </ul>
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );
  return (
    <div data-testid="fund-products-state" data-state={state} data-kind={kind}>
      <h2 className="sr-only">{t(`funds.tabs.${kind}`)}</h2>
      <p className="page-intro">{t(`funds.list.intro.${kind}`)}</p>
      {body}
    </div>
  );
}

/** The product's page: its head, chart or yield, and the ways to buy and to redeem. */
function Detail({ id, onBuy }: { id: number; onBuy: (p: FundProduct) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const query = useQuery(detailQuery(id));
  const p = query.data;
  const [redeem, setRedeem] = useState(false);

  if (!p) {
    if (query.isPending)
      return (
        <div className="card card-pad" aria-busy="true" data-testid="fund-detail-loading">
          <span className="sk sk-line" />
          <span className="sk sk-short" />
        </div>
      );
    return (
      <EmptyState
        kind="notFound"
        title={t('funds.detail.notFound')}
        body={query.error?.message}
        onRetry={() => void query.refetch()}
        retryTestId="fund-detail-retry"
      />
    );
  }
  const heldUnits = p.kind === 'fund' && signOf(p.units) > 0;
  return (
    <div data-testid="fund-detail" data-id={p.id}>
      <DetailBody p={p} />
      <MarketNote kind={p.kind} />
      <div className="bottom-actions fund-actions">
        <Button
          shape="rounded"
          color="primary"
          disabled={p.paused}
          aria-describedby={p.paused ? 'fund-paused-note' : undefined}
          data-testid="fund-detail-buy"
          onClick={() => onBuy(p)}
        >
          {signedIn ? t('funds.buy.open') : t('funds.detail.signIn')}
        </Button>
        {signedIn &&
          (heldUnits ? (
            <Button shape="rounded" data-testid="fund-detail-redeem" onClick={() => setRedeem(true)}>
              {t('funds.redeem.open')}
            </Button>
          ) : (
            <Button shape="rounded" data-testid="fund-detail-hold" onClick={() => void navigate(ROUTES.mutualHold)}>
              {t('funds.stat.mine')}
            </Button>
          ))}
      </div>
      {signedIn && p.kind === 'fund' && <RedeemFundSheet productId={p.id} visible={redeem} onClose={() => setRedeem(false)} />}
    </div>
  );
}

export default function FundsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const nameOf = useProductName();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'fund';
  const id = useIdParam();
  const [buying, setBuying] = useState<FundProduct | null>(null);
  const onBuy = useBuy(setBuying);
  const detail = useQuery({ ...detailQuery(id), enabled: false });
  const refresh = () => queryClient.refetchQueries({ queryKey: fundKeys.all, type: 'active' });

  return (
    <Page
      title={id > 0 && detail.data ? nameOf(detail.data) : t('titles.mutualIndex')}
      className={id > 0 ? 'money-page fund-page has-actions' : 'money-page fund-page'}
    >
      <Refreshable onRefresh={refresh}>
        {id > 0 ? (
          <Detail id={id} onBuy={onBuy} />
        ) : (
          <>
            {signedIn ? <StatCard /> : <SignedOutCard />}
            <div className="wallet-tabs-bar fund-tabs">
              <TabStrip
                tabs={FUND_PRODUCT_KINDS}
                active={tab}
                onChange={(key) => setParams(key === 'fund' ? {} : { tab: key }, { replace: true })}
                label={t('titles.mutualIndex')}
                testPrefix="fund-tab"
              >
                {(key) => t(`funds.tabs.${key}`)}
              </TabStrip>
            </div>
            <MarketNote kind={tab} />
            <Products kind={tab} onBuy={onBuy} />
          </>
        )}
      </Refreshable>
      {signedIn && buying && <BuySheet product={buying} visible onClose={() => setBuying(null)} />}
    </Page>
  );
}
