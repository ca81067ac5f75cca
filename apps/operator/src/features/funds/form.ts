import {
  addDecimal,
  compareDecimal,
  isMessageKey,
  REGULAR_TERM_DAYS,
  translate,
  zAmount,
  zDepositIncomeDeclare,
  zFundCreate,
  type FundProductKind,
  type MessageKey,
} from '@tradeapp/contract';
import { formRefusalOf, type FormRefusal } from '../../ui/errors';
import type { FundCreateInput } from './api';
import { firstDeclarableDay, lastDeclarableDay } from './labels';

// The "new product" form and the income form of a Current term: what the operator types, the request
// it makes, the checks the browser makes before sending it (the contract's zFundCreate and
// zDepositIncomeDeclare, plus what they cannot say alone: the fields each kind needs, a basket whose
// weights add up to exactly 1, a day not yet begun and not yet declared), and where the server's
// refusals go.

export type BasketRow = { symbol: string; weight: string };

export type FundForm = {
  kind: FundProductKind;
  code: string;
  name: string;
  minAmount: string;
  basket: BasketRow[];
  expensePercent: string;
  timeZone: string;
  cutoff: string;
  lockInDays: string;
  /** One of REGULAR_TERM_DAYS, as text; empty until chosen. */
  termDays: string;
  ratePercent: string;
  penaltyPercent: string;
  reason: string;
};

export type ScalarField = Exclude<keyof FundForm, 'basket'>;

/**
 * The form's errors by field: the scalar fields by name, the basket as a whole as `basket`, and one
 * row's symbol or weight as `basket.<row>.symbol` / `basket.<row>.weight`.
 */
export type FormErrors = Record<string, string>;

export const emptyRow = (): BasketRow => ({ symbol: '', weight: '' });

export const emptyForm = (): FundForm => ({
  kind: 'fund',
  code: '',
  name: '',
  minAmount: '',
  basket: [emptyRow(), emptyRow()],
  expensePercent: '',
  /** Empty: the exchange of the basket's largest holding. */
  timeZone: '',
  cutoff: '15:00',
  lockInDays: '0',
  termDays: '',
  ratePercent: '',
  penaltyPercent: '',
  reason: '',
});

const SCALARS = new Set<string>(Object.keys(emptyForm()).filter((key) => key !== 'basket'));

/** The form's field of a path the server or the schema names (`basket.1.weight`, `code`); null for one the form does not show. */
export function fieldOf(path: string): string | null {
  if (SCALARS.has(path)) return path;
  if (path === 'basket') return path;
  const row = /^basket\.(\d+)\.(symbol|weight)$/.exec(path);
  return row ? path : null;
}

/** The rows the operator filled in (a row left blank is no part of the basket). */
const filledRows = (rows: BasketRow[]) => rows.filter((row) => row.symbol.trim() !== '' || row.weight.trim() !== '');

/** The form as the contract's request, with only the fields of its kind. */
export function inputOf(f: FundForm): FundCreateInput {
  const common = { kind: f.kind, code: f.code.trim(), name: f.name.trim(), minAmount: f.minAmount.trim(), reason: f.reason.trim() };
  if (f.kind === 'fund') {
    return {
      ...common,
      basket: filledRows(f.basket).map((row) => ({ symbol: row.symbol.trim().toUpperCase(), weight: row.weight.trim() })),
      expensePercent: f.expensePercent.trim(),
      ...(f.timeZone ? { timeZone: f.timeZone } : {}),
      cutoff: f.cutoff.trim(),
      lockInDays: Number(f.lockInDays.trim()),
    };
  }
  if (f.kind === 'regular') {
    return { ...common, termDays: Number(f.termDays), ratePercent: f.ratePercent.trim(), penaltyPercent: f.penaltyPercent.trim() };
  }
  return common;
}

const en = (key: MessageKey) => translate('en', key);
const wordsOf = (message: string) => (isMessageKey(message) ? en(message) : en('v.invalidValue'));

/** A field of zFundCreate checked alone: the first problem in English, or null. */
function schemaProblem(field: keyof typeof zFundCreate.shape, value: unknown): string | null {
  const parsed = zFundCreate.shape[field].safeParse(value);
  return parsed.success ? null : wordsOf(parsed.error.issues[0]?.message ?? 'v.invalidValue');
}

/** A required text field: "Please fill in the required information" when empty, else the schema's words. */
function required(field: keyof typeof zFundCreate.shape, text: string, missing: MessageKey = 'v.fillRequired'): string | null {
  return text.trim() === '' ? en(missing) : schemaProblem(field, text.trim());
}

function amountProblem(text: string): string | null {
  const parsed = zAmount.safeParse(text.trim());
  if (!parsed.success) return wordsOf(parsed.error.issues[0]?.message ?? 'v.amountRule');
  return schemaProblem('minAmount', text.trim());
}

