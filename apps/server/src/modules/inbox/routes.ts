import type { HandlersOf } from '../../http/register';
import type { Inbox } from './service';

export function inboxHandlers(inbox: Inbox): HandlersOf<'notices' | 'notice' | 'noticesRead'> {
  return {
    notices: ({ input, caller, req }) => inbox.list(caller!.id, input.page, input.size, req.locale),
    notice: ({ params, caller, req }) => inbox.read(caller!.id, params.id, req.locale),
    noticesRead: ({ input, caller }) => inbox.markRead(caller!.id, input.ids, input.all),
  };
}
