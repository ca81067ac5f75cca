import { API_BASE, isMessageKey, routes, translate, type Locale, type RouteDef, type RouteId } from '@tradeapp/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, drivers, operatorToken, registerUser, startServer, type Harness } from './harness';
import { DAY_EDGES, INSTANT_EDGES, MONTH_EDGES, refusal, sentAsText, SOME_DAY, SOME_INSTANT, SOME_MONTH, timeFields, type TimeField } from './timestamps';

/**
 * A schema-driven fuzz of every route of the contract: for each route, hostile inputs derived from
 * its request schema (wrong types, missing fields, huge and nested values, NUL characters, numbers
 * outside the rules, prototype keys), sent over HTTP signed out, as an investor and as the
 * operator. Every answer must be the envelope with 200 or a 4xx, and a refused request must leave
 * the money and the records as they were. Seeded: the same run every time.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed_2026);
/**
 * Hostile requests per route, shared out among the callers its sign-in check lets through (the
 * empty and the sample request first); and one more for each caller it turns away.
 */
const CASES_PER_ROUTE = Number(process.env.FUZZ_CASES ?? 6);

/** mulberry32: small, seeded, good enough to pick cases. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n: number) => Math.floor(next() * n), pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]! };
}
type Rng = ReturnType<typeof prng>;

const nest = (levels: number): unknown => {
  let v: unknown = 'bottom';
  for (let i = 0; i < levels; i++) v = i % 2 ? [v] : { n: v };
  return v;
};

/** Values that break a field's rule one way or another. */
const HOSTILE: Array<[string, () => unknown]> = [
  ['NUL', () => 'a\u0000b'],
  ['NUL only', () => '\u0000'],
  ['huge text', () => 'x'.repeat(200_000)],
  ['number for text', () => 12345],
  ['text for number', () => 'twelve'],
  ['negative', () => -1],
  ['zero', () => 0],
  ['fraction', () => 1.5],
  ['huge number', () => 1e308],
  ['beyond 2^63', () => 2 ** 70],
  ['400 digits', () => '9'.repeat(400)],
  ['40 decimals', () => `0.${'1'.repeat(40)}`],
  ['exponent text', () => '1e400'],
  ['NaN text', () => 'NaN'],
  ['Infinity text', () => '-Infinity'],
  ['negative text', () => '-100'],
  ['null', () => null],
  ['boolean', () => true],
  ['object', () => ({ a: 1 })],
  ['array', () => [1, 'a', null]],
  ['5000 items', () => Array.from({ length: 5000 }, (_, i) => i)],
  ['nested 20', () => nest(20)],
  ['nested 40', () => nest(40)],
  ['lone surrogate', () => '\ud800x'],
  ['emoji', () => '💥'.repeat(300)],
  ['impossible date', () => '2025-13-45T99:99:99Z'],
  ['sql', () => "1' or '1'='1"],
  ['html', () => '<img src=x onerror=alert(1)>'],
  ['empty', () => ''],
  ['blank', () => '   '],
  ['__proto__ text', () => '__proto__'],
];

/** Path parameter values: numbers out of range, not numbers, NUL, too long, badly encoded. */
const HOSTILE_PARAMS = [
  '0',
  '-1',
  '1.5',
  'abc',
  '%00',
  '1%00',
  '99999999999999999999999',
  '__proto__',
  'constructor',
  'x'.repeat(150),
  '%E0%A4%A',
  '%F0%9F%92%A5',
  '1e3',
  ' 1',
];

type JsonSchema = Record<string, any>;

