import type { HandlersOf } from '../../http/register';
import type { OperatorNotices } from './notices';
import type { Chat } from './service';

export function chatHandlers(
  chat: Chat,
  notices: OperatorNotices,
): HandlersOf<'chatMessages' | 'chatSend' | 'chatRead' | 'adminChats' | 'adminChatMessages' | 'adminChatSend' | 'adminChatRead' | 'adminNoticeSend'> {
  return {
    chatMessages: ({ input, caller }) => chat.userHistory(caller!.id, input),
    chatSend: ({ input, caller }) => chat.userSend(caller!.id, input),
    chatRead: ({ input, caller }) => chat.userRead(caller!.id, input.upToId),
    adminChats: ({ input }) => chat.conversations(input.page, input.size, input.unreadOnly ?? false),
    adminChatMessages: ({ params, input }) => chat.operatorHistory(params.userId, input),
    adminChatSend: ({ params, input, caller }) => chat.operatorSend(caller!.id, params.userId, input),
    adminChatRead: ({ params, input }) => chat.operatorRead(params.userId, input.upToId),
    adminNoticeSend: ({ input, caller, req }) => notices.send(caller!.id, input, req.ip),
  };
}
