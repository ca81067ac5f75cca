import { CALENDAR_FROM, CALENDAR_TO, routes, type RouteDef, type RouteId } from '@tradeapp/contract';
import type { z } from 'zod';

/**
 * The times a request carries, found in the contract's own schemas (issue 33): every field of every
 * route's request and path parameters, with whether its schema bounds it to the exchange calendar's
 * years. Read from the schemas rather than listed, so a route added tomorrow is checked too.
 */

/** How a field is bounded: an epoch-ms instant (zTimestamp, zTimestampQuery), a YYYY-MM-DD day (zDay) or a YYYY-MM month (zMonth). */
export type TimeKind = 'instant' | 'day' | 'month';

export interface RequestField {
  id: RouteId;
  def: RouteDef;
  where: 'request' | 'params';
  path: string[];
  schema: z.ZodType;
}

export interface TimeField extends RequestField {
  kind: TimeKind;
}

/** A name that reads as a moment or a day: `from`, `opensAtTimestamp`, `listingDate`, `month`... */
export const TIME_NAME =
  /^(at|on|from|to|start|end|since|until|before|after|time|timestamp|date|day|month|when|deadline)$|[a-z0-9](Timestamp|At|On|Time|From|To|Start|End|Since|Until|Before|After|Date|Day|Month|Deadline)$/;

/** Inside the years: the first and last instants, the middle of 2026; the boundaries just outside. */
export const FIRST_INSTANT = CALENDAR_FROM;
export const LAST_INSTANT = CALENDAR_TO - 1;
export const SOME_INSTANT = Date.UTC(2026, 6, 1, 12);
export const SOME_DAY = '2026-07-01';
export const SOME_MONTH = '2026-07';

/**
 * Values an instant field must refuse, as JSON text (what a hostile client can send: 1e400 and
 * 2^53+1 do not survive as JavaScript numbers) or, on a query string, a form or a path, the same text.
 */
export const INSTANT_EDGES: ReadonlyArray<[label: string, json: string]> = [
  ['zero', '0'],
  ['minus one', '-1'],
  ['1e15 (year 33658)', '1e15'],
  ['8.7e15 (past the largest Date)', '8.7e15'],
  ['1e20', '1e20'],
  // Number.MAX_SAFE_INTEGER + 2, which JSON.parse rounds to 2^53.
  ['2^53 + 1', '9007199254740993'],
  ['1e400', '1e400'],
  ['a fraction of a millisecond', `${FIRST_INSTANT}.5`],
  ['a millisecond before 2025', String(FIRST_INSTANT - 1)],
  ['the first millisecond of 2029', String(CALENDAR_TO)],
  ['"NaN"', '"NaN"'],
  ['"1e20"', '"1e20"'],
  ['"-Infinity"', '"-Infinity"'],
];

/** Days a day field must refuse: outside the years, or no day at all. */
export const DAY_EDGES: readonly string[] = [
  '2024-12-31',
  '2029-01-01',
  '1970-01-01',
  '0000-01-01',
  '9999-12-31',
  '2025-02-29',
  '2028-02-30',
  '2025-13-45',
  '2025-00-10',
];
/** Months a month field must refuse. */
export const MONTH_EDGES: readonly string[] = ['2024-12', '2029-01', '2000-01', '2099-12', '0000-01', '9999-12', '2025-13', '2025-00'];

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

type Def = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  options?: z.ZodType[];
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The schemas a field's value is finally read by, through optional, default, pipes and the like. */
function containers(s: z.ZodType, depth = 0): z.ZodType[] {
  if (depth > 12) return [];
  const d = defOf(s);
  if (d.type === 'lazy' && d.getter) return containers(d.getter(), depth + 1);
  if (WRAPPERS.has(d.type) && d.innerType) return containers(d.innerType, depth + 1);
  if (d.type === 'pipe') return [...containers(d.in!, depth + 1), ...containers(d.out!, depth + 1)];
  if (d.type === 'union') return d.options!.flatMap((o) => containers(o, depth + 1));
  if (d.type === 'intersection') return [...containers(d.left!, depth + 1), ...containers(d.right!, depth + 1)];
  return [s];
}

