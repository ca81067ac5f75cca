import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { getToken } from '../api';
import { meQueryOptions, signOut } from '../features/auth/api';
import { unreadQueryOptions } from '../features/chat/api';
import { useChatLive } from '../features/chat/live';
import { BrandMark, useAppTitle } from '../features/content';
import { currentLanguage, setLanguage } from '../i18n';
import type { CoreMessages } from '../i18n/core/en';
import { LANGUAGE_NAMES, UI_LANGUAGES, type UiLanguage } from '../i18n/locale';
import { usePushConnection } from '../push';
import {
  AgencyIcon,
  ArticleIcon,
  AuditIcon,
  CalendarIcon,
  ChatIcon,
  DepositIcon,
  IdCardIcon,
  KeyIcon,
  LedgerIcon,
  MailIcon,
  MegaphoneIcon,
  PhoneIcon,
  PlacementIcon,
  RobotIcon,
  ServiceIcon,
  UsersIcon,
  WithdrawalIcon,
} from '../ui/Icons';

type NavKey = keyof CoreMessages['core']['nav'];
type GroupKey = keyof CoreMessages['core']['groups'];

interface NavItem {
  to: string;
  label: NavKey;
  icon: ReactNode;
  testId: string;
  /** Shows the count of unread chat messages. */
  chatBadge?: boolean;
}

const nav: { group: GroupKey | null; items: NavItem[] }[] = [
  { group: null, items: [{ to: '/users', label: 'users', icon: <UsersIcon />, testId: 'bo-nav-users' }] },
  {
    group: 'reviews',
    items: [
      { to: '/kyc', label: 'kyc', icon: <IdCardIcon />, testId: 'bo-nav-kyc' },
      { to: '/deposits', label: 'deposits', icon: <DepositIcon />, testId: 'bo-nav-deposits' },
      { to: '/withdrawals', label: 'withdrawals', icon: <WithdrawalIcon />, testId: 'bo-nav-withdrawals' },
      { to: '/block-trades', label: 'blockTrades', icon: <KeyIcon />, testId: 'bo-nav-blocktrades' },
    ],
  },
  {
    group: 'primaryMarket',
    items: [
      { to: '/deals', label: 'deals', icon: <CalendarIcon />, testId: 'bo-nav-deals' },
      { to: '/placements', label: 'placements', icon: <PlacementIcon />, testId: 'bo-nav-placements' },
    ],
  },
  {
    group: 'copyFollowing',
    items: [{ to: '/agencies', label: 'agencies', icon: <AgencyIcon />, testId: 'bo-nav-agencies' }],
  },
  {
    group: 'robots',
    items: [{ to: '/robots', label: 'robots', icon: <RobotIcon />, testId: 'bo-nav-robots' }],
  },
  {
    group: 'quantify',
    // The agencies' rising line: a pool, too, is a house strategy that trades.
    items: [{ to: '/pools', label: 'pools', icon: <AgencyIcon />, testId: 'bo-nav-pools' }],
  },
  // funds, bonds and loans (issue 15)
  {
    group: 'fundsBondsLoans',
    items: [
      { to: '/funds', label: 'funds', icon: <LedgerIcon />, testId: 'bo-nav-funds' },
      { to: '/bonds', label: 'bonds', icon: <PlacementIcon />, testId: 'bo-nav-bonds' },
      { to: '/loans', label: 'loans', icon: <DepositIcon />, testId: 'bo-nav-loans' },
    ],
  },
  // end of funds, bonds and loans
  {
    group: 'operations',
    items: [
      { to: '/chat', label: 'chat', icon: <ChatIcon />, testId: 'bo-nav-chat', chatBadge: true },
      { to: '/service', label: 'service', icon: <ServiceIcon />, testId: 'bo-nav-service' },
      { to: '/ledger', label: 'ledger', icon: <LedgerIcon />, testId: 'bo-nav-ledger' },
      { to: '/outbox', label: 'outbox', icon: <MailIcon />, testId: 'bo-nav-outbox' },
      { to: '/audit', label: 'audit', icon: <AuditIcon />, testId: 'bo-nav-audit' },
    ],
  },
  {
    group: 'content',
    items: [
      { to: '/articles', label: 'articles', icon: <ArticleIcon />, testId: 'bo-nav-articles' },
      { to: '/notices', label: 'notices', icon: <MegaphoneIcon />, testId: 'bo-nav-notices' },
      { to: '/app-version', label: 'appVersion', icon: <PhoneIcon />, testId: 'bo-nav-appversion' },
    ],
  },
];

