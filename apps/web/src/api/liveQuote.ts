import { useEffect } from 'react';

/**
 * Keep the quotes of `symbols` live in the query cache while the calling screen is mounted. The push
 * client (api/push.ts: its socket, and the contract's event schemas it reads messages with) loads
 * once the screen has rendered: a screen's first paint shows the figures its queries fetched.
 */
export function useLiveQuote(symbols: readonly (string | null | undefined)[]): void {
  const key = [...new Set(symbols.filter((s): s is string => typeof s === 'string' && s.length > 0))].sort().join('\n');
  useEffect(() => {
    if (!key) return undefined;
    let stop: (() => void) | undefined;
    let gone = false;
    void import('./push').then(({ getPushClient }) => {
      if (!gone) stop = getPushClient().subscribe(key.split('\n'));
    });
    return () => {
      gone = true;
      stop?.();
    };
  }, [key]);
}
