import './security.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { MAX_PASSKEYS, routes } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { ScanningFaceOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/messages';
import { formatDateTime } from '../../lib/format';
import { PasskeyCancelled } from '../../lib/passkeys';
import { EmptyState } from '../../ui/EmptyState';
import { reportFormError } from '../../ui/forms';
import { Page } from '../../ui/Page';
import { RowsSkeleton } from '../../ui/records';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { passkeysQuery, useAddPasskey, useDeletePasskey, useRenamePasskey, type PasskeyInfo } from './passkeysApi';
import { twoFactorQuery } from './securityApi';

/**
 * Passkeys: what they are, the caller's list (name, added, last sign-in, synced or not) with renaming
 * and deleting (the login password, and a code while two-factor sign-in is on, as turning that off
 * asks), and adding one under a name through the browser's own passkey prompt.
 */
export default function PasskeysPage() {
  const { t } = useTranslation();
  const passkeys = useQuery(passkeysQuery());
  const [deleting, setDeleting] = useState<PasskeyInfo | null>(null);

  let body;
  if (passkeys.isPending) body = <RowsSkeleton count={2} />;
  else if (passkeys.isError) body = <EmptyState kind="records" title={t('security.loadFailed')} onRetry={() => void passkeys.refetch()} />;
  else if (deleting) body = <DeletePasskey passkey={deleting} onDone={() => setDeleting(null)} />;
  else {
    const list = passkeys.data.list;
    body = (
      <>
        <div className="section-title">
          {t('passkeys.title')} <span className="passkey-count">{t('passkeys.count', { count: list.length })}</span>
        </div>
        {list.length === 0 ? (
          <section className="card" data-testid="passkey-none">
            <EmptyState kind="records" compact title={t('passkeys.none')} />
          </section>
        ) : (
          <section className="card" data-testid="passkey-list">
            {list.map((p) => (
              <PasskeyRow key={p.id} passkey={p} onDelete={() => setDeleting(p)} />
            ))}
          </section>
        )}
        {list.length < MAX_PASSKEYS && <AddPasskey />}
      </>
    );
  }

  return (
    <Page title={t('passkeys.title')} className="security-page">
      <p className="form-note security-note" data-testid="passkey-intro">
        {t('passkeys.intro')}
      </p>
      {body}
    </Page>
  );
}

const nameSchema = routes.passkeyRename.request;

function PasskeyRow({ passkey, onDelete }: { passkey: PasskeyInfo; onDelete(): void }) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState(false);
  const rename = useRenamePasskey();
  const form = useForm({ resolver: zodResolver(nameSchema), defaultValues: { name: passkey.name } });
  const onSubmit = form.handleSubmit((values) =>
    rename.mutate(
      { id: passkey.id, ...values },
      {
        onSuccess: () => {
          showToast(t('passkeys.renamed'), 'success');
          setRenaming(false);
        },
        onError: (error) => reportFormError(error, form.setError, ['name']),
      },
    ),
  );

  return (
    <div className="session-row" data-testid="passkey-row" data-id={passkey.id}>
      <span className="session-icon" aria-hidden="true">
        <ScanningFaceOutline />
      </span>
      <div className="session-main">
        {renaming ? (
          <form onSubmit={onSubmit} noValidate>
            <TextField
              label={t('passkeys.name')}
              testId="passkey-rename-name"
              maxLength={50}
              registration={form.register('name')}
              error={form.formState.errors.name?.message}
              autoFocus
            />
            <div className="passkey-buttons">
              <Button size="small" shape="rounded" color="primary" type="submit" loading={rename.isPending} data-testid="passkey-rename-save">
                {t('passkeys.save')}
              </Button>
              <Button size="small" shape="rounded" onClick={() => setRenaming(false)}>
                {t('common.cancel')}
              </Button>
            </div>
          </form>
        ) : (
          <>
            <div className="session-device">
              <span data-testid="passkey-name">{passkey.name}</span>
              {passkey.backedUp && <span className="session-current">{t('passkeys.synced')}</span>}
            </div>
            <div className="session-meta">
              <div data-testid="passkey-last-used">
                {passkey.lastUsedTimestamp === null ? t('passkeys.neverUsed') : t('passkeys.lastUsed', { time: formatDateTime(passkey.lastUsedTimestamp) })}
              </div>
              <div>{t('passkeys.created', { time: formatDateTime(passkey.createTimestamp) })}</div>
            </div>
            <div className="passkey-buttons">
              <Button size="small" shape="rounded" fill="outline" onClick={() => setRenaming(true)} data-testid="passkey-rename">
                {t('passkeys.rename')}
              </Button>
              <Button size="small" shape="rounded" color="danger" fill="outline" onClick={onDelete} data-testid="passkey-delete">
                {t('passkeys.delete')}
              </Button>
            </div>
          </>
        )}
      </div>
    </div>
  );
}

