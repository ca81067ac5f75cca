import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';

/** "I agree to the user agreement" with links to the three legal documents. */
export function AgreementCheck({ registration, error, testId }: { registration: UseFormRegisterReturn; error?: string | undefined; testId: string }) {
  const { t } = useTranslation();
  return (
    <div>
      <label className="agree">
        <input type="checkbox" data-testid={testId} {...registration} />
        <span>
          {t('auth.agreePrefix')}{' '}
          <Link className="link" to={paths.protocol('agreement')} data-testid="link-agreement">
            {t('legal.agreement')}
          </Link>
          {', '}
          <Link className="link" to={paths.protocol('privacy')} data-testid="link-privacy">
            {t('legal.privacy')}
          </Link>{' '}
          {t('auth.and')}{' '}
          <Link className="link" to={paths.protocol('risk')} data-testid="link-risk">
            {t('legal.risk')}
          </Link>
        </span>
      </label>
      {error && (
        <div className="field-error" role="alert" data-testid={`${testId}-error`}>
          {msg(error)}
        </div>
      )}
    </div>
  );
}