function schemaOf(def: RouteDef): JsonSchema {
  try {
    return z.toJSONSchema(def.request, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

function stringSample(s: JsonSchema): string {
  if (s.format === 'email') return 'fuzz@example.com';
  if (s.format === 'date-time') return '2026-01-02T03:04:05.000Z';
  if (s.format === 'date') return '2026-01-02';
  const candidates = ['fuzz@example.com', '1', '10.5', 'abc12345', 'AAPL', '123456', 'BALANCE', 'USD', 'en', 'secret-pass1', 'https://example.com/x'];
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Infinity;
  const fits = (c: string) => c.length >= min && c.length <= max && (!s.pattern || new RegExp(s.pattern).test(c));
  return candidates.find(fits) ?? 'a'.repeat(Math.max(min, 1));
}

/** A plausible value for a schema: the starting point the hostile values are put into. */
function sample(s: JsonSchema | undefined, depth = 0): unknown {
  if (!s || depth > 5) return 'x';
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alternatives = (s.anyOf ?? s.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.length) return sample(alternatives.find((a) => a.type !== 'null') ?? alternatives[0], depth + 1);
  if (Array.isArray(s.allOf) && s.allOf.length) return sample(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries((s.properties ?? {}) as Record<string, JsonSchema>).map(([k, p]) => [k, sample(p, depth + 1)]));
    case 'array':
      return s.items ? [sample(s.items, depth + 1)] : [];
    case 'string':
      return stringSample(s);
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
    case 'boolean':
      return true;
    default:
      return 'x';
  }
}

/** The field names of a schema, nested ones as paths (`a.b`), for the hostile values to land in. */
function fieldPaths(s: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  const alternatives = (s.anyOf ?? s.oneOf ?? s.allOf) as JsonSchema[] | undefined;
  if (alternatives?.length) return alternatives.flatMap((a) => fieldPaths(a, prefix, depth + 1));
  if (depth > 4 || !s.properties) return [];
  return Object.entries(s.properties as Record<string, JsonSchema>).flatMap(([k, p]) => [[...prefix, k], ...fieldPaths(p, [...prefix, k], depth + 1)]);
}

function withValue(base: unknown, path: string[], value: unknown): unknown {
  const root: Record<string, unknown> =
    base && typeof base === 'object' && !Array.isArray(base) ? (structuredClone(base as object) as Record<string, unknown>) : {};
  let at = root;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    at[key] = next && typeof next === 'object' && !Array.isArray(next) ? next : {};
    at = at[key] as Record<string, unknown>;
  }
  at[path[path.length - 1]!] = value;
  return root;
}

/** One hostile request: what goes in the body or query, and in the path. */
interface Case {
  label: string;
  /** A value to send as JSON, form fields or query; or raw text sent as it is. */
  input: { value: unknown } | { raw: string };
  params?: Record<string, string>;
  /** Multipart: a body of its own. */
  multipart?: { body: FormData | string; contentType?: string };
}

function casesFor(def: RouteDef, rng: Rng): Case[] {
  const schema = schemaOf(def);
  const base = sample(schema);
  const fields = fieldPaths(schema);
  const all: Case[] = [];

  if (def.body === 'multipart') {
    const form = (build: (f: FormData) => void) => {
      const f = new FormData();
      build(f);
      return f;
    };
    const b = 'fuzzb';
    return [
      { label: 'no file', input: { value: {} }, multipart: { body: form((f) => f.append('other', 'x')) } },
      { label: 'text for file', input: { value: {} }, multipart: { body: form((f) => f.append('file', 'a\u0000b')) } },
      { label: 'empty file', input: { value: {} }, multipart: { body: form((f) => f.append('file', new Blob([]), 'a.png')) } },
      { label: 'not an image', input: { value: {} }, multipart: { body: form((f) => f.append('file', new Blob(['%PDF-no really not']), 'a.png')) } },
      {
        label: 'two files',
        input: { value: {} },
        multipart: { body: form((f) => (f.append('file', new Blob(['a']), 'a.png'), f.append('file', new Blob(['b']), 'b.png'))) },
      },
      {
        label: 'cut off',
        input: { value: {} },
        multipart: {
          body: `--${b}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG`,
          contentType: `multipart/form-data; boundary=${b}`,
        },
      },
      { label: 'no boundary', input: { value: {} }, multipart: { body: '--x\r\n', contentType: 'multipart/form-data' } },
      { label: '__proto__ field', input: { value: {} }, multipart: { body: form((f) => f.append('__proto__', 'x')) } },
      { label: 'JSON instead', input: { raw: '{"file":"x"}' } },
    ];
  }

  all.push({ label: 'missing fields', input: { value: {} } });
  all.push({ label: 'sample', input: { value: base } });
  all.push({ label: 'every field NUL', input: { value: fields.length ? Object.fromEntries(fields.map((p) => [p[0]!, 'x\u0000'])) : { extra: 'x\u0000' } } });
  for (const [label, make] of HOSTILE) {
    if (fields.length) {
      const path = rng.pick(fields);
      all.push({ label: `${path.join('.')}: ${label}`, input: { value: withValue(base, path, make()) } });
    } else all.push({ label: `extra field: ${label}`, input: { value: { extra: make() } } });
  }
  all.push({ label: 'NUL key', input: { value: { ...(base as object), 'k\u0000': 1 } } });
  if (def.method === 'GET') {
    all.push({ label: '__proto__ query', input: { raw: '__proto__[polluted]=1&constructor[prototype][polluted]=1&__proto__=x' } });
    all.push({ label: 'repeated keys', input: { raw: fields.map((p) => `${p[0]}=1&${p[0]}=2`).join('&') || 'a=1&a=2' } });
    all.push({ label: 'bad percent-encoding', input: { raw: fields.map((p) => `${p[0]}=%E0%A4%A`).join('&') || 'a=%E0%A4%A' } });
    all.push({ label: 'query over the header limit', input: { raw: `q=${'x'.repeat(20_000)}` } });
  } else {
    const json = JSON.stringify(base && typeof base === 'object' && !Array.isArray(base) ? base : {});
    const inner = json.length > 2 ? `${json.slice(1, -1)},` : '';
    all.push({ label: '__proto__ key', input: { raw: `{${inner}"__proto__":{"polluted":true}}` } });
    all.push({ label: 'constructor.prototype key', input: { raw: `{${inner}"constructor":{"prototype":{"polluted":true}}}` } });
    all.push({ label: 'array body', input: { raw: '[1,2,3]' } });
    all.push({ label: 'string body', input: { raw: '"text"' } });
    all.push({ label: 'null body', input: { raw: 'null' } });
    all.push({ label: 'malformed JSON', input: { raw: '{"a":' } });
    all.push({ label: 'nested 100000', input: { raw: `{${inner}"deep":${'['.repeat(100_000)}${']'.repeat(100_000)}}` } });
  }
  if (def.params) {
    for (const name of paramNames(def)) {
      for (const value of HOSTILE_PARAMS) all.push({ label: `param ${name}=${value.slice(0, 20)}`, input: { value: base }, params: { [name]: value } });
    }
  }

  // Always the empty request, the sample and NUL in every field; the rest a seeded pick.
  const fixed = all.splice(0, 3);
  for (let i = all.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [all[i], all[j]] = [all[j]!, all[i]!];
  }
  return [...fixed, ...all];
}

const paramNames = (def: RouteDef) => [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

function pathOf(def: RouteDef, params: Record<string, string> = {}): string {
  return API_BASE + def.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? '1');
}

const text = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function queryOf(value: unknown): string {
  const q = new URLSearchParams();
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (Array.isArray(v)) v.slice(0, 50).forEach((item) => q.append(k, text(item)));
      else if (v !== undefined && v !== null) q.append(k, text(v));
    }
  } else q.append('value', text(value));
  return q.toString();
}

