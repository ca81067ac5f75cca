import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/messages';

/** A problem with what was typed: a contract message key or a server sentence (`msg`), or one of the bond screens' own keys. */
export interface Problem {
  key: string;
  params?: Record<string, string>;
}

/** A face amount's field: whole numbers only, its problem or else its hint under it. */
export function FaceField(props: {
  label: string;
  testId: string;
  value: string;
  onChange: (v: string) => void;
  problem: Problem | null;
  hint: ReactNode;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  const note = `${id}-note`;
  const { problem } = props;
  // The screens' own keys (bonds.*) are the UI's; the rest come from the contract or the server.
  const own = t as (key: string, options?: Record<string, string>) => string;
  const text = problem === null ? '' : problem.key.startsWith('bonds.') ? own(problem.key, problem.params) : msg(problem.key, problem.params);
  return (
    <div className={text ? 'field has-error' : 'field'}>
      <label className="field-label" htmlFor={id}>
        {props.label}
      </label>
      <div className="field-control">
        <input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          placeholder={props.label}
          data-testid={props.testId}
          value={props.value}
          disabled={props.disabled}
          aria-invalid={text ? true : undefined}
          aria-describedby={note}
          onChange={(event) => props.onChange(event.target.value.replace(/\s+/g, ''))}
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
