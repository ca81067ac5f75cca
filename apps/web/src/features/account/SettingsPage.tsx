import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useConfirmedLogout } from './useConfirmedLogout';
import { useNavigate } from 'react-router';
import { isSignedIn } from '../../lib/session';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { Page } from '../../ui/Page';

/** Build version, injected by Vite from package.json at build time. */
const APP_VERSION = import.meta.env.VITE_APP_VERSION ?? '0.1.0';

export default function SettingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const signedIn = isSignedIn();

  const logout = useConfirmedLogout();

  return (
    <Page title={t('settings.title')}>
      <div className="section-title">{t('settings.language')}</div>
      <section className="card settings-lang">
        <LanguageSwitch />
      </section>

      <div className="section-title">{t('profile.sectionAccount')}</div>
      <section className="card">
        <List className="menu-list">
          <List.Item arrowIcon data-testid="settings-security" onClick={() => void navigate('/pages/setting/security')}>
            {t('settings.security')}
          </List.Item>
        </List>
      </section>

      <div className="section-title">{t('settings.about')}</div>
      <section className="card">
        <List className="menu-list">
          <List.Item extra={<span data-testid="settings-version">{APP_VERSION}</span>}>{t('settings.version')}</List.Item>
          <List.Item arrowIcon data-testid="settings-legal" onClick={() => void navigate('/pages/auth/protocol?type=agreement')}>
            {t('settings.legal')}
          </List.Item>
        </List>
      </section>

      {signedIn && (
        <div className="logout-wrap">
          <Button block shape="rounded" size="large" color="danger" fill="outline" data-testid="settings-logout" onClick={() => void logout()}>
            {t('common.logout')}
          </Button>
        </div>
      )}
    </Page>
  );
}
