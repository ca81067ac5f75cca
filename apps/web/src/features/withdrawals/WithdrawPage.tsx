import '../../ui/money.css';
import { compareDecimal, decimalInput, floorDecimal, FundsReviewStatus, KycStatus, zAmount, zPayPassword } from '@tradeapp/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'antd-mobile';
import { CheckCircleFill } from 'antd-mobile-icons';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { z } from 'zod';
import { useIntentKey } from '../../api/intent';
import { useUserInfo } from '../../api/user';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { formatDateTime, formatInCurrency, formatNumber } from '../../lib/format';
import { EmptyState } from '../../ui/EmptyState';
import { reportFormError } from '../../ui/forms';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { TextField } from '../../ui/TextField';
import { showToast } from '../../ui/toast';
import { ReviewBadge, RowsSkeleton } from '../../ui/records';
import { addressesQuery } from '../addresses';
import { cardsQuery } from '../bankCards';
import { refreshWallet, walletKeys } from '../wallet';
import { applyWithdrawal, usableQuery, withdrawalsQuery } from './api';

type Target = 'bank' | 'crypto';

function WithdrawalList() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(withdrawalsQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);
  if (query.isPending) return <RowsSkeleton />;
  if (query.isError && rows.length === 0) return <EmptyState compact kind="records" title={t('money.loadFailed')} onRetry={() => void query.refetch()} />;
  if (rows.length === 0) return <EmptyState compact kind="records" title={t('withdrawals.empty')} />;
  return (
    <>
      {rows.map((row) => (
        <div key={row.id} className="record-row" data-testid="withdraw-row" data-id={row.id} data-status={row.status}>
          <div className="record-main">
            <div className="record-title">{t(row.target === 'bank' ? 'withdrawals.toBank' : 'withdrawals.toCrypto')}</div>
            <div className="record-memo mono">{row.destination}</div>
            <div className="record-sub">{formatDateTime(row.createTimeTimestamp)}</div>
            {row.status === FundsReviewStatus.AuditFailure && row.reason && (
              <div className="record-reason" data-testid="withdraw-reason">
                {t('money.reason')}: {row.reason}
              </div>
            )}
            {row.status === FundsReviewStatus.AuditFailure && <div className="record-sub">{t('withdrawals.returned')}</div>}
          </div>
          <div className="record-figures">
            <div className="record-amount">{formatInCurrency(row.amount, row.currency)}</div>
            <ReviewBadge status={row.status} testId="withdraw-row-status" />
          </div>
        </div>
      ))}
      <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
    </>
  );
}

