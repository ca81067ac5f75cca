import './home.css';
import { Button } from 'antd-mobile';
import {
  BellOutline,
  BillOutline,
  ClockCircleOutline,
  FlagOutline,
  GiftOutline,
  HandPayCircleOutline,
  AddCircleOutline,
  HistogramOutline,
  KeyOutline,
  LoopOutline,
  PieOutline,
  SearchOutline,
  SendOutline,
  SetOutline,
  ShopbagOutline,
  TeamOutline,
  TransportQRcodeOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { useUserInfo } from '../../api/user';
import { paths, ROUTES } from '../../app/paths';
import { isSignedIn, subscribeSession } from '../../lib/session';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { withPageStrings } from '../../app/pageStrings';
import { Refreshable } from '../../ui/Refreshable';

// The shell (hero, shortcuts, products) paints as soon as this chunk and the tab's layouts are in:
// its strings are the first screen's and its code is small. What shows data comes in chunks of its
// own, loaded meanwhile, with what a page's route otherwise awaits (app/router.tsx; this route is
// `light`): the feature screens' strings, the contract's messages and antd-mobile's dialogs. Before
// this split the tab's largest paint, its heading, waited for all of the tab's code (decision 0024,
// The phone profile).
const HomeSections = lazy(withPageStrings(() => import('./HomeSections')));
const PortfolioCard = lazy(withPageStrings(() => import('./PortfolioCard').then((m) => ({ default: m.PortfolioCard }))));
const NoticesIcon = lazy(() => import('./NoticesIcon'));

interface Shortcut {
  key: string;
  icon: ReactNode;
  label: string;
  to: string;
}

export default function HomePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = useSyncExternalStore(subscribeSession, isSignedIn);
  const user = useUserInfo();
  const name = user.data ? user.data.firstName || user.data.userId : '';

  const shortcuts: Shortcut[] = [
    { key: 'deposit', icon: <AddCircleOutline />, label: t('profile.deposit'), to: paths.deposits.index() },
    { key: 'withdraw', icon: <SendOutline />, label: t('profile.withdraw'), to: paths.withdrawals.bankCard() },
    { key: 'transfer', icon: <TransportQRcodeOutline />, label: t('profile.transfer'), to: paths.wallet.transfer() },
    { key: 'kyc', icon: <UserContactOutline />, label: t('profile.verifyIdentity'), to: paths.kyc() },
    { key: 'share', icon: <GiftOutline />, label: t('profile.share'), to: paths.referral() },
    { key: 'notices', icon: <BellOutline />, label: t('profile.notices'), to: paths.notices.index() },
    { key: 'service', icon: <SearchOutline />, label: t('titles.search'), to: paths.search() },
    { key: 'settings', icon: <SetOutline />, label: t('profile.settings'), to: paths.profile.settings() },
  ];
  // The products beyond the market's quotes: each page says itself what it needs (sign-in, a key, a review).
  const products: Shortcut[] = [
    { key: 'newstock', icon: <FlagOutline />, label: t('titles.productNewStock'), to: paths.deals.list() },
    { key: 'follow', icon: <TeamOutline />, label: t('titles.productFollow'), to: paths.follow.agencies() },
    { key: 'robots', icon: <LoopOutline />, label: t('titles.robotIndex'), to: paths.robots.index() },
    { key: 'quantify', icon: <HistogramOutline />, label: t('titles.quantifyIndex'), to: paths.quantify.index() },
    { key: 'blocktrade', icon: <ShopbagOutline />, label: t('titles.productBlockTrade'), to: ROUTES.productBlockTrade },
    { key: 'placing', icon: <KeyOutline />, label: t('titles.placingIndex'), to: paths.placing.index() },
    { key: 'auction', icon: <ClockCircleOutline />, label: t('titles.productAuction'), to: ROUTES.productAuction },
    { key: 'funds', icon: <PieOutline />, label: t('titles.mutualIndex'), to: ROUTES.mutualIndex },
    { key: 'bonds', icon: <BillOutline />, label: t('titles.bondsList'), to: ROUTES.bondsList },
    { key: 'loans', icon: <HandPayCircleOutline />, label: t('titles.loan'), to: ROUTES.loan },
  ];

  return (
    <div className="page">
      {/* Whatever the tab shows asks again: lists, news, the user and the portfolio when signed in. */}
      <Refreshable onRefresh={() => queryClient.refetchQueries({ type: 'active' })}>
        <header className="home-hero">
          <div className="home-hero-top">
            <LanguageSwitch compact tone="dark" />
            <button
              type="button"
              className="icon-button"
              aria-label={t('titles.search')}
              data-testid="home-search"
              onClick={() => void navigate(paths.search())}
            >
              <SearchOutline />
            </button>
          </div>
          <h1 data-testid="home-welcome">{signedIn && name ? t('home.welcomeBack', { name }) : t('home.welcome')}</h1>
          <p>{signedIn ? t('home.signedInBody') : t('home.signedOutBody')}</p>
          {signedIn && (
            <Suspense fallback={<div className="home-portfolio home-portfolio-pending" aria-busy="true" />}>
              <PortfolioCard />
            </Suspense>
          )}
          {!signedIn && (
            <div className="home-hero-actions">
              <Button color="primary" shape="rounded" data-testid="home-login" onClick={() => void navigate(paths.login())}>
                {t('common.signIn')}
              </Button>
              <Button
                shape="rounded"
                fill="outline"
                style={{ '--text-color': '#fff', '--border-color': 'rgba(255,255,255,.5)', '--background-color': 'transparent' }}
                data-testid="home-register"
                onClick={() => void navigate(paths.register())}
              >
                {t('common.register')}
              </Button>
            </div>
          )}
        </header>

        <nav className="card shortcuts" aria-label={t('home.shortcuts')}>
          {shortcuts.map((item) => (
            <button key={item.key} type="button" className="shortcut" data-testid={`home-shortcut-${item.key}`} onClick={() => void navigate(item.to)}>
              <span className="shortcut-icon">
                {item.key === 'notices' && signedIn ? (
                  <Suspense fallback={item.icon}>
                    <NoticesIcon icon={item.icon} />
                  </Suspense>
                ) : (
                  item.icon
                )}
              </span>
              <span>{item.label}</span>
            </button>
          ))}
        </nav>

        <div className="section-title" id="home-products-title">
          {t('home.products')}
        </div>
        <nav className="card shortcuts home-products" aria-labelledby="home-products-title" data-testid="home-products">
          {products.map((item) => (
            <button key={item.key} type="button" className="shortcut" data-testid={`home-product-${item.key}`} onClick={() => void navigate(item.to)}>
              <span className="shortcut-icon">{item.icon}</span>
              <span>{item.label}</span>
            </button>
          ))}
        </nav>

        <Suspense fallback={<SectionsSkeleton />}>
          <HomeSections />
        </Suspense>
      </Refreshable>
    </div>
  );
}

/** Where the lists will be, at their size, while their code and data arrive. */
function SectionsSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" data-testid="home-sections-loading">
      <div className="section-title">{t('home.indicesTitle')}</div>
      <div className="index-strip">
        {[0, 1, 2].map((i) => (
          <div key={i} className="index-card skeleton-card" />
        ))}
      </div>
      <section className="card market-status">
        <div className="market-status-head">
          <span className="card-title-inline">{t('home.marketHours')}</span>
        </div>
        <div className="status-chips">
          {[0, 1, 2, 3].map((i) => (
            <span key={i} className="status-chip skeleton-chip" />
          ))}
        </div>
      </section>
      <div className="section-title">{t('home.hotTitle')}</div>
      <section className="card hot-lists home-hot-pending" />
    </div>
  );
}
