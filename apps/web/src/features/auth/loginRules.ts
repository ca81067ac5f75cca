import type { MessageKey } from '@tradeapp/contract';

// The sign-in form's rules without zod: the contract's `routes.login.request` (zLoginName,
// zAnyPassword) written out, so the first screen a signed-out user sees loads neither zod nor a
// form library (decision 0009). loginRules.test.ts holds them to the contract's schema on every
// rule's edge.

export interface LoginValues {
  username: string;
  password: string;
}

export function checkLogin(input: LoginValues): { values: LoginValues; errors: Partial<Record<keyof LoginValues, MessageKey>> } {
  const errors: Partial<Record<keyof LoginValues, MessageKey>> = {};
  const username = typeof input.username === 'string' ? input.username.trim() : '';
  if (username.length < 1) errors.username = 'v.enterUserId';
  else if (username.length > 100) errors.username = 'v.textTooLong';
  const password = typeof input.password === 'string' ? input.password : '';
  if (password.length < 1) errors.password = 'v.enterPassword';
  else if (password.length > 64) errors.password = 'v.passwordRule';
  return { values: { username, password }, errors };
}
