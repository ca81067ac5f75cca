import type { HandlersOf } from '../../http/register';
import type { OperatorNotices } from './operatorNotices';
import type { Notices } from './service';

export function noticesHandlers(notices: Notices, operatorNotices: OperatorNotices): HandlersOf<'notices' | 'notice' | 'noticesRead' | 'operatorNoticeSend'> {
  return {
    notices: ({ input, caller, req }) => notices.list(caller!.id, input.page, input.size, req.locale),
    notice: ({ params, caller, req }) => notices.read(caller!.id, params.id, req.locale),
    noticesRead: ({ input, caller }) => notices.markRead(caller!.id, input.ids, input.all),
    operatorNoticeSend: ({ input, caller, req }) => operatorNotices.send(caller!.id, input, req.ip),
  };
}
