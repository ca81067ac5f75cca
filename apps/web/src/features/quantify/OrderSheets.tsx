import { compareDecimal, WalletCode, type Pool } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { EMPTY_VALUE, formatAmount, formatQuantity } from '../../lib/format';
import { DecimalField, FormSheet } from '../../ui/FormSheet';
import { showToast } from '../../ui/toast';
import { useIntentSubmit } from '../../ui/useIntentSubmit';
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

export function InvestSheet({ pool, visible, onClose }: SheetProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useRuleName();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const { pending, send } = useIntentSubmit(setError);
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
    await send(input, saveOrder, () => {
      setAmount('');
      onClose();
      showToast(t('quantify.invest.done'), 'success');
    });
  };

  return (
    <FormSheet
      kind="quant"
      visible={visible}
      onClose={onClose}
      title={`${t('quantify.invest.title')} · ${nameOf(pool.rule)}`}
      testId="quant-invest-sheet"
      onSubmit={() => void submit()}
    >
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
        <button
          type="button"
          className="link quant-link"
          data-testid="quant-transfer"
          onClick={() => void navigate(paths.wallet.transfer({ from: WalletCode.Funding, to: WalletCode.Financial }))}
        >
          {t('quantify.invest.transfer')}
        </button>
      )}
      <p className="form-note quant-priced" data-testid="quant-invest-note">
        {t('quantify.invest.priced')}
      </p>
      <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending} data-testid="quant-invest-submit">
        {t('quantify.invest.submit')}
      </Button>
    </FormSheet>
  );
}

export function RedeemSheet({ pool, visible, onClose }: SheetProps) {
  const { t } = useTranslation();
  const nameOf = useRuleName();
  const [units, setUnits] = useState('');
  const [all, setAll] = useState(false);
  const [error, setError] = useState('');
  const { pending, send } = useIntentSubmit(setError);
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
    await send(input, saveOrder, () => {
      setUnits('');
      setAll(false);
      onClose();
      showToast(t('quantify.redeem.done'), 'success');
    });
  };

  return (
    <FormSheet
      kind="quant"
      visible={visible}
      onClose={onClose}
      title={`${t('quantify.redeem.title')} · ${nameOf(pool.rule)}`}
      testId="quant-redeem-sheet"
      onSubmit={() => void submit()}
    >
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
    </FormSheet>
  );
}
