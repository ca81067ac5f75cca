import { compareDecimal, decimalInput, zAmount, type WalletCode } from '@tradeapp/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Popup } from 'antd-mobile';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import { useIntentKey } from '../../api/intent';
import { msg } from '../../i18n/messages';
import { EMPTY_VALUE, formatInCurrency } from '../../lib/format';
import { showToast } from '../../ui/toast';
import { balancesQuery } from './api';

/**
 * A sheet that moves an amount out of one wallet's free balance (margin added to a position, money
 * added to a follow): the amount checked by the contract's rule and against the balance before the
 * call, sent under the intent's idempotency key, the server's sentence under the field when refused.
 * `short` is shown while the amount is more than the wallet holds (a way to top it up).
 */
export function WalletAmountSheet(props: {
  visible: boolean;
  onClose: () => void;
  walletCode: WalletCode;
  currency: string;
  /** The data-testid prefix: `${testId}-sheet`, `-amount`, `-error`, `-available`, `-submit`. */
  testId: string;
  /** What the intent's key is for: the same amount for the same thing keeps its key across retries. */
  scope: string | number;
  title: string;
  body: string;
  label: string;
  available: (amount: string) => string;
  submitLabel: string;
  doneToast: string;
  send: (amount: string, idempotencyKey: string) => Promise<unknown>;
  /** After every attempt, sent or refused (a refresh of what the call may have changed). */
  settled?: () => Promise<unknown>;
  short?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const intent = useIntentKey();
  const balances = useQuery({ ...balancesQuery(), enabled: props.visible });
  const wallet = balances.data?.find((w) => w.code === props.walletCode);
  const short = wallet !== undefined && compareDecimal(amount, wallet.balance) === 1;

  const submit = async () => {
    const check = zAmount.safeParse(amount);
    if (!check.success) {
      setError(check.error.issues[0]?.message ?? 'v.enterCorrectAmount');
      return;
    }
    if (wallet && compareDecimal(check.data, wallet.balance) === 1) {
      setError('e.insufficientFunds');
      return;
    }
    setError('');
    const key = intent.take(`${props.scope}|${check.data}`);
    setPending(true);
    try {
      await props.send(check.data, key);
      intent.settle();
      setAmount('');
      props.onClose();
      showToast(props.doneToast, 'success');
    } catch (err) {
      intent.settle(err);
      if (err instanceof ApiError && !err.aborted) setError(err.fields?.amount ?? err.key ?? err.message);
    } finally {
      setPending(false);
      await props.settled?.();
    }
  };

  const note = `${id}-note`;
  return (
    <Popup visible={props.visible} onMaskClick={props.onClose} onClose={props.onClose} bodyClassName="sheet" destroyOnClose>
      <form
        className="sheet-form"
        noValidate
        aria-labelledby={`${id}-title`}
        data-testid={`${props.testId}-sheet`}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <div className="sheet-head">
          <strong id={`${id}-title`}>{props.title}</strong>
          <button type="button" className="link" onClick={props.onClose}>
            {t('common.cancel')}
          </button>
        </div>
        <p className="form-note">{props.body}</p>
        <div className={error ? 'field has-error' : 'field'}>
          <label className="field-label" htmlFor={`${id}-amount`}>
            {props.label}
          </label>
          <div className="field-control">
            <input
              id={`${id}-amount`}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('money.amountPlaceholder')}
              data-testid={`${props.testId}-amount`}
              value={amount}
              aria-invalid={error ? true : undefined}
              aria-describedby={note}
              onChange={(event) => {
                setAmount(decimalInput(event.target.value));
                setError('');
              }}
            />
          </div>
          {error ? (
            <div className="field-error" role="alert" id={note} data-testid={`${props.testId}-error`}>
              {msg(error)}
            </div>
          ) : (
            <div className="field-hint" id={note} data-testid={`${props.testId}-available`}>
              {props.available(wallet ? formatInCurrency(wallet.balance, props.currency) : EMPTY_VALUE)}
            </div>
          )}
        </div>
        {(short || error === 'e.insufficientFunds') && props.short}
        <Button block type="submit" color="primary" size="large" shape="rounded" loading={pending} data-testid={`${props.testId}-submit`}>
          {props.submitLabel}
        </Button>
      </form>
    </Popup>
  );
}
