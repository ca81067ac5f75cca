import { decimalInput, OrderDirection } from '@tradeapp/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { msg } from '../i18n/messages';

// Fields of the forms that place an order: the trading form, the auction's sheet, the block desk's request.

/** A row of two or more choices, one of them on; `className` names the row and, with "-item", its choices. */
export function Toggle<T extends number>({
  value,
  options,
  onChange,
  testPrefix,
  className = 'order-toggle',
  labelledBy,
}: {
  value: T;
  options: Array<{ value: T; label: string; key: string; tone?: string }>;
  onChange: (v: T) => void;
  testPrefix: string;
  className?: string;
  labelledBy?: string;
}) {
  return (
    <div className={className} role="radiogroup" aria-labelledby={labelledBy}>
      {options.map((o) => (
        <button
          key={o.key}
          type="button"
          role="radio"
          aria-checked={value === o.value}
          className={`${className}-item${value === o.value ? ` active${o.tone ? ` ${o.tone}` : ''}` : ''}`}
          data-testid={`${testPrefix}-${o.key}`}
          onClick={() => onChange(o.value)}
        >
          {o.label}
        </button>
      ))}
    </div>
  );
}

/** Buy or sell, in the rise and fall colours. */
export function DirectionToggle(props: {
  value: OrderDirection;
  onChange: (v: OrderDirection) => void;
  testPrefix: string;
  className?: string;
  labelledBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <Toggle
      {...props}
      options={[
        { value: OrderDirection.Buy, key: 'buy', label: t('trading.buy'), tone: 'buy' },
        { value: OrderDirection.Sell, key: 'sell', label: t('trading.sell'), tone: 'sell' },
      ]}
    />
  );
}

export type DecimalFieldProps = {
  id: string;
  /** Of the input; its error's is this with "-error". */
  testId: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  hint: ReactNode;
  hintTestId?: string;
  placeholder?: string;
  inputMode?: 'decimal' | 'numeric';
  /** The id the error or the hint takes, to describe the input (which is then marked invalid on an error). */
  noteId?: string;
  /** Beside the input. */
  controls?: ReactNode;
  /** Under the error or the hint. */
  children?: ReactNode;
};

/**
 * A price or a quantity: its label, an input that keeps what a decimal may hold (a comma becomes a
 * point), and under it the error (a message key or a sentence) or else the hint.
 */
export function DecimalField({
  id,
  testId,
  label,
  value,
  onChange,
  error,
  hint,
  hintTestId,
  placeholder,
  inputMode = 'decimal',
  noteId,
  controls,
  children,
}: DecimalFieldProps) {
  return (
    <div className={error ? 'field has-error' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="field-control">
        <input
          id={id}
          inputMode={inputMode}
          autoComplete="off"
          placeholder={placeholder}
          data-testid={testId}
          aria-invalid={noteId && error ? true : undefined}
          aria-describedby={noteId}
          value={value}
          onChange={(event) => onChange(decimalInput(event.target.value))}
        />
        {controls}
      </div>
      {error ? (
        <div className="field-error" role="alert" id={noteId} data-testid={`${testId}-error`}>
          {msg(error)}
        </div>
      ) : (
        <div className="field-hint" id={noteId} data-testid={hintTestId}>
          {hint}
        </div>
      )}
      {children}
    </div>
  );
}

/** The leverages on offer as chips; those above the retail cap are marked. */
export function LeverageChips({
  leverages,
  value,
  cap,
  onChange,
  testPrefix,
  labelledBy,
  describedBy,
}: {
  leverages: readonly number[];
  value: number;
  cap: number;
  onChange: (n: number) => void;
  testPrefix: string;
  labelledBy: string;
  describedBy?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="chip-row tight" role="radiogroup" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {leverages.map((n) => (
        <button
          key={n}
          type="button"
          role="radio"
          aria-checked={value === n}
          className={`chip${value === n ? ' active' : ''}${n > cap ? ' above-cap' : ''}`}
          data-testid={`${testPrefix}-${n}`}
          onClick={() => onChange(n)}
        >
          {t('trading.leverageX', { n })}
        </button>
      ))}
    </div>
  );
}
