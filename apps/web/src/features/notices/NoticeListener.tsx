import { PushEvent } from '@tradeapp/contract';
import { useEffect } from 'react';
import { userInfoQueryKey } from '../../api/user';
import { getPushClient } from '../../api/push';
import { paths } from '../../app/paths';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { showToast } from '../../ui/toast';
import { tradingKeys } from '../trading';
import { walletKeys } from '../wallet';
import { auctionKeys } from '../auction';
import { bankCardKeys } from '../bankCards';
import { blockTradeKeys } from '../blockTrades';
import { chatKeys } from '../chat';
import { dealKeys } from '../deals';
import { followKeys } from '../follow';
import { placementKeys } from '../placements';
import { bondKeys } from '../bonds';
import { fundKeys } from '../funds';
import { loanKeys } from '../loans';
import { quantifyKeys } from '../quantify';
import { robotKeys } from '../robots';
import { noticeKeys, kindTitle } from './api';

/**
 * While signed in, what the server pushes keeps the screens current wherever the investor is:
 * - a notice refreshes the notices and unread badge, the wallets and records, the user (KYC status)
 *   and, after a fill or a liquidation, the positions and orders; and is toasted;
 * - every state change of an order or a position (placed, filled, cancelled, closed, liquidated,
 *   margin added) refreshes the trading screens and the wallets at once, not at their next poll;
 * - chat events refresh the chat's badge; the chat screen shows replies itself, elsewhere a reply
 *   from an operator is toasted.
 */
export default function NoticeListener() {
  useEffect(() => {
    const client = getPushClient();
    const offs = [
      client.on(PushEvent.Notice, ({ kind }) => {
        void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
        void queryClient.invalidateQueries({ queryKey: walletKeys.all });
        void queryClient.invalidateQueries({ queryKey: bankCardKeys.all });
        if (kind.startsWith('order.') || kind.startsWith('position.')) void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
        // A copy opened or closed, a copy stop-loss fired, a follow stopped: the follows move with them.
        if (kind.startsWith('follow.') || kind.startsWith('position.')) void queryClient.invalidateQueries({ queryKey: followKeys.all });
        if (kind.startsWith('kyc.')) void queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
        if (kind.startsWith('auction.')) void queryClient.invalidateQueries({ queryKey: auctionKeys.all });
        if (kind.startsWith('blockTrade.')) void queryClient.invalidateQueries({ queryKey: blockTradeKeys.all });
        // An allotment or a listing also makes or opens a position.
        if (kind.startsWith('deal.')) [dealKeys.all, tradingKeys.all].forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
        if (kind.startsWith('placement.')) void queryClient.invalidateQueries({ queryKey: placementKeys.all });
        // A robot spent its energy or ended its cycle; its fills and closes are positions too.
        if (kind.startsWith('robot.') || kind.startsWith('position.')) void queryClient.invalidateQueries({ queryKey: robotKeys.all });
        // A key unlocked a private pool, or was revoked.
        if (kind.startsWith('pool.')) void queryClient.invalidateQueries({ queryKey: quantifyKeys.all });
        // A fund purchase allotted, a redemption paid, a deposit term ended.
        if (kind === 'fund.allotted' || kind === 'fund.paid' || kind === 'deposit.matured') void queryClient.invalidateQueries({ queryKey: fundKeys.all });
        // A coupon paid or a bond redeemed at par (a holding is a position); a loan approved, refused or overdue.
        if (kind === 'bond.coupon' || kind === 'bond.redeemed')
          [bondKeys.all, tradingKeys.all].forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
        if (kind === 'loan.approved' || kind === 'loan.refused' || kind === 'loan.overdue') void queryClient.invalidateQueries({ queryKey: loanKeys.all });
        // An operator's own words are in the notice itself, not in the kind's title.
        const title = kind === 'operator.message' ? i18n.t('noticeToast.operatorMessage') : kindTitle(kind);
        if (title) showToast(title);
      }),
      client.on(PushEvent.Order, () => {
        void queryClient.invalidateQueries({ queryKey: tradingKeys.all });
        void queryClient.invalidateQueries({ queryKey: followKeys.all });
        void queryClient.invalidateQueries({ queryKey: robotKeys.all });
        void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      }),
      client.on(PushEvent.ChatMessage, (message) => {
        void queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
        if (message.from !== 'operator') return;
        if (!window.location.hash.startsWith(`#${paths.chat()}`)) showToast(i18n.t('chat.newReply'));
      }),
      client.on(PushEvent.ChatRead, () => void queryClient.invalidateQueries({ queryKey: chatKeys.unread() })),
    ];
    return () => offs.forEach((off) => off());
  }, []);
  return null;
}
