import type { RequestOf, Routes } from '@tradeapp/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '../../lib/router';
import { useIntentKey } from '../../api/intent';
import { paths } from '../../app/paths';
import { showToast } from '../../ui/toast';
import { refreshWallet } from '../wallet';
import { createDeposit } from './api';

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
      showToast(t('deposits.reported'), 'success');
      await refreshWallet();
      void navigate(paths.deposits.record(), { replace: true });
    } catch (error) {
      intent.settle(error);
      onError(error);
    }
  };
}