function formOf(value: unknown): URLSearchParams {
  return new URLSearchParams(queryOf(value));
}

/**
 * What a refused request must leave as it was, watched by row triggers installed in the test's
 * database: every insert, update and delete on the accounts, sessions, codes, mail, uploads,
 * audit, cards, KYC, content and chat tables (an e-mail code's wrong guesses excepted), and every row added or removed on the ledger, the
 * orders, the positions and the products (whose rows the background jobs may update on their own
 * schedule). A refusal is checked by the counter standing still: one cheap read per request.
 */
const WATCHED_ALL = [
  'users',
  'corporate_profiles',
  'mail_outbox',
  'uploads',
  'watchlist_items',
  'bank_cards',
  'wallet_addresses',
  'kyc_submissions',
  'articles',
  'article_texts',
  'app_versions',
  'access_keys',
  'block_trade_activations',
  'chat_messages',
  'service_requests',
  'withdrawals',
  'leverage_risk_acknowledgements',
];
const WATCHED_ROWS = [
  'ledger_journals',
  'ledger_entries',
  'transfers',
  'notices',
  'deposits',
  'positions',
  'position_events',
  'deals',
  'deal_subscriptions',
  'auction_orders',
  'placements',
  'placement_orders',
  'block_quotes',
  'follows',
  'follow_additions',
  'robot_orders',
  'pool_orders',
  'fund_orders',
  'fund_holdings',
  'bond_holdings',
  'loans',
  'loan_repayments',
];

