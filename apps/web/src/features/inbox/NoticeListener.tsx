import { useEffect } from 'react';
import { userInfoQueryKey } from '../../api/user';
import { queryClient } from '../../lib/queryClient';
import { showToast } from '../../ui/toast';
import { getPushClient } from '../market/push';
import { accountKeys } from '../account/api';
import { tradeKeys } from '../trade/keys';
import { walletKeys } from '../wallet/keys';
import { inboxKeys, kindTitle } from './api';

/**
 * While signed in: a notice pushed by the server (`{"type":"event","event":"notice"}`) refreshes
 * the inbox and unread badge, the wallets and records, the user (KYC status) and, after a fill or a
 * liquidation, the positions and orders; and is toasted.
 */
export default function NoticeListener() {
  useEffect(
    () =>
      getPushClient().onEvent((event, data) => {
        if (event !== 'notice') return;
        const kind = typeof data === 'object' && data !== null && 'kind' in data ? String((data as { kind: unknown }).kind) : '';
        void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
        void queryClient.invalidateQueries({ queryKey: walletKeys.all });
        void queryClient.invalidateQueries({ queryKey: accountKeys.cards() });
        // A fill or a liquidation changes positions, orders and the trading wallet.
        if (kind.startsWith('order.') || kind.startsWith('position.')) void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
        if (kind.startsWith('kyc.')) void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
        const title = kindTitle(kind);
        if (title) showToast(title);
      }),
    [],
  );
  return null;
}
