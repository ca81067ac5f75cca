import { decimalInput, type Loan } from '@tradeapp/contract';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/messages';
import { EMPTY_VALUE, formatAmount, formatInCurrency, formatUtcDay } from '../../lib/format';
import { StatusBadge } from '../../ui/records';
import type { Problem } from './calc';

// Pieces shared by the loan page: euros, a percentage, a UTC day, a figure under its label, a
// loan's status in its colour, an amount field with its problem under it.

export const money = (v: string | null | undefined) => formatInCurrency(v, 'EUR');

/** An APR or a rate in percent with its two places: "24.00%". */
export function percent(v: string | null | undefined): string {
  const text = formatAmount(v);
  return text === EMPTY_VALUE ? text : `${text}%`;
}

/** A UTC day (its start, in milliseconds or seconds) in the language's date form, whatever this device's zone. */
export function formatDay(ts: number | null | undefined): string {
  return formatUtcDay(ts);
}

export function Figure({ label, children, testId, wide }: { label: ReactNode; children: ReactNode; testId?: string; wide?: boolean }) {
  return (
    <div className={wide ? 'figure loan-figure wide' : 'figure loan-figure'}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

type LoanStatus = Loan['status'];

const STATUS_TONE: Record<LoanStatus, string> = { review: 'progress', passed: 'done', inUse: 'progress', repaid: 'done', rejected: 'failed' };

export function LoanStatusBadge({ status, testId }: { status: LoanStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <StatusBadge tone={STATUS_TONE[status]} testId={testId}>
      {t(`loans.status.${status}`)}
    </StatusBadge>
  );
}

/** A problem as words: the contract's or the server's sentence. */
export const problemText = (p: Problem | null) => (p === null ? '' : msg(p.key, p.params));

/** An amount in euros with its problem or else its hint under it. */
export function AmountField(props: { label: string; testId: string; value: string; onChange: (v: string) => void; problem: Problem | null; hint: ReactNode }) {
  const id = useId();
  const note = `${id}-note`;
  const text = problemText(props.problem);
  return (
    <div className={text ? 'field has-error' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <div className="field-control">
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          placeholder={props.label}
          data-testid={props.testId}
          value={props.value}
          aria-invalid={text ? true : undefined}
          aria-describedby={note}
          onChange={(event) => props.onChange(decimalInput(event.target.value))}
        />
      </div>
      {text ? (
        <div className="field-error" role="alert" id={note} data-testid={`${props.testId}-error`}>
          {text}
        </div>
      ) : (
        <div className="field-hint" id={note}>
          {props.hint}
        </div>
      )}
    </div>
  );
}
