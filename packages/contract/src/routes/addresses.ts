import { z } from 'zod';
import { requiredText } from '../fields';
import { route } from '../route';
import { zId } from './common';

// The user's own crypto addresses (`/walletAddress/*`), where crypto withdrawals are paid to.

/** Currency types of crypto withdrawal addresses, and the address form of each network. */
export const ADDRESS_TYPES = {
  'USDT-TRC20': /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  'USDT-ERC20': /^0x[0-9a-fA-F]{40}$/,
  ETH: /^0x[0-9a-fA-F]{40}$/,
  BTC: /^(bc1[02-9ac-hj-np-z]{11,71}|[13][1-9A-HJ-NP-Za-km-z]{25,34})$/,
} as const;

export type AddressType = keyof typeof ADDRESS_TYPES;

export const ADDRESS_TYPE_NAMES = Object.keys(ADDRESS_TYPES) as AddressType[];

export const zAddressInput = z
  .object({
    currencyType: z.enum(ADDRESS_TYPE_NAMES as [AddressType, ...AddressType[]], { error: 'v.selectCurrencyType' }),
    address: requiredText('v.enterWalletAddress').max(100, { error: 'e.addressFormat' }),
    label: z.string().trim().max(50, { error: 'v.textTooLong' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (!ADDRESS_TYPES[v.currencyType].test(v.address)) ctx.addIssue({ code: 'custom', path: ['address'], message: 'e.addressFormat' });
  });

export const zAddress = z.object({
  id: z.number().int(),
  currencyType: z.enum(ADDRESS_TYPE_NAMES as [AddressType, ...AddressType[]]),
  address: z.string(),
  label: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});

export const addressRoutes = {
  addressList: route({
    method: 'POST',
    path: '/walletAddress/list',
    auth: 'user',
    tag: 'crypto address',
    summary: "The caller's crypto withdrawal addresses",
    request: z.object({}),
    response: z.array(zAddress),
  }),
  addressSave: route({
    method: 'POST',
    path: '/walletAddress/save',
    auth: 'user',
    tag: 'crypto address',
    summary: 'Add an address (no id) or change one (id), checked against its network’s address form',
    request: zAddressInput.and(z.object({ id: z.coerce.number().int().positive().optional() })),
    response: zAddress,
  }),
  addressDelete: route({
    method: 'POST',
    path: '/walletAddress/delete',
    auth: 'user',
    tag: 'crypto address',
    summary: 'Remove one of the caller’s addresses',
    request: zId,
    response: z.object({ removed: z.number().int() }),
  }),
};
