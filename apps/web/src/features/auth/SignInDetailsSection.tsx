import { EmailCodeType } from '@tradeapp/contract';
import type { FieldValues, Path, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/TextField';
import { SendCodeButton } from './SendCodeButton';

type SignInField = 'username' | 'email' | 'code' | 'password' | 'confirmPassword';
const SIGN_IN_FIELDS: SignInField[] = ['username', 'email', 'code', 'password', 'confirmPassword'];

interface SignInDetailsSectionProps {
  /** `reg` for individuals, `corp` for companies: the test ids are `<prefix>-username` and so on. */
  testPrefix: string;
  userIdLabel: string;
  userIdPlaceholder: string;
  passwordHint: string;
  fields: Record<SignInField, UseFormRegisterReturn>;
  errors: Partial<Record<SignInField, string>>;
  getEmail: () => string;
  onEmailError: (messageKey: string) => void;
}

/** The sign-in details both full registrations share: user ID, e-mail with its code, password twice. */
export function SignInDetailsSection({
  testPrefix,
  userIdLabel,
  userIdPlaceholder,
  passwordHint,
  fields,
  errors,
  getEmail,
  onEmailError,
}: SignInDetailsSectionProps) {
  const { t } = useTranslation();
  return (
    <section className="form-section">
      <h2 className="form-section-title">{t('auth.sectionLogin')}</h2>
      <TextField
        label={userIdLabel}
        testId={`${testPrefix}-username`}
        placeholder={userIdPlaceholder}
        autoComplete="username"
        registration={fields.username}
        error={errors.username}
      />
      <TextField
        label={t('auth.email')}
        testId={`${testPrefix}-email`}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('auth.emailPlaceholder')}
        registration={fields.email}
        error={errors.email}
      />
      <TextField
        label={t('auth.code')}
        testId={`${testPrefix}-code`}
        inputMode="numeric"
        maxLength={6}
        autoComplete="one-time-code"
        placeholder={t('auth.codePlaceholder')}
        registration={fields.code}
        error={errors.code}
        suffix={<SendCodeButton type={EmailCodeType.Register} testId={`${testPrefix}-send-code`} getEmail={getEmail} onEmailError={onEmailError} />}
      />
      <TextField
        label={t('auth.password')}
        testId={`${testPrefix}-password`}
        type="password"
        autoComplete="new-password"
        hint={passwordHint}
        registration={fields.password}
        error={errors.password}
      />
      <TextField
        label={t('auth.confirmPassword')}
        testId={`${testPrefix}-confirm-password`}
        type="password"
        autoComplete="new-password"
        placeholder={t('auth.confirmPasswordPlaceholder')}
        registration={fields.confirmPassword}
        error={errors.confirmPassword}
      />
    </section>
  );
}

/** The form-bound half of the section's props, for any registration form that has the sign-in fields. */
export function signInDetailsOf<T extends FieldValues & Record<SignInField, unknown>>(form: UseFormReturn<T>) {
  const { errors } = form.formState;
  const path = (name: SignInField) => name as Path<T>;
  return {
    fields: {
      username: form.register(path('username')),
      email: form.register(path('email')),
      code: form.register(path('code')),
      password: form.register(path('password')),
      confirmPassword: form.register(path('confirmPassword')),
    },
    errors: Object.fromEntries(SIGN_IN_FIELDS.map((name) => [name, errors[name]?.message])) as Partial<Record<SignInField, string>>,
    getEmail: () => String(form.getValues(path('email')) ?? ''),
    onEmailError: (key: string) => form.setError(path('email'), { type: 'manual', message: key }),
  };
}
