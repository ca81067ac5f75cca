import { TAB_BAR_HEIGHT } from '@tradeapp/contract';
import { AppOutline, HistogramOutline, StarOutline, TransportQRcodeOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from '../lib/router';
import { TAB_ROUTES } from './paths';

type TabName = keyof typeof TAB_ROUTES;

const TABS: Array<{ name: TabName; icon: ReactNode }> = [
  { name: 'home', icon: <AppOutline /> },
  { name: 'market', icon: <HistogramOutline /> },
  { name: 'watchlist', icon: <StarOutline /> },
  { name: 'trade', icon: <TransportQRcodeOutline /> },
  { name: 'profile', icon: <UserOutline /> },
];

/** The five tab pages above the bottom tab bar (height 50). */
export function TabLayout() {
  return (
    <div className="tab-layout" style={{ paddingBottom: `calc(${TAB_BAR_HEIGHT}px + env(safe-area-inset-bottom))` }}>
      <Outlet />
      <TabBar />
    </div>
  );
}

function TabBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <nav className="tab-bar" aria-label="main">
      <div className="tab-bar-inner" style={{ height: TAB_BAR_HEIGHT }}>
        {TABS.map((tab) => {
          const path = TAB_ROUTES[tab.name];
          const active = pathname === path;
          return (
            <button
              key={tab.name}
              type="button"
              className={active ? 'tab-bar-item active' : 'tab-bar-item'}
              aria-current={active ? 'page' : undefined}
              data-testid={`tab-${tab.name}`}
              onClick={() => {
                if (!active) void navigate(path, { replace: true });
              }}
            >
              <span className="tab-bar-icon">{tab.icon}</span>
              <span className="tab-bar-label">{t(`tabs.${tab.name}`)}</span>
            </button>
          );
        })}
      </div>
    </nav>
  );
}
