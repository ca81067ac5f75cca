// Over 400 lines: funds and deposit terms share their order form, NAV and yield rules, written once here for the server and both apps.
import { z } from 'zod';
import { AMOUNT_PATTERN, pageOf } from '../fields';
import { route } from '../route';
import { zId, zPaging, zReason } from './common';
import { zDecimal } from './market';

// Mutual funds and deposit terms (decision 0022): the specification's `yinmutual` products. A fund
// is a fixed basket of our market's instruments whose NAV is struck from each trading day's closes
// less a day's expense ratio; a deposit term is Current (redeem any time, a daily income per 10,000
// units declared in advance) or Regular (a fixed term at a rate fixed at purchase). Every figure is
// recomputable from the NAVs, the declared incomes and the caller's journals. All in euros, from
// and to the FINANCIAL wallet.

/** fund: a NAV product; current and regular: the specification's deposit terms. */
export const FUND_PRODUCT_KINDS = ['fund', 'current', 'regular'] as const;
export type FundProductKind = (typeof FUND_PRODUCT_KINDS)[number];

/** A fund's NAV is kept to 4 decimals (half up); units are allotted rounded down to 3 decimals. */
export const FUND_NAV_DECIMALS = 4;
export const FUND_UNIT_DECIMALS = 3;
/** A redemption is paid on this working day after its NAV day (India: within 3 working days). */
export const FUND_PAYOUT_WORKING_DAYS = 3;
/** Current income is declared per this many units (1 unit = 1 euro). */
export const DEPOSIT_INCOME_UNITS = 10_000;
/** The 7-day annualised yield averages this many declared days. */
export const DEPOSIT_YIELD_DAYS = 7;
/** Regular terms an operator may declare, in days. */
export const REGULAR_TERM_DAYS = [30, 90, 180, 365] as const;

/**
 * The 7-day annualised yield, percent: (Σ of the window's 7 daily incomes per 10,000) ÷ 7 × 365 ÷ 10,000 × 100,
 * to 4 decimals half up; 365 ÷ 7 in leap years too. Its inputs are `yieldWindow`'s, newest first: the
 * 7 days ending with the last day already earned, never a day declared and not yet earned. The server
 * and the screen's formula line both use this.
 */
export function sevenDayYield(incomesPer10k: string[]): string | null {
  if (incomesPer10k.length < DEPOSIT_YIELD_DAYS) return null;
  let sumTenThousandths = 0n;
  for (const income of incomesPer10k.slice(0, DEPOSIT_YIELD_DAYS)) {
    const [int = '0', frac = ''] = income.split('.');
    sumTenThousandths += BigInt(int) * 10000n + BigInt((frac + '0000').slice(0, 4));
  }
  // sum (in 1/10000) × 365 × 100 ÷ (7 × 10000), to 4 decimals half up: scale by 10^4 once more.
  const numerator = sumTenThousandths * 365n * 100n * 10000n;
  const denominator = 7n * 10000n * 10000n;
  const q = (numerator * 2n + denominator) / (denominator * 2n);
  const text = q.toString().padStart(5, '0');
  return `${text.slice(0, -4)}.${text.slice(-4)}`;
}

const YIELD_DAY_MS = 86_400_000;

/**
 * The 7-day yield's inputs, newest first (issue 32): the `DEPOSIT_YIELD_DAYS` UTC days ending with
 * `lastEarnedDay`, the last day whose income is already earned (the day before today: today's
 * declared income is not earned until today ends). Each declared income counts on its own calendar
 * day and only days inside the window count; a day of the window with nothing declared earned
 * nothing ('0.0000'). Days before `firstDay` (the product's first day a holder could earn) are left
 * out, so a product younger than the window has fewer than 7 inputs and no yield yet. Days are the
 * epoch ms of a UTC midnight.
 */
export function yieldWindow(declared: ReadonlyArray<{ day: number; incomePer10k: string }>, lastEarnedDay: number, firstDay: number): string[] {
  const byDay = new Map(declared.map((d) => [d.day, d.incomePer10k]));
  const inputs: string[] = [];
  for (let n = 0; n < DEPOSIT_YIELD_DAYS; n += 1) {
    const day = lastEarnedDay - n * YIELD_DAY_MS;
    if (day < firstDay) break;
    inputs.push(byDay.get(day) ?? '0.0000');
  }
  return inputs;
}

/** One instrument of a fund's basket and its fixed weight (the weights of a fund sum to 1). */
export const zFundWeight = z.object({ symbol: z.string(), weight: zDecimal });

