import type { RequestOf, Routes } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIntentKey } from '../../api/intent';
import { showToast } from '../../ui/toast';
import { createDeposit, refreshWallet } from './api';

/**
 * Report a deposit, once per intent (a retry after a lost answer reuses its idempotency key),
 * then show the records. A refusal goes to `onError` for the form to place under its fields.
 */
export function useReportDeposit(onError: (error: unknown) => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const intent = useIntentKey();
  return async (input: RequestOf<Routes['depositCreate']>) => {
    const key = intent.take(JSON.stringify(input));
    try {
      await createDeposit(input, key);
      intent.settle();
      showToast(t('deposit.reported'), 'success');
      await refreshWallet();
      void navigate('/pages/deposit/record', { replace: true });
    } catch (error) {
      intent.settle(error);
      onError(error);
    }
  };
}
