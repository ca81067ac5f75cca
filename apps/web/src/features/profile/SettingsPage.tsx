import { useQuery } from '@tanstack/react-query';
import { Button, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { appConfigQuery } from '../content';
import { formatDate } from '../../lib/format';
import { useConfirmedLogout } from './useConfirmedLogout';
import { useNavigate } from '../../lib/router';
import { isSignedIn } from '../../lib/session';
import { LanguageSwitch } from '../../ui/LanguageSwitch';
import { Page } from '../../ui/Page';
import { AppearanceCard } from './AppearanceCard';

/** Build version, injected by Vite from package.json at build time; shown until the server answers. */
const BUILD_VERSION = import.meta.env.VITE_APP_VERSION ?? '0.1.0';

export default function SettingsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const signedIn = isSignedIn();
  // The version operators publish in the back office, with its notes in the reader's language.
  const published = useQuery(appConfigQuery(i18n.language)).data?.version ?? null;

  const logout = useConfirmedLogout();

  return (
    <Page title={t('settings.title')}>
      <div className="section-title">{t('settings.language')}</div>
      <section className="card settings-lang">
        <LanguageSwitch />
      </section>

      <div className="section-title">{t('settings.appearance')}</div>
      <AppearanceCard />

      <div className="section-title">{t('profile.sectionAccount')}</div>
      <section className="card">
        <List className="menu-list">
          <List.Item arrowIcon data-testid="settings-security" onClick={() => void navigate(paths.profile.security())}>
            {t('settings.security')}
          </List.Item>
        </List>
      </section>

      <div className="section-title">{t('settings.about')}</div>
      <section className="card">
        <List className="menu-list">
          <List.Item
            extra={<span data-testid="settings-version">{published?.version ?? BUILD_VERSION}</span>}
            description={published ? t('appInfo.published', { date: formatDate(published.publishTimestamp) }) : undefined}
          >
            {t('settings.version')}
          </List.Item>
          {published?.notes && (
            <List.Item
              description={
                <span className="release-notes" data-testid="settings-release-notes">
                  {published.notes}
                </span>
              }
            >
              {t('appInfo.whatsNew')}
            </List.Item>
          )}
          <List.Item arrowIcon data-testid="settings-legal" onClick={() => void navigate(paths.protocol('agreement'))}>
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
