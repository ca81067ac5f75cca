import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { dealTimetable, localDay } from '@tradeapp/contract';
import { OPERATOR } from '../playwright.config';
import { pngFile } from './png';
import { uniqueName } from './support';

// API helpers: set-up and the operator's decisions, outside the UI.

export const PASSWORD = 'secret-pass1';

export type User = { username: string; token: string };

/** POSTs to the API (as `token`, if any) and returns `data`, failing the test on any other answer than 200. */
export async function post(request: APIRequestContext, path: string, token: string | null, data: unknown = {}, idempotent = false) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (idempotent) headers['idempotency-key'] = randomUUID();
  const res = await request.post(`/web${path}`, { headers, data });
  const body = await res.json();
  expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

/** GETs from the API as `token` and returns `data`, failing the test on any other answer than 200. */
export async function get(request: APIRequestContext, path: string, token: string) {
  const res = await request.get(`/web${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await res.json();
  expect(body.code, `${path}: ${JSON.stringify(body)}`).toBe(200);
  return body.data;
}

/** A new user named `prefix` plus something unique, signed in. */
export async function register(request: APIRequestContext, prefix: string): Promise<User> {
  const username = uniqueName(prefix);
  const data = await post(request, '/register', null, { username, password: PASSWORD, agreement: true });
  return { username, token: data.token as string };
}

let operatorToken: string | null = null;
/** The operator's session token, signed in once. */
export async function operator(request: APIRequestContext): Promise<string> {
  if (!operatorToken) operatorToken = (await post(request, '/operator/login', null, OPERATOR)).token as string;
  return operatorToken!;
}

/** The pending review item of `username` in one of the operator's queues. */
export async function pendingOf(request: APIRequestContext, queue: 'kyc' | 'deposits' | 'withdrawals', username: string) {
  const token = await operator(request);
  let found: { id: number } | undefined;
  await expect(async () => {
    const page = await get(request, `/operator/${queue}?status=1&size=100`, token);
    found = page.list.find((item: { userName: string }) => item.userName === username);
    expect(found, `${queue} of ${username}`).toBeTruthy();
  }).toPass({ timeout: 15_000 });
  return found!.id;
}

/** The id of `username`'s block-trading application with `status` in the operators' queue. */
export async function blockTradeApplicationOf(request: APIRequestContext, username: string, status = 'applied') {
  const token = await operator(request);
  const page = await get(request, `/operator/blockTrades?status=${status}&size=100`, token);
  const found = page.list.find((item: { userName: string }) => item.userName === username);
  expect(found, `block-trading application of ${username}`).toBeTruthy();
  return found.id as number;
}

/** Uploads `png` as `token` and returns its URL. */
export async function uploadApi(request: APIRequestContext, token: string, png: Buffer, name = 'doc.png'): Promise<string> {
  const res = await request.post('/web/file/upload', { headers: { authorization: `Bearer ${token}` }, multipart: { file: pngFile(name, png) } });
  const body = await res.json();
  expect(body.code, JSON.stringify(body)).toBe(200);
  return body.data.url;
}

/** Whose Dutch passport an identity check is sent with. */
export type PassportHolder = { firstName: string; lastName: string; idNumber: string };
export const ANNA: PassportHolder = { firstName: 'Anna', lastName: 'de Vries', idNumber: 'NX1234567' };
export const EVA: PassportHolder = { firstName: 'Eva', lastName: 'Jansen', idNumber: 'NX7654321' };

/** Sends `token`'s identity for review, as the KYC form does: `holder`'s passport, `png` (uploaded as `fileName`) its information page. */
export async function submitPassport(request: APIRequestContext, token: string, png: Buffer, holder = ANNA, fileName?: string) {
  const frontUrl = await uploadApi(request, token, png, fileName);
  await post(request, '/updateReal', token, { ...holder, country: 'NL', idType: 'passport', frontUrl });
}

/** `user`'s identity sent (`png` the passport of `holder`) and approved by an operator. */
export async function verify(request: APIRequestContext, user: User, png: Buffer, holder = ANNA) {
  await submitPassport(request, user.token, png, holder);
  const id = await pendingOf(request, 'kyc', user.username);
  await post(request, `/operator/kyc/${id}/approve`, await operator(request));
}

/** A registered user whose identity an operator has verified; `png` is the uploaded passport. */
export async function verifiedUser(request: APIRequestContext, prefix: string, png: Buffer): Promise<User> {
  const user = await register(request, prefix);
  await verify(request, user, png);
  return user;
}

/** A fiat deposit reported (with `png` as its proof) and approved: the funding account holds `amount` euros. */
export async function funded(request: APIRequestContext, user: User, amount: string, png: Buffer) {
  const proofUrl = await uploadApi(request, user.token, png);
  await post(request, '/recharge/create', user.token, { method: 'fiat', currency: 'EUR', amount, proofUrl }, true);
  const id = await pendingOf(request, 'deposits', user.username);
  await post(request, `/operator/deposits/${id}/approve`, await operator(request));
}

export type Wallet = { code: string; balance: string; usedBalance: string };

/** `user`'s wallet `code` as the API reports it. */
export async function walletOf(request: APIRequestContext, user: User, code: string): Promise<Wallet> {
  return ((await post(request, '/wallet/getWalletBalance', user.token)) as Wallet[]).find((w) => w.code === code)!;
}

/**
 * A verified investor (`prefix` plus something unique) who deposited 1,000 euros and moved 800 of
 * them to the financial wallet, the one funds and pools are paid from.
 */
export async function financialInvestor(request: APIRequestContext, prefix: string, png: Buffer): Promise<User> {
  const user = await verifiedUser(request, prefix, png);
  await funded(request, user, '1000.00', png);
  await post(request, '/wallet/transfer', user.token, { from: 'BALANCE', to: 'FINANCIAL', amount: '800.00' }, true);
  await expect.poll(async () => (await walletOf(request, user, 'FINANCIAL')).balance).toBe('800.00');
  return user;
}

/**
 * A Hong Kong IPO deal announced by the operator (its window opening in `opensInDays`, dates in
 * order on Hong Kong's calendar), with a 5-digit code no simulated instrument has.
 */
export async function announcedDeal(
  request: APIRequestContext,
  name: string,
  terms: { priceLow: string; priceHigh: string; lotSize: number; publicLots: number },
  opensInDays = 2,
) {
  const code = `7${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`;
  return post(request, '/operator/deals', await operator(request), {
    name: `${name} ${code}`,
    code,
    symbol: `${code}.HK`,
    market: 'HK',
    exchange: 'HKEX',
    ...terms,
    feeRate: '0.010085',
    handlingFee: '50',
    fundRaising: '1000000',
    // HKEX's timetable from the trading day `opensInDays` on: opens 09:00, closes 12:00 three trading days later.
    ...dealTimetable('HK', localDay('Asia/Hong_Kong', Date.now()) + opensInDays),
    profile: 'A fictional company of the simulated market.',
  }) as Promise<{ id: number; code: string; name: string }>;
}
