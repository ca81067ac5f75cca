import { decimalInput } from '@tradeapp/contract';
import { Popup } from 'antd-mobile';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { msg } from '../i18n/messages';

// The frame and the amount field of the product order sheets (pools, funds): a popup holding one
// form with its title and a way out, and a decimal field with its error or else its hint under it.

/** A sheet's frame: its title, a way out, the form; `kind` names its look (`quant`, `fund`). */
export function FormSheet({
  kind,
  visible,
  onClose,
  title,
  testId,
  onSubmit,
  children,
}: {
  kind: string;
  visible: boolean;
  onClose: () => void;
  title: string;
  testId: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName={`sheet ${kind}-sheet-body`} destroyOnClose>
      <form
        className={`sheet-form ${kind}-sheet`}
        noValidate
        aria-labelledby={`${id}-title`}
        data-testid={testId}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <div className="sheet-head">
          <h2 className={`${kind}-sheet-title`} id={`${id}-title`}>
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
export function DecimalField(props: {
  label: string;
  testId: string;
  value: string;
  onChange: (v: string) => void;
  error: string;
  hint: ReactNode;
  disabled?: boolean;
  placeholder: string;
}) {
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
export const refusal = (err: unknown) => (err instanceof ApiError && !err.aborted ? err.message || err.key || '' : '');
