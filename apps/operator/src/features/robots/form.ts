import { compareDecimal, isMessageKey, translate, zAmount, zRobotCreate, type MessageKey, type RobotKind } from '@tradeapp/contract';
import { formRefusalOf, type FormRefusal } from '../../ui/errors';
import type { RobotCreateInput } from './api';
import type { GridMode } from './labels';

// The "new robot" form: what the operator types, the request it makes, the checks the browser can
// make before sending it (the contract's schema, and the obvious ranges in plain words), and where
// the server's refusals go. The server checks the parameters again against the pair's live price and
// tick (a grid whose levels collide, a DCA robot that would spend more than its capital): those
// refusals arrive in its own words.

export type RobotForm = {
  symbol: string;
  kind: RobotKind;
  rangePercent: string;
  cells: string;
  mode: GridMode;
  firstOrderPercent: string;
  safetyOrderPercent: string;
  safetyOrders: string;
  deviationPercent: string;
  takeProfitPercent: string;
  cycleDays: string;
  rent: string;
  price: string;
  energy: string;
  minAmount: string;
  maxAmount: string;
  reason: string;
};

export type FormField = keyof RobotForm;

export const GRID_FIELDS = ['rangePercent', 'cells', 'mode'] as const satisfies readonly FormField[];
export const DCA_FIELDS = [
  'firstOrderPercent',
  'safetyOrderPercent',
  'safetyOrders',
  'deviationPercent',
  'takeProfitPercent',
] as const satisfies readonly FormField[];
const PARAM_FIELDS: readonly FormField[] = [...GRID_FIELDS, ...DCA_FIELDS];

export const emptyForm = (): RobotForm => ({
  symbol: '',
  kind: 'grid',
  rangePercent: '',
  cells: '',
  mode: 'arithmetic',
  firstOrderPercent: '',
  safetyOrderPercent: '',
  safetyOrders: '',
  deviationPercent: '',
  takeProfitPercent: '',
  cycleDays: '',
  rent: '',
  price: '',
  energy: '',
  minAmount: '',
  maxAmount: '',
  reason: '',
});

/** The request's path of a field, as the server names it in a refusal (`params.cells`). */
export const pathOf = (field: FormField): string => (PARAM_FIELDS.includes(field) ? `params.${field}` : field);

/** The form's field of a path the server or the schema names; null for one the form does not show. */
export function fieldOf(path: string): FormField | null {
  const name = path.startsWith('params.') ? path.slice('params.'.length) : path;
  return name in emptyForm() && name !== 'kind' ? (name as FormField) : null;
}

