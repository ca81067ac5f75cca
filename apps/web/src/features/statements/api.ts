import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../api/client';
import { nextPage, PAGE_SIZE } from '../../api/paging';
import { acceptLanguage, wireLocale } from '../../i18n/locale';
import { getToken } from '../../lib/session';

// Monthly statements and exports (server module: statements).

export const statementKeys = {
  all: ['statements'] as const,
  months: () => [...statementKeys.all, 'months'] as const,
  month: (month: string) => [...statementKeys.all, 'month', month] as const,
  timeline: () => [...statementKeys.all, 'timeline'] as const,
};

export const monthsQuery = () => queryOptions({ queryKey: statementKeys.months(), queryFn: ({ signal }) => call('statementMonths', {}, { signal }) });

export const statementQuery = (month: string) =>
  queryOptions({ queryKey: statementKeys.month(month), queryFn: ({ signal }) => call('statement', { month }, { signal }) });

/** The account's timeline, newest first, a page at a time. */
export const timelineQuery = () =>
  infiniteQueryOptions({
    queryKey: statementKeys.timeline(),
    queryFn: ({ pageParam, signal }) => call('timeline', { page: pageParam, size: PAGE_SIZE }, { signal }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

/**
 * A file the server makes for the signed-in user (the statement's PDF, a CSV export): fetched with
 * the token and the reader's language, then saved under the server's name. A refusal arrives as an
 * envelope, whose message is thrown.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = getToken();
  const response = await fetch(path, {
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), languages: wireLocale(), 'accept-language': acceptLanguage() },
  });
  if (!response.ok || (response.headers.get('content-type') ?? '').startsWith('application/json')) {
    const envelope = (await response.json().catch(() => null)) as { msg?: string } | null;
    throw new Error(envelope?.msg ?? `HTTP ${response.status}`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
