import { zFullRegistration, type FullRegistration } from '@tradeapp/contract';
import { z } from 'zod';

// The full registration (`/new/register/email`) forms: the contract's rules for each account
// type, plus a confirmation of the password.

const [zIndividual, zCompany] = zFullRegistration.options;

const zConfirm = z.string({ error: 'v.enterPassword' }).min(1, { error: 'v.enterPassword' });

function withConfirmation<T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) {
  if (value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'v.passwordsMismatch' });
  }
}

export const zIndividualForm = zIndividual.extend({ confirmPassword: zConfirm }).superRefine(withConfirmation);
export const zCompanyForm = zCompany.extend({ confirmPassword: zConfirm }).superRefine(withConfirmation);

/** What goes on the wire: the contract's shape, without the confirmation. */
export function toRegistrationRequest<T extends { confirmPassword: string }>(values: T): FullRegistration {
  const body: Record<string, unknown> = { ...values };
  delete body.confirmPassword;
  return body as FullRegistration;
}

/** An untouched optional input is '' in the form and absent on the wire. */
export const emptyAsUndefined = { setValueAs: (value: unknown) => (value === '' ? undefined : value) };