/** A product as an investor sees it, with the caller's holding of it. */
export const zFundProduct = z.object({
  id: z.number().int(),
  kind: z.enum(FUND_PRODUCT_KINDS),
  /** A short code (USLC, HKEQ, BAL6040, LIQ, CUR, REG90…) and a name. */
  code: z.string(),
  name: z.string(),
  /** No new purchases; redemptions go on. */
  paused: z.boolean(),
  /** The least purchase, in euros. */
  minAmount: zDecimal,
  // --- fund ---
  basket: z.array(zFundWeight),
  /** The declared expense ratio, percent a year, taken in the NAV each trading day. */
  expensePercent: zDecimal.nullable(),
  /** The fund's time zone and its cut-off there (HH:mm). */
  timeZone: z.string().nullable(),
  cutoff: z.string().nullable(),
  /** The latest NAV, its day (UTC day's start of the trading day), and its change on the NAV before, percent. */
  nav: zDecimal.nullable(),
  navDay: z.number().int().nullable(),
  navChange: zDecimal.nullable(),
  /** The next cut-off moment, and the NAV day an order placed now gets; after the cut-off, `nextNavDay`. */
  cutoffAt: z.number().int().nullable(),
  orderNavDay: z.number().int().nullable(),
  nextNavDay: z.number().int().nullable(),
  /** Exit load: this percent of the part redeemed from lots younger than `exitLoadDays`; `freeUnitsPercent` of a lot's units are free each year. */
  exitLoadPercent: zDecimal,
  exitLoadDays: z.number().int(),
  freeUnitsPercent: zDecimal,
  /** A lot cannot be redeemed before this many days (0: no lock-in). */
  lockInDays: z.number().int(),
  // --- current ---
  /** Today's declared income per 10,000 units, and the 7-day annualised yield of the 7 days earned up to yesterday (percent; `sevenDayYield` of `yieldWindow`). */
  incomePer10k: zDecimal.nullable(),
  sevenDayYield: zDecimal.nullable(),
  // --- regular ---
  termDays: z.number().int().nullable(),
  /** The yearly rate, percent, fixed for a purchase at purchase. */
  ratePercent: zDecimal.nullable(),
  /** Early redemption forfeits the interest and this percent of the principal. */
  penaltyPercent: zDecimal.nullable(),
  // --- the caller ---
  /** Units held (funds; for deposit terms the euros held), their value, and purchases waiting for their NAV. */
  units: zDecimal,
  value: zDecimal,
  pending: zDecimal,
});
export type FundProduct = z.infer<typeof zFundProduct>;

/** One day of a fund's NAV, or of a Current term's declared income. */
export const zFundDay = z.object({
  day: z.number().int(),
  /** Fund: the NAV; Current: the income per 10,000 units declared for the day. */
  value: zDecimal,
  /** Fund: the basket's weighted close ratio on the day before (Σ weight × close ÷ previous close). */
  ratio: zDecimal.nullable(),
});

export const zFundDetail = zFundProduct.extend({
  /** Every NAV (fund) or declared income (current), oldest first; declared days still ahead are included, marked by `day` > today. */
  days: z.array(zFundDay),
  /** The yearly `sevenDayYield` formula's inputs (`yieldWindow`): the incomes of the 7 days ending yesterday, the last day earned, newest first. */
  yieldInputs: z.array(zDecimal),
});
export type FundDetail = z.infer<typeof zFundDetail>;

/**
 * A holding: one purchase (a lot of a fund, a Current or Regular deposit).
 * pending: waiting for its NAV; bought: held; redeeming: a redemption priced and not yet paid; redeemed: nothing left.
 */
export const FUND_HOLDING_STATUSES = ['pending', 'bought', 'redeeming', 'redeemed'] as const;
export type FundHoldingStatus = (typeof FUND_HOLDING_STATUSES)[number];