/** The basket's problems: each row's symbol and weight, a symbol twice, and weights that do not add up to exactly 1. */
export function basketErrors(rows: BasketRow[]): FormErrors {
  const errors: FormErrors = {};
  const filled = rows.map((row, index) => ({ row, index })).filter(({ row }) => row.symbol.trim() !== '' || row.weight.trim() !== '');
  if (filled.length === 0) {
    errors.basket = 'Add at least one instrument with its weight';
    return errors;
  }
  const seen = new Set<string>();
  let sum: string | null = '0';
  for (const { row, index } of filled) {
    const symbol = row.symbol.trim().toUpperCase();
    const weight = row.weight.trim();
    if (symbol === '') errors[`basket.${String(index)}.symbol`] = en('v.fillRequired');
    else if (seen.has(symbol)) errors[`basket.${String(index)}.symbol`] = `${symbol} is already in the basket`;
    seen.add(symbol);
    const weightOk = /^0?\.\d{1,4}$|^1(\.0{1,4})?$/.test(weight) && compareDecimal(weight, '0') === 1;
    if (weight === '') errors[`basket.${String(index)}.weight`] = en('v.fillRequired');
    else if (!weightOk) errors[`basket.${String(index)}.weight`] = en('v.fundWeight');
    sum = weightOk && sum !== null ? addDecimal(sum, weight) : null;
  }
  if (sum !== null && compareDecimal(sum, '1') !== 0) errors.basket = `The weights add up to ${sum}; they must add up to exactly 1`;
  return errors;
}

/** The browser-side checks: each field's first problem, in English; nothing for a form that may go. */
export function checkForm(f: FundForm): FormErrors {
  const errors: FormErrors = {};
  const put = (field: string, problem: string | null) => {
    if (problem && !errors[field]) errors[field] = problem;
  };

  put('code', required('code', f.code));
  put('name', required('name', f.name));
  put('minAmount', amountProblem(f.minAmount));
  if (f.kind === 'fund') {
    Object.entries(basketErrors(f.basket)).forEach(([field, problem]) => put(field, problem));
    put('expensePercent', required('expensePercent', f.expensePercent));
    put('cutoff', required('cutoff', f.cutoff));
    const lockIn = f.lockInDays.trim();
    put(
      'lockInDays',
      lockIn === '' ? en('v.fillRequired') : /^\d+$/.test(lockIn) && Number(lockIn) <= 3650 ? null : 'A lock-in is a whole number of days from 0 to 3,650',
    );
  }
  if (f.kind === 'regular') {
    put('termDays', (REGULAR_TERM_DAYS as readonly number[]).includes(Number(f.termDays)) && f.termDays !== '' ? null : en('v.fillRequired'));
    put('ratePercent', required('ratePercent', f.ratePercent));
    put('penaltyPercent', required('penaltyPercent', f.penaltyPercent));
  }
  if (f.reason.trim() === '') put('reason', en('e.reasonRequired'));

  // The contract's schema last, for anything the words above do not cover.
  const parsed = zFundCreate.safeParse(inputOf(f));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.'));
      if (field) put(field, wordsOf(issue.message));
    }
  }
  return errors;
}

/** Where a refusal of the server's, named by its key but not by a field, belongs on the form. */
const FIELD_OF_KEY: Partial<Record<MessageKey, string>> = {
  'v.fundCode': 'code',
  'e.fundKindMismatch': 'code',
  'v.fundWeight': 'basket',
  'e.fundBasket': 'basket',
  'e.fundSymbol': 'basket',
  'e.fundTimeZone': 'timeZone',
  'e.fundTerm': 'termDays',
  'v.fundExpense': 'expensePercent',
  'e.fundHasHolders': 'expensePercent',
  'v.amountRule': 'minAmount',
  'e.reasonRequired': 'reason',
};

/**
 * A refusal of the server's: its message, to show above the form, and the fields it is about, each
 * with the problem to show under it (the form's fields only).
 */
export function refusalOf(error: unknown): FormRefusal<string> {
  return formRefusalOf(error, fieldOf, (key) => FIELD_OF_KEY[key]);
}

// ---- a Current term's income for a day not yet begun ----

export type IncomeForm = { day: string; incomePer10k: string };
export type IncomeField = keyof IncomeForm;

export const emptyIncome = (): IncomeForm => ({ day: '', incomePer10k: '' });

/**
 * The income form's problems: a day that has begun (today in UTC or before), one more than a year
 * ahead or one whose income is already declared cannot be chosen, and the income is the contract's
 * (0 to 10, 4 decimals).
 * `declared` are the days already declared, `YYYY-MM-DD`.
 */
export function checkIncome(f: IncomeForm, declared: readonly string[], now: number): Partial<Record<IncomeField, string>> {
  const errors: Partial<Record<IncomeField, string>> = {};
  const day = f.day.trim();
  if (day === '') errors.day = en('v.fillRequired');
  else if (!zDepositIncomeDeclare.shape.day.safeParse(day).success) errors.day = en('v.invalidValue');
  else if (day < firstDeclarableDay(now)) errors.day = 'This day has already begun: an income is declared only for a day not yet begun, never backdated';
  else if (day > lastDeclarableDay(now)) errors.day = en('e.depositIncomeDay');
  else if (declared.includes(day)) errors.day = 'An income is already declared for this day and can never be changed';
  const income = f.incomePer10k.trim();
  if (income === '') errors.incomePer10k = en('v.fillRequired');
  else {
    const parsed = zDepositIncomeDeclare.shape.incomePer10k.safeParse(income);
    if (!parsed.success) errors.incomePer10k = wordsOf(parsed.error.issues[0]?.message ?? 'v.depositIncome');
  }
  return errors;
}

/** The income form's request, once a reason is given. */
export const incomeInputOf = (f: IncomeForm, reason: string) => ({ day: f.day.trim(), incomePer10k: f.incomePer10k.trim(), reason });
