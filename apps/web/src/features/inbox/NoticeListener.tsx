import { useEffect } from 'react';
import { userInfoQueryKey } from '../../api/user';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { showToast } from '../../ui/toast';
import { getPushClient } from '../market/push';
import { accountKeys } from '../account/api';
import { tradeKeys } from '../trade/keys';
import { walletKeys } from '../wallet/keys';
import { CHAT_PATH, chatKeys, pushedMessage } from '../chat/api';
import { inboxKeys, kindTitle } from './api';

/** The chat screen shows replies itself; elsewhere a reply is toasted and the badge counts it. */
function onChatEvent(event: string, data: unknown) {
  void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
  if (event !== 'chat.message' || pushedMessage(data)?.from !== 'operator') return;
  if (!window.location.hash.startsWith(`#${CHAT_PATH}`)) showToast(i18n.t('chat.newReply'));
}

/**
 * While signed in: a notice pushed by the server (`{"type":"event","event":"notice"}`) refreshes
 * the inbox and unread badge, the wallets and records, the user (KYC status) and, after a fill or a
 * liquidation, the positions and orders; and is toasted. Chat events refresh the chat's badge.
 */
export default function NoticeListener() {
  useEffect(
    () =>
      getPushClient().onEvent((event, data) => {
        if (event === 'chat.message' || event === 'chat.read') {
          onChatEvent(event, data);
          return;
        }
        if (event !== 'notice') return;
        const kind = typeof data === 'object' && data !== null && 'kind' in data ? String((data as { kind: unknown }).kind) : '';
        void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
        void queryClient.invalidateQueries({ queryKey: walletKeys.all });
        void queryClient.invalidateQueries({ queryKey: accountKeys.cards() });
        // A fill or a liquidation changes positions, orders and the trading wallet.
        if (kind.startsWith('order.') || kind.startsWith('position.')) void queryClient.invalidateQueries({ queryKey: tradeKeys.all });
        if (kind.startsWith('kyc.')) void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
        // An operator's own words are in the notice itself, not in the kind's title.
        const title = kind === 'operator.message' ? i18n.t('noticeToast.operatorMessage') : kindTitle(kind);
        if (title) showToast(title);
      }),
    [],
  );
  return null;
}
