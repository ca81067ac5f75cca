import type { EmailCodeType, RequestOf, Routes } from '@tradeapp/contract';
import { useMutation } from '@tanstack/react-query';
import { call, newIdempotencyKey, upload } from '../../api/client';
import { signIn, signOut, userInfoQueryKey } from '../../api/user';
import { queryClient } from '../../lib/queryClient';

// Calls of the auth module (server: src/modules/auth). Query keys: none (all mutations);
// success primes the shared user-info query.

export function sendEmailCode(email: string, type: EmailCodeType) {
  return call('getEmailCode', { email, type });
}

export function useSendEmailCode(type: EmailCodeType) {
  return useMutation({ mutationFn: (email: string) => sendEmailCode(email, type) });
}

/** The password step: signed in, or (with two-factor sign-in on) a challenge for `useLoginSecondFactor`. */
export function useLogin() {
  return useMutation({
    mutationFn: (input: RequestOf<Routes['login']>) => call('login', input, { requestId: 'login' }),
    onSuccess: (result) => {
      if ('token' in result) signIn(result);
    },
  });
}

export function useLoginSecondFactor() {
  return useMutation({
    mutationFn: (input: RequestOf<Routes['loginSecondFactor']>) => call('loginSecondFactor', input, { requestId: 'login' }),
    onSuccess: signIn,
  });
}

export function useRegisterEmail() {
  return useMutation({
    mutationFn: (input: RequestOf<Routes['registerEmail']>) => call('registerEmail', input, { requestId: 'register' }),
    onSuccess: signIn,
  });
}

export function useRegisterFull() {
  return useMutation({
    mutationFn: (input: RequestOf<Routes['registerFull']>) => call('registerFull', input, { requestId: 'register' }),
    onSuccess: signIn,
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: RequestOf<Routes['resetPassword']>) => call('resetPassword', input),
  });
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: (input: RequestOf<Routes['updatePassword']>) => call('updatePassword', input),
    // The server signs out the other sessions; this one ends too, so the user signs in again.
    onSuccess: () => signOut(),
  });
}

export function useSetPayPassword() {
  return useMutation({
    mutationFn: (input: RequestOf<Routes['settingPayPassword']> & { idempotencyKey: string }) => {
      const { idempotencyKey, ...body } = input;
      return call('settingPayPassword', body, { idempotencyKey });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}

export function useUpdatePayPassword() {
  return useMutation({
    mutationFn: (input: RequestOf<Routes['updatePayPassword']>) => call('updatePayPassword', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userInfoQueryKey }),
  });
}

/** Registration images are sent signed-out, vouched for by the e-mail and its code. */
export function uploadRegistrationImage(file: File, email: string, code: string) {
  return upload(file, {
    headers: { 'x-upload-purpose': 'registration', 'x-email': email, 'x-email-code': code },
  });
}

export { newIdempotencyKey };
