import { API_BASE, routes, type RouteDef, type RouteId } from '@tradeapp/contract';
import type { z } from 'zod';
import { call, type Answer, type Harness } from './harness';

/**
 * The ownership matrix's table (issue 16): one entry for every route of the contract, classified by
 * hand. The keys of a route's request and params that look like an object's id (`id`, `ids`,
 * `...Id`, `...Ids`) are its candidates; every entry names exactly its route's candidates, so a new
 * id field on a route must be classified here too.
 *
 * - `owned`: the id names an object that belongs to one investor. `cross` has another investor call
 *   the route with the first one's id, and must see a refusal (or, for a list, none of their data).
 * - `catalogue`: the id names an object that is the same for every investor (a deal, a robot, a
 *   pool, a fund, an article, an agency): nothing of one investor is reached through it.
 * - `no id`: nothing the route takes is an object's id (a client's own message id, a cursor).
 * - `operator`: an operator route; refused to investors, checked by the operator part of the matrix.
 * - `todo`: owned, but its object is not made by this test yet: counted and printed, never passing silently.
 */

export interface Person {
  id: number;
  username: string;
  token: string;
}

/** What the matrix made as investor A, shared by the crossings. */
export interface World {
  h: Harness;
  op: string;
  a: Person;
  b: Person;
  /** A's objects, by name. */
  objects: Record<string, number | string>;
}

export type Call = (
  route: RouteId,
  who: Person | null,
  opts?: { body?: Record<string, unknown>; params?: Record<string, string | number>; headers?: Record<string, string> },
) => Promise<Answer<any>>;

export interface Crossing {
  /** A short label of the call, for the failure message. */
  label: string;
  route: RouteId;
  body?: Record<string, unknown>;
  params?: Record<string, string | number>;
  /**
   * `refuse` (default): a 403/404 envelope, or the statuses of `refusal` where the route's own
   * refusal of a foreign id is another (then with that error key, the same answer as for no object);
   * `blind`: answered without any of A's data (checked by `hidden`).
   */
  expect?: 'refuse' | 'blind';
  refusal?: { status: number; key: string };
  /** For `blind`: the answer must not show A's object (checked as the JSON of the answer's data). */
  hidden?: (data: any) => boolean;
}

export type Entry =
  | { kind: 'owned'; fields: string[]; cross: (w: World) => Crossing[] }
  | { kind: 'catalogue'; fields: string[]; reason: string }
  | { kind: 'no id'; fields?: string[]; reason: string }
  | { kind: 'operator'; fields?: string[] }
  | { kind: 'todo'; fields: string[]; todo: string };

const ID_KEY = /^(id|ids)$|Id$|Ids$/;

/** The top-level keys of a zod schema: an object's, every option's of a union, both sides' of an intersection. */
export function keysOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const def = (schema as unknown as { _zod: { def: Record<string, any> } })._zod.def;
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape);
    case 'union':
      return [...new Set((def.options as z.ZodType[]).flatMap(keysOf))];
    case 'intersection':
      return [...new Set([...keysOf(def.left), ...keysOf(def.right)])];
    case 'pipe':
      return keysOf(def.in);
    case 'optional':
    case 'nullable':
    case 'default':
      return keysOf(def.innerType);
    default:
      return [];
  }
}

/** The candidates of a route: its request's and params' keys that look like an object's id. */
export const idCandidates = (def: RouteDef) => [...new Set([...keysOf(def.request), ...keysOf(def.params)])].filter((k) => ID_KEY.test(k)).sort();

