import { createPushClient, type PushClient, type PushStatus } from '@tradeapp/client';
import { useEffect, useSyncExternalStore } from 'react';
import { getToken, goToLogin } from './api';

// The operator app's push socket: @tradeapp/client without quotes. It carries the events published
// to every operator (the chat console), opens only with a session, and a session the server
// refuses on the socket ends the operator's session here too.

let shared: PushClient | null = null;

/** The operator app's one push client, created on first use. */
export function getPushClient(): PushClient {
  shared ??= createPushClient({ getToken, requireToken: true, onSessionEnded: (message) => goToLogin(message) });
  return shared;
}

/** Keeps the push socket open while the calling component (the signed-in frame) is mounted. */
export function usePushConnection(): void {
  useEffect(() => {
    const client = getPushClient();
    client.start();
    return () => client.stop();
  }, []);
}

export function usePushStatus(): PushStatus {
  const client = getPushClient();
  return useSyncExternalStore(
    (onChange) => client.onStatus(onChange),
    () => client.status,
  );
}
