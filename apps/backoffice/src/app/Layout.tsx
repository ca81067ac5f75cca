import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import { getToken } from '../api';
import { meQueryOptions, signOut } from '../features/auth/api';
import { AuditIcon, MailIcon, UsersIcon } from '../ui/Icons';

const nav = [
  { to: '/users', label: 'Users', icon: <UsersIcon /> },
  { to: '/outbox', label: 'Mail outbox', icon: <MailIcon /> },
  { to: '/audit', label: 'Audit log', icon: <AuditIcon /> },
];

/** The signed-in frame: sidebar, top bar and the page. Without a session it shows the sign-in page. */
export function Layout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const signedIn = getToken() !== null;
  const me = useQuery({ ...meQueryOptions(), enabled: signedIn });
  const [signingOut, setSigningOut] = useState(false);

  if (!signedIn) return <Navigate to="/login" replace />;

  async function onSignOut() {
    setSigningOut(true);
    await signOut();
    queryClient.clear();
    await navigate('/login', { replace: true });
  }

  return (
    <div className="shell">
      <aside className="sidebar">
        <div className="sidebar-brand">
          <span className="brand-mark" aria-hidden="true">
            TA
          </span>
          <span>Back office</span>
        </div>
        <nav className="sidebar-nav" aria-label="Sections">
          {nav.map((item) => (
            <NavLink key={item.to} to={item.to} className="sidebar-link">
              <span className="sidebar-icon" aria-hidden="true">
                {item.icon}
              </span>
              {item.label}
            </NavLink>
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
            <button
              type="button"
              className="btn btn-small"
              onClick={() => void onSignOut()}
              disabled={signingOut}
              data-testid="bo-logout"
            >
              Sign out
            </button>
          </div>
        </header>
        <main className="content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