const addSchema = routes.passkeyAdd.request.pick({ name: true });

function AddPasskey() {
  const { t } = useTranslation();
  const add = useAddPasskey();
  const supported = browserSupportsWebAuthn();
  const form = useForm({ resolver: zodResolver(addSchema), defaultValues: { name: '' } });
  const onSubmit = form.handleSubmit((values) =>
    add.mutate(values.name, {
      onSuccess: () => {
        showToast(t('passkeys.added'), 'success');
        form.reset();
      },
      onError: (error) => {
        if (error instanceof PasskeyCancelled) showToast(error.reason === 'registered' ? msg('e.passkeyTaken') : t('passkeys.cancelled'), 'fail');
        else reportFormError(error, form.setError, ['name']);
      },
    }),
  );
  return (
    <>
      <div className="section-title">{t('passkeys.add')}</div>
      <form className="form-page" onSubmit={onSubmit} noValidate>
        <section className="form-section">
          <TextField
            label={t('passkeys.name')}
            testId="passkey-add-name"
            maxLength={50}
            placeholder={t('passkeys.namePlaceholder')}
            registration={form.register('name')}
            error={form.formState.errors.name?.message}
          />
          {!supported && (
            <p className="form-note" data-testid="passkey-unsupported">
              {t('passkeys.unsupported')}
            </p>
          )}
        </section>
        <div className="form-actions">
          <Button block type="submit" color="primary" size="large" shape="rounded" disabled={!supported} loading={add.isPending} data-testid="passkey-add">
            {t('passkeys.add')}
          </Button>
        </div>
      </form>
    </>
  );
}

const deleteSchema = routes.passkeyDelete.request;

function DeletePasskey({ passkey, onDone }: { passkey: PasskeyInfo; onDone(): void }) {
  const { t } = useTranslation();
  const twoFactor = useQuery(twoFactorQuery());
  const remove = useDeletePasskey();
  const withCode = twoFactor.data?.enabled === true;
  const form = useForm({ resolver: zodResolver(deleteSchema), defaultValues: { password: '', code: undefined as string | undefined } });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((values) =>
    remove.mutate(
      { id: passkey.id, password: values.password, ...(withCode ? { code: values.code ?? '' } : {}) },
      {
        onSuccess: () => {
          showToast(t('passkeys.deleted'), 'success');
          onDone();
        },
        onError: (error) => reportFormError(error, form.setError, ['password', 'code']),
      },
    ),
  );
  if (twoFactor.isPending) return <RowsSkeleton count={2} />;
  return (
    <>
      <div className="section-title">{t('passkeys.deleteTitle', { name: passkey.name })}</div>
      <form className="form-page" onSubmit={onSubmit} noValidate data-testid="passkey-delete-form">
        <section className="form-section">
          <p className="form-note">{t(withCode ? 'passkeys.deleteIntroCode' : 'passkeys.deleteIntro')}</p>
          <TextField
            label={t('security.password')}
            testId="passkey-delete-password"
            type="password"
            autoComplete="current-password"
            placeholder={t('security.passwordPlaceholder')}
            registration={form.register('password')}
            error={errors.password?.message}
            autoFocus
          />
          {withCode && (
            <TextField
              label={t('security.anyCode')}
              testId="passkey-delete-code"
              autoComplete="one-time-code"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={20}
              placeholder={t('security.anyCodePlaceholder')}
              registration={form.register('code')}
              error={errors.code?.message}
            />
          )}
        </section>
        <div className="form-actions">
          <Button block type="submit" color="danger" size="large" shape="rounded" loading={remove.isPending} data-testid="passkey-delete-confirm">
            {t('passkeys.delete')}
          </Button>
          <Button block shape="rounded" size="large" onClick={onDone} data-testid="passkey-delete-cancel">
            {t('common.cancel')}
          </Button>
        </div>
      </form>
    </>
  );
}
