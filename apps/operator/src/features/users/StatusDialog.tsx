import { UserStatus } from '@tradeapp/contract';
import { ReasonDialog } from '../../ui/ReasonDialog';
import { useSetUserStatus } from './api';

interface StatusDialogProps {
  id: number;
  userLabel: string;
  /** The status the account will have after confirming. */
  target: UserStatus;
  onClose: () => void;
}

/** Disabling or re-enabling an account always carries a reason, which goes to the audit log. */
export function StatusDialog({ id, userLabel, target, onClose }: StatusDialogProps) {
  const mutation = useSetUserStatus(id);
  const disabling = target === UserStatus.Disabled;
  const title = disabling ? 'Disable account' : 'Enable account';

  return (
    <ReasonDialog
      title={title}
      formId="status-form"
      reasonLabel="Reason (written to the audit log)"
      missingText="Please enter a reason"
      confirmLabel={title}
      tone={disabling ? 'danger' : 'primary'}
      pending={mutation.isPending}
      error={mutation.error}
      onConfirm={(reason) => mutation.mutate({ status: target, reason }, { onSuccess: onClose })}
      onClose={onClose}
    >
      <p>
        {disabling ? (
          <>
            <strong>{userLabel}</strong> will be signed out everywhere and cannot sign in until the account is enabled again.
          </>
        ) : (
          <>
            <strong>{userLabel}</strong> will be able to sign in again.
          </>
        )}
      </p>
    </ReasonDialog>
  );
}
