import type { RequestOf, ResponseOf, Routes } from '@tradeapp/contract';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { call } from '../../api/client';
import { ceremony, toWire } from '../../lib/passkeys';
import { queryClient } from '../../lib/queryClient';

// Passkeys (server: src/modules/auth/passkeys.ts): the security page's list and its changes. Query
// key: ['security', 'passkeys']. The browser's ceremony is run by @simplewebauthn/browser between the
// server's options and the server's check (lib/passkeys.ts); the sign-in is auth/PasskeySignIn.tsx.

export type PasskeyInfo = ResponseOf<Routes['passkeyList']>['list'][number];

const passkeysKey = ['security', 'passkeys'] as const;
const listPasskeys = ({ signal }: { signal?: AbortSignal }) => call('passkeyList', {}, { signal });

export const passkeysQuery = () => queryOptions({ queryKey: passkeysKey, queryFn: listPasskeys });
const refresh = () => queryClient.invalidateQueries({ queryKey: passkeysKey });

/** Options from the server, the authenticator's answer from the browser, the answer checked and kept by the server. */
export function useAddPasskey() {
  return useMutation({
    mutationFn: async (name: string) => {
      const { options } = await call('passkeyOptions', {});
      const credential = await ceremony(() => startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));
      return call('passkeyAdd', { name, credential: toWire(credential) }, { silent: true });
    },
    onSuccess: refresh,
  });
}

export function useRenamePasskey() {
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) => call('passkeyRename', { name }, { params: { id }, silent: true }),
    onSuccess: refresh,
  });
}

export function useDeletePasskey() {
  return useMutation({
    mutationFn: ({ id, ...input }: RequestOf<Routes['passkeyDelete']> & { id: number }) => call('passkeyDelete', input, { params: { id }, silent: true }),
    onSuccess: refresh,
  });
}
