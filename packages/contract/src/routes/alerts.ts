import { z } from 'zod';
import { compareDecimal } from '../decimal';
import { pageOf } from '../fields';
import { route } from '../route';
import { zId, zPaging } from './common';
import { zDecimal } from './market';

// Price alerts (issue 18): an investor asks to be told when an instrument's price reaches a level,
// when its change in the day reaches a percentage, or when its price crosses a moving average of
// its candles. The server looks at every tick of the instruments with active alerts; an alert fires
// once, with the price and time of the tick that met it, as an `alert` push event and a notice.

export const ALERT_KINDS = ['price', 'change', 'ma'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/**
 * price: at or above / at or below the level; change: up / down by at least the percentage since
 * the previous close; ma: the price crosses the moving average from below / from above.
 */
export const ALERT_DIRECTIONS = ['above', 'below'] as const;
export type AlertDirection = (typeof ALERT_DIRECTIONS)[number];
export const ALERT_STATUSES = ['active', 'paused', 'triggered'] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];
/** The candles a moving average is taken over: the market's 1-minute or daily candles. */
export const ALERT_MA_INTERVALS = ['1m', '1d'] as const;
export const ALERT_MA_PERIODS = { min: 2, max: 200 } as const;
/** Active alerts (not paused, not triggered) one investor may have at once. */
export const ALERT_ACTIVE_LIMIT = 50;
/** The largest day's change an alert may ask for, in percent. */
export const ALERT_CHANGE_MAX = '100';

/** A positive price: at most 12 whole digits and 10 decimals (the instrument's tick is checked by the server). */
const LEVEL_PATTERN = /^(?:0|[1-9]\d{0,11})(?:\.\d{1,10})?$/;
const PERCENT_PATTERN = /^(?:0|[1-9]\d{0,2})(?:\.\d{1,2})?$/;

export const zAlertCreate = z
  .object({
    symbol: z.string({ error: 'v.fillRequired' }).trim().min(1, { error: 'v.fillRequired' }).max(30, { error: 'v.fillRequired' }),
    kind: z.enum(ALERT_KINDS, { error: 'v.alertKind' }),
    direction: z.enum(ALERT_DIRECTIONS, { error: 'v.alertDirection' }),
    /** price: the level, a decimal string on the instrument's tick. */
    level: z.string({ error: 'v.alertLevel' }).trim().optional(),
    /** change: the percentage, above 0, at most 100, 2 decimals. */
    percent: z.string({ error: 'v.alertPercent' }).trim().optional(),
    /** ma: how many candles, and which. */
    period: z.coerce.number({ error: 'v.alertPeriod' }).optional(),
    interval: z.enum(ALERT_MA_INTERVALS, { error: 'v.alertInterval' }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'price' && !(v.level && LEVEL_PATTERN.test(v.level) && compareDecimal(v.level, '0') === 1))
      ctx.addIssue({ code: 'custom', path: ['level'], message: 'v.alertLevel' });
    if (
      v.kind === 'change' &&
      !(v.percent && PERCENT_PATTERN.test(v.percent) && compareDecimal(v.percent, '0') === 1 && compareDecimal(v.percent, ALERT_CHANGE_MAX) !== 1)
    )
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'v.alertPercent' });
    if (v.kind === 'ma') {
      if (v.period === undefined || !Number.isInteger(v.period) || v.period < ALERT_MA_PERIODS.min || v.period > ALERT_MA_PERIODS.max)
        ctx.addIssue({ code: 'custom', path: ['period'], message: 'v.alertPeriod' });
      if (v.interval === undefined) ctx.addIssue({ code: 'custom', path: ['interval'], message: 'v.alertInterval' });
    }
  });
export type AlertCreate = z.input<typeof zAlertCreate>;

export const zAlert = z.object({
  id: z.number().int(),
  symbol: z.string(),
  /** The code the screens show, and the instrument's name. */
  stockCode: z.string(),
  name: z.string(),
  currency: z.string(),
  kind: z.enum(ALERT_KINDS),
  direction: z.enum(ALERT_DIRECTIONS),
  level: zDecimal.nullable(),
  percent: zDecimal.nullable(),
  period: z.number().int().nullable(),
  interval: z.enum(ALERT_MA_INTERVALS).nullable(),
  status: z.enum(ALERT_STATUSES),
  createTimestamp: z.number().int(),
  /** The tick that fired it: its price and time; for `ma` the average then, for `change` the day's change in percent. */
  triggeredPrice: zDecimal.nullable(),
  triggeredTimestamp: z.number().int().nullable(),
  triggeredValue: zDecimal.nullable(),
});
export type Alert = z.infer<typeof zAlert>;

export const alertRoutes = {
  alerts: route({
    method: 'GET',
    path: '/priceAlert/list',
    auth: 'user',
    tag: 'alerts',
    summary: "The caller's alerts, newest first: waiting (active and paused) or triggered; with the active count and its limit",
    request: z.object({ ...zPaging, status: z.enum(['waiting', 'triggered']).default('waiting') }),
    response: pageOf(zAlert).extend({ active: z.number().int(), limit: z.number().int() }),
  }),
  alertCreate: route({
    method: 'POST',
    path: '/priceAlert/save',
    auth: 'user',
    tag: 'alerts',
    summary: 'Set an alert on an instrument: a price level, a change in the day, or a cross of a moving average',
    request: zAlertCreate,
    response: zAlert,
    rateLimit: { max: 60, windowSeconds: 60 },
  }),
  alertPause: route({
    method: 'POST',
    path: '/priceAlert/pause/:id',
    auth: 'user',
    tag: 'alerts',
    summary: 'Pause an active alert: it does not fire until resumed',
    params: zId,
    request: z.object({}),
    response: zAlert,
  }),
  alertResume: route({
    method: 'POST',
    path: '/priceAlert/resume/:id',
    auth: 'user',
    tag: 'alerts',
    summary: 'Resume a paused alert (within the limit of active alerts)',
    params: zId,
    request: z.object({}),
    response: zAlert,
  }),
  alertDelete: route({
    method: 'POST',
    path: '/priceAlert/delete/:id',
    auth: 'user',
    tag: 'alerts',
    summary: 'Delete an alert, whatever its status',
    params: zId,
    request: z.object({}),
    response: z.object({ removed: z.number().int() }),
  }),
};
