import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { useNavigate } from '../../lib/router';
import { paths } from '../../app/paths';
import { msg } from '../../i18n/messages';
import { applyServerFieldErrors } from '../../ui/forms';
import { showToast } from '../../ui/toast';
import { useRegisterFull } from './api';
import { toRegistrationRequest } from './registration';

/** Send a full registration; on success the user is signed in and sent home, a refusal goes under its fields. */
export function useRegistration<T extends FieldValues>(setError: UseFormSetError<T>, fields: readonly string[]) {
  const register = useRegisterFull();
  const navigate = useNavigate();
  const submit = (values: { confirmPassword: string }) =>
    register.mutate(toRegistrationRequest(values), {
      onSuccess: () => {
        showToast(msg('e.registerSuccess'), 'success');
        void navigate(paths.home(), { replace: true });
      },
      onError: (error) => applyServerFieldErrors(error, setError, fields),
    });
  return { submit, pending: register.isPending };
}
