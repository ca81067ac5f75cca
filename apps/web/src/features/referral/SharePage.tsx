import '../../ui/money.css';
import './share.css';
import { Button, DotLoading } from 'antd-mobile';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../api/user';
import { paths } from '../../app/paths';
import { formatDate } from '../../lib/format';
import { copyText } from '../../ui/clipboard';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { RowsSkeleton } from '../../ui/records';
import { Refreshable } from '../../ui/Refreshable';
import { inviteesQuery, referralKeys } from './api';

/** The registration link that carries an invitation code (hash route of this app). */
export function registerUrl(invitationCode: string): string {
  const base = `${window.location.origin}${window.location.pathname}`;
  return `${base}#${paths.register({ invitationCode })}`;
}

/** Who registered with the user's code: masked names, when, and whether they are verified. */
function Invitees() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(inviteesQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);
  const total = query.data?.pages[0]?.total ?? 0;

  let body;
  if (query.isPending) body = <RowsSkeleton count={2} lines={1} testId={null} />;
  else if (query.isError && rows.length === 0) body = <EmptyState compact kind="records" title={t('money.loadFailed')} onRetry={() => void query.refetch()} />;
  else if (rows.length === 0)
    body = (
      <div data-testid="share-invitees-empty">
        <EmptyState compact kind="records" title={t('invitees.empty')} body={t('invitees.emptyBody')} />
      </div>
    );
  else
    body = (
      <>
        {rows.map((row, i) => (
          <div key={`${row.userName}-${row.registerTimestamp}-${i}`} className="record-row invitee-row" data-testid="share-invitee">
            <span className="record-main">
              <span className="record-title">{row.userName}</span>
              <span className="record-sub">{t('invitees.joined', { date: formatDate(row.registerTimestamp) })}</span>
            </span>
            <span
              className={row.verified ? 'status-badge tone-done' : 'status-badge tone-muted'}
              data-testid="share-invitee-status"
              data-verified={row.verified}
            >
              {row.verified ? t('invitees.verified') : t('invitees.notVerified')}
            </span>
          </div>
        ))}
        <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
      </>
    );

  return (
    <>
      <div className="section-title invitees-title">
        <span>{t('invitees.title')}</span>
        {total > 0 && (
          <span className="invitees-total" data-testid="share-invitees-total">
            {t('invitees.total', { count: total })}
          </span>
        )}
      </div>
      <section className="card record-list" data-testid="share-invitees">
        {body}
      </section>
    </>
  );
}

export default function SharePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const code = user.data?.invitationCode;

  if (!code) {
    return (
      <Page title={t('referral.title')}>
        {user.isPending ? (
          <div className="empty-state compact">
            <DotLoading color="primary" />
          </div>
        ) : (
          <EmptyState kind="records" title={t('common.noData')} />
        )}
      </Page>
    );
  }

  const link = registerUrl(code);
  return (
    <Page title={t('referral.title')} className="money-page">
      <Refreshable onRefresh={() => Promise.all([user.refetch(), queryClient.refetchQueries({ queryKey: referralKeys.invitees(), type: 'active' })])}>
        <section className="card share-card">
          <h2>{t('referral.heading')}</h2>
          <p>{t('referral.body')}</p>
          <div className="qr-box" data-testid="share-qr">
            <QRCodeSVG value={link} size={180} level="M" marginSize={0} fgColor="#0B1F3A" title={t('referral.scan')} />
          </div>
          <div className="qr-caption">{t('referral.scan')}</div>
        </section>
        <section className="card card-pad" style={{ textAlign: 'center' }}>
          <div className="field-label">{t('referral.code')}</div>
          <div className="share-code" data-testid="share-code">
            {code}
          </div>
          <div className="field-label" style={{ marginTop: 12 }}>
            {t('referral.link')}
          </div>
          <div className="share-link" data-testid="share-link">
            {link}
          </div>
        </section>
        <div className="share-actions">
          <Button shape="rounded" color="primary" fill="outline" data-testid="share-copy-code" onClick={() => void copyText(code)}>
            {t('referral.copyCode')}
          </Button>
          <Button shape="rounded" color="primary" data-testid="share-copy-link" onClick={() => void copyText(link)}>
            {t('referral.copyLink')}
          </Button>
        </div>
        <Invitees />
      </Refreshable>
    </Page>
  );
}
