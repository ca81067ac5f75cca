import { z } from 'zod';
import { requiredText, zCountry, zImageUrl } from '../fields';
import { route } from '../route';
import { zId } from './common';

// The user's own bank accounts (`/UserAccount/*`), where bank withdrawals are paid to.

const zOptionalText = z.string().trim().max(100, { error: 'v.textTooLong' }).optional();

export const CARD_NUMBER_PATTERN = /^[A-Z0-9]{8,34}$/;

export const BIC_PATTERN = /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

export const zBankCardInput = z.object({
  bankName: requiredText('v.enterBankName').max(100, { error: 'v.textTooLong' }),
  accountName: requiredText('v.enterBankAccountName').max(100, { error: 'v.textTooLong' }),
  /** IBAN or account number: letters and digits, spaces ignored. */
  cardNumber: requiredText('v.fillRequired')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(CARD_NUMBER_PATTERN, { error: 'e.cardNumberFormat' })),
  swiftCode: requiredText('v.enterBic')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(BIC_PATTERN, { error: 'e.bicFormat' })),
  branchCode: zOptionalText,
  abaRouting: z
    .string()
    .trim()
    .regex(/^(\d{9})?$/, { error: 'e.abaFormat' })
    .optional(),
  bankAddress: zOptionalText,
  /** The bank's country or region, from `/areaInfo/list`. */
  country: z
    .literal('')
    .transform(() => undefined)
    .or(zCountry)
    .optional(),
  personalAddress: zOptionalText,
  city: zOptionalText,
  region: zOptionalText,
  postalCode: z.string().trim().max(20, { error: 'v.textTooLong' }).optional(),
  frontImage: zImageUrl.optional(),
  backImage: zImageUrl.optional(),
});

export const zBankCard = z.object({
  id: z.number().int(),
  bankName: z.string(),
  accountName: z.string(),
  cardNumber: z.string(),
  /** The number with all but its last four characters hidden. */
  cardNumberMasked: z.string(),
  swiftCode: z.string(),
  branchCode: z.string().nullable(),
  abaRouting: z.string().nullable(),
  bankAddress: z.string().nullable(),
  country: z.string().nullable(),
  personalAddress: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postalCode: z.string().nullable(),
  frontImage: z.string().nullable(),
  backImage: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});

export const bankCardRoutes = {
  cardList: route({
    method: 'POST',
    path: '/UserAccount/SelectCardNo',
    auth: 'user',
    tag: 'bank card',
    summary: "The caller's bank cards",
    request: z.object({}),
    response: z.array(zBankCard),
  }),
  cardAdd: route({
    method: 'POST',
    path: '/UserAccount/addCardNo',
    auth: 'user',
    tag: 'bank card',
    summary: 'Add a bank card',
    request: zBankCardInput,
    response: zBankCard,
  }),
  cardUpdate: route({
    method: 'POST',
    path: '/UserAccount/UpdateCardNo',
    auth: 'user',
    tag: 'bank card',
    summary: 'Change one of the caller’s bank cards',
    request: zBankCardInput.extend({ id: z.coerce.number().int().positive() }),
    response: zBankCard,
  }),
  cardDelete: route({
    method: 'POST',
    path: '/UserAccount/delete-card',
    auth: 'user',
    tag: 'bank card',
    summary: 'Remove one of the caller’s bank cards',
    request: zId,
    response: z.object({ removed: z.number().int() }),
  }),
};