function Destinations({ target, value, onChange, error }: { target: Target; value: string; onChange: (id: string) => void; error: string | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cards = useQuery({ ...cardsQuery(), enabled: target === 'bank' });
  const addresses = useQuery({ ...addressesQuery(), enabled: target === 'crypto' });
  const source = target === 'bank' ? cards : addresses;
  const items =
    target === 'bank'
      ? (cards.data ?? []).map((c) => ({ id: String(c.id), title: c.bankName, sub: `${c.cardNumberMasked} · ${c.accountName}` }))
      : (addresses.data ?? []).map((a) => ({ id: String(a.id), title: `${a.currencyType}${a.label ? ` · ${a.label}` : ''}`, sub: a.address }));
  const addPath = target === 'bank' ? paths.bankCards.form() : paths.addresses.form();
  const errorText = error ? msg(error) : '';
  return (
    <div className={errorText ? 'field has-error' : 'field'}>
      <div className="field-label">{t(target === 'bank' ? 'withdrawals.chooseCard' : 'withdrawals.chooseAddress')}</div>
      <div className="destination-list" role="radiogroup" data-testid={target === 'bank' ? 'withdraw-card' : 'withdraw-address'}>
        {source.isPending ? (
          <div className="sk sk-line" />
        ) : (
          items.map((item) => (
            <button
              key={item.id}
              type="button"
              role="radio"
              aria-checked={value === item.id}
              className={value === item.id ? 'destination active' : 'destination'}
              data-testid={`withdraw-dest-${item.id}`}
              onClick={() => onChange(item.id)}
            >
              <span className="destination-text">
                <strong>{item.title}</strong>
                <small className="mono">{item.sub}</small>
              </span>
              {value === item.id && <CheckCircleFill className="destination-check" />}
            </button>
          ))
        )}
        <button type="button" className="link add-destination" data-testid="withdraw-add-destination" onClick={() => void navigate(addPath)}>
          + {t(target === 'bank' ? 'bankCards.add' : 'addresses.add')}
        </button>
      </div>
      {errorText && (
        <div className="field-error" role="alert" data-testid="withdraw-destination-error">
          {errorText}
        </div>
      )}
    </div>
  );
}

/** Withdraw from the funding account to a bank card or a crypto address, held until reviewed. */
export function WithdrawPage({ target }: { target: Target }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUserInfo();
  const usable = useQuery(usableQuery());
  const intent = useIntentKey();
  const info = usable.data;

  const missing = target === 'bank' ? 'v.selectBankCardFirst' : 'v.enterWalletAddress';
  const schema = z.object({ destination: z.string().min(1, { error: missing }), amount: zAmount, payPassword: zPayPassword }).superRefine((value, ctx) => {
    if (!info) return;
    if (compareDecimal(value.amount, info.minAmount) === -1)
      ctx.addIssue({ code: 'custom', path: ['amount'], message: msg('e.belowMinimum', { n: formatNumber(info.minAmount, { grouping: true }) }) });
    else if (compareDecimal(value.amount, info.amount) === 1) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'e.insufficientFunds' });
  });
  const form = useForm({ resolver: zodResolver(schema), defaultValues: { destination: '', amount: '', payPassword: '' } });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    const id = Number(values.destination);
    const input = { target, amount: values.amount, payPassword: values.payPassword, ...(target === 'bank' ? { cardId: id } : { addressId: id }) };
    const key = intent.take(`${target}|${id}|${values.amount}`);
    try {
      await applyWithdrawal(input, key);
      intent.settle();
      showToast(t('withdrawals.submitted'), 'success');
      form.reset({ destination: values.destination, amount: '', payPassword: '' });
    } catch (error) {
      intent.settle(error);
      reportFormError(error, form.setError, ['amount', 'payPassword']);
      if (error && typeof error === 'object' && 'fields' in error) {
        const fields = (error as { fields?: Record<string, string> }).fields;
        const dest = fields?.cardId ?? fields?.addressId;
        if (dest) form.setError('destination', { type: 'server', message: dest });
      }
    } finally {
      await refreshWallet();
    }
  });

  const kycVerified = info ? info.kycVerified : user.data?.kycStatus === KycStatus.Verified;
  const hasPayPassword = info ? info.hasPayPassword : user.data?.hasPayPassword;

  let body;
  if (usable.isPending) body = <div className="card sk-card" aria-busy="true" />;
  else if (usable.isError) body = <EmptyState kind="records" title={t('money.loadFailed')} onRetry={() => void usable.refetch()} />;
  else if (!kycVerified)
    body = (
      <EmptyState kind="records" title={t('withdrawals.kycTitle')} body={t('withdrawals.kycBody')}>
        <Button shape="rounded" color="primary" data-testid="withdraw-kyc-link" onClick={() => void navigate(paths.kyc())}>
          {t('withdrawals.kycGo')}
        </Button>
      </EmptyState>
    );
  else if (!hasPayPassword)
    body = (
      <EmptyState kind="records" title={t('withdrawals.payPwdTitle')} body={t('withdrawals.payPwdBody')}>
        <Button shape="rounded" color="primary" data-testid="withdraw-paypwd-link" onClick={() => void navigate(paths.profile.payPassword())}>
          {t('settings.setNow')}
        </Button>
      </EmptyState>
    );
  else
    body = (
      <form className="form-page" onSubmit={onSubmit} noValidate>
        <section className="form-section">
          <Controller
            control={form.control}
            name="destination"
            render={({ field }) => <Destinations target={target} value={field.value} onChange={field.onChange} error={errors.destination?.message} />}
          />
        </section>
        <section className="form-section">
          <TextField
            label={`${t('money.amount')} (EUR)`}
            testId="withdraw-amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('money.amountPlaceholder')}
            registration={form.register('amount', { setValueAs: decimalInput })}
            error={errors.amount?.message}
            hint={
              <span data-testid="withdraw-usable">
                {t('withdrawals.usable')}: {formatInCurrency(info?.amount, 'EUR')} · {t('withdrawals.min', { min: formatInCurrency(info?.minAmount, 'EUR') })}
              </span>
            }
            suffix={
              <button
                type="button"
                className="code-button"
                data-testid="withdraw-all"
                onClick={() => form.setValue('amount', floorDecimal(info?.amount, 2) ?? '', { shouldValidate: false })}
              >
                {t('money.all')}
              </button>
            }
          />
          <TextField
            label={t('settings.payPassword')}
            testId="withdraw-paypwd"
            type="password"
            autoComplete="off"
            registration={form.register('payPassword')}
            error={errors.payPassword?.message}
          />
          <p className="form-note">{t('withdrawals.note')}</p>
        </section>
        <div className="form-actions">
          <Button block type="submit" color="primary" size="large" shape="rounded" loading={isSubmitting} data-testid="withdraw-submit">
            {t('withdrawals.submit')}
          </Button>
        </div>
      </form>
    );

  return (
    <Page title={t(target === 'bank' ? 'titles.withdrawBcard' : 'titles.withdrawVm')} className="money-page">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: walletKeys.all, type: 'active' })}>
        <div className="segment-switch" role="tablist">
          {(['bank', 'crypto'] as const).map((item) => (
            <button
              key={item}
              type="button"
              role="tab"
              aria-selected={item === target}
              className={item === target ? 'active' : undefined}
              data-testid={`withdraw-switch-${item}`}
              onClick={() => item !== target && void navigate(item === 'bank' ? paths.withdrawals.bankCard() : paths.withdrawals.crypto(), { replace: true })}
            >
              {t(item === 'bank' ? 'profile.withdrawBcard' : 'profile.withdrawVm')}
            </button>
          ))}
        </div>
        {body}
        <div className="section-title">{t('withdrawals.history')}</div>
        <section className="card record-list" data-testid="withdraw-list">
          <WithdrawalList />
        </section>
      </Refreshable>
    </Page>
  );
}