/** Unread chat messages in the nav; the push socket keeps the count current. */
function ChatBadge() {
  const { t } = useTranslation();
  const unread = useQuery(unreadQueryOptions());
  if (!unread.data) return null;
  // The number is shown; a screen reader hears "3 unread" with the link's name instead.
  return (
    <>
      <span className="nav-badge" data-testid="bo-nav-chat-unread" aria-hidden="true">
        {unread.data > 99 ? '99+' : unread.data}
      </span>
      <span className="visually-hidden">{t('core.unread', { count: unread.data })}</span>
    </>
  );
}

/** The push socket and the chat's live updates, only while signed in. */
function LiveUpdates() {
  usePushConnection();
  useChatLive();
  return null;
}

/** The back office's language, kept on this browser; the server's messages follow it. */
function LanguageSwitch() {
  const { t } = useTranslation();
  return (
    <label className="topbar-language">
      <span className="visually-hidden">{t('core.language')}</span>
      <select value={currentLanguage()} onChange={(e) => void setLanguage(e.target.value as UiLanguage)} data-testid="bo-language">
        {UI_LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The signed-in frame: sidebar, top bar and the page. Without a session it shows the sign-in page. */
export function Layout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = getToken() !== null;
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn });
  const [signingOut, setSigningOut] = useState(false);
  const title = useAppTitle();
  const content = useRef<HTMLElement>(null);

  if (!signedIn) return <Navigate to="/login" replace />;

  async function onSignOut() {
    setSigningOut(true);
    await signOut();
    queryClient.clear();
    await navigate('/login', { replace: true });
  }

  return (
    <div className="shell">
      <LiveUpdates />
      {/* The first stop of Tab, shown when focused: past the sidebar's links to the page. A button,
          not a link to #content, which the hash router would take for a route. */}
      <button type="button" className="skip-link" onClick={() => content.current?.focus()}>
        {t('core.skipToContent')}
      </button>
      <aside className="sidebar" aria-label={t('core.backOffice')}>
        <div className="sidebar-brand">
          <BrandMark title={title} />
          <span className="brand-text">
            <span className="brand-name" data-testid="bo-app-title">
              {title ?? ''}
            </span>
            <span className="brand-sub">{t('core.backOffice')}</span>
          </span>
        </div>
        <nav className="sidebar-nav" aria-label={t('core.sections')}>
          {nav.map((section) => (
            <div key={section.group ?? 'main'} className="sidebar-group">
              {section.group && <span className="sidebar-group-label">{t(`core.groups.${section.group}`)}</span>}
              {section.items.map((item) => (
                <NavLink key={item.to} to={item.to} className="sidebar-link" data-testid={item.testId}>
                  <span className="sidebar-icon" aria-hidden="true">
                    {item.icon}
                  </span>
                  {t(`core.nav.${item.label}`)}
                  {item.chatBadge && <ChatBadge />}
                </NavLink>
              ))}
            </div>
          ))}
        </nav>
      </aside>
      <div className="main">
        <header className="topbar">
          <div className="topbar-spacer" />
          <LanguageSwitch />
          <div className="topbar-user">
            <span className="topbar-role">{t('core.operator')}</span>
            <span className="topbar-email" data-testid="bo-operator-email">
              {me.data?.email ?? me.data?.userId ?? (me.isPending ? '…' : '')}
            </span>
            <button type="button" className="btn btn-small" onClick={() => void onSignOut()} disabled={signingOut} data-testid="bo-logout">
              {t('core.signOut')}
            </button>
          </div>
        </header>
        <main className="content" id="content" ref={content} tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </div>
  );
}
