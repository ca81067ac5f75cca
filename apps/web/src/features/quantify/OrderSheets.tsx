import { compareDecimal, decimalInput, WalletCode, type Pool } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { EMPTY_VALUE, formatAmount, formatQuantity } from '../../lib/format';
import { showToast } from '../../ui/toast';
import { balancesQuery } from '../wallet';
import { saveOrder } from './api';
import { amountProblem, redeemEstimate, unitsProblem } from './calc';
import { Figure, money, useRuleName } from './components';

// The two orders of a pool, each in a bottom sheet: a subscription of an amount in euros from the
// financial wallet (the contract's amount rule, the pool's least subscription, the wallet's available
// balance), priced at today's NAV once it is known; a redemption of units or of all of them, paid at
// today's NAV, with what they are worth at the latest one. Sent under the intent's idempotency key;
// the server's sentence under the field when refused.

interface SheetProps {
  pool: Pool;
  visible: boolean;
  onClose: () => void;
}

/** A sheet's frame: its title (the order and the pool), a way out, the form. */
function Sheet({ visible, onClose, title, testId, onSubmit, children }: { visible: boolean; onClose: () => void; title: string; testId: string; onSubmit: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet" destroyOnClose>
      <form
        className="sheet-form quant-sheet"
        noValidate
        aria-labelledby={`${id}-title`}
        data-testid={testId}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <div className="sheet-head">
          <h2 className="quant-sheet-title" id={`${id}-title`}>
            {title}
          </h2>
          <button type="button" className="link" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
        {children}
      </form>
    </Popup>
  );
}

/** A labelled decimal field with its error (a message key or a sentence) or else its hint under it. */
function DecimalField(props: { label: string; testId: string; value: string; onChange: (v: string) => void; error: string; hint: ReactNode; disabled?: boolean; placeholder: string }) {
  const id = useId();
  const note = `${id}-note`;
  return (
    <div className={props.error ? 'field has-error' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <div className="field-control">
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder={props.placeholder}
          data-testid={props.testId}
          value={props.value}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={note}
          onChange={(event) => props.onChange(decimalInput(event.target.value))}
        />
      </div>
      {props.error ? (
        <div className="field-error" role="alert" id={note} data-testid={`${props.testId}-error`}>
          {msg(props.error)}
        </div>
      ) : (
        <div className="field-hint" id={note}>
          {props.hint}
        </div>
      )}
    </div>
  );
}

/** The server's refusal as a sentence for under the field; nothing for a call the investor cancelled. */
const refusal = (err: unknown) => (err instanceof ApiError && !err.aborted ? err.message || err.key || '' : '');

export function InvestSheet({ pool, visible, onClose }: SheetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useRuleName();
  const intent = useIntentKey();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const balances = useQuery({ ...balancesQuery(), enabled: visible });
  const wallet = balances.data?.find((w) => w.code === WalletCode.Financial);
  const short = wallet !== undefined && amountProblem(pool.id, amount) === null && compareDecimal(amount, wallet.balance) === 1;

  const submit = async () => {
    const problem = amountProblem(pool.id, amount);
    if (problem) return setError(problem);
    // The contract's sentence with the pool's least subscription filled in: the words the server would answer.
    if (compareDecimal(amount, pool.minAmount) === -1) return setError(msg('e.poolMinAmount', { min: formatAmount(pool.minAmount, { grouping: true }) }));
    if (wallet && compareDecimal(amount, wallet.balance) === 1) return setError('e.insufficientFunds');
    setError('');
    const input = { poolId: pool.id, kind: 'subscribe' as const, amount };
    const key = intent.take(JSON.stringify(input));
    setPending(true);
    try {
      await saveOrder(input, key);
      intent.settle();
      setAmount('');
      onClose();
      showToast(t('quantify.invest.done'), 'success');
    } catch (err) {
      intent.settle(err);
      setError(refusal(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Sheet visible={visible} onClose={onClose} title={`${t('quantify.invest.title')} · ${nameOf(pool.rule)}`} testId="quant-invest-sheet" onSubmit={() => void submit()}>
      <DecimalField
        label={t('quantify.invest.amount')}
        testId="quant-amount"
        value={amount}
        onChange={(v) => {
          setAmount(v);
          setError('');
        }}
        error={error}
        hint={t('quantify.invest.min', { min: money(pool.minAmount) })}
        placeholder={t('money.amountPlaceholder')}
      />
      <dl className="quant-lines">
        <Figure label={t('quantify.figures.minAmount')} testId="quant-invest-min">
          {money(pool.minAmount)}
        </Figure>
        <Figure label={t('quantify.invest.available')} testId="quant-available">
          {wallet ? money(wallet.balance) : EMPTY_VALUE}
        </Figure>
      </dl>
      {(short || error === 'e.insufficientFunds') && (
        <button type="button" className="link quant-link" data-testid="quant-transfer" onClick={() => void navigate(paths.wallet.transfer({ from: WalletCode.Funding, to: WalletCode.Financial }))}>
          {t('quantify.invest.transfer')}
        </button>
      )}
      <p className="form-note quant-priced" data-testid="quant-invest-note">
        {t('quantify.invest.priced')}
      </p>
      <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending} data-testid="quant-invest-submit">
        {t('quantify.invest.submit')}
      </Button>
    </Sheet>
  );
}

export function RedeemSheet({ pool, visible, onClose }: SheetProps) {
  const { t } = useTranslation();
  const nameOf = useRuleName();
  const intent = useIntentKey();
  const [units, setUnits] = useState('');
  const [all, setAll] = useState(false);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const chosen = all ? pool.units : units;
  const estimate = all || unitsProblem(pool.id, units) === null ? redeemEstimate(chosen, pool.nav) : null;

  const submit = async () => {
    if (!all) {
      const problem = unitsProblem(pool.id, units);
      if (problem) return setError(problem);
      if (compareDecimal(units, pool.units) === 1) return setError(msg('e.poolUnits', { units: formatQuantity(pool.units) }));
    }
    setError('');
    const input = { poolId: pool.id, kind: 'redeem' as const, units: all ? 'all' : units };
    const key = intent.take(JSON.stringify(input));
    setPending(true);
    try {
      await saveOrder(input, key);
      intent.settle();
      setUnits('');
      setAll(false);
      onClose();
      showToast(t('quantify.redeem.done'), 'success');
    } catch (err) {
      intent.settle(err);
      setError(refusal(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <Sheet visible={visible} onClose={onClose} title={`${t('quantify.redeem.title')} · ${nameOf(pool.rule)}`} testId="quant-redeem-sheet" onSubmit={() => void submit()}>
      <DecimalField
        label={t('quantify.redeem.units')}
        testId="quant-units"
        value={all ? pool.units : units}
        disabled={all}
        onChange={(v) => {
          setUnits(v);
          setError('');
        }}
        error={error}
        hint={t('quantify.redeem.held', { units: formatQuantity(pool.units) })}
        placeholder={t('quantify.redeem.units')}
      />
      <label className="quant-all">
        <input
          type="checkbox"
          data-testid="quant-redeem-all"
          checked={all}
          onChange={(event) => {
            setAll(event.target.checked);
            setError('');
          }}
        />
        <span>{t('quantify.redeem.all')}</span>
      </label>
      <p className="form-note quant-estimate" data-testid="quant-redeem-estimate" aria-live="polite">
        {estimate !== null ? t('quantify.redeem.estimate', { amount: money(estimate) }) : t('quantify.redeem.estimateNone')}
      </p>
      <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending} data-testid="quant-redeem-submit">
        {t('quantify.redeem.submit')}
      </Button>
    </Sheet>
  );
}
