import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RequestOf, Routes } from '@tradeapp/contract';
import { call } from '../../api';

// The app version the investors' app checks at start (`/appVersion/getPublishAppVersion`): a new
// one is published here and must be higher than the current one.

export type PublishInput = RequestOf<Routes['operatorAppVersionPublish']>;

export const VERSIONS_PAGE_SIZE = 10;

export const appVersionKeys = {
  all: ['admin', 'app-version'] as const,
  current: ['admin', 'app-version', 'current'] as const,
  history: (page: number) => ['admin', 'app-version', 'history', page] as const,
};

export function currentVersionQueryOptions() {
  return queryOptions({
    queryKey: appVersionKeys.current,
    queryFn: ({ signal }) => call('appVersion', {}, undefined, { signal }),
  });
}

export function versionHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: appVersionKeys.history(page),
    queryFn: ({ signal }) => call('operatorAppVersions', { page, size: VERSIONS_PAGE_SIZE }, undefined, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function publishVersion(input: PublishInput) {
  return call('operatorAppVersionPublish', input);
}

/** The next patch version after `version` (1.4.2 → 1.4.3), as a suggestion. */
export function nextPatch(version: string | undefined): string {
  const match = /^(\d+)\.(\d+)\.(\d+)$/.exec(version ?? '');
  if (!match) return '1.0.0';
  return `${match[1]}.${match[2]}.${String(Number(match[3]) + 1)}`;
}
