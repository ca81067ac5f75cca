import '../../ui/money.css';
import './wallet.css';
import { WalletCode, walletCurrency } from '@tradeapp/contract';
import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from '../../lib/router';
import { paths } from '../../app/paths';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { RowsSkeleton } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { TabStrip } from '../../ui/TabStrip';
import { followKeys, RunningFollows } from '../follow';
import { FinancialPools, quantifyKeys } from '../quantify';
import { FinancialFunds, fundKeys } from '../funds';
import { FinancialRobots, robotKeys } from '../robots';
import { balancesQuery, overviewQuery, portfolioQuery, type Wallet } from './api';
import { BillList } from './BillList';
import { walletKeys, type BillFilter } from './keys';
import { isWalletCode, WALLET_LABEL, WALLET_TABS } from './labels';
import { formatInCurrency, riseFallColor, signOf } from '../../lib/format';
import { CountedAt, formatSignedInCurrency } from './components';
import { DayChange, owesAnything, ProductBreakdown } from './portfolio';

type TabKey = 'overview' | WalletCode;
const TAB_KEYS: readonly TabKey[] = ['overview', ...WALLET_TABS];

/**
 * The overview tab: net assets from the portfolio (total assets and liabilities beside it when the
 * investor owes anything), today's change, the breakdown by product, then each wallet's ledger total.
 */
function Overview({ onOpen }: { onOpen: (code: WalletCode) => void }) {
  const { t } = useTranslation();
  const portfolio = useQuery(portfolioQuery());
  const overview = useQuery(overviewQuery());
  if (portfolio.isPending) return <div className="card balance-card sk-card" aria-busy="true" />;
  if (portfolio.isError)
    return (
      <section className="card">
        <EmptyState compact kind="records" title={t('money.loadFailed')} onRetry={() => void portfolio.refetch()} />
      </section>
    );
  const data = portfolio.data;
  const currency = data.currency;
  return (
    <>
      <section className="card balance-card" data-testid="wallet-overview">
        <div className="balance-label">{t('portfolio.netAssets', { currency })}</div>
        <div className="balance-big" data-testid="overview-net" data-value={data.netAssets}>
          {formatInCurrency(data.netAssets, currency)}
        </div>
        {owesAnything(data) && (
          <div className="balance-split">
            <div>
              <span>{t('portfolio.totalAssets')}</span>
              <strong data-testid="overview-total">{formatInCurrency(data.total, currency)}</strong>
            </div>
            <div>
              <span>{t('portfolio.liabilities')}</span>
              <strong data-testid="overview-liabilities">{formatInCurrency(data.liabilities, currency)}</strong>
            </div>
          </div>
        )}
        <div className="balance-day">
          <span>{t('portfolio.dayChange')}</span>
          <DayChange portfolio={data} testId="overview-change" />
        </div>
        <div className="balance-note">{t('portfolio.netNote')}</div>
        <CountedAt className="balance-note" testId="overview-rate" eurUsd={data.eurUsd} timestamp={data.rateTimestamp} />
      </section>
      <div className="section-title">{t('portfolio.byProduct')}</div>
      <ProductBreakdown portfolio={data} />
      <div className="section-title">{t('portfolio.wallets')}</div>
      <section className="card" data-testid="overview-wallets" aria-busy={overview.isPending || undefined}>
        {overview.isError && <EmptyState compact kind="records" title={t('money.loadFailed')} onRetry={() => void overview.refetch()} />}
        {overview.data?.wallets.map((wallet) => (
          <button key={wallet.code} type="button" className="wallet-line" data-testid={`overview-wallet-${wallet.code}`} onClick={() => onOpen(wallet.code)}>
            <span className="wallet-line-name">{t(WALLET_LABEL[wallet.code])}</span>
            <span className="wallet-line-figures">
              <strong>{formatInCurrency(wallet.total, wallet.currency)}</strong>
              {wallet.currency !== currency && <small>≈ {formatInCurrency(wallet.value, currency)}</small>}
              {signOf(wallet.floating) !== 0 && (
                <small className="wallet-line-floating" data-testid={`overview-floating-${wallet.code}`} style={{ color: riseFallColor(wallet.floating) }}>
                  {t('wallet.floating')} {formatSignedInCurrency(wallet.floating, wallet.currency)}
                </small>
              )}
            </span>
          </button>
        ))}
      </section>
    </>
  );
}

