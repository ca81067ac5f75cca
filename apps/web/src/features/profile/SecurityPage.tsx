import { useQuery } from '@tanstack/react-query';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { useUserInfo } from '../../api/user';
import { paths } from '../../app/paths';
import { Page } from '../../ui/Page';
import { twoFactorQuery } from './securityApi';

export default function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const hasPayPassword = user.data?.hasPayPassword;
  const twoFactor = useQuery(twoFactorQuery());
  const twoFactorOn = twoFactor.data?.enabled;

  return (
    <Page title={t('settings.securityTitle')}>
      <section className="card">
        <List className="menu-list">
          <List.Item
            arrowIcon
            description={t('settings.loginPasswordBody')}
            extra={t('settings.change')}
            data-testid="security-loginpwd"
            onClick={() => void navigate(paths.profile.loginPassword())}
          >
            {t('settings.loginPassword')}
          </List.Item>
          <List.Item
            arrowIcon
            description={
              <span className={hasPayPassword ? 'status-on' : 'status-off'} data-testid="security-paypwd-status">
                {hasPayPassword === undefined ? '' : t(hasPayPassword ? 'settings.payPasswordSet' : 'settings.payPasswordNotSet')}
              </span>
            }
            extra={hasPayPassword === undefined ? '' : t(hasPayPassword ? 'settings.change' : 'settings.setNow')}
            data-testid="security-paypwd"
            onClick={() => void navigate(paths.profile.payPassword())}
          >
            {t('settings.payPassword')}
          </List.Item>
          <List.Item
            arrowIcon
            description={t('security.twoFactorBody')}
            extra={
              <span className={twoFactorOn ? 'status-on' : 'status-off'} data-testid="security-twofactor-status">
                {twoFactorOn === undefined ? '' : t(twoFactorOn ? 'security.on' : 'security.off')}
              </span>
            }
            data-testid="security-twofactor"
            onClick={() => void navigate(paths.profile.twoFactor())}
          >
            {t('security.twoFactor')}
          </List.Item>
          <List.Item arrowIcon description={t('passkeys.body')} data-testid="security-passkeys" onClick={() => void navigate(paths.profile.passkeys())}>
            {t('passkeys.title')}
          </List.Item>
          <List.Item arrowIcon description={t('security.sessionsBody')} data-testid="security-sessions" onClick={() => void navigate(paths.profile.sessions())}>
            {t('security.sessions')}
          </List.Item>
        </List>
      </section>
    </Page>
  );
}
