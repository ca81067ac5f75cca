import './security.css';
import { useQuery } from '@tanstack/react-query';
import { Button, Dialog } from 'antd-mobile';
import { AppOutline, GlobalOutline, PhoneFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';
import { RowsSkeleton } from '../../ui/records';
import { showToast } from '../../ui/toast';
import { sessionsQuery, useEndOtherSessions, useEndSession, type SessionInfo } from './securityApi';

/** "Chrome on Android", the one part known, or "Unknown device". */
function useDeviceName() {
  const { t } = useTranslation();
  return (s: SessionInfo) => {
    if (s.browser && s.os) return t('security.deviceOn', { browser: s.browser, os: s.os });
    return s.browser ?? s.os ?? t('security.unknownDevice');
  };
}

/**
 * The caller's live sessions, the most recently used first: device, address (no location database:
 * the screen says so), sign-in and last use in the reader's locale; any but this one signed out
 * after a confirmation, or all of them at once.
 */
export default function SessionsPage() {
  const { t } = useTranslation();
  const sessions = useQuery(sessionsQuery());
  const end = useEndSession();
  const endOthers = useEndOtherSessions();
  const deviceName = useDeviceName();

  const signOut = async (s: SessionInfo) => {
    const ok = await Dialog.confirm({
      content: t('security.signOutConfirm', { device: deviceName(s) }),
      confirmText: <span data-testid="session-end-confirm">{t('security.signOut')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    end.mutate(s.id, { onSuccess: () => showToast(t('security.signedOut'), 'success') });
  };

  const signOutOthers = async () => {
    const ok = await Dialog.confirm({
      content: t('security.signOutOthersConfirm'),
      confirmText: <span data-testid="session-end-others-confirm">{t('security.signOut')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    endOthers.mutate(undefined, { onSuccess: (r) => showToast(t('security.signedOutOthers', { count: r.ended }), 'success') });
  };

  let body;
  if (sessions.isPending) body = <RowsSkeleton count={3} />;
  else if (sessions.isError) body = <EmptyState kind="records" title={t('security.loadFailed')} onRetry={() => void sessions.refetch()} />;
  else {
    const list = sessions.data.list;
    const others = list.filter((s) => !s.current).length;
    body = (
      <>
        <section className="card" data-testid="session-list">
          {list.map((s) => (
            <div key={s.id} className="session-row" data-testid="session-row" data-current={s.current ? 'true' : 'false'} data-id={s.id}>
              <span className="session-icon" aria-hidden="true">
                {s.mobile ? <PhoneFill /> : s.os || s.browser ? <AppOutline /> : <GlobalOutline />}
              </span>
              <div className="session-main">
                <div className="session-device">
                  <span data-testid="session-device">{deviceName(s)}</span>
                  {s.current && <span className="session-current">{t('security.thisDevice')}</span>}
                </div>
                <div className="session-meta">
                  <div data-testid="session-ip">{s.ip ? t('security.address', { ip: s.ip }) : t('security.unknownAddress')}</div>
                  <div>{t('security.lastUsed', { time: formatDateTime(s.lastUsedTimestamp) })}</div>
                  <div>{t('security.signedIn', { time: formatDateTime(s.createTimestamp) })}</div>
                </div>
              </div>
              {!s.current && (
                <Button size="small" shape="rounded" color="danger" fill="outline" onClick={() => void signOut(s)} data-testid="session-end">
                  {t('security.signOut')}
                </Button>
              )}
            </div>
          ))}
        </section>
        {others === 0 ? (
          <p className="form-note security-note" data-testid="session-none">
            {t('security.noOthers')}
          </p>
        ) : (
          <div className="security-actions">
            <Button block shape="rounded" color="danger" loading={endOthers.isPending} onClick={() => void signOutOthers()} data-testid="session-end-others">
              {t('security.signOutOthers')}
            </Button>
          </div>
        )}
      </>
    );
  }

  return (
    <Page title={t('security.sessions')} className="security-page">
      <p className="form-note security-note" data-testid="session-place-note">
        {t('security.placeNote')}
      </p>
      {body}
    </Page>
  );
}
