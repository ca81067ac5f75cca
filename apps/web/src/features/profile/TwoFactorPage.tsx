import './security.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { routes } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths';
import { formatDate } from '../../lib/format';
import { useNavigate } from '../../lib/router';
import { copyText } from '../../ui/clipboard';
import { EmptyState } from '../../ui/EmptyState';
import { reportFormError } from '../../ui/forms';
import { Page } from '../../ui/Page';
import { RowsSkeleton } from '../../ui/records';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { twoFactorQuery, useTwoFactorDisable, useTwoFactorEnable, useTwoFactorSetup, type TwoFactorSetup } from './securityApi';

/** The key in groups of four, as authenticator apps show and people type it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Two-factor sign-in: off, it offers the setup (QR code and the key as text, confirmed by a
 * current code); just turned on, the recovery codes, shown this once and kept only in this
 * screen's memory; on, its state and turning it off with the password and a code.
 */
export default function TwoFactorPage() {
  const { t } = useTranslation();
  const status = useQuery(twoFactorQuery());
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body;
  if (recoveryCodes) body = <RecoveryCodes codes={recoveryCodes} />;
  else if (status.isPending) body = <RowsSkeleton count={3} />;
  else if (status.isError) body = <EmptyState kind="records" title={t('security.loadFailed')} onRetry={() => void status.refetch()} />;
  else if (status.data.enabled) body = <TwoFactorOn enabledTimestamp={status.data.enabledTimestamp} left={status.data.recoveryCodesLeft} />;
  else body = <TwoFactorSetupFlow onEnabled={setRecoveryCodes} />;

  return (
    <Page title={t('security.twoFactor')} className="security-page">
      {body}
    </Page>
  );
}

function TwoFactorSetupFlow({ onEnabled }: { onEnabled(codes: string[]): void }) {
  const { t } = useTranslation();
  const setup = useTwoFactorSetup();
  return (
    <>
      <section className="card card-pad">
        <p data-testid="twofactor-intro">{t('security.intro')}</p>
        {!setup.data && (
          <Button block color="primary" shape="rounded" size="large" loading={setup.isPending} onClick={() => setup.mutate()} data-testid="twofactor-start">
            {t('security.start')}
          </Button>
        )}
      </section>
      {setup.data && <ConfirmSetup setup={setup.data} onEnabled={onEnabled} />}
    </>
  );
}

const enableSchema = routes.twoFactorEnable.request;

function ConfirmSetup({ setup, onEnabled }: { setup: TwoFactorSetup; onEnabled(codes: string[]): void }) {
  const { t } = useTranslation();
  const enable = useTwoFactorEnable();
  const form = useForm({ resolver: zodResolver(enableSchema), defaultValues: { code: '' } });
  const onSubmit = form.handleSubmit((values) =>
    enable.mutate(values, {
      onSuccess: (result) => {
        showToast(t('security.enabled'), 'success');
        onEnabled(result.recoveryCodes);
      },
      onError: (error) => reportFormError(error, form.setError, ['code']),
    }),
  );
  return (
    <form className="form-page" onSubmit={onSubmit} noValidate>
      <section className="card card-pad security-qr">
        <div className="security-step">{t('security.scanStep')}</div>
        <div className="qr-box" data-testid="twofactor-qr" data-uri={setup.uri}>
          <QRCodeSVG value={setup.uri} size={180} level="M" marginSize={0} fgColor="#0B1F3A" title={t('security.qrLabel')} />
        </div>
      </section>
      <div className="section-title">{t('security.keyStep')}</div>
      <section className="card">
        {/* Shown in groups of four, copied without the spaces. */}
        <div className="info-row copy-row">
          <span className="info-label">{t('security.key')}</span>
          <span className="info-value">
            <span className="security-key" data-testid="twofactor-secret">
              {grouped(setup.secret)}
            </span>
            <button type="button" className="copy-chip" data-testid="twofactor-secret-copy" onClick={() => void copyText(setup.secret)}>
              {t('common.copy')}
            </button>
          </span>
        </div>
      </section>
      <section className="form-section">
        <div className="security-step">{t('security.codeStep')}</div>
        <TextField
          label={t('security.code')}
          testId="twofactor-code"
          inputMode="numeric"
          maxLength={6}
          autoComplete="one-time-code"
          placeholder={t('security.codePlaceholder')}
          registration={form.register('code')}
          error={form.formState.errors.code?.message}
        />
      </section>
      <div className="form-actions">
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={enable.isPending} data-testid="twofactor-enable">
          {t('security.enable')}
        </Button>
      </div>
    </form>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="card card-pad" data-testid="twofactor-recovery">
      <h2 className="security-step">{t('security.recoveryTitle')}</h2>
      <p>{t('security.recoveryIntro')}</p>
      <ul className="recovery-codes" data-testid="twofactor-recovery-codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Button block shape="rounded" onClick={() => void copyText(codes.join('\n'))} data-testid="twofactor-recovery-copy">
        {t('security.copyAll')}
      </Button>
      <div className="form-actions">
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          onClick={() => void navigate(paths.profile.security(), { replace: true })}
          data-testid="twofactor-recovery-done"
        >
          {t('security.saved')}
        </Button>
      </div>
    </section>
  );
}

const disableSchema = routes.twoFactorDisable.request;

function TwoFactorOn({ enabledTimestamp, left }: { enabledTimestamp: number | null; left: number }) {
  const { t } = useTranslation();
  const disable = useTwoFactorDisable();
  const form = useForm({ resolver: zodResolver(disableSchema), defaultValues: { password: '', code: '' } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(values, {
      onSuccess: () => showToast(t('security.disabled'), 'success'),
      onError: (error) => reportFormError(error, form.setError, ['password', 'code']),
    }),
  );
  return (
    <>
      <section className="card">
        <div className="info-row">
          <span className="info-label">{t('security.twoFactor')}</span>
          <span className="info-value status-on" data-testid="twofactor-state">
            {t('security.on')}
          </span>
        </div>
        {enabledTimestamp !== null && (
          <div className="info-row">
            <span className="info-label">{t('security.onSince', { date: formatDate(enabledTimestamp) })}</span>
          </div>
        )}
        <div className="info-row">
          <span className="info-label" data-testid="twofactor-codes-left">
            {t('security.codesLeft', { count: left })}
          </span>
        </div>
      </section>
      <div className="section-title">{t('security.disableTitle')}</div>
      <form className="form-page" onSubmit={onSubmit} noValidate>
        <section className="form-section">
          <p className="form-note">{t('security.disableIntro')}</p>
          <TextField
            label={t('security.password')}
            testId="twofactor-off-password"
            type="password"
            autoComplete="current-password"
            placeholder={t('security.passwordPlaceholder')}
            registration={form.register('password')}
            error={errors.password?.message}
          />
          <TextField
            label={t('security.anyCode')}
            testId="twofactor-off-code"
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            maxLength={20}
            placeholder={t('security.anyCodePlaceholder')}
            registration={form.register('code')}
            error={errors.code?.message}
          />
        </section>
        <div className="form-actions">
          <Button block type="submit" color="danger" size="large" shape="rounded" loading={disable.isPending} data-testid="twofactor-disable">
            {t('security.disable')}
          </Button>
        </div>
      </form>
    </>
  );
}
