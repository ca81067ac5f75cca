import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ReactNode } from 'react';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { getToken } from '../api';
import { meQueryOptions, signOut } from '../features/auth/api';
import { unreadQueryOptions } from '../features/chat/api';
import { useChatLive } from '../features/chat/live';
import { BrandMark, useAppTitle } from '../features/content';
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

interface NavItem {
  to: string;
  label: string;
  icon: ReactNode;
  testId: string;
  /** Shows the count of unread chat messages. */
  chatBadge?: boolean;
}

const nav: { group: string | null; items: NavItem[] }[] = [
  { group: null, items: [{ to: '/users', label: 'Users', icon: <UsersIcon />, testId: 'bo-nav-users' }] },
  {
    group: 'Reviews',
    items: [
      { to: '/kyc', label: 'KYC', icon: <IdCardIcon />, testId: 'bo-nav-kyc' },
      { to: '/deposits', label: 'Deposits', icon: <DepositIcon />, testId: 'bo-nav-deposits' },
      { to: '/withdrawals', label: 'Withdrawals', icon: <WithdrawalIcon />, testId: 'bo-nav-withdrawals' },
      { to: '/block-trades', label: 'Block trading', icon: <KeyIcon />, testId: 'bo-nav-blocktrades' },
    ],
  },
  {
    group: 'Primary market',
    items: [
      { to: '/deals', label: 'IPOs', icon: <CalendarIcon />, testId: 'bo-nav-deals' },
      { to: '/placements', label: 'Placements', icon: <PlacementIcon />, testId: 'bo-nav-placements' },
    ],
  },
  {
    group: 'Copy following',
    items: [{ to: '/agencies', label: 'Agencies', icon: <AgencyIcon />, testId: 'bo-nav-agencies' }],
  },
  {
    group: 'AI robots',
    items: [{ to: '/robots', label: 'Robots', icon: <RobotIcon />, testId: 'bo-nav-robots' }],
  },
  {
    group: 'AI quantify',
    // The agencies' rising line: a pool, too, is a house strategy that trades.
    items: [{ to: '/pools', label: 'Pools', icon: <AgencyIcon />, testId: 'bo-nav-pools' }],
  },
  // funds, bonds and loans (issue 15)
  {
    group: 'Funds, bonds and loans',
    items: [
      { to: '/funds', label: 'Funds and deposits', icon: <LedgerIcon />, testId: 'bo-nav-funds' },
      { to: '/bonds', label: 'Bonds', icon: <PlacementIcon />, testId: 'bo-nav-bonds' },
      { to: '/loans', label: 'Loans', icon: <DepositIcon />, testId: 'bo-nav-loans' },
    ],
  },
  // end of funds, bonds and loans
  {
    group: 'Operations',
    items: [
      { to: '/chat', label: 'Chat', icon: <ChatIcon />, testId: 'bo-nav-chat', chatBadge: true },
      { to: '/service', label: 'Service requests', icon: <ServiceIcon />, testId: 'bo-nav-service' },
      { to: '/ledger', label: 'Ledger check', icon: <LedgerIcon />, testId: 'bo-nav-ledger' },
      { to: '/outbox', label: 'Mail outbox', icon: <MailIcon />, testId: 'bo-nav-outbox' },
      { to: '/audit', label: 'Audit log', icon: <AuditIcon />, testId: 'bo-nav-audit' },
    ],
  },
  {
    group: 'Content',
    items: [
      { to: '/articles', label: 'Articles', icon: <ArticleIcon />, testId: 'bo-nav-articles' },
      { to: '/notices', label: 'Notices', icon: <MegaphoneIcon />, testId: 'bo-nav-notices' },
      { to: '/app-version', label: 'App version', icon: <PhoneIcon />, testId: 'bo-nav-appversion' },
    ],
  },
];

/** Unread chat messages in the nav; the push socket keeps the count current. */
function ChatBadge() {
  const unread = useQuery(unreadQueryOptions());
  if (!unread.data) return null;
  // The number is shown; a screen reader hears "3 unread" with the link's name instead.
  return (
    <>
      <span className="nav-badge" data-testid="bo-nav-chat-unread" aria-hidden="true">
        {unread.data > 99 ? '99+' : unread.data}
      </span>
      <span className="visually-hidden">, {unread.data} unread</span>
    </>
  );
}

/** The push socket and the chat's live updates, only while signed in. */
function LiveUpdates() {
  usePushConnection();
  useChatLive();
  return null;
}

/** The signed-in frame: sidebar, top bar and the page. Without a session it shows the sign-in page. */
export function Layout() {
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
        Skip to content
      </button>
      <aside className="sidebar" aria-label="Back office">
        <div className="sidebar-brand">
          <BrandMark title={title} />
          <span className="brand-text">
            <span className="brand-name" data-testid="bo-app-title">
              {title ?? ''}
            </span>
            <span className="brand-sub">Back office</span>
          </span>
        </div>
        <nav className="sidebar-nav" aria-label="Sections">
          {nav.map((section) => (
            <div key={section.group ?? 'main'} className="sidebar-group">
              {section.group && <span className="sidebar-group-label">{section.group}</span>}
              {section.items.map((item) => (
                <NavLink key={item.to} to={item.to} className="sidebar-link" data-testid={item.testId}>
                  <span className="sidebar-icon" aria-hidden="true">
                    {item.icon}
                  </span>
                  {item.label}
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
          <div className="topbar-user">
            <span className="topbar-role">Operator</span>
            <span className="topbar-email" data-testid="bo-operator-email">
              {me.data?.email ?? me.data?.userId ?? (me.isPending ? '…' : '')}
            </span>
            <button type="button" className="btn btn-small" onClick={() => void onSignOut()} disabled={signingOut} data-testid="bo-logout">
              Sign out
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
