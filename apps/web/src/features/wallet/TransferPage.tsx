import '../../ui/money.css';
import { compareDecimal, decimalInput, floorDecimal, WalletCode, walletCurrency, zAmount } from '@tradeapp/contract';
import { Button, Dialog } from 'antd-mobile';
import { ArrowDownCircleOutline } from 'antd-mobile-icons';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../lib/router';
import { ApiError } from '../../api/errors';
import { newIdempotencyKey } from '../../api/client';
import { isRetryable, useIntentKey } from '../../api/intent';
import { msg } from '../../i18n/messages';
import { formatDateTime, formatInCurrency, formatNumber } from '../../lib/format';
import { currencySymbol } from '../../lib/money';
import { EmptyState } from '../../ui/EmptyState';
import { LoadMore } from '../../ui/LoadMore';
import { Page } from '../../ui/Page';
import { Refreshable } from '../../ui/Refreshable';
import { showToast } from '../../ui/toast';
import { balancesQuery, cancelTransfer, exchangeRateQuery, refreshWallet, transfer, transfersQuery, type Wallet } from './api';
import { RowsSkeleton } from '../../ui/records';
import { TransferBadge } from './components';
import { convertBetween } from './exchange';
import { walletKeys } from './keys';
import { isTransferOpen, isWalletCode, WALLET_LABEL, WALLET_TABS } from './labels';

const TRADING = WALLET_TABS.filter((code) => code !== WalletCode.Funding);