function fieldsIn(s: z.ZodType, path: string[], out: Array<{ path: string[]; schema: z.ZodType }>, depth = 0) {
  if (depth > 6) return;
  for (const c of containers(s)) {
    const d = defOf(c);
    if (d.type === 'object') {
      for (const [key, prop] of Object.entries(d.shape!)) {
        out.push({ path: [...path, key], schema: prop });
        fieldsIn(prop, [...path, key], out, depth + 1);
      }
    } else if (d.type === 'array') fieldsIn(d.element!, [...path, '0'], out, depth + 1);
  }
}

/** Every field of every route's request and path parameters, nested ones by path; each path once per route and place. */
export function requestFields(table: Record<string, RouteDef> = routes as Record<string, RouteDef>): RequestField[] {
  const all: RequestField[] = [];
  for (const [id, def] of Object.entries(table)) {
    for (const where of ['request', 'params'] as const) {
      const schema = def[where];
      if (!schema) continue;
      const found: Array<{ path: string[]; schema: z.ZodType }> = [];
      fieldsIn(schema, [], found);
      const seen = new Set<string>();
      for (const f of found) {
        const key = f.path.join('.');
        if (seen.has(key)) continue;
        seen.add(key);
        all.push({ id: id as RouteId, def, where, ...f });
      }
    }
  }
  return all;
}

/** The message of a refusal, or undefined when the schema takes the value. */
export function refusal(schema: z.ZodType, value: unknown): string | undefined {
  const r = schema.safeParse(value);
  return r.success ? undefined : (r.error.issues[0]?.message ?? '?');
}

/**
 * How a field's schema bounds a time, judged by what it does, so a copy with a refinement or a
 * coercion still counts: it takes a moment inside the years (as a number, or as text where a query
 * sends text) and refuses the moments just outside, a fraction and 1e20 with `v.timestampRange`; or
 * it takes a day inside the years and refuses the days just outside with it, and an impossible day;
 * or it takes the years' first and last months and refuses those just outside.
 */
export function boundedKind(schema: z.ZodType): TimeKind | undefined {
  const takes = (v: unknown) => refusal(schema, v) === undefined;
  const range = (v: unknown) => refusal(schema, v) === 'v.timestampRange';
  const asNumber = takes(FIRST_INSTANT) && takes(LAST_INSTANT);
  const asText = takes(String(FIRST_INSTANT)) && takes(String(LAST_INSTANT));
  if (asNumber || asText) {
    const form = (n: number) => (asNumber ? n : String(n));
    return [FIRST_INSTANT - 1, CALENDAR_TO, FIRST_INSTANT + 0.5, 1e20, -1].every((n) => range(form(n))) ? 'instant' : undefined;
  }
  if (takes('2025-01-01') && takes('2028-12-31') && takes('2028-02-29')) {
    return range('2024-12-31') && range('2029-01-01') && !takes('2025-02-29') && !takes('2025-13-45') ? 'day' : undefined;
  }
  // A month is its own rule (zMonth has a message of its own); bounded is what counts.
  if (takes('2025-01') && takes('2028-12')) return !takes('2024-12') && !takes('2029-01') && !takes('2025-13') ? 'month' : undefined;
  return undefined;
}

/** The bounded time fields of every route: what the fuzz sends its edge values to. */
export const timeFields = (table?: Record<string, RouteDef>): TimeField[] =>
  requestFields(table).flatMap((f) => {
    const kind = boundedKind(f.schema);
    return kind ? [{ ...f, kind }] : [];
  });

/** `routeId.path`, `routeId.params.name` for a path parameter. */
export const fieldName = (f: RequestField) => `${f.id}.${f.where === 'params' ? 'params.' : ''}${f.path.join('.')}`;

/** Whether a route's request arrives as text (a query string or a form): an instant then comes as digits. */
export const sentAsText = (f: RequestField) => f.where === 'params' || f.def.method === 'GET' || f.def.body === 'form';
