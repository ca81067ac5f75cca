import { MESSAGES } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { nl } from './nl';
import { zhHans } from './zh-Hans';

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (Array.isArray(value)) return value.flatMap((item, i) => leafKeys(item, `${prefix}[${i}]`));
  if (typeof value !== 'object' || value === null) return [`${prefix}:<${typeof value}>`];
  return Object.entries(value).flatMap(([key, inner]) => leafKeys(inner, prefix ? `${prefix}.${key}` : key));
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? '').sort();
}

function leaves(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key));
}

describe('UI message files', () => {
  const reference = leafKeys(en).sort();

  it.each([
    ['nl', nl],
    ['zh-Hans', zhHans],
  ])('%s has exactly the English keys', (_name, messages) => {
    const keys = leafKeys(messages).sort();
    expect(
      keys.filter((k) => !reference.includes(k)),
      'extra keys',
    ).toEqual([]);
    expect(
      reference.filter((k) => !keys.includes(k)),
      'missing keys',
    ).toEqual([]);
  });

  it.each([
    ['nl', nl],
    ['zh-Hans', zhHans],
  ])('%s keeps every {{placeholder}} and has no empty text', (_name, messages) => {
    const theirs = new Map(leaves(messages));
    for (const [key, text] of leaves(en)) {
      const other = theirs.get(key) ?? '';
      expect(other.trim(), key).not.toBe('');
      expect(placeholders(other), key).toEqual(placeholders(text));
    }
  });

  it('server messages exist in all three wire locales (contract)', () => {
    const keys = Object.keys(MESSAGES.en).sort();
    expect(Object.keys(MESSAGES.nl).sort()).toEqual(keys);
    expect(Object.keys(MESSAGES.zh_Hans_CN).sort()).toEqual(keys);
  });
});
