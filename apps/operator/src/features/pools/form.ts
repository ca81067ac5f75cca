import {
  compareDecimal,
  isMessageKey,
  POOL_MAX_FEE_PERCENT,
  POOL_RULES,
  quantifyOperatorRoutes,
  translate,
  zAmount,
  zPoolCreate,
  type MessageKey,
  type PoolRule,
} from '@tradeapp/contract';
import { formRefusalOf, type FormRefusal } from '../../ui/errors';
import type { PoolCreateInput } from './api';

// The "new pool" form: what the operator types, the request it makes, the checks the browser can
// make before sending it (the contract's zPoolCreate, and the fee's ceiling in plain words), and
// where the server's refusals go. The issue-key field is checked here too, by the contract's request.

export type PoolForm = {
  /** Empty until the operator chooses one. */
  rule: PoolRule | '';
  private: boolean;
  feePercent: string;
  minAmount: string;
  reason: string;
};

export type FormField = keyof PoolForm;

export const emptyForm = (): PoolForm => ({ rule: '', private: false, feePercent: '', minAmount: '', reason: '' });

const isRule = (value: string): value is PoolRule => (POOL_RULES as readonly string[]).includes(value);

/** The form's field of a path the server or the schema names; null for one the form does not show. */
export function fieldOf(path: string): FormField | null {
  return path in emptyForm() ? (path as FormField) : null;
}

/** The form as the contract's request (a rule not chosen yet stays empty: the schema then names the field). */
export function inputOf(f: PoolForm): PoolCreateInput {
  return {
    rule: f.rule as PoolRule,
    private: f.private,
    feePercent: f.feePercent.trim(),
    minAmount: f.minAmount.trim(),
    reason: f.reason.trim(),
  };
}

const en = (key: MessageKey) => translate('en', key);
const wordsOf = (message: string) => (isMessageKey(message) ? en(message) : en('v.invalidValue'));

function feeProblem(text: string): string | null {
  const v = text.trim();
  if (v === '') return en('v.fillRequired');
  const parsed = zPoolCreate.shape.feePercent.safeParse(v);
  if (!parsed.success) return wordsOf(parsed.error.issues[0]?.message ?? 'v.poolFee');
  // The schema takes one digit before the point; the ceiling is the contract's.
  return compareDecimal(v, String(POOL_MAX_FEE_PERCENT)) === 1 ? en('v.poolFee') : null;
}

function amountProblem(text: string): string | null {
  const v = text.trim();
  const parsed = zAmount.safeParse(v);
  if (!parsed.success) return wordsOf(parsed.error.issues[0]?.message ?? 'v.amountRule');
  const exact = zPoolCreate.shape.minAmount.safeParse(v);
  return exact.success ? null : wordsOf(exact.error.issues[0]?.message ?? 'v.amountRule');
}

/** The browser-side checks: each field's first problem, in English. */
export function checkForm(f: PoolForm): Partial<Record<FormField, string>> {
  const errors: Partial<Record<FormField, string>> = {};
  const put = (field: FormField, problem: string | null) => {
    if (problem && !errors[field]) errors[field] = problem;
  };

  if (!isRule(f.rule)) put('rule', en('v.fillRequired'));
  put('feePercent', feeProblem(f.feePercent));
  put('minAmount', amountProblem(f.minAmount));
  if (f.reason.trim() === '') put('reason', en('e.reasonRequired'));

  // The contract's schema last, for anything the words above do not cover.
  const parsed = zPoolCreate.safeParse(inputOf(f));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOf(issue.path.map(String).join('.'));
      if (field) put(field, field === 'rule' ? en('v.fillRequired') : wordsOf(issue.message));
    }
  }
  return errors;
}

/** Where a refusal of the server's, named by its key but not by a field, belongs on the form. */
const FIELD_OF_KEY: Partial<Record<MessageKey, FormField>> = {
  'e.poolFee': 'feePercent',
  'v.poolFee': 'feePercent',
  'v.amountRule': 'minAmount',
  'e.reasonRequired': 'reason',
};

/**
 * A refusal of the server's: its message, to show above the form, and the fields it is about,
 * each with the problem to show under it (the form's fields only).
 */
export function refusalOf(error: unknown): FormRefusal<FormField> {
  return formRefusalOf(error, fieldOf, (key) => FIELD_OF_KEY[key]);
}

/** The issue-key field's problem (the contract's request: required, at most 100 characters), in English; null when it may go. */
export function investorProblem(investor: string): string | null {
  const parsed = quantifyOperatorRoutes.operatorPoolIssueKey.request.safeParse({ investor });
  return parsed.success ? null : wordsOf(parsed.error.issues[0]?.message ?? 'v.enterUserId');
}
