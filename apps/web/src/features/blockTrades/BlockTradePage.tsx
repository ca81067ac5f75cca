import '../../ui/money.css';
import './blockTrade.css';
import { BLOCK_BAND_PERCENT, BLOCK_QUOTE_TTL_SECONDS, KycStatus, LARGE_ORDER_SHARES, zBlockTradeKey, type BlockTradeActivation } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { CheckCircleFill, ClockCircleFill, CloseCircleFill, LockFill, UserContactOutline } from 'antd-mobile-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { useUserInfo } from '../../api/user';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { formatDateTime, formatQuantity } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { KeyForm } from '../../ui/KeyForm';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { showToast } from '../../ui/toast';
import { activationQuery, applyForBlockTrading, enterKey } from './api';
import { BlockTradeDesk } from './BlockTradeDesk';

type Tone = 'neutral' | 'progress' | 'done' | 'failed';

/** The state's card: an icon in the state's tone, a title, and what to do next. */
function StateCard({ status, tone, icon, title, children }: { status: string; tone: Tone; icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className={`kyc-status tone-${tone}`} data-testid="blocktrade-status" data-status={status}>
      {icon}
      <div className="blocktrade-state-text">
        <strong className="sentence" data-testid="blocktrade-title">
          {title}
        </strong>
        {children}
      </div>
    </div>
  );
}

function ApplyButton({ label }: { label: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const onApply = async () => {
    setBusy(true);
    try {
      await applyForBlockTrading();
      showToast(t('blockTrade.applied'), 'success');
    } catch {
      // The client has toasted the server's message already.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="small" shape="rounded" color="primary" loading={busy} data-testid="blocktrade-apply" onClick={() => void onApply()}>
      {label}
    </Button>
  );
}

function StateView({ activation }: { activation: BlockTradeActivation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserInfo();
  const notices = (
    <Button size="small" shape="rounded" fill="outline" color="primary" data-testid="blocktrade-notices" onClick={() => void navigate(paths.notices.index())}>
      {t('blockTrade.openNotices')}
    </Button>
  );

  switch (activation.status) {
    case 'notOpened':
      return (
        <StateCard status="notOpened" tone="neutral" icon={<UserContactOutline className="kyc-status-icon" />} title={msg('e.blockTradeNotOpened')}>
          <p>{t(user.data?.kycStatus === KycStatus.UnderReview ? 'blockTrade.kycUnderReviewBody' : 'blockTrade.notOpenedBody')}</p>
          <Button size="small" shape="rounded" color="primary" data-testid="blocktrade-kyc" onClick={() => void navigate(paths.kyc())}>
            {t('blockTrade.verifyIdentity')}
          </Button>
        </StateCard>
      );
    case 'canApply':
      return (
        <StateCard status="canApply" tone="neutral" icon={<LockFill className="kyc-status-icon" />} title={t('blockTrade.canApplyTitle')}>
          <p>{t('blockTrade.canApplyBody')}</p>
          <ApplyButton label={t('blockTrade.apply')} />
        </StateCard>
      );
    case 'underReview':
      return (
        <StateCard status="underReview" tone="progress" icon={<ClockCircleFill className="kyc-status-icon" />} title={msg('e.permissionUnderReview')}>
          <p>{t('blockTrade.underReviewBody')}</p>
          {notices}
        </StateCard>
      );
    case 'refused':
      return (
        <StateCard status="refused" tone="failed" icon={<CloseCircleFill className="kyc-status-icon" />} title={t('blockTrade.refusedTitle')}>
          {activation.reason && <p data-testid="blocktrade-reason">{t('blockTrade.refusedReason', { reason: activation.reason })}</p>}
          <p>{t('blockTrade.refusedBody')}</p>
          <ApplyButton label={t('blockTrade.applyAgain')} />
        </StateCard>
      );
    case 'approved':
      return (
        <>
          <StateCard status="approved" tone="done" icon={<LockFill className="kyc-status-icon" />} title={t('blockTrade.approvedTitle')}>
            <p>{t('blockTrade.approvedBody')}</p>
            {notices}
          </StateCard>
          <KeyForm
            schema={zBlockTradeKey}
            send={enterKey}
            onEntered={() => showToast(t('blockTrade.activated'), 'success')}
            className="blocktrade-key"
            label={t('blockTrade.keyLabel')}
            placeholder={t('blockTrade.keyPlaceholder')}
            testId="blocktrade-key"
            submitTestId="blocktrade-activate"
            submitLabel={t('blockTrade.activate')}
          />
        </>
      );
    case 'active':
      return (
        <>
          <StateCard status="active" tone="done" icon={<CheckCircleFill className="kyc-status-icon" />} title={t('blockTrade.activeTitle')}>
            {activation.activeTimestamp !== null && (
              <p className="blocktrade-since">{t('blockTrade.activeSince', { date: formatDateTime(activation.activeTimestamp) })}</p>
            )}
            <p data-testid="blocktrade-next">
              {t('blockTrade.activeBody', { band: BLOCK_BAND_PERCENT, seconds: BLOCK_QUOTE_TTL_SECONDS, shares: formatQuantity(LARGE_ORDER_SHARES) })}
            </p>
          </StateCard>
          <BlockTradeDesk />
        </>
      );
  }
}

/** The specification's block-trade page: the activation's state and its one next step; once active, the block-trading desk. */
export default function BlockTradePage() {
  const { t } = useTranslation();
  const activation = useQuery(activationQuery());

  let body;
  if (activation.isPending) body = <div className="card sk-card" aria-busy="true" data-testid="blocktrade-loading" />;
  else if (activation.isError)
    body = <EmptyState kind="feature" title={t('blockTrade.loadFailed')} onRetry={() => void activation.refetch()} retryTestId="blocktrade-retry" />;
  else body = <StateView activation={activation.data} />;

  return (
    <Page title={t('titles.productBlockTrade')} className="money-page">
      <Refreshable onRefresh={() => activation.refetch()}>
        <div className="form-page blocktrade-page">
          <p className="blocktrade-intro">{t('blockTrade.intro', { shares: formatQuantity(LARGE_ORDER_SHARES) })}</p>
          {body}
        </div>
      </Refreshable>
    </Page>
  );
}