export const zFundHolding = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  kind: z.enum(FUND_PRODUCT_KINDS),
  code: z.string(),
  name: z.string(),
  status: z.enum(FUND_HOLDING_STATUSES),
  /** Euros put in. */
  amount: zDecimal,
  /** Units allotted (fund) or euros (deposit terms); still held; the NAV it was bought at (fund). */
  units: zDecimal.nullable(),
  remaining: zDecimal,
  nav: zDecimal.nullable(),
  navDay: z.number().int().nullable(),
  /**
   * Value of what remains at the latest NAV (or the principal of a deposit), plus a redemption priced
   * and not yet paid; a purchase waiting for its NAV counts at its amount.
   */
  value: zDecimal,
  /** Everything paid out of it so far: redemptions net of loads and penalties, and (deposit terms) income and interest. */
  paid: zDecimal,
  /** Value + paid − amount: after every load and penalty. */
  profit: zDecimal,
  /** Lock-in and exit-load ends (funds), the term's end (regular). */
  lockedUntil: z.number().int().nullable(),
  exitLoadUntil: z.number().int().nullable(),
  endTimestamp: z.number().int().nullable(),
  /** Regular: the rate fixed at purchase and the interest due at the end. */
  ratePercent: zDecimal.nullable(),
  interest: zDecimal.nullable(),
  buyTimeStamp: z.number().int(),
  sellTimeStamp: z.number().int().nullable(),
});
export type FundHolding = z.infer<typeof zFundHolding>;

/** An order; in progress until its NAV prices it and, for a redemption, until it is paid. */
export const FUND_ORDER_SIDES = ['buy', 'redeem'] as const;
export type FundOrderSide = (typeof FUND_ORDER_SIDES)[number];
export const FUND_ORDER_STATUSES = ['inProgress', 'completed'] as const;
export type FundOrderStatus = (typeof FUND_ORDER_STATUSES)[number];

export const zFundOrder = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  kind: z.enum(FUND_PRODUCT_KINDS),
  code: z.string(),
  name: z.string(),
  side: z.enum(FUND_ORDER_SIDES),
  status: z.enum(FUND_ORDER_STATUSES),
  /** Buy: euros put in. Redeem: euros paid (gross) once priced. */
  amount: zDecimal.nullable(),
  units: zDecimal.nullable(),
  nav: zDecimal.nullable(),
  /** The NAV day that prices it (funds), and the day a redemption is paid. */
  navDay: z.number().int().nullable(),
  payDay: z.number().int().nullable(),
  /** Exit load (funds) or early-redemption penalty and forfeited interest (regular), in euros. */
  exitLoad: zDecimal,
  /** What reaches the wallet: amount − exitLoad (redemptions). */
  net: zDecimal.nullable(),
  createTimeTimestamp: z.number().int(),
  doneTimestamp: z.number().int().nullable(),
});
export type FundOrder = z.infer<typeof zFundOrder>;

/** Per lot, what a redemption of `units` now would cost: FIFO, the free units first each year, then the load on young lots. */
export const zFundRedeemPreview = z.object({
  productId: z.number().int(),
  units: zDecimal,
  /** The latest NAV (the redemption is priced at its NAV day's, which may differ). */
  nav: zDecimal.nullable(),
  gross: zDecimal.nullable(),
  exitLoad: zDecimal.nullable(),
  net: zDecimal.nullable(),
  navDay: z.number().int().nullable(),
  payDay: z.number().int().nullable(),
  lots: z.array(
    z.object({
      holdingId: z.number().int(),
      buyTimeStamp: z.number().int(),
      units: zDecimal,
      free: zDecimal,
      loaded: zDecimal,
      exitLoad: zDecimal.nullable(),
      locked: z.boolean(),
    }),
  ),
});
export type FundRedeemPreview = z.infer<typeof zFundRedeemPreview>;

export const zFundStat = z.object({
  /** The caller's holdings at the latest NAVs and principals, in euros. */
  total: zDecimal,
  /** Units held × the latest NAV change, plus the Current income of the latest credited day. */
  today: zDecimal,
  /** Value + paid − invested, over every holding. */
  earnings: zDecimal,
  /** Purchases waiting for their NAV, and redemptions priced and not yet paid. */
  pending: zDecimal,
  redeeming: zDecimal,
  /** Split by kind, as the specification's page shows (its "regular and current amount"). */
  fund: zDecimal,
  current: zDecimal,
  regular: zDecimal,
});
export type FundStat = z.infer<typeof zFundStat>;