function WalletCard({ code, wallet, loading }: { code: WalletCode; wallet: Wallet | undefined; loading: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const currency = wallet?.currency ?? walletCurrency(code);
  const isFunding = code === WalletCode.Funding;
  return (
    <section className="card balance-card" data-testid={`wallet-card-${code}`} aria-busy={loading || undefined}>
      <div className="balance-label">
        {t(WALLET_LABEL[code])} · {currency}
      </div>
      <div className="balance-big" data-testid={`wallet-balance-${code}`}>
        {wallet ? formatInCurrency(wallet.balance, currency) : '—'}
      </div>
      <div className="balance-split">
        <div>
          <span>{t('wallet.usedBalance')}</span>
          <strong data-testid={`wallet-used-${code}`}>{wallet ? formatInCurrency(wallet.usedBalance, currency) : '—'}</strong>
        </div>
        <div>
          <span>{t('wallet.total')}</span>
          <strong>{wallet ? formatInCurrency(wallet.total, currency) : '—'}</strong>
        </div>
      </div>
      <div className="balance-actions">
        {isFunding ? (
          <>
            <Button size="small" shape="rounded" color="primary" data-testid="wallet-deposit" onClick={() => void navigate(paths.deposits.index())}>
              {t('profile.deposit')}
            </Button>
            <Button size="small" shape="rounded" data-testid="wallet-withdraw" onClick={() => void navigate(paths.withdrawals.bankCard())}>
              {t('profile.withdraw')}
            </Button>
            <Button size="small" shape="rounded" data-testid="wallet-transfer" onClick={() => void navigate(paths.wallet.transfer())}>
              {t('profile.transfer')}
            </Button>
          </>
        ) : (
          <>
            <Button
              size="small"
              shape="rounded"
              color="primary"
              data-testid="wallet-transfer-in"
              onClick={() => void navigate(paths.wallet.transfer({ from: WalletCode.Funding, to: code }))}
            >
              {t('wallet.transferIn')}
            </Button>
            <Button
              size="small"
              shape="rounded"
              data-testid="wallet-transfer-out"
              onClick={() => void navigate(paths.wallet.transfer({ from: code, to: WalletCode.Funding }))}
            >
              {t('wallet.transferOut')}
            </Button>
          </>
        )}
      </div>
      {code === WalletCode.Subscription && (
        <div className="balance-links">
          <button type="button" className="link" data-testid="wallet-subscriptions" onClick={() => void navigate(paths.trading.index('subscriptions'))}>
            {t('deals.walletLinks.subscriptions')}
          </button>
          <button type="button" className="link" data-testid="wallet-new-stocks" onClick={() => void navigate(paths.deals.list())}>
            {t('deals.walletLinks.newStocks')}
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * Wallets and transaction records (/pages/profile/transaction?tab=...): the overview, then one tab
 * per wallet with its balance, held amount and its bills, filtered by type and day.
 */
export default function WalletPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabKey = isWalletCode(tabParam) ? tabParam : 'overview';
  const balances = useQuery(balancesQuery());
  const filter: Omit<BillFilter, 'walletCode'> = {
    type: params.get('type') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  };

  const setView = (next: { tab?: TabKey; filter?: Omit<BillFilter, 'walletCode'> }) => {
    const query = new URLSearchParams({ tab: next.tab ?? tab });
    const f = next.filter ?? (next.tab && next.tab !== tab ? {} : filter);
    for (const name of ['type', 'from', 'to'] as const) {
      const value = f[name];
      if (value) query.set(name, value);
    }
    setParams(query, { replace: true });
  };

  const wallet = tab === 'overview' ? undefined : balances.data?.find((w) => w.code === tab);
  return (
    <Page title={t('titles.transaction')} className="money-page wallet-page">
      <div className="wallet-tabs-bar">
        <TabStrip tabs={TAB_KEYS} active={tab} onChange={(key) => setView({ tab: key })} label={t('titles.transaction')} testPrefix="wallet-tab">
          {(key) => (key === 'overview' ? t('wallet.overview') : t(WALLET_LABEL[key]))}
        </TabStrip>
      </div>
      <Refreshable
        onRefresh={() =>
          Promise.all(
            [walletKeys.all, followKeys.all, robotKeys.all, quantifyKeys.all, fundKeys.all].map((queryKey) =>
              queryClient.refetchQueries({ queryKey, type: 'active' }),
            ),
          )
        }
      >
        {tab === 'overview' ? <Overview onOpen={(code) => setView({ tab: code })} /> : <WalletCard code={tab} wallet={wallet} loading={balances.isPending} />}
        {tab === WalletCode.Follow && (
          <Suspense fallback={<RowsSkeleton count={2} lines={1} />}>
            <RunningFollows />
          </Suspense>
        )}
        {tab === WalletCode.Financial && (
          <Suspense fallback={<RowsSkeleton count={2} lines={1} />}>
            <FinancialRobots />
            <FinancialPools />
            <FinancialFunds />
          </Suspense>
        )}
        {balances.isError && tab !== 'overview' && <div className="load-error">{t('money.loadFailed')}</div>}
        <div className="section-title">{t('wallet.bills')}</div>
        <BillList walletCode={tab === 'overview' ? undefined : tab} filter={filter} onFilter={(next) => setView({ filter: next })} />
      </Refreshable>
    </Page>
  );
}