function TransferList() {
  const { t } = useTranslation();
  const query = useInfiniteQuery(transfersQuery());
  const rows = useMemo(() => query.data?.pages.flatMap((page) => page.list) ?? [], [query.data]);
  // One key per transfer being cancelled, kept while a retry may still be needed.
  const cancelKeys = useRef(new Map<number, string>());
  const [busy, setBusy] = useState<number | null>(null);

  const onCancel = async (id: number) => {
    const ok = await Dialog.confirm({
      content: t('transfer.cancelConfirm'),
      confirmText: <span data-testid="transfer-cancel-confirm">{t('transfer.cancelYes')}</span>,
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    let key = cancelKeys.current.get(id);
    if (!key) {
      key = newIdempotencyKey();
      cancelKeys.current.set(id, key);
    }
    setBusy(id);
    try {
      await cancelTransfer(id, key);
      cancelKeys.current.delete(id);
      showToast(t('transfer.cancelled'), 'success');
    } catch (error) {
      if (!isRetryable(error)) cancelKeys.current.delete(id);
    } finally {
      setBusy(null);
      await refreshWallet();
    }
  };

  if (query.isPending) return <RowsSkeleton />;
  if (query.isError && rows.length === 0) return <EmptyState compact kind="records" title={t('money.loadFailed')} onRetry={() => void query.refetch()} />;
  if (rows.length === 0) return <EmptyState compact kind="records" title={t('transfer.empty')} body={t('transfer.emptyBody')} />;
  return (
    <>
      {rows.map((row) => (
        <div key={row.id} className="record-row" data-testid="transfer-row" data-id={row.id} data-status={row.status}>
          <div className="record-main">
            <div className="record-title">
              {t(WALLET_LABEL[row.from])} → {t(WALLET_LABEL[row.to])}
            </div>
            <div className="record-sub">{formatDateTime(row.createTimeTimestamp)}</div>
            {row.currency !== row.toCurrency && (
              <div className="record-sub">{t('transfer.rateLine', { rate: formatNumber(row.rate), from: row.currency, to: row.toCurrency })}</div>
            )}
            {isTransferOpen(row.status) && row.settleAfterTimestamp && (
              <div className="record-sub">{t('transfer.settlesBy', { time: formatDateTime(row.settleAfterTimestamp) })}</div>
            )}
          </div>
          <div className="record-figures">
            <div className="record-amount" data-testid="transfer-row-amount">
              {formatInCurrency(row.amount, row.currency)}
            </div>
            {row.currency !== row.toCurrency && <div className="record-sub">→ {formatInCurrency(row.toAmount, row.toCurrency)}</div>}
            <div className="record-status">
              <TransferBadge status={row.status} testId="transfer-row-status" />
              {isTransferOpen(row.status) && (
                <Button
                  size="mini"
                  shape="rounded"
                  color="danger"
                  fill="outline"
                  loading={busy === row.id}
                  data-testid="transfer-cancel"
                  onClick={() => void onCancel(row.id)}
                >
                  {t('common.cancel')}
                </Button>
              )}
            </div>
          </div>
        </div>
      ))}
      <LoadMore hasMore={query.hasNextPage} onMore={() => query.fetchNextPage({ cancelRefetch: false })} />
    </>
  );
}

/**
 * Transfer between the funding account (BALANCE) and a trading wallet. Same currency: done at
 * once. Euros to dollars or back: converted at the live rate, in progress until it settles, and
 * cancellable until then.
 */
export default function TransferPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const initialFrom = isWalletCode(params.get('from')) ? (params.get('from') as WalletCode) : WalletCode.Funding;
  const initialTo = isWalletCode(params.get('to'))
    ? (params.get('to') as WalletCode)
    : initialFrom === WalletCode.Funding
      ? WalletCode.Stock
      : WalletCode.Funding;
  const [from, setFrom] = useState<WalletCode>(initialFrom);
  const [to, setTo] = useState<WalletCode>(
    initialFrom === initialTo ? (initialFrom === WalletCode.Funding ? WalletCode.Stock : WalletCode.Funding) : initialTo,
  );
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const intent = useIntentKey();

  const balances = useQuery(balancesQuery());
  const fromWallet: Wallet | undefined = balances.data?.find((w) => w.code === from);
  const fromCurrency = walletCurrency(from);
  const toCurrency = walletCurrency(to);
  const crossCurrency = fromCurrency !== toCurrency;
  const exchangeRate = useQuery(exchangeRateQuery(crossCurrency));
  const eurUsd = exchangeRate.data?.price_nominal;
  const parsed = zAmount.safeParse(amount);
  const converted = parsed.success ? convertBetween(parsed.data, fromCurrency, toCurrency, eurUsd) : null;

  // One side is always the funding account.
  const chooseFrom = (code: WalletCode) => {
    setFrom(code);
    if (code !== WalletCode.Funding) setTo(WalletCode.Funding);
    else if (to === WalletCode.Funding) setTo(from === WalletCode.Funding ? WalletCode.Stock : from);
    setError('');
  };
  const chooseTo = (code: WalletCode) => {
    setTo(code);
    if (code !== WalletCode.Funding) setFrom(WalletCode.Funding);
    else if (from === WalletCode.Funding) setFrom(to === WalletCode.Funding ? WalletCode.Stock : to);
    setError('');
  };
  const swap = () => {
    setFrom(to);
    setTo(from);
    setError('');
  };
  const fromOptions = from === WalletCode.Funding ? WALLET_TABS : [WalletCode.Funding, ...TRADING];
  const toOptions = from === WalletCode.Funding ? TRADING : [WalletCode.Funding];

  const submit = async () => {
    const check = zAmount.safeParse(amount);
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? 'v.enterCorrectAmount');
      return;
    }
    if (fromWallet && compareDecimal(check.data, fromWallet.balance) === 1) {
      setError('e.insufficientFunds');
      return;
    }
    setError('');
    const key = intent.take(`${from}|${to}|${check.data}`);
    setPending(true);
    try {
      const result = await transfer({ from, to, amount: check.data }, key);
      intent.settle();
      setAmount('');
      showToast(t(isTransferOpen(result.status) ? 'transfer.submittedPending' : 'transfer.done'), 'success');
    } catch (err) {
      intent.settle(err);
      if (err instanceof ApiError && err.fields?.amount) setError(err.fields.amount);
    } finally {
      setPending(false);
      await refreshWallet();
    }
  };

  const walletOption = (code: WalletCode) => (
    <option key={code} value={code}>
      {t(WALLET_LABEL[code])} ({currencySymbol(code)})
    </option>
  );

  return (
    <Page title={t('titles.transfer')} className="money-page">
      <Refreshable onRefresh={() => queryClient.refetchQueries({ queryKey: walletKeys.all, type: 'active' })}>
        <form
          className="form-page"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <section className="form-section transfer-pair">
            <div className="field">
              <label className="field-label" htmlFor="transfer-from">
                {t('transfer.from')}
              </label>
              <div className="field-control">
                <select id="transfer-from" data-testid="transfer-from" value={from} onChange={(e) => chooseFrom(e.target.value as WalletCode)}>
                  {fromOptions.map(walletOption)}
                </select>
              </div>
            </div>
            <button type="button" className="swap-button" aria-label={t('transfer.swap')} data-testid="transfer-swap" onClick={swap}>
              <ArrowDownCircleOutline />
            </button>
            <div className="field">
              <label className="field-label" htmlFor="transfer-to">
                {t('transfer.to')}
              </label>
              <div className="field-control">
                <select id="transfer-to" data-testid="transfer-to" value={to} onChange={(e) => chooseTo(e.target.value as WalletCode)}>
                  {toOptions.map(walletOption)}
                </select>
              </div>
            </div>
            <p className="form-note">{t('transfer.rule')}</p>
          </section>

          <section className="form-section">
            <div className={error ? 'field has-error' : 'field'}>
              <label className="field-label" htmlFor="transfer-amount">
                {t('transfer.amount')} ({fromCurrency})
              </label>
              <div className="field-control">
                <input
                  id="transfer-amount"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={t('money.amountPlaceholder')}
                  data-testid="transfer-amount"
                  value={amount}
                  aria-invalid={error ? true : undefined}
                  onChange={(event) => {
                    setAmount(decimalInput(event.target.value));
                    setError('');
                  }}
                />
                <button
                  type="button"
                  className="code-button"
                  data-testid="transfer-all"
                  disabled={!fromWallet}
                  onClick={() => {
                    setAmount(floorDecimal(fromWallet?.balance, 2) ?? '');
                    setError('');
                  }}
                >
                  {t('money.all')}
                </button>
              </div>
              {error ? (
                <div className="field-error" role="alert" data-testid="transfer-amount-error">
                  {msg(error)}
                </div>
              ) : (
                <div className="field-hint" data-testid="transfer-available">
                  {t('money.available')}: {fromWallet ? formatInCurrency(fromWallet.balance, fromCurrency) : '—'}
                </div>
              )}
            </div>
            {crossCurrency && (
              <div className="convert-box" data-testid="transfer-convert">
                <div className="convert-line">
                  <span>{t('transfer.youGet')}</span>
                  <strong data-testid="transfer-converted">{converted ? `≈ ${formatInCurrency(converted, toCurrency)}` : '—'}</strong>
                </div>
                <div className="convert-line">
                  <span>{t('transfer.rate')}</span>
                  <span data-testid="transfer-rate">
                    {eurUsd ? `1 EUR = ${formatNumber(eurUsd)} USD` : exchangeRate.isError ? t('transfer.rateUnavailable') : '…'}
                  </span>
                </div>
                <p className="form-note">{t('transfer.crossNote')}</p>
              </div>
            )}
          </section>

          <div className="form-actions">
            <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending} data-testid="transfer-submit">
              {t('transfer.submit')}
            </Button>
          </div>
        </form>

        <div className="section-title">{t('transfer.history')}</div>
        <section className="card record-list" data-testid="transfer-list">
          <TransferList />
        </section>
      </Refreshable>
    </Page>
  );
}