/** One line of `/stock/fund/profit`: a holding's profit with its buy and sell times. */
export const zFundProfit = z.object({
  holdingId: z.number().int(),
  productId: z.number().int(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(FUND_PRODUCT_KINDS),
  profit: zDecimal,
  buyTimeStamp: z.number().int(),
  sellTimeStamp: z.number().int().nullable(),
});

const UNITS_PATTERN = /^(?:0|[1-9]\d{0,14})(?:\.\d{1,3})?$/;

/**
 * A purchase names euros (the specification's "enter purchase amount"); a fund redemption names units
 * or `all`; a deposit redemption names its holding (Current: an amount of it, or all).
 */
export const zFundOrderInput = z
  .object({
    productId: z.coerce.number({ error: 'v.fillRequired' }).int({ error: 'v.fillRequired' }).positive({ error: 'v.fillRequired' }),
    side: z.enum(FUND_ORDER_SIDES, { error: 'v.fillRequired' }),
    amount: z.string().trim().optional(),
    units: z.string().trim().optional(),
    holdingId: z.coerce.number().int().positive().optional(),
  })
  .superRefine((o, ctx) => {
    if (o.side === 'buy') {
      if (!o.amount) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'v.enterPurchaseAmount' });
      else if (!AMOUNT_PATTERN.test(o.amount) || !/[1-9]/.test(o.amount)) ctx.addIssue({ code: 'custom', path: ['amount'], message: 'v.amountRule' });
    } else if (o.units !== 'all' && (!o.units || !UNITS_PATTERN.test(o.units) || !/[1-9]/.test(o.units))) {
      ctx.addIssue({ code: 'custom', path: ['units'], message: 'v.fundUnits' });
    }
  });
export type FundOrderInput = z.input<typeof zFundOrderInput>;

const zFundFilter = z.object({
  ...zPaging,
  kind: z.enum(FUND_PRODUCT_KINDS).optional(),
  productId: z.coerce.number().int().positive().optional(),
});

export const fundRoutes = {
  fundStat: route({
    method: 'POST',
    path: '/user_fund_orders/stat',
    auth: 'user',
    tag: 'funds',
    summary: "The caller's total in funds and deposit terms, today's earnings and total earnings, split by kind",
    request: z.object({}),
    response: zFundStat,
  }),
  fundProducts: route({
    method: 'POST',
    path: '/user_fund_orders/productPageList',
    auth: 'public',
    tag: 'funds',
    summary:
      'The funds and deposit terms: NAV and its day, the cut-off and the NAV day an order gets, exit load and lock-in, declared income and 7-day yield, term and rate; with the caller’s holding',
    request: z.object({ ...zPaging, kind: z.enum(FUND_PRODUCT_KINDS).optional() }),
    response: pageOf(zFundProduct),
  }),
  fundHoldings: route({
    method: 'POST',
    path: '/user_fund_orders/pageList',
    auth: 'user',
    tag: 'funds',
    summary: "The caller's holdings (one per purchase), newest first: bought, waiting for redemption or redeemed",
    request: zFundFilter.extend({ status: z.enum(FUND_HOLDING_STATUSES).optional() }),
    response: pageOf(zFundHolding),
  }),
  fundOrderCreate: route({
    method: 'POST',
    path: '/user_fund_orders/create',
    auth: 'user',
    tag: 'funds',
    summary:
      'Buy a fund (held until the NAV the cut-off assigns prices it) or a deposit term, or redeem (a fund at its NAV day’s NAV less the exit load, paid on the third working day; a deposit at once)',
    request: zFundOrderInput,
    response: zFundOrder,
    idempotency: 'required',
    rateLimit: { max: 30, windowSeconds: 60 },
  }),
  fundOrders: route({
    method: 'POST',
    path: '/user_fund_orders/orders',
    auth: 'user',
    tag: 'funds',
    summary: "The caller's orders, newest first: in progress (waiting for a NAV or a payout) or completed. Not in the specification",
    request: zFundFilter.extend({ status: z.enum(FUND_ORDER_STATUSES).optional() }),
    response: pageOf(zFundOrder),
  }),
  fundRedeemPreview: route({
    method: 'POST',
    path: '/user_fund_orders/redeemPreview',
    auth: 'user',
    tag: 'funds',
    summary:
      'What redeeming units of a fund would cost now, lot by lot (FIFO, free units, exit load, lock-in), or what an early redemption of a Regular deposit forfeits. Not in the specification',
    request: z.object({
      productId: z.coerce.number().int().positive(),
      // The units of a fund (or euros of a Current deposit), `all`, or left out for all: never text the figures cannot read.
      units: z
        .string()
        .trim()
        .optional()
        .refine((u) => u === undefined || u === 'all' || (UNITS_PATTERN.test(u) && /[1-9]/.test(u)), { message: 'v.fundUnits' }),
      holdingId: z.coerce.number().int().positive().optional(),
    }),
    response: zFundRedeemPreview,
  }),
  fundDetails: route({
    method: 'GET',
    path: '/stock/fund/details',
    auth: 'public',
    tag: 'funds',
    summary: 'One product with its NAV history (fund) or declared incomes (current) and the 7-day yield’s inputs',
    request: zId,
    response: zFundDetail,
  }),
  fundProfit: route({
    method: 'GET',
    path: '/stock/fund/profit',
    auth: 'user',
    tag: 'funds',
    summary: "The caller's profit per holding, with its buy and sell times, newest first",
    request: zFundFilter,
    response: pageOf(zFundProfit),
  }),
};

