import type { HandlersOf } from '../../http/register';
import type { Chat } from './service';

export function chatHandlers(
  chat: Chat,
): HandlersOf<'chatMessages' | 'chatSend' | 'chatRead' | 'operatorChats' | 'operatorChatMessages' | 'operatorChatSend' | 'operatorChatRead'> {
  return {
    chatMessages: ({ input, caller }) => chat.userHistory(caller!.id, input),
    chatSend: ({ input, caller }) => chat.userSend(caller!.id, input),
    chatRead: ({ input, caller }) => chat.userRead(caller!.id, input.upToId),
    operatorChats: ({ input }) => chat.conversations(input.page, input.size, input.unreadOnly ?? false),
    operatorChatMessages: ({ params, input }) => chat.operatorHistory(params.userId, input),
    operatorChatSend: ({ params, input, caller }) => chat.operatorSend(caller!.id, params.userId, input),
    operatorChatRead: ({ params, input }) => chat.operatorRead(params.userId, input.upToId),
  };
}
