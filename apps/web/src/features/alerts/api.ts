import { PushEvent, type Alert, type AlertCreate } from '@tradeapp/contract';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { useEffect } from 'react';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { getPushClient } from '../../api/push';
import { queryClient } from '../../lib/queryClient';

// Price alerts (server module: alerts). Query keys live under ['alerts']: a change, and an alert
// fired on the server (the `alert` push event), refresh both lists at once.

export type AlertTab = 'waiting' | 'triggered';
export const ALERT_TABS: readonly AlertTab[] = ['waiting', 'triggered'];

export const alertKeys = {
  all: ['alerts'] as const,
  list: (tab: AlertTab) => ['alerts', 'list', tab] as const,
};

export function alertsQuery(tab: AlertTab) {
  return infiniteQueryOptions({
    queryKey: alertKeys.list(tab),
    queryFn: ({ pageParam, signal }) => call('alerts', { status: tab, page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

const refresh = () => queryClient.invalidateQueries({ queryKey: alertKeys.all });

/** Field messages come back under the sheet's fields; the call stays silent so nothing is toasted twice. */
export async function createAlert(input: AlertCreate): Promise<Alert> {
  const alert = await call('alertCreate', input, { silent: true });
  await refresh();
  return alert;
}

export async function changeAlert(id: number, action: 'pause' | 'resume' | 'delete') {
  const route = action === 'pause' ? 'alertPause' : action === 'resume' ? 'alertResume' : 'alertDelete';
  const result = await call(route, {}, { params: { id } });
  await refresh();
  return result;
}

/** While a list is shown, an alert fired on the server moves it from waiting to triggered at once. */
export function useAlertEvents() {
  useEffect(() => getPushClient().on(PushEvent.Alert, () => void refresh()), []);
}
