import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorAria, Field } from './Field';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'onChange' | 'onBlur' | 'ref' | 'type'>;

interface TextFieldProps extends NativeProps {
  label: ReactNode;
  /** data-testid of the <input> itself, so end-to-end tests can fill it. */
  testId: string;
  registration: UseFormRegisterReturn;
  /** A message key (from the schema or the server) or a sentence. */
  error?: string | undefined;
  hint?: ReactNode;
  type?: 'text' | 'email' | 'password' | 'tel';
  suffix?: ReactNode;
  optional?: boolean;
}

/** A labelled native input with its error under it; passwords get a show/hide toggle. */
export function TextField({ label, testId, registration, error, hint, type = 'text', suffix, optional, ...native }: TextFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const [visible, setVisible] = useState(false);
  const isPassword = type === 'password';
  const fullLabel = (
    <>
      {label}
      {optional && <span className="field-optional"> ({t('common.optional')})</span>}
    </>
  );
  return (
    <Field id={id} label={fullLabel} error={error} testId={testId} hint={hint}>
      <div className="field-control">
        <input
          id={id}
          type={isPassword && visible ? 'text' : type}
          data-testid={testId}
          {...errorAria(id, error)}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...native}
          {...registration}
        />
        {isPassword && (
          <button
            type="button"
            className="field-icon"
            data-testid={`${testId}-toggle`}
            aria-label={t(visible ? 'common.hidePassword' : 'common.showPassword')}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          >
            {visible ? <EyeOutline /> : <EyeInvisibleOutline />}
          </button>
        )}
        {suffix}
      </div>
    </Field>
  );
}

interface SelectFieldProps {
  label: ReactNode;
  testId: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  options: Array<{ value: string; label: string }>;
  placeholder?: string;
}

/** A native select styled like the text fields (the platform picker is the best one on phones). */
export function SelectField({ label, testId, registration, error, options, placeholder }: SelectFieldProps) {
  const id = useId();
  return (
    <Field id={id} label={label} error={error} testId={testId}>
      <div className="field-control">
        <select id={id} data-testid={testId} defaultValue="" {...registration}>
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
    </Field>
  );
}