async function watchWrites(h: Harness) {
  await h.db.query('create table fuzz_writes (tbl text primary key, n bigint not null)');
  await h.db.query(`create function fuzz_count() returns trigger language plpgsql as $$
    begin
      insert into fuzz_writes (tbl, n) values (tg_table_name, 1) on conflict (tbl) do update set n = fuzz_writes.n + 1;
      return null;
    end $$`);
  const watch = (table: string, events: string, when = '') =>
    h.db.query(`create trigger fuzz_watch after ${events} on ${table} for each row ${when} execute function fuzz_count()`);
  for (const t of WATCHED_ALL) await watch(t, 'insert or update or delete');
  for (const t of WATCHED_ROWS) await watch(t, 'insert or delete');
  await watch('sessions', 'insert or delete or update of revoked_at');
  // What a person did (the jobs record their own steps, a deal opening on its date, with no actor).
  await watch('audit_log', 'insert', 'when (new.actor_id is not null)');
  // A wrong e-mail code is counted against its guesses on purpose, refused or not: only a code sent or used up is a change.
  await watch('email_codes', 'insert or delete or update of consumed_at');
  // A user's wallet opened; the house's own accounts are opened by the jobs when they need them.
  await watch('ledger_accounts', 'insert', 'when (new.user_id is not null)');
}

type Caller = 'signed out' | 'investor' | 'operator';