/** A whole number as typed; NaN for anything else (the checks then name the field). */
const whole = (text: string) => (/^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/** The form as the contract's request. */
export function inputOf(f: RobotForm): RobotCreateInput {
  const params: RobotCreateInput['params'] =
    f.kind === 'grid'
      ? { kind: 'grid', rangePercent: f.rangePercent.trim(), cells: whole(f.cells), mode: f.mode }
      : {
          kind: 'dca',
          firstOrderPercent: f.firstOrderPercent.trim(),
          safetyOrderPercent: f.safetyOrderPercent.trim(),
          safetyOrders: whole(f.safetyOrders),
          deviationPercent: f.deviationPercent.trim(),
          takeProfitPercent: f.takeProfitPercent.trim(),
        };
  return {
    symbol: f.symbol.trim().toUpperCase(),
    params,
    cycleDays: whole(f.cycleDays),
    rent: f.rent.trim(),
    price: f.price.trim(),
    energy: whole(f.energy),
    minAmount: f.minAmount.trim(),
    maxAmount: f.maxAmount.trim(),
    reason: f.reason.trim(),
  };
}

const en = (key: MessageKey) => translate('en', key);

/** The ranges of the whole-number fields, as the contract's schema has them. */
export const WHOLE_RANGES = {
  cells: [2, 100],
  safetyOrders: [0, 20],
  cycleDays: [1, 365],
  energy: [1, 100_000],
} as const satisfies Partial<Record<FormField, readonly [number, number]>>;

const PERCENT = /^\d{1,9}(\.\d{1,8})?$/;

function percentProblem(text: string): string | null {
  const v = text.trim();
  if (v === '') return en('v.fillRequired');
  if (!PERCENT.test(v)) return en('v.robotParams');
  if (compareDecimal(v, '0') !== 1 || compareDecimal(v, '100') !== -1) return 'A percentage above 0 and below 100';
  return null;
}

function wholeProblem(text: string, [min, max]: readonly [number, number]): string | null {
  if (text.trim() === '') return en('v.fillRequired');
  const n = whole(text);
  return Number.isInteger(n) && n >= min && n <= max ? null : `A whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}`;
}

function amountProblem(text: string): string | null {
  const parsed = zAmount.safeParse(text.trim());
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message ?? 'v.amountRule';
  return isMessageKey(message) ? en(message) : message;
}

/** Whether a symbol is one of the crypto pairs (by symbol, "BTCUSDT", or by code, "BTC/USDT"). */
export function isCryptoPair(symbol: string, pairs: readonly { symbol: string; stock_code: string }[]): boolean {
  const s = symbol.trim().toUpperCase();
  return pairs.some((p) => p.symbol.toUpperCase() === s || p.stock_code.toUpperCase() === s);
}

/**
 * The browser-side checks: each shown field's first problem, in English. `pairs` are the crypto
 * pairs when the list has loaded (a symbol not among them is refused here, as the server would).
 * The checks that need the live price and the pair's tick, or that weigh the parameters together,
 * are the server's.
 */
export function checkForm(f: RobotForm, pairs?: readonly { symbol: string; stock_code: string }[]): Partial<Record<FormField, string>> {
  const errors: Partial<Record<FormField, string>> = {};
  const put = (field: FormField, problem: string | null) => {
    if (problem && !errors[field]) errors[field] = problem;
  };

  if (f.symbol.trim() === '') put('symbol', en('v.fillRequired'));
  else if (pairs && pairs.length > 0 && !isCryptoPair(f.symbol, pairs)) put('symbol', en('e.robotNotCrypto'));

  if (f.kind === 'grid') {
    put('rangePercent', percentProblem(f.rangePercent));
    put('cells', wholeProblem(f.cells, WHOLE_RANGES.cells));
  } else {
    put('firstOrderPercent', percentProblem(f.firstOrderPercent));
    put('safetyOrderPercent', percentProblem(f.safetyOrderPercent));
    put('safetyOrders', wholeProblem(f.safetyOrders, WHOLE_RANGES.safetyOrders));
    put('deviationPercent', percentProblem(f.deviationPercent));
    put('takeProfitPercent', percentProblem(f.takeProfitPercent));
  }

  put('cycleDays', wholeProblem(f.cycleDays, WHOLE_RANGES.cycleDays));
  put('energy', wholeProblem(f.energy, WHOLE_RANGES.energy));
  for (const field of ['rent', 'price', 'minAmount', 'maxAmount'] as const) put(field, amountProblem(f[field]));
  if (!errors.minAmount && !errors.maxAmount && compareDecimal(f.minAmount.trim(), f.maxAmount.trim()) === 1) put('minAmount', en('e.robotBounds'));
  if (f.reason.trim() === '') put('reason', en('e.reasonRequired'));

  // The contract's schema last, for anything the words above do not cover.
  const parsed = zRobotCreate.safeParse(inputOf(f));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.'));
      if (field) put(field, isMessageKey(issue.message) ? en(issue.message) : en('v.invalidValue'));
    }
  }
  return errors;
}

/** Where a refusal of the server's, named by its key but not by a field, belongs on the form. */
const FIELD_OF_KEY: Partial<Record<MessageKey, (kind: RobotKind) => FormField | null>> = {
  'e.robotNotCrypto': () => 'symbol',
  // The symbol is not on the market at all.
  'e.notFound': () => 'symbol',
  'e.robotGrid': () => 'cells',
  'e.robotBounds': () => 'minAmount',
  // For a grid only its range can be out of bounds; for DCA it is the parameters together.
  'e.robotParams': (kind) => (kind === 'grid' ? 'rangePercent' : null),
  'e.reasonRequired': () => 'reason',
};

/**
 * A refusal of the server's: its message, to show above the form, and the fields it is about,
 * each with the problem to show under it (the form's fields only).
 */
export function refusalOf(error: unknown, kind: RobotKind): FormRefusal<FormField> {
  return formRefusalOf(
    error,
    fieldOf,
    (key) => FIELD_OF_KEY[key]?.(kind),
    (key, message) => (key === 'e.notFound' ? 'No pair of this symbol on the market' : message),
  );
}
