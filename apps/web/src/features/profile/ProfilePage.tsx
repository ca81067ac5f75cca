import { AccountType } from '@tradeapp/contract';
import { ActionSheet, Badge, Button, List, PullToRefresh } from 'antd-mobile';
import {
  BankcardOutline,
  BellOutline,
  CalendarOutline,
  CouponOutline,
  FileOutline,
  GiftOutline,
  HistogramOutline,
  LockOutline,
  MessageOutline,
  PieOutline,
  AddCircleOutline,
  SendOutline,
  SetOutline,
  TransportQRcodeOutline,
  UnorderedListOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { useConfirmedLogout } from './useConfirmedLogout';
import { useNavigate } from '../../lib/router';
import { useUserInfo } from '../../api/user';
import { copyText } from '../../ui/clipboard';
import { KYC_BADGE, KYC_LABEL } from '../kyc';
import { FundingCard, walletKeys } from '../wallet';
import { noticeKeys, useUnreadCount } from '../notices';
import { chatKeys, useChatUnread } from '../chat';
import { useAreaName } from '../../ui/AreaPicker';

interface MenuItem {
  key: string;
  icon: ReactNode;
  label: string;
  to?: string;
  onClick?: () => void;
  extra?: ReactNode;
}

export default function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const info = user.data;
  const queryClient = useQueryClient();
  const unread = useUnreadCount();
  const chatUnread = useChatUnread();
  const countryName = useAreaName(info?.country);

  const chooseWithdraw = () => {
    ActionSheet.show({
      cancelText: t('common.cancel'),
      actions: [
        { key: 'bcard', text: t('profile.withdrawBcard'), onClick: () => void navigate(paths.withdrawals.bankCard()) },
        { key: 'vm', text: t('profile.withdrawVm'), onClick: () => void navigate(paths.withdrawals.crypto()) },
      ],
      closeOnAction: true,
    });
  };
  const chooseLegal = () => {
    ActionSheet.show({
      cancelText: t('common.cancel'),
      actions: (['agreement', 'privacy', 'risk'] as const).map((type) => ({
        key: type,
        text: t(`legal.${type}`),
        onClick: () => void navigate(paths.protocol(type)),
      })),
      closeOnAction: true,
    });
  };
  const logout = useConfirmedLogout();

  const sections: Array<{ title: string; items: MenuItem[] }> = [
    {
      title: t('profile.sectionFunds'),
      items: [
        { key: 'deposit', icon: <AddCircleOutline />, label: t('profile.deposit'), to: paths.deposits.index() },
        { key: 'withdraw', icon: <SendOutline />, label: t('profile.withdraw'), onClick: chooseWithdraw },
        { key: 'transfer', icon: <TransportQRcodeOutline />, label: t('profile.transfer'), to: paths.wallet.transfer() },
        { key: 'transactions', icon: <UnorderedListOutline />, label: t('profile.transactions'), to: paths.wallet.transactions() },
        { key: 'statements', icon: <CalendarOutline />, label: t('profile.statements'), to: paths.statements() },
        { key: 'timeline', icon: <HistogramOutline />, label: t('profile.timeline'), to: paths.timeline() },
        { key: 'analytics', icon: <PieOutline />, label: t('analytics.entry'), to: paths.analytics() },
        { key: 'bcard', icon: <BankcardOutline />, label: t('profile.bankCards'), to: paths.bankCards.index() },
        { key: 'vm', icon: <CouponOutline />, label: t('profile.vmAddresses'), to: paths.addresses.index() },
      ],
    },
    {
      title: t('profile.sectionAccount'),
      items: [
        {
          key: 'kyc',
          icon: <UserContactOutline />,
          label: t('profile.verifyIdentity'),
          to: paths.kyc(),
          extra: info ? t(KYC_LABEL[info.kycStatus]) : undefined,
        },
        { key: 'share', icon: <GiftOutline />, label: t('profile.share'), to: paths.referral() },
        {
          key: 'notices',
          icon: <BellOutline />,
          label: t('profile.notices'),
          to: paths.notices.index(),
          extra: unread > 0 ? <Badge content={unread > 99 ? '99+' : unread} data-testid="profile-notices-badge" /> : undefined,
        },
        { key: 'security', icon: <LockOutline />, label: t('settings.security'), to: paths.profile.security() },
        { key: 'settings', icon: <SetOutline />, label: t('profile.settings'), to: paths.profile.settings() },
      ],
    },
    {
      title: t('profile.sectionSupport'),
      items: [
        {
          key: 'service',
          icon: <MessageOutline />,
          label: t('profile.service'),
          to: paths.chat(),
          extra: chatUnread > 0 ? <Badge content={chatUnread > 99 ? '99+' : chatUnread} data-testid="profile-service-badge" /> : undefined,
        },
        { key: 'legal', icon: <FileOutline />, label: t('profile.legal'), onClick: chooseLegal },
      ],
    },
  ];

  const initial = (info?.firstName ?? info?.userId ?? '?').slice(0, 1).toUpperCase();
  const displayName = info ? [info.firstName, info.lastName].filter(Boolean).join(' ') || info.userId : '';

  return (
    <div className="page page-dark">
      <PullToRefresh
        onRefresh={async () => {
          await Promise.all([
            user.refetch(),
            queryClient.refetchQueries({ queryKey: walletKeys.all, type: 'active' }),
            queryClient.refetchQueries({ queryKey: noticeKeys.all, type: 'active' }),
            queryClient.refetchQueries({ queryKey: chatKeys.all, type: 'active' }),
          ]);
        }}
        pullingText={t('common.pullToRefresh')}
        canReleaseText={t('common.releaseToRefresh')}
        refreshingText={t('common.refreshing')}
        completeText={t('common.refreshed')}
      >
        <header className="profile-hero">
          <div className="profile-head">
            <div className="avatar" aria-hidden="true">
              {initial}
            </div>
            <div>
              <div className="profile-name" data-testid="profile-name">
                {displayName || '—'}
              </div>
              <div className="profile-sub">{info?.email ?? ''}</div>
              {info && (
                <div className="badges">
                  <span className="badge" data-testid="profile-account-type">
                    {t(info.accountType === AccountType.Company ? 'profile.company' : 'profile.individual')}
                  </span>
                  <span className={`badge ${KYC_BADGE[info.kycStatus]}`} data-testid="profile-kyc">
                    {t(KYC_LABEL[info.kycStatus])}
                  </span>
                </div>
              )}
            </div>
          </div>
        </header>

        <section className="card info-card">
          <div className="info-row">
            <span className="info-label">{t('profile.userId')}</span>
            <span className="info-value" data-testid="profile-userid">
              {info?.userId ?? '—'}
            </span>
          </div>
          <div className="info-row">
            <span className="info-label">{t('profile.email')}</span>
            <span className="info-value" data-testid="profile-email">
              {info?.email ?? '—'}
            </span>
          </div>
          <div className="info-row">
            <span className="info-label">{t('profile.accountType')}</span>
            <span className="info-value">{info ? t(info.accountType === AccountType.Company ? 'profile.company' : 'profile.individual') : '—'}</span>
          </div>
          {info?.country && (
            <div className="info-row">
              <span className="info-label">{t('area.title')}</span>
              <span className="info-value" data-testid="profile-country">
                {countryName}
              </span>
            </div>
          )}
          <div className="info-row">
            <span className="info-label">{t('profile.kyc')}</span>
            <span className="info-value">{info ? t(KYC_LABEL[info.kycStatus]) : '—'}</span>
          </div>
          <div className="info-row">
            <span className="info-label">{t('profile.invitationCode')}</span>
            <span className="info-value">
              <span data-testid="profile-invitation-code">{info?.invitationCode ?? '—'}</span>
              {info?.invitationCode && (
                <button type="button" className="copy-chip" data-testid="profile-copy-invitation" onClick={() => void copyText(info.invitationCode)}>
                  {t('profile.copy')}
                </button>
              )}
            </span>
          </div>
        </section>
        {user.isError && <div className="load-error">{t('profile.loadFailed')}</div>}

        <FundingCard />

        {sections.map((section) => (
          <section key={section.title}>
            <div className="section-title">{section.title}</div>
            <div className="card">
              <List className="menu-list">
                {section.items.map((item) => (
                  <List.Item
                    key={item.key}
                    prefix={item.icon}
                    extra={item.extra}
                    arrowIcon
                    data-testid={`profile-menu-${item.key}`}
                    onClick={() => (item.onClick ? item.onClick() : item.to && void navigate(item.to))}
                  >
                    {item.label}
                  </List.Item>
                ))}
              </List>
            </div>
          </section>
        ))}

        <div className="logout-wrap">
          <Button block shape="rounded" size="large" color="danger" fill="outline" data-testid="profile-logout" onClick={() => void logout()}>
            {t('profile.logout')}
          </Button>
        </div>
      </PullToRefresh>
    </div>
  );
}