describe.each(await drivers())('fuzz on %s', (driver) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startServer(driver, { RATE_LIMIT_FACTOR: '1000' });
    await watchWrites(h);
  }, 120_000);
  afterAll(() => h.close());

  /** Writes so far per watched table, e.g. `ledger_entries=4,users=2`. */
  const fingerprint = async () =>
    (await h.db.query<{ f: string | null }>("select string_agg(tbl || '=' || n, ',' order by tbl) as f from fuzz_writes"))[0]!.f ?? '';

  it('answers every hostile request with the envelope, never a 5xx, and a refusal changes nothing', async () => {
    const rng = prng(SEED);
    const tokens: Record<Caller, string | undefined> = { 'signed out': undefined, investor: (await registerUser(h)).token, operator: await operatorToken(h) };
    const failures: string[] = [];
    let requests = 0;
    const covered = new Set<RouteId>();
    const entries = (Object.entries(routes) as Array<[RouteId, RouteDef]>).filter(([, def]) => !def.path.includes('/test/'));

    /** A 200 may have signed a caller out (logout, a disabled investor): sign in again. */
    async function keepSignedIn() {
      if ((await call(h, 'GET', '/web/api/user/info', { token: tokens.investor })).code !== 200) tokens.investor = (await registerUser(h)).token;
      if ((await call(h, 'GET', '/web/api/user/info', { token: tokens.operator })).code !== 200) tokens.operator = await operatorToken(h);
    }

    async function send(def: RouteDef, c: Case, caller: Caller) {
      const headers: Record<string, string> = {};
      const token = tokens[caller];
      if (token) headers.authorization = `Bearer ${token}`;
      if (def.idempotency && rng.next() < 0.9) headers['idempotency-key'] = rng.next() < 0.05 ? 'k'.repeat(150) : `fuzz-${requests}-${rng.int(1e9)}`;
      if (rng.next() < 0.2) headers.languages = rng.pick(['nl', 'zh_Hans_CN', 'xx']);
      let url = pathOf(def, c.params);
      let body: string | FormData | URLSearchParams | undefined;
      if (c.multipart) {
        body = c.multipart.body;
        if (c.multipart.contentType) headers['content-type'] = c.multipart.contentType;
      } else if (def.method === 'GET') {
        const q = 'raw' in c.input ? c.input.raw : queryOf(c.input.value);
        if (q) url += `?${q}`;
      } else if (def.body === 'form' && 'value' in c.input) {
        body = formOf(c.input.value);
      } else {
        headers['content-type'] = 'application/json';
        body = 'raw' in c.input ? c.input.raw : JSON.stringify(c.input.value);
      }
      requests++;
      const res = await fetch(h.base + url, { method: def.method, headers, body: body ?? null });
      return { status: res.status, cacheControl: res.headers.get('cache-control'), text: await res.text() };
    }

    /** What is wrong with an answer, if anything. */
    function problemOf(def: RouteDef, id: RouteId, answer: { status: number; cacheControl: string | null; text: string }): string | undefined {
      let json: { code?: unknown; msg?: unknown; data?: { key?: unknown } };
      try {
        json = JSON.parse(answer.text);
      } catch {
        return 'not JSON';
      }
      if (typeof json.code !== 'number' || typeof json.msg !== 'string' || !('data' in json)) return 'not an envelope';
      if (json.code !== answer.status) return `envelope code ${json.code} on HTTP ${answer.status}`;
      if (answer.status >= 500) return 'a 5xx';
      if (answer.status !== 200 && (answer.status < 400 || answer.status > 499)) return `status ${answer.status}`;
      if (answer.status !== 200 && (typeof json.data?.key !== 'string' || !isMessageKey(json.data.key))) return 'refusal without a message key';
      const personal =
        def.auth !== 'public' ||
        ['getEmailCode', 'register', 'registerEmail', 'registerFull', 'login', 'resetPassword', 'operatorLogin', 'fileUpload'].includes(id);
      if ((personal || answer.status !== 200) && answer.cacheControl !== 'no-store') return `cache-control ${answer.cacheControl}`;
      return undefined;
    }

    for (const [id, def] of entries) {
      covered.add(id);
      const cases = casesFor(def, rng);
      const isAdmitted = (caller: Caller) =>
        def.auth === 'public' || (def.auth === 'user' && caller !== 'signed out') || (def.auth === 'operator' && caller === 'operator');
      const order: Caller[] =
        def.auth === 'operator'
          ? ['operator', 'investor', 'signed out']
          : def.auth === 'user'
            ? ['investor', 'operator', 'signed out']
            : ['signed out', 'investor', 'operator'];
      const admittedCallers = order.filter(isAdmitted);
      const share = Math.ceil(CASES_PER_ROUTE / admittedCallers.length);
      let next = 0;
      for (const caller of order) {
        const admitted = isAdmitted(caller);
        // The turned-away callers get a hostile case from the end of the shuffled list.
        const picked = admitted ? cases.slice(next, (next += share)) : [cases[cases.length - 1 - order.indexOf(caller)]!];
        let baseline = await fingerprint();
        for (const c of picked) {
          const answer = await send(def, c, caller);
          const problem = problemOf(def, id, answer);
          if (problem) failures.push(`${caller} ${def.method} ${def.path} [${c.label}]: ${problem}: ${answer.status} ${answer.text.slice(0, 160)}`);
          if (answer.status === 200) {
            if (!admitted) failures.push(`${caller} ${def.method} ${def.path} [${c.label}]: answered 200 past its sign-in check`);
            if (def.method === 'POST') await keepSignedIn();
            baseline = await fingerprint();
            continue;
          }
          // A refusal wrote nothing.
          const after = await fingerprint();
          if (after !== baseline)
            failures.push(`${caller} ${def.method} ${def.path} [${c.label}]: refused with ${answer.status} but wrote (${baseline} -> ${after})`);
          baseline = after;
        }
      }
    }

    console.log(`fuzz: ${requests} requests over ${covered.size} routes (${driver})`);
    // The watch saw the writes of the calls that were taken (the investor's registration at least).
    expect(await fingerprint()).toMatch(/(^|,)users=\d+/);
    expect(covered.size).toBe(entries.length);
    expect(entries.length).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses a time outside the calendar years on every route that takes one, with the field named in its message, and changes nothing', async () => {
    // Found in the contract (timestamps.ts): a route given a zTimestamp tomorrow is swept without being listed here.
    const fields = timeFields();
    const tokens = { investor: (await registerUser(h)).token, operator: await operatorToken(h) };
    const failures: string[] = [];
    const locales: Locale[] = ['en', 'nl', 'zh_Hans_CN'];
    const MARK = 'fuzz-edge-value';
    const DAY_MS = 86_400_000;
    let sent = 0;

    /** Every time of the route inside the years, one day apart in the order they are declared: opens before closes, a prospectus before both. */
    function validRequest(f: TimeField) {
      let body = sample(schemaOf(f.def));
      const params: Record<string, string> = {};
      fields
        .filter((g) => g.id === f.id)
        .forEach((g, i) => {
          const at = SOME_INSTANT + i * DAY_MS;
          const value = g.kind === 'instant' ? at : g.kind === 'day' ? new Date(Date.parse(SOME_DAY) + i * DAY_MS).toISOString().slice(0, 10) : SOME_MONTH;
          if (g.where === 'params') params[g.path[0]!] = String(value);
          else body = withValue(body, g.path, sentAsText(g) ? String(value) : value);
        });
      return { body, params };
    }

    /** The request with the field set to `json` (JSON text, or its text where the request is text). */
    async function send(f: TimeField, req: ReturnType<typeof validRequest>, json: string | undefined, locale: Locale) {
      const asText = json === undefined ? undefined : json.startsWith('"') ? (JSON.parse(json) as string) : json;
      const headers: Record<string, string> = { languages: locale };
      const token = f.def.auth === 'operator' ? tokens.operator : f.def.auth === 'user' ? tokens.investor : undefined;
      if (token) headers.authorization = `Bearer ${token}`;
      if (f.def.idempotency) headers['idempotency-key'] = `fuzz-time-${sent}`;
      const params = f.where === 'params' && asText !== undefined ? { ...req.params, [f.path[0]!]: asText } : req.params;
      const body = f.where === 'request' && json !== undefined ? withValue(req.body, f.path, asText !== undefined && sentAsText(f) ? asText : MARK) : req.body;
      let url = pathOf(f.def, params);
      let payload: string | URLSearchParams | undefined;
      if (f.def.method === 'GET') url += `?${queryOf(body)}`;
      else if (f.def.body === 'form') payload = formOf(body);
      else {
        headers['content-type'] = 'application/json';
        // The edge as the client wrote it: 1e400 and 2^53 + 1 are no JavaScript numbers.
        payload = JSON.stringify(body).replace(JSON.stringify(MARK), json ?? '');
      }
      sent++;
      const res = await fetch(h.base + url, { method: f.def.method, headers, body: payload ?? null });
      return {
        status: res.status,
        json: JSON.parse(await res.text()) as { code: number; msg: string; data: { key?: string; fields?: Record<string, string> } },
      };
    }

    for (const [i, f] of fields.entries()) {
      const name = `${f.def.method} ${f.def.path} ${f.path.join('.')}`;
      const key = f.path.join('.');
      const req = validRequest(f);
      // Whether the rest of the request is well formed too: then the time is the only thing refused, and the answer's message is its.
      const whole = f.def.request.safeParse(req.body).success && (!f.def.params || f.def.params.safeParse(req.params).success);
      const ok = await send(f, req, undefined, 'en');
      if (ok.status >= 500 || ['v.timestampRange', 'v.monthRange'].includes(ok.json.data.fields?.[key] ?? '')) {
        failures.push(`${name} [inside the years]: ${ok.status} ${JSON.stringify(ok.json.data)}`);
      }
      const edges = f.kind === 'instant' ? INSTANT_EDGES : (f.kind === 'day' ? DAY_EDGES : MONTH_EDGES).map((d): [string, string] => [d, JSON.stringify(d)]);
      for (const [j, [label, json]] of edges.entries()) {
        const locale = locales[(i + j) % locales.length]!;
        const seenAs = sentAsText(f) ? (json.startsWith('"') ? JSON.parse(json) : json) : JSON.parse(json);
        const expected = refusal(f.schema, seenAs);
        if (!expected) {
          failures.push(`${name} [${label}]: the contract takes it`);
          continue;
        }
        const before = await fingerprint();
        const { status, json: answer } = await send(f, req, json, locale);
        const got = answer.data?.key;
        const problems = [
          status !== 400 || answer.code !== 400 ? `status ${status}` : '',
          answer.data?.fields?.[key] !== expected ? `field ${JSON.stringify(answer.data?.fields)}, not ${expected}` : '',
          !got || !isMessageKey(got) || answer.msg !== translate(locale, got) ? `msg ${answer.msg} for ${got} in ${locale}` : '',
          whole && got !== expected ? `key ${got}, not ${expected}` : '',
          (await fingerprint()) !== before ? 'wrote' : '',
        ].filter(Boolean);
        if (problems.length) failures.push(`${name} [${label}]: ${problems.join('; ')}`);
      }
    }

    console.log(`fuzz: ${sent} time requests over ${fields.length} fields of ${new Set(fields.map((f) => f.id)).size} routes (${driver})`);
    // The wallet bill's days and the statement's months at least (routes/wallet.ts, statements.ts).
    expect(fields.map((f) => `${f.id}.${f.path.join('.')}`)).toEqual(
      expect.arrayContaining(['walletBill.from', 'walletBill.to', 'statement.month', 'operatorStatement.month']),
    );
    expect(failures).toEqual([]);
  }, 300_000);
});
