import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { getPushClient } from '../../push';
import { applyChatEvent, resyncChats } from './api';

/**
 * Keeps the chat's cached conversations, the list and the nav's unread count current from the push
 * socket, on every page of the operator app (the badge must move while the operator is elsewhere).
 */
export function useChatLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const client = getPushClient();
    const offEvent = client.onEvent((event, data) => applyChatEvent(queryClient, event, data));
    const offResync = client.onResync(() => resyncChats(queryClient));
    return () => {
      offEvent();
      offResync();
    };
  }, [queryClient]);
}
