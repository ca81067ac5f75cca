import { Button, DotLoading } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../api/user';
import { copyText } from '../../ui/clipboard';
import { EmptyState } from '../../ui/EmptyState';
import { Page } from '../../ui/Page';

/** The registration link that carries an invitation code (hash route of this app). */
export function registerUrl(invitationCode: string): string {
  const base = `${window.location.origin}${window.location.pathname}`;
  return `${base}#/pages/auth/register?invitationCode=${encodeURIComponent(invitationCode)}`;
}

export default function SharePage() {
  const { t } = useTranslation();
  const user = useUserInfo();
  const code = user.data?.invitationCode;

  if (!code) {
    return (
      <Page title={t('share.title')}>
        {user.isPending ? (
          <div className="empty-state compact">
            <DotLoading color="primary" />
          </div>
        ) : (
          <EmptyState kind="account" title={t('common.noData')} />
        )}
      </Page>
    );
  }

  const link = registerUrl(code);
  return (
    <Page title={t('share.title')}>
      <section className="card share-card">
        <h2>{t('share.heading')}</h2>
        <p>{t('share.body')}</p>
        <div className="qr-box" data-testid="share-qr">
          <QRCodeSVG value={link} size={180} level="M" marginSize={0} fgColor="#0B1F3A" />
        </div>
        <div className="qr-caption">{t('share.scan')}</div>
      </section>
      <section className="card card-pad" style={{ textAlign: 'center' }}>
        <div className="field-label">{t('share.code')}</div>
        <div className="share-code" data-testid="share-code">
          {code}
        </div>
        <div className="field-label" style={{ marginTop: 12 }}>
          {t('share.link')}
        </div>
        <div className="share-link" data-testid="share-link">
          {link}
        </div>
      </section>
      <div className="share-actions">
        <Button shape="rounded" color="primary" fill="outline" data-testid="share-copy-code" onClick={() => void copyText(code)}>
          {t('share.copyCode')}
        </Button>
        <Button shape="rounded" color="primary" data-testid="share-copy-link" onClick={() => void copyText(link)}>
          {t('share.copyLink')}
        </Button>
      </div>
    </Page>
  );
}
