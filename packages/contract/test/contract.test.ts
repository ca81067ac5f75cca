import { describe, expect, it } from 'vitest';
import {
  AccountType,
  buildOpenApi,
  KycStatus,
  MarketSource,
  MESSAGES,
  OrderDirection,
  OrderType,
  OpenClose,
  resolveLocale,
  ReviewStatus,
  RobotMiningStatus,
  routes,
  TransactionStatus,
  translate,
  zAmount,
  zEmail,
  zPassword,
  zPhone,
  zUsername,
} from '../src/index';

describe('enumerations carry the specification codes', () => {
  it('market sources', () => {
    expect(MarketSource).toEqual({
      Stock: 0,
      Forex: 2,
      Future: 3,
      BlockTrade: 4,
      NewStock: 5,
      AuctionStock: 7,
      PlacingStock: 8,
      HKStock: 11,
      GlobalIndex: 99,
      RobotCrypto: 100,
      Bonds: 101,
      AiQuantify: 9999,
    });
  });
  it('orders, reviews, robots, accounts', () => {
    expect([OrderDirection.Buy, OrderDirection.Sell, OrderType.Market, OrderType.Limit, OpenClose.Open, OpenClose.Close]).toEqual([0, 1, 0, 1, 0, 1]);
    expect(TransactionStatus).toEqual({ InProgress: 0, Success: 1, Cancelled: 2, Processing: 3 });
    expect(ReviewStatus).toEqual({ Pending: 1, Failed: 2, Passed: 3 });
    expect(Object.values(RobotMiningStatus)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(AccountType).toEqual({ Individual: 2, Company: 4 });
    expect(KycStatus.Verified).toBe(ReviewStatus.Passed);
  });
});

describe('messages', () => {
  it('every locale has every key, none empty, placeholders kept', () => {
    const keys = Object.keys(MESSAGES.en).sort();
    for (const [locale, messages] of Object.entries(MESSAGES)) {
      expect(Object.keys(messages).sort(), locale).toEqual(keys);
      for (const key of keys) {
        const text = messages[key as keyof typeof messages];
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        // The same placeholders; their order follows each language's word order.
        const placeholders = (message: string) => (message.match(/\{\w+\}/g) ?? []).sort();
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders(MESSAGES.en[key as keyof typeof MESSAGES.en]));
      }
    }
  });
  it('fills placeholders and resolves locales', () => {
    expect(translate('en', 'e.sizeExceeded', { n: 5 })).toBe('size may not exceed 5M');
    expect(resolveLocale('zh_Hans_CN')).toBe('zh_Hans_CN');
    expect(resolveLocale(undefined, 'nl-NL,nl;q=0.9,en;q=0.8')).toBe('nl');
    expect(resolveLocale('fr', 'de-DE')).toBe('en');
  });
});

describe('field rules of section 5', () => {
  const message = (schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } }, v: unknown) =>
    schema.safeParse(v).error?.issues[0]?.message ?? 'ok';
  it('amounts: greater than 0, at most 2 decimals, never a float', () => {
    for (const ok of ['1', '0.01', '1234.5', '1000000.00']) expect(message(zAmount, ok), ok).toBe('ok');
    for (const bad of ['0', '0.00', '-1', '1.234', '1e3', '01', ' ', 'abc']) expect(message(zAmount, bad), bad).not.toBe('ok');
    expect(message(zAmount, 12.5)).toBe('v.enterCorrectAmount');
  });
  it('e-mail, user ID, password, phone', () => {
    expect(message(zEmail, 'a@b')).toBe('ok');
    expect(message(zEmail, 'ab')).toBe('v.emailFormat');
    expect(message(zEmail, '')).toBe('v.enterEmail');
    expect(message(zUsername, 'ab_1')).toBe('ok');
    expect(message(zUsername, 'ab1')).toBe('v.usernameRule');
    expect(message(zPassword, 'abc12$')).toBe('ok');
    expect(message(zPassword, 'abc12')).toBe('v.passwordRule');
    expect(message(zPhone, '123456789')).toBe('ok');
    expect(message(zPhone, '12345678')).toBe('v.phoneRule');
    expect(message(zPhone, '1234567890123')).toBe('ok');
    expect(message(zPhone, '12345678901234')).toBe('v.phoneRule');
  });
});

describe('route table', () => {
  it('has every Auth call of the specification', () => {
    const paths = Object.values(routes).map((r) => r.path);
    for (const p of [
      '/loginByUsername',
      '/register/email',
      '/new/register/email',
      '/register',
      '/getEmailCode',
      '/resetPassword',
      '/updatePassword',
      '/updatePayPassword',
      '/settingPayPassword',
      '/updateReal',
      '/getUserInfoById',
      '/api/user/info',
      '/file/upload',
      '/file/terms/upload',
    ]) {
      expect(paths).toContain(p);
    }
  });
  it('builds an OpenAPI document', () => {
    const doc = buildOpenApi(routes, 'test');
    expect(Object.keys(doc.paths)).toContain('/web/operator/users/{id}');
  });
});