/** The back office's product: its figures over every holder; an expense ratio is fixed once it has holders. */
export const zFundAdmin = zFundProduct.omit({ units: true, value: true, pending: true }).extend({
  holders: z.number().int(),
  /** Units (funds) or euros (deposits) outstanding, and their value. */
  outstanding: zDecimal,
  value: zDecimal,
  pendingOrders: z.number().int(),
  pausedReason: z.string().nullable(),
  /** Current: the declared incomes from today on; Regular: none. */
  declared: z.array(zFundDay),
});
export type FundAdmin = z.infer<typeof zFundAdmin>;

export const zFundCreate = z.object({
  kind: z.enum(FUND_PRODUCT_KINDS),
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2,12}$/, { error: 'v.fundCode' }),
  name: z.string().trim().min(1, { error: 'v.fillRequired' }).max(80, { error: 'v.textTooLong' }),
  minAmount: z
    .string()
    .regex(AMOUNT_PATTERN, { error: 'v.amountRule' })
    .refine((v) => /[1-9]/.test(v), { error: 'v.amountRule' }),
  /** fund: a basket of listed symbols whose weights sum to 1, an expense ratio, a time zone and cut-off. */
  basket: z.array(z.object({ symbol: z.string(), weight: z.string().regex(/^0?\.\d{1,4}$|^1(\.0{1,4})?$/, { error: 'v.fundWeight' }) })).optional(),
  expensePercent: z
    .string()
    .regex(/^\d(\.\d{1,2})?$/, { error: 'v.fundExpense' })
    .optional(),
  timeZone: z.string().optional(),
  cutoff: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'v.invalidValue' })
    .optional(),
  lockInDays: z.coerce.number().int().min(0).max(3650).optional(),
  /** regular: the term and its yearly rate and early-redemption penalty, percent. */
  termDays: z.coerce.number().int().optional(),
  ratePercent: z
    .string()
    .regex(/^\d{1,2}(\.\d{1,2})?$/, { error: 'v.fundRate' })
    .optional(),
  penaltyPercent: z
    .string()
    .regex(/^\d(\.\d{1,2})?$/, { error: 'v.fundRate' })
    .optional(),
  reason: zReason.shape.reason,
});

/** A Current term's income for a day not yet begun, per 10,000 units (at most 4 decimals, at most 10). */
export const zDepositIncomeDeclare = z.object({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'v.invalidValue' }),
  incomePer10k: z.string().regex(/^\d(\.\d{1,4})?$|^10(\.0{1,4})?$/, { error: 'v.depositIncome' }),
  reason: zReason.shape.reason,
});

export const fundOperatorRoutes = {
  operatorFunds: route({
    method: 'GET',
    path: '/operator/funds',
    auth: 'operator',
    tag: 'admin',
    summary: 'The funds and deposit terms with their holders, outstanding, value and declared incomes; a NAV or an income already declared cannot be edited',
    request: z.object({}),
    response: z.array(zFundAdmin),
  }),
  operatorFundCreate: route({
    method: 'POST',
    path: '/operator/funds',
    auth: 'operator',
    tag: 'admin',
    summary: 'Open a fund (basket, expense ratio, cut-off, lock-in) or a deposit term, with a reason',
    request: zFundCreate,
    response: zFundAdmin,
  }),
  operatorFundPause: route({
    method: 'POST',
    path: '/operator/funds/:id/pause',
    auth: 'operator',
    tag: 'admin',
    summary: 'Pause a product with a reason: no new purchases; redemptions and payouts go on',
    params: zId,
    request: zReason,
    response: zFundAdmin,
  }),
  operatorFundResume: route({
    method: 'POST',
    path: '/operator/funds/:id/resume',
    auth: 'operator',
    tag: 'admin',
    summary: 'Open a paused product to purchases again, with a reason',
    params: zId,
    request: zReason,
    response: zFundAdmin,
  }),
  operatorDepositIncome: route({
    method: 'POST',
    path: '/operator/funds/:id/income',
    auth: 'operator',
    tag: 'admin',
    summary: "Declare a Current term's income per 10,000 units for a day not yet begun, with a reason; equal for all holders, never backdated or changed",
    params: zId,
    request: zDepositIncomeDeclare,
    response: zFundAdmin,
  }),
};