/** One call of a route of the contract by its id, the way the apps make it. */
export function callerOf(h: Harness): Call {
  return (route, who, opts = {}) => {
    const def = routes[route] as RouteDef;
    let path = API_BASE + def.path;
    for (const [k, v] of Object.entries(opts.params ?? {})) path = path.replace(`:${k}`, encodeURIComponent(String(v)));
    path = path.replace(/:[a-zA-Z]+/g, '1');
    const headers: Record<string, string> = { ...opts.headers };
    if (def.method === 'POST' && def.idempotency) headers['idempotency-key'] ??= crypto.randomUUID();
    const token = who?.token;
    if (def.method === 'GET') {
      const q = new URLSearchParams(
        Object.entries(opts.body ?? {}).map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
      );
      return call(h, 'GET', q.size ? `${path}?${q}` : path, { token, headers });
    }
    if (def.body === 'multipart') return call(h, 'POST', path, { token, headers, form: new FormData() });
    if (def.body === 'form') {
      const form = new URLSearchParams(
        Object.entries(opts.body ?? {}).map(([k, v]): [string, string] => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
      );
      return call(h, 'POST', path, { token, headers, form });
    }
    return call(h, 'POST', path, { token, headers, body: opts.body ?? {} });
  };
}

const has = (id: number | string) => (data: unknown) => JSON.stringify(data ?? null).includes(`"id":${typeof id === 'number' ? id : JSON.stringify(id)}`);
const o = (w: World, name: string) => {
  const v = w.objects[name];
  if (v === undefined) throw new Error(`the matrix made no ${name} for A`);
  return v;
};

const noIdReasons = {
  public: 'public market data or content; no object of an investor',
  own: "acts on the caller's own account only; no id in its request",
  list: "lists the caller's own objects; no id in its request",
  session: 'signs in, signs up or signs out: no object id',
};

/** Every route of the contract, in the order of `routes`. */
export const TABLE: Record<RouteId, Entry> = {
  health: { kind: 'no id', reason: noIdReasons.public },
  fileUpload: { kind: 'no id', reason: 'uploads a new file; the file is named by a fresh random URL (files.test.ts crosses uploads)' },
  fileTermsUpload: { kind: 'no id', reason: 'uploads a new file; no object id' },
  getEmailCode: { kind: 'no id', reason: noIdReasons.session },
  register: { kind: 'no id', reason: noIdReasons.session },
  registerEmail: { kind: 'no id', reason: noIdReasons.session },
  registerFull: { kind: 'no id', reason: noIdReasons.session },
  login: { kind: 'no id', reason: noIdReasons.session },
  logout: { kind: 'no id', reason: noIdReasons.session },
  resetPassword: { kind: 'no id', reason: noIdReasons.session },
  updatePassword: { kind: 'no id', reason: noIdReasons.own },
  settingPayPassword: { kind: 'no id', reason: noIdReasons.own },
  updatePayPassword: { kind: 'no id', reason: noIdReasons.own },
  getUserInfoById: {
    kind: 'owned',
    fields: ['id'],
    cross: (w) => [{ label: "A's user id", route: 'getUserInfoById', body: { id: w.a.id } }],
  },
  userInfo: { kind: 'no id', reason: noIdReasons.own },
  loginSecondFactor: { kind: 'no id', reason: noIdReasons.session },
  twoFactorStatus: { kind: 'no id', reason: noIdReasons.own },
  twoFactorSetup: { kind: 'no id', reason: noIdReasons.own },
  twoFactorEnable: { kind: 'no id', reason: noIdReasons.own },
  twoFactorDisable: { kind: 'no id', reason: noIdReasons.own },
  loginPasskeyOptions: { kind: 'no id', reason: noIdReasons.session },
  loginPasskey: { kind: 'no id', reason: 'signs in: the passkey names its own account, and a credential of no account is refused (passkeys.test.ts)' },
  passkeyList: { kind: 'no id', reason: noIdReasons.list },
  passkeyOptions: { kind: 'no id', reason: noIdReasons.own },
  passkeyAdd: { kind: 'no id', reason: "registers a passkey to the caller's own account; another's credential id is refused (passkeys.test.ts)" },
  passkeyRename: {
    kind: 'owned',
    fields: ['id'],
    cross: (w) => [{ label: "A's passkey", route: 'passkeyRename', params: { id: o(w, 'passkey') }, body: { name: 'Taken over' } }],
  },
  passkeyDelete: {
    kind: 'owned',
    fields: ['id'],
    cross: (w) => [{ label: "A's passkey", route: 'passkeyDelete', params: { id: o(w, 'passkey') }, body: { password: 'secret-pass1' } }],
  },
  sessionList: { kind: 'no id', reason: noIdReasons.list },
  sessionEnd: {
    kind: 'owned',
    fields: ['id'],
    cross: (w) => [{ label: "A's session", route: 'sessionEnd', params: { id: o(w, 'session') } }],
  },
  sessionEndOthers: { kind: 'no id', reason: "signs out the caller's own other sessions; no id in its request" },
  updateReal: { kind: 'no id', reason: noIdReasons.own },
  operatorLogin: { kind: 'no id', reason: noIdReasons.session },
  operatorMe: { kind: 'operator' },
  operatorUsers: { kind: 'operator' },
  operatorUser: { kind: 'operator', fields: ['id'] },
  operatorSetUserStatus: { kind: 'operator', fields: ['id'] },
  operatorOutbox: { kind: 'operator' },
  operatorOutboxMail: { kind: 'operator', fields: ['id'] },
  operatorAudit: { kind: 'operator', fields: ['targetId'] },
  operatorAuditVerify: { kind: 'operator' },
  bondsList: { kind: 'no id', reason: noIdReasons.public },
  saleList: { kind: 'no id', reason: noIdReasons.public },
  getSaleTime: { kind: 'no id', reason: noIdReasons.public },
  getMarket: { kind: 'no id', reason: noIdReasons.public },
  getMarkets: { kind: 'no id', reason: noIdReasons.public },
  hkAllStockList: { kind: 'no id', reason: noIdReasons.public },
  globalIndex: { kind: 'no id', reason: noIdReasons.public },
  topList: { kind: 'no id', reason: noIdReasons.public },
  stockList: { kind: 'no id', reason: noIdReasons.public },
  futuresList: { kind: 'no id', reason: noIdReasons.public },
  allStockList: { kind: 'no id', reason: noIdReasons.public },
  stockDetail: { kind: 'no id', reason: noIdReasons.public },
  detailQuote: { kind: 'no id', reason: noIdReasons.public },
  summaryDetail: { kind: 'no id', reason: noIdReasons.public },
  kline: { kind: 'no id', reason: noIdReasons.public },
  depth: { kind: 'no id', reason: noIdReasons.public },
  hotStock: { kind: 'no id', reason: noIdReasons.public },
  homeCustomList: { kind: 'no id', reason: noIdReasons.public },
  futuresOptList: { kind: 'no id', reason: noIdReasons.public },
  forexIndex: { kind: 'no id', reason: noIdReasons.public },
  forexList: { kind: 'no id', reason: noIdReasons.public },
  ztStockList: { kind: 'no id', reason: noIdReasons.public },
  getStock: { kind: 'no id', reason: noIdReasons.public },
  search: { kind: 'no id', reason: noIdReasons.public },
  cryptoKline: { kind: 'no id', reason: noIdReasons.public },
  cryptoDetail: { kind: 'no id', reason: noIdReasons.public },
  cryptoQuantifyList: { kind: 'no id', reason: noIdReasons.public },
  watchlist: { kind: 'no id', reason: noIdReasons.list },
  watchlistSave: { kind: 'no id', reason: "adds an instrument to the caller's own watchlist" },
  watchlistDelete: {
    kind: 'owned',
    fields: ['id'],
    cross: (w) => [{ label: "A's watchlist item", route: 'watchlistDelete', params: { id: o(w, 'watchlistItem') } }],
  },
  watchlistDeleteByCode: {
    kind: 'owned',
    // No id: the market code names the caller's own item. Crossed anyway: B's delete of A's code leaves A's item.
    fields: [],
    cross: (w) => [
      {
        label: "A's watchlist code",
        route: 'watchlistDeleteByCode',
        params: { stockCode: o(w, 'watchlistCode') },
        expect: 'blind',
        hidden: () => true,
      },
    ],
  },
  watchlistReorder: {
    kind: 'owned',
    fields: ['ids'],
    // A foreign id is skipped: nothing of A's is ordered (and A's rows are compared).
    cross: (w) => [
      {
        label: "A's watchlist item in B's order",
        route: 'watchlistReorder',
        body: { ids: [o(w, 'watchlistItem')] },
        expect: 'blind',
        hidden: (d) => d.ordered === 0,
      },
    ],
  },
  // alerts (issue 18)
  alerts: { kind: 'no id', reason: noIdReasons.list },
  alertCreate: { kind: 'no id', reason: "sets an alert of the caller's own on an instrument" },
  alertPause: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's alert paused by B", route: 'alertPause', params: { id: o(w, 'alert') } }] },
  alertResume: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's alert resumed by B", route: 'alertResume', params: { id: o(w, 'alert') } }] },
  alertDelete: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's alert deleted by B", route: 'alertDelete', params: { id: o(w, 'alert') } }] },
  // end of alerts
  walletBalance: { kind: 'no id', reason: noIdReasons.own },
  walletBill: { kind: 'no id', reason: noIdReasons.list },
  fundingOverview: { kind: 'no id', reason: noIdReasons.own },
  transfer: { kind: 'no id', reason: "moves the caller's own money between the caller's own wallets" },
  cancelTransfer: {
    kind: 'owned',
    fields: ['id'],
    cross: (w) => [{ label: "A's pending transfer", route: 'cancelTransfer', body: { id: o(w, 'transfer') } }],
  },
  transferList: { kind: 'no id', reason: noIdReasons.list },
  depositMethods: { kind: 'no id', reason: noIdReasons.own },
  depositCreate: { kind: 'no id', reason: 'creates a deposit of the caller (its proof URL is checked to be the caller’s own upload by money.test.ts)' },
  depositList: { kind: 'no id', reason: noIdReasons.list },
  depositSimWallet: { kind: 'no id', reason: noIdReasons.own },
  depositSimFaucet: { kind: 'no id', reason: "fills the caller's own simulated wallet (hardening-chain.test.ts)" },
  depositSimSend: { kind: 'no id', reason: "sends from the caller's own simulated wallet to the caller's own deposit address (hardening-chain.test.ts)" },
  usableWithdrawal: { kind: 'no id', reason: noIdReasons.own },
  withdrawalApply: {
    kind: 'owned',
    fields: ['addressId', 'cardId'],
    cross: (w) => [
      // Another's card or address is answered as no card or address chosen.
      {
        label: "A's bank card",
        route: 'withdrawalApply',
        body: { amount: '10', target: 'bank', cardId: o(w, 'card'), payPassword: '654321' },
        refusal: { status: 400, key: 'v.selectBankCardFirst' },
      },
      {
        label: "A's crypto address",
        route: 'withdrawalApply',
        body: { amount: '10', target: 'crypto', addressId: o(w, 'address'), payPassword: '654321' },
        refusal: { status: 400, key: 'v.enterWalletAddress' },
      },
    ],
  },
  withdrawalList: { kind: 'no id', reason: noIdReasons.list },
  cardList: { kind: 'no id', reason: noIdReasons.list },
  cardAdd: { kind: 'no id', reason: 'adds a card of the caller' },
  cardUpdate: {
    kind: 'owned',
    fields: ['id'],
    cross: (w) => [
      {
        label: "A's bank card",
        route: 'cardUpdate',
        body: { id: o(w, 'card'), bankName: 'Evil Bank', accountName: 'Mallory', cardNumber: 'NL69INGB0123456789', swiftCode: 'INGBNL2A' },
      },
    ],
  },
  cardDelete: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's bank card", route: 'cardDelete', body: { id: o(w, 'card') } }] },
  addressList: { kind: 'no id', reason: noIdReasons.list },
  addressSave: {
    kind: 'owned',
    fields: ['id'],
    // Without an id it adds an address of the caller; with one it changes that address.
    cross: (w) => [
      {
        label: "A's crypto address",
        route: 'addressSave',
        body: { id: o(w, 'address'), currencyType: 'USDT-TRC20', address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8', label: 'mine now' },
      },
    ],
  },
  addressDelete: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's crypto address", route: 'addressDelete', body: { id: o(w, 'address') } }] },
  notices: { kind: 'no id', reason: noIdReasons.list },
  notice: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's notice", route: 'notice', params: { id: o(w, 'notice') } }] },
  noticesRead: {
    kind: 'owned',
    fields: ['ids'],
    // B marking A's notice read: answered or refused, A's notice stays unread (A's rows are compared).
    cross: (w) => [{ label: "A's notice", route: 'noticesRead', body: { ids: [o(w, 'notice')] }, expect: 'blind', hidden: () => true }],
  },
  serviceApply: { kind: 'no id', reason: "files a request of the caller into the caller's own chat" },
  orderStock: { kind: 'no id', reason: 'places an order of the caller' },
  orderHk: { kind: 'catalogue', fields: ['dealId'], reason: "places an order of the caller; a new stock's order names its deal, which is public" },
  orderGold: { kind: 'no id', reason: 'places an order of the caller' },
  orderCrude: { kind: 'no id', reason: 'places an order of the caller' },
  rates: { kind: 'no id', reason: noIdReasons.public },
  minCount: { kind: 'no id', reason: noIdReasons.public },
  halfOrFull: { kind: 'no id', reason: noIdReasons.own },
  positions: { kind: 'no id', reason: noIdReasons.list },
  marginWarnings: { kind: 'no id', reason: noIdReasons.list },
  positionsByStock: { kind: 'no id', reason: "lists the caller's own positions in one instrument" },
  position: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's position", route: 'position', body: { id: o(w, 'position') } }] },
  closePosition: {
    kind: 'owned',
    fields: ['id'],
    cross: (w) => [{ label: "A's position", route: 'closePosition', body: { id: o(w, 'position') } }],
  },
  closedPositions: { kind: 'no id', reason: noIdReasons.list },
  entrustedOrders: { kind: 'no id', reason: noIdReasons.list },
  cancelOrder: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's entrusted order", route: 'cancelOrder', body: { id: o(w, 'entrusted') } }] },
  addMargin: {
    kind: 'owned',
    fields: ['id'],
    cross: (w) => [{ label: "A's position", route: 'addMargin', body: { id: o(w, 'position'), amount: '10' } }],
  },
  setStops: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's position", route: 'setStops', body: { id: o(w, 'position') } }] },
  largeOrders: { kind: 'no id', reason: noIdReasons.public },
  leverageRisk: { kind: 'no id', reason: noIdReasons.own },
  acknowledgeLeverageRisk: { kind: 'no id', reason: noIdReasons.own },
  tradingWater: { kind: 'no id', reason: noIdReasons.list },
  articleList: { kind: 'no id', reason: noIdReasons.public },
  article: { kind: 'catalogue', fields: ['id'], reason: 'a published article is the same for everyone' },
  dictData: { kind: 'no id', reason: noIdReasons.public },
  areaList: { kind: 'no id', reason: noIdReasons.public },
  appVersion: { kind: 'no id', reason: noIdReasons.public },
  chatMessages: {
    kind: 'owned',
    fields: ['afterId', 'beforeId'],
    // Cursors: B paging around A's message id sees only B's own conversation.
    cross: (w) => [
      { label: 'after 0', route: 'chatMessages', body: { afterId: 0 }, expect: 'blind', hidden: (d) => !JSON.stringify(d).includes(String(o(w, 'chatText'))) },
      {
        label: "before A's message",
        route: 'chatMessages',
        body: { beforeId: Number(o(w, 'chatMessage')) + 1 },
        expect: 'blind',
        hidden: (d) => !JSON.stringify(d).includes(String(o(w, 'chatText'))),
      },
    ],
  },
  chatSend: {
    kind: 'no id',
    fields: ['clientId'],
    reason: "clientId is the sending app's own de-duplication id, not an object; the message goes to the caller's own chat",
  },
  chatRead: {
    kind: 'owned',
    fields: ['upToId'],
    // A cursor: B reading up to A's message marks B's own conversation only; A's rows are compared.
    cross: (w) => [{ label: "up to A's message", route: 'chatRead', body: { upToId: o(w, 'chatMessage') }, expect: 'blind', hidden: () => true }],
  },
  invitees: { kind: 'no id', reason: noIdReasons.list },
  newStockList: { kind: 'no id', reason: noIdReasons.public },
  newStockDetail: { kind: 'catalogue', fields: ['id'], reason: 'a deal (IPO) is public' },
  subscribe: { kind: 'catalogue', fields: ['dealId'], reason: "a deal is public; the subscription made is the caller's own" },
  changeSubscription: {
    kind: 'owned',
    fields: ['dealId'],
    // The deal is public, but naming it reaches the caller's subscription in it: B has none in A's deal.
    cross: (w) => [{ label: 'the deal A subscribed to', route: 'changeSubscription', body: { dealId: o(w, 'deal'), stockCode: o(w, 'dealSymbol'), lots: 2 } }],
  },
  reconfirmSubscription: {
    kind: 'owned',
    fields: ['dealId'],
    cross: (w) => [
      { label: 'the deal A subscribed to', route: 'reconfirmSubscription', body: { dealId: o(w, 'deal'), stockCode: o(w, 'dealSymbol'), lots: 1 } },
    ],
  },
  subscriptions: { kind: 'no id', reason: noIdReasons.list },
  ipoFullNum: { kind: 'catalogue', fields: ['dealId'], reason: "a deal is public; the figure is the caller's own buying power" },
  blockTradeActivation: { kind: 'no id', reason: noIdReasons.own },
  blockTradeApply: { kind: 'no id', reason: noIdReasons.own },
  blockTradeCheckSecret: { kind: 'no id', reason: 'enters a key; a key issued to another investor is refused by block-trades.test.ts' },
  blockList: { kind: 'no id', reason: noIdReasons.public },
  blockTradeCreate: { kind: 'no id', reason: 'requests a quote of the caller' },
  blockTradeAccept: {
    kind: 'owned',
    fields: ['id'],
    cross: (w) => [{ label: "A's block trade quote", route: 'blockTradeAccept', body: { id: o(w, 'blockQuote') } }],
  },
  blockTradeQuotes: { kind: 'no id', reason: noIdReasons.list },
  auctionCreate: { kind: 'no id', reason: 'places an auction order of the caller' },
  auctionCancel: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's auction order", route: 'auctionCancel', body: { id: o(w, 'auctionOrder') } }] },
  auctionOrders: { kind: 'no id', reason: noIdReasons.list },
  auctionIndicative: { kind: 'no id', reason: noIdReasons.public },
  preMarketList: { kind: 'no id', reason: noIdReasons.public },
  placementCheckSecret: { kind: 'no id', reason: 'enters a key; a key issued to another investor is refused by placements.test.ts' },
  placementsUnlocked: { kind: 'no id', reason: noIdReasons.list },
  placementBuy: {
    kind: 'owned',
    fields: ['placementId'],
    // A placement is unlocked per investor by a key: B, without one, may not buy A's placement.
    cross: (w) => [
      {
        label: 'the placement A unlocked',
        route: 'placementBuy',
        body: { placementId: o(w, 'placement'), quantity: '10' },
        refusal: { status: 422, key: 'e.placementKeyRequired' },
      },
    ],
  },
  placementOrders: { kind: 'no id', reason: noIdReasons.list },
  placingFlatCount: {
    kind: 'owned',
    fields: ['positionId'],
    // Answered with the caller's own positions only: none.
    cross: (w) => [
      {
        label: "A's position",
        route: 'placingFlatCount',
        body: { stockCode: 'BTCUSDT', positionId: o(w, 'position') },
        expect: 'blind',
        hidden: (d) => d.quantity === '0' && d.positions.length === 0,
      },
    ],
  },
  agencies: { kind: 'no id', reason: noIdReasons.public },
  agency: { kind: 'catalogue', fields: ['id'], reason: 'an agency is public' },
  agencyClosed: { kind: 'catalogue', fields: ['id'], reason: 'an agency is public, and so are its closed positions' },
  follows: { kind: 'no id', reason: noIdReasons.list },
  follow: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's follow", route: 'follow', body: { id: o(w, 'follow') } }] },
  followAdd: { kind: 'catalogue', fields: ['agencyId'], reason: "an agency is public; the follow made is the caller's own" },
  followAddition: {
    kind: 'owned',
    fields: ['orderId'],
    cross: (w) => [{ label: "A's follow", route: 'followAddition', body: { orderId: o(w, 'follow'), amount: '100' } }],
  },
  followStop: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's follow", route: 'followStop', body: { id: o(w, 'follow') } }] },
  robots: { kind: 'no id', reason: noIdReasons.public },
  robotQuota: { kind: 'catalogue', fields: ['robotId'], reason: 'a robot is a public template' },
  robotOrderCreate: { kind: 'catalogue', fields: ['robotId'], reason: "a robot is a public template; the robot order made is the caller's own" },
  robotOrders: { kind: 'no id', reason: noIdReasons.list },
  robotOrder: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's robot order", route: 'robotOrder', body: { id: o(w, 'robotOrder') } }] },
  robotOrderRedeem: {
    kind: 'owned',
    fields: ['id'],
    cross: (w) => [{ label: "A's robot order", route: 'robotOrderRedeem', body: { id: o(w, 'robotOrder') } }],
  },
  robotMessages: {
    kind: 'owned',
    fields: ['orderId'],
    cross: (w) => [{ label: "A's robot order", route: 'robotMessages', params: { orderId: o(w, 'robotOrder') } }],
  },
  robotKline: {
    kind: 'owned',
    fields: ['orderId'],
    cross: (w) => [{ label: "A's robot order", route: 'robotKline', body: { orderId: o(w, 'robotOrder') } }],
  },
  quantPools: { kind: 'no id', reason: noIdReasons.public },
  quantPool: { kind: 'catalogue', fields: ['id'], reason: 'a pool is public (a private one opens with a key)' },
  quantRanking: { kind: 'no id', reason: noIdReasons.public },
  quantProfits: {
    kind: 'owned',
    fields: ['poolId'],
    cross: (w) => [{ label: 'the pool A holds', route: 'quantProfits', body: { poolId: o(w, 'pool') }, expect: 'blind', hidden: (d) => d.list.length === 0 }],
  },
  quantProfitStat: { kind: 'no id', reason: noIdReasons.own },
  quantOrders: {
    kind: 'owned',
    fields: ['poolId'],
    cross: (w) => [
      { label: 'the pool A ordered', route: 'quantOrders', body: { poolId: o(w, 'pool') }, expect: 'blind', hidden: (d) => !has(o(w, 'poolOrder'))(d) },
    ],
  },
  quantOrderSave: {
    kind: 'catalogue',
    fields: ['poolId'],
    reason: "a pool is public (a private one opens with the caller's own key); the order made is the caller's own",
  },
  quantOrderCancel: {
    kind: 'owned',
    fields: ['id'],
    cross: (w) => [{ label: "A's pool order", route: 'quantOrderCancel', body: { id: o(w, 'poolOrder') } }],
  },
  quantCheckSecret: { kind: 'no id', reason: 'enters a key; a key issued to another investor is refused by quantify.test.ts' },
  fundStat: { kind: 'no id', reason: noIdReasons.own },
  fundProducts: { kind: 'no id', reason: noIdReasons.public },
  fundHoldings: {
    kind: 'owned',
    fields: ['productId'],
    cross: (w) => [
      { label: 'the fund A ordered', route: 'fundHoldings', body: { productId: o(w, 'fund') }, expect: 'blind', hidden: (d) => d.list.length === 0 },
    ],
  },
  fundOrderCreate: {
    kind: 'owned',
    fields: ['holdingId', 'productId'],
    // The product is public; the holding is A's Regular deposit term.
    cross: (w) => [
      { label: "A's Regular term", route: 'fundOrderCreate', body: { productId: o(w, 'termProduct'), side: 'redeem', units: 'all', holdingId: o(w, 'term') } },
    ],
  },
  fundOrders: {
    kind: 'owned',
    fields: ['productId'],
    cross: (w) => [
      { label: 'the fund A ordered', route: 'fundOrders', body: { productId: o(w, 'fund') }, expect: 'blind', hidden: (d) => !has(o(w, 'fundOrder'))(d) },
    ],
  },
  fundRedeemPreview: {
    kind: 'owned',
    fields: ['holdingId', 'productId'],
    cross: (w) => [{ label: "A's Regular term", route: 'fundRedeemPreview', body: { productId: o(w, 'termProduct'), holdingId: o(w, 'term') } }],
  },
  fundDetails: { kind: 'catalogue', fields: ['id'], reason: 'a fund is public' },
  fundProfit: {
    kind: 'owned',
    fields: ['productId'],
    cross: (w) => [
      { label: 'the fund A ordered', route: 'fundProfit', body: { productId: o(w, 'fund') }, expect: 'blind', hidden: (d) => d.list.length === 0 },
    ],
  },
  bondQuotes: { kind: 'no id', reason: noIdReasons.public },
  bondCreate: { kind: 'no id', reason: 'buys a bond for the caller' },
  bondHoldings: { kind: 'no id', reason: noIdReasons.list },
  bondSell: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's bond holding", route: 'bondSell', body: { id: o(w, 'bond'), face: '1000' } }] },
  bondTotal: { kind: 'no id', reason: noIdReasons.own },
  bondPayments: { kind: 'owned', fields: ['id'], cross: (w) => [{ label: "A's bond holding", route: 'bondPayments', body: { id: o(w, 'bond') } }] },
  loanProfile: { kind: 'no id', reason: noIdReasons.own },
  loanApply: { kind: 'no id', reason: 'applies for a loan of the caller' },
  loanRepay: { kind: 'owned', fields: ['loanId'], cross: (w) => [{ label: "A's loan", route: 'loanRepay', body: { loanId: o(w, 'loan'), amount: '10' } }] },
  loanDue: { kind: 'owned', fields: ['loanId'], cross: (w) => [{ label: "A's loan", route: 'loanDue', body: { loanId: o(w, 'loan') } }] },
  loanList: { kind: 'no id', reason: noIdReasons.list },
  loanRepayments: {
    kind: 'owned',
    fields: ['loanId'],
    cross: (w) => [
      { label: "A's loan", route: 'loanRepayments', body: { loanId: o(w, 'loan') }, expect: 'blind', hidden: (d) => d.list.length === 0 && d.total === 0 },
    ],
  },
  operatorKyc: { kind: 'operator' },
  operatorKycApprove: { kind: 'operator', fields: ['id'] },
  operatorKycReject: { kind: 'operator', fields: ['id'] },
  operatorLedgerCheck: { kind: 'operator' },
  operatorDeposits: { kind: 'operator' },
  operatorDepositApprove: { kind: 'operator', fields: ['id'] },
  operatorDepositReject: { kind: 'operator', fields: ['id'] },
  operatorWithdrawals: { kind: 'operator' },
  operatorWithdrawalApprove: { kind: 'operator', fields: ['id'] },
  operatorWithdrawalReject: { kind: 'operator', fields: ['id'] },
  operatorNoticeSend: { kind: 'operator', fields: ['userId'] },
  operatorServiceRequests: { kind: 'operator' },
  operatorArticles: { kind: 'operator' },
  operatorArticle: { kind: 'operator', fields: ['id'] },
  operatorArticleCreate: { kind: 'operator' },
  operatorArticleUpdate: { kind: 'operator', fields: ['id'] },
  operatorArticleDelete: { kind: 'operator', fields: ['id'] },
  operatorArticlePreview: { kind: 'operator' },
  operatorChats: { kind: 'operator' },
  operatorChatMessages: { kind: 'operator', fields: ['afterId', 'beforeId', 'userId'] },
  operatorChatSend: { kind: 'operator', fields: ['clientId', 'userId'] },
  operatorChatRead: { kind: 'operator', fields: ['upToId', 'userId'] },
  operatorAppVersions: { kind: 'operator' },
  operatorAppVersionPublish: { kind: 'operator' },
  dealList: { kind: 'operator' },
  dealDetail: { kind: 'operator', fields: ['id'] },
  dealSubscriptions: { kind: 'operator', fields: ['id'] },
  dealCreate: { kind: 'operator' },
  dealUpdate: { kind: 'operator', fields: ['id'] },
  dealOpen: { kind: 'operator', fields: ['id'] },
  dealClose: { kind: 'operator', fields: ['id'] },
  dealPrice: { kind: 'operator', fields: ['id'] },
  dealAllot: { kind: 'operator', fields: ['id'] },
  dealListing: { kind: 'operator', fields: ['id'] },
  dealCancel: { kind: 'operator', fields: ['id'] },
  operatorBlockTrades: { kind: 'operator' },
  operatorBlockTradeApprove: { kind: 'operator', fields: ['id'] },
  operatorBlockTradeRefuse: { kind: 'operator', fields: ['id'] },
  operatorBlockTradeRevoke: { kind: 'operator', fields: ['id'] },
  operatorBlockQuotes: { kind: 'operator' },
  operatorPlacementFloor: { kind: 'operator' },
  operatorPlacements: { kind: 'operator' },
  operatorPlacementCreate: { kind: 'operator' },
  operatorPlacement: { kind: 'operator', fields: ['id'] },
  operatorPlacementClose: { kind: 'operator', fields: ['id'] },
  operatorPlacementIssueKey: { kind: 'operator', fields: ['id'] },
  operatorPlacementRevokeKey: { kind: 'operator', fields: ['id'] },
  operatorAgencies: { kind: 'operator' },
  operatorAgencyPause: { kind: 'operator', fields: ['id'] },
  operatorAgencyResume: { kind: 'operator', fields: ['id'] },
  operatorRobots: { kind: 'operator' },
  operatorRobotCreate: { kind: 'operator' },
  operatorRobotPause: { kind: 'operator', fields: ['id'] },
  operatorRobotResume: { kind: 'operator', fields: ['id'] },
  operatorPools: { kind: 'operator' },
  operatorPoolCreate: { kind: 'operator' },
  operatorPoolPause: { kind: 'operator', fields: ['id'] },
  operatorPoolResume: { kind: 'operator', fields: ['id'] },
  operatorPoolIssueKey: { kind: 'operator', fields: ['id'] },
  operatorPoolRevokeKey: { kind: 'operator', fields: ['id'] },
  operatorFunds: { kind: 'operator' },
  operatorFundCreate: { kind: 'operator' },
  operatorFundPause: { kind: 'operator', fields: ['id'] },
  operatorFundResume: { kind: 'operator', fields: ['id'] },
  operatorDepositIncome: { kind: 'operator', fields: ['id'] },
  operatorBonds: { kind: 'operator' },
  operatorBondPause: { kind: 'operator' },
  operatorBondResume: { kind: 'operator' },
  operatorBondSpread: { kind: 'operator' },
  operatorLoans: { kind: 'operator' },
  operatorLoanApprove: { kind: 'operator', fields: ['id'] },
  operatorLoanRefuse: { kind: 'operator', fields: ['id'] },
  // statements (issue 18)
  statementMonths: { kind: 'no id', reason: noIdReasons.own },
  statement: { kind: 'no id', reason: "the caller's own statement of a month; no id in its request" },
  timeline: { kind: 'no id', reason: noIdReasons.list },
  operatorResetTwoFactor: { kind: 'operator', fields: ['id'] },
  operatorStatement: { kind: 'operator', fields: ['id'] },
  // end of statements
  // analytics (issue 18)
  analytics: { kind: 'no id', reason: "the caller's own account over a period; no id in its request" },
  // end of analytics
  // portfolio (issue 32)
  portfolio: { kind: 'no id', reason: "the caller's own valuation; no id in its request" },
  operatorPortfolio: { kind: 'operator', fields: ['id'] },
  // end of portfolio
};
