import { isAreaCode } from './areas';
import { CALENDAR_FROM, CALENDAR_TO } from './calendar/calendar';
import { z } from 'zod';
import type { MessageKey } from './messages';

// Field rules of the specification (section 5). Each error message is a message key from
// messages.ts; the server translates it into the caller's language, the web app does the same.

/** A required string: missing or blank gives `missing`, other rules follow on the trimmed value. */
export function requiredText(missing: MessageKey) {
  return z.string({ error: missing }).trim().min(1, { error: missing });
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9_]{4,32}$/;
/** Decision docs/decisions/0002-password-rule.md: 6-20 of letters, digits and the listed symbols. */
export const PASSWORD_PATTERN = /^[A-Za-z0-9!@#$%^&*\-_+=<>€£¥.]{6,20}$/;
export const CORPORATE_ID_PATTERN = /^[A-Za-z0-9]{3,15}$/;
export const CORPORATE_PASSWORD_PATTERN = /^[A-Za-z0-9]{8,20}$/;
export const PHONE_PATTERN = /^\+?[0-9][0-9 -]*$/;
export const CODE_PATTERN = /^\d{6}$/;
export const AMOUNT_PATTERN = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,2})?$/;

export const zEmail = requiredText('v.enterEmail')
  .max(100, { error: 'v.emailFormat' })
  .regex(EMAIL_PATTERN, { error: 'v.emailFormat' })
  .transform((v) => v.toLowerCase());
export const zUsername = requiredText('v.enterUserId').regex(USERNAME_PATTERN, { error: 'v.usernameRule' });
/** User ID or e-mail, as typed on the sign-in page. */
export const zLoginName = requiredText('v.enterUserId').max(100, { error: 'v.textTooLong' });
export const zPassword = z.string({ error: 'v.enterPassword' }).min(1, { error: 'v.enterPassword' }).regex(PASSWORD_PATTERN, { error: 'v.passwordRule' });
export const zNewPassword = z
  .string({ error: 'v.enterNewPassword' })
  .min(1, { error: 'v.enterNewPassword' })
  .regex(PASSWORD_PATTERN, { error: 'v.passwordRule' });
/** Any stored password as typed at sign-in: length-bounded only, so old rules never lock anyone out. */
export const zAnyPassword = z.string({ error: 'v.enterPassword' }).min(1, { error: 'v.enterPassword' }).max(64, { error: 'v.passwordRule' });
export const zPayPassword = z
  .string({ error: 'v.enterTransactionPassword' })
  .min(1, { error: 'v.enterTransactionPassword' })
  .min(6, { error: 'v.payPasswordRule' })
  .max(20, { error: 'v.payPasswordRule' });
export const zEmailCode = requiredText('v.enterEmailCode').regex(CODE_PATTERN, { error: 'v.codeRule' });
export const zCorporateId = requiredText('v.enterUserId').regex(CORPORATE_ID_PATTERN, { error: 'v.corporateIdRule' });
export const zCorporatePassword = z
  .string({ error: 'v.enterPassword' })
  .min(1, { error: 'v.enterPassword' })
  .regex(CORPORATE_PASSWORD_PATTERN, { error: 'v.corporatePasswordRule' });
export const zFirstName = requiredText('v.enterFirstName').max(50, { error: 'v.textTooLong' });
export const zLastName = requiredText('v.enterLastName').max(50, { error: 'v.textTooLong' });
/** "Name 3-15 characters" of the specification: the name of a person acting for a company. */
export const zPersonName = requiredText('v.enterName').min(3, { error: 'v.nameRule' }).max(15, { error: 'v.nameRule' });
/** Phone-like value: longer than 8 and shorter than 14 characters. */
export const zPhone = requiredText('v.fillRequired')
  .min(9, { error: 'v.phoneRule' })
  .max(13, { error: 'v.phoneRule' })
  .regex(PHONE_PATTERN, { error: 'v.phoneRule' });
/** A country or region of `/areaInfo/list`, as its ISO 3166-1 alpha-2 code. */
export const zCountry = requiredText('v.selectCountry')
  .transform((v) => v.toUpperCase())
  .refine(isAreaCode, { error: 'v.countryUnknown' });
export const zRequired50 = requiredText('v.fillRequired').max(50, { error: 'v.textTooLong' });
export const zOptional50 = z.string().trim().max(50, { error: 'v.textTooLong' }).optional();
export const zBsn = requiredText('v.enterBsn').max(50, { error: 'v.textTooLong' });
export const zInvitationCode = z
  .string()
  .trim()
  .max(6, { error: 'v.codeRule' })
  .optional()
  .transform((v) => (v ? v.toUpperCase() : undefined));
export const zImageUrl = requiredText('v.uploadImage').max(200, { error: 'v.uploadImage' });
export const zAgreement = z.literal(true, { error: 'v.agreeUserAgreement' });
/** Amount: greater than 0, digits with at most 2 decimals; a decimal string, never a float. */
export const zAmount = requiredText('v.enterCorrectAmount')
  .regex(AMOUNT_PATTERN, { error: 'v.amountRule' })
  .refine((v) => /[1-9]/.test(v), { error: 'v.amountRule' });

/** A text in every language, English required: the fallback of the others. */
export const zLocalisedText = (max: number) =>
  z.object({
    en: requiredText('v.fillRequired').max(max, { error: 'v.textTooLong' }),
    nl: z.string().trim().max(max, { error: 'v.textTooLong' }).optional(),
    zh_Hans_CN: z.string().trim().max(max, { error: 'v.textTooLong' }).optional(),
  });

export const zPage = z.object({
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(100).default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), size: z.number().int() });
}

/**
 * An instant the API accepts (issue 33): epoch milliseconds, a whole number inside the exchange
 * calendar's years. Anything else (NaN, 1e20, a date in 1970) is a 400 with one message, never a 500.
 */
export const zTimestamp = z
  .number({ error: 'v.timestampRange' })
  // abort: a refused value must never reach the object's own refinements (one formatting a date would throw).
  .int({ error: 'v.timestampRange', abort: true })
  .min(CALENDAR_FROM, { error: 'v.timestampRange', abort: true })
  .max(CALENDAR_TO - 1, { error: 'v.timestampRange', abort: true });
/**
 * zTimestamp for a query string or a form body, where every value arrives as text: "NaN" and "1e20"
 * get the same message. Each rule aborts: zod otherwise runs the object's own refinements on the
 * refused value, and a refinement that reads it as a date (Intl, toISOString) throws a RangeError.
 */
export const zTimestampQuery = z.coerce
  .number({ error: 'v.timestampRange' })
  .int({ error: 'v.timestampRange', abort: true })
  .min(CALENDAR_FROM, { error: 'v.timestampRange', abort: true })
  .max(CALENDAR_TO - 1, { error: 'v.timestampRange', abort: true });
