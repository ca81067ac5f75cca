import type { RequestOf, ResponseOf, Routes } from '@tradeapp/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../api/client';
import { queryClient } from '../../lib/queryClient';

// Calls of the account security screens (server: src/modules/auth/security.ts). Query keys:
// ['security', 'twoFactor'] and ['security', 'sessions'].

export type SessionInfo = ResponseOf<Routes['sessionList']>['list'][number];
export type TwoFactorSetup = ResponseOf<Routes['twoFactorSetup']>;

export const securityKeys = {
  twoFactor: ['security', 'twoFactor'] as const,
  sessions: ['security', 'sessions'] as const,
};

export const twoFactorQuery = () => queryOptions({ queryKey: securityKeys.twoFactor, queryFn: ({ signal }) => call('twoFactorStatus', {}, { signal }) });

export const sessionsQuery = () => queryOptions({ queryKey: securityKeys.sessions, queryFn: ({ signal }) => call('sessionList', {}, { signal }) });

const refreshTwoFactor = () => queryClient.invalidateQueries({ queryKey: securityKeys.twoFactor });
const refreshSessions = () => queryClient.invalidateQueries({ queryKey: securityKeys.sessions });

export function useTwoFactorSetup() {
  return useMutation({ mutationFn: () => call('twoFactorSetup', {}) });
}

/** Errors stay with the form (`silent`): a wrong code is shown under its field, not toasted. */
export function useTwoFactorEnable() {
  return useMutation({
    mutationFn: (input: RequestOf<Routes['twoFactorEnable']>) => call('twoFactorEnable', input, { silent: true }),
    onSuccess: refreshTwoFactor,
  });
}

export function useTwoFactorDisable() {
  return useMutation({
    mutationFn: (input: RequestOf<Routes['twoFactorDisable']>) => call('twoFactorDisable', input, { silent: true }),
    onSuccess: refreshTwoFactor,
  });
}

export function useEndSession() {
  return useMutation({ mutationFn: (id: number) => call('sessionEnd', {}, { params: { id } }), onSuccess: refreshSessions });
}

export function useEndOtherSessions() {
  return useMutation({ mutationFn: () => call('sessionEndOthers', {}), onSuccess: refreshSessions });
}
