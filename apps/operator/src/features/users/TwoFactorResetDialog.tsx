import { ReasonDialog } from '../../ui/ReasonDialog';
import { useResetTwoFactor } from './api';

/** Support turns off an investor's two-factor sign-in (a lost phone and lost recovery codes), with a reason for the audit log. */
export function TwoFactorResetDialog({ id, userLabel, onClose }: { id: number; userLabel: string; onClose: () => void }) {
  const mutation = useResetTwoFactor(id);
  return (
    <ReasonDialog
      title="Reset two-factor sign-in"
      formId="two-factor-form"
      reasonLabel="Reason (written to the audit log): how the investor's identity was checked"
      missingText="Please enter a reason"
      confirmLabel="Reset two-factor"
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={(reason) => mutation.mutate(reason, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>
        <strong>{userLabel}</strong> will be signed out everywhere and will sign in with the password alone until they set up an authenticator again. Their
        recovery codes stop working.
      </p>
    </ReasonDialog>
  );
}
