import { Badge, Button } from 'antd-mobile';
import {
  BellOutline,
  GiftOutline,
  AddCircleOutline,
  SearchOutline,
  SendOutline,
  SetOutline,
  TransportQRcodeOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUserInfo } from '../../api/user';
import { isSignedIn, subscribeSession } from '../../lib/session';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { Refreshable } from '../../ui/Refreshable';
import { contentKeys } from '../content/api';
import { NewsSection } from '../content/NewsSection';
import { marketKeys } from '../market/keys';
import { useUnreadCount } from '../inbox/api';
import { HotLists, IndexStrip, MarketStatusChips } from './MarketOverview';

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
  const unread = useUnreadCount();

  const shortcuts: Shortcut[] = [
    { key: 'deposit', icon: <AddCircleOutline />, label: t('profile.deposit'), to: '/pages/deposit/index' },
    { key: 'withdraw', icon: <SendOutline />, label: t('profile.withdraw'), to: '/pages/withdraw/bcard' },
    { key: 'transfer', icon: <TransportQRcodeOutline />, label: t('profile.transfer'), to: '/pages/profile/transfer' },
    { key: 'kyc', icon: <UserContactOutline />, label: t('profile.verifyIdentity'), to: '/pages/kyc/individual' },
    { key: 'share', icon: <GiftOutline />, label: t('profile.share'), to: '/pages/profile/share' },
    { key: 'notices', icon: <BellOutline />, label: t('profile.notices'), to: '/pages/notice/index' },
    { key: 'service', icon: <SearchOutline />, label: t('titles.search'), to: '/pages/search/index' },
    { key: 'settings', icon: <SetOutline />, label: t('profile.settings'), to: '/pages/setting/index' },
  ];

  return (
    <div className="page">
      <Refreshable
        onRefresh={() =>
          Promise.all([
            queryClient.refetchQueries({ queryKey: marketKeys.all, type: 'active' }),
            queryClient.refetchQueries({ queryKey: contentKeys.all, type: 'active' }),
            signedIn ? user.refetch() : null,
          ])
        }
      >
      <header className="home-hero">
        <div className="home-hero-top">
          <LanguageSwitch compact tone="dark" />
          <button type="button" className="icon-button" aria-label={t('titles.search')} data-testid="home-search" onClick={() => void navigate('/pages/search/index')}>
            <SearchOutline />
          </button>
        </div>
        <h1 data-testid="home-welcome">{signedIn && name ? t('home.welcomeBack', { name }) : t('home.welcome')}</h1>
        <p>{signedIn ? t('home.signedInBody') : t('home.signedOutBody')}</p>
        {!signedIn && (
          <div className="home-hero-actions">
            <Button color="primary" shape="rounded" data-testid="home-login" onClick={() => void navigate('/pages/auth/login')}>
              {t('common.signIn')}
            </Button>
            <Button shape="rounded" fill="outline" style={{ '--text-color': '#fff', '--border-color': 'rgba(255,255,255,.5)', '--background-color': 'transparent' }} data-testid="home-register" onClick={() => void navigate('/pages/auth/register')}>
              {t('common.register')}
            </Button>
          </div>
        )}
      </header>

      <nav className="card shortcuts" aria-label={t('home.shortcuts')}>
        {shortcuts.map((item) => (
          <button key={item.key} type="button" className="shortcut" data-testid={`home-shortcut-${item.key}`} onClick={() => void navigate(item.to)}>
            <span className="shortcut-icon">
              {item.key === 'notices' && unread > 0 ? (
                <Badge content={unread > 99 ? '99+' : unread} data-testid="home-notices-badge">
                  {item.icon}
                </Badge>
              ) : (
                item.icon
              )}
            </span>
            <span>{item.label}</span>
          </button>
        ))}
      </nav>

      <div className="section-title">{t('home.indicesTitle')}</div>
      <IndexStrip />
      <MarketStatusChips />

      <div className="section-title">{t('home.hotTitle')}</div>
      <HotLists />

      <NewsSection />
      </Refreshable>
    </div>
  );
}
