import type { EmailCodeType } from '@tradeapp/contract';
import { zEmail } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { msg } from '../../i18n/messages';
import { showToast } from '../../ui/toast';
import { useCountdown } from '../../ui/useCountdown';
import { useSendEmailCode } from './api';

const RESEND_SECONDS = 60;

interface SendCodeButtonProps {
  type: EmailCodeType;
  getEmail: () => string;
  /** Shows a problem with the e-mail under its field. */
  onEmailError: (messageKey: string) => void;
  testId: string;
}

/** "Send code" with a 60 s countdown; the e-mail is checked with the contract rule first. */
export function SendCodeButton({ type, getEmail, onEmailError, testId }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const countdown = useCountdown(RESEND_SECONDS);
  const send = useSendEmailCode(type);
  const onClick = () => {
    const parsed = zEmail.safeParse(getEmail());
    if (!parsed.success) {
      onEmailError(parsed.error.issues[0]?.message ?? 'v.enterEmail');
      return;
    }
    countdown.start();
    send.mutate(parsed.data, {
      onSuccess: () => showToast(msg('e.sendSuccess'), 'success'),
    });
  };
  return (
    <button type="button" className="code-button" data-testid={testId} disabled={countdown.running || send.isPending} onClick={onClick}>
      {countdown.running ? t('auth.resendIn', { seconds: countdown.left }) : t('auth.sendCode')}
    </button>
  );
}
