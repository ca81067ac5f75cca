import { describe, expect, it } from 'vitest';
import { en } from './en';
import { nl } from './nl';
import { zhHans } from './zh-Hans';

function leaves(value: unknown, prefix = ''): Array<[string, string]> {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [[`${prefix}:<${typeof value}>`, '']];
  return Object.entries(value).flatMap(([key, inner]) => leaves(inner, prefix ? `${prefix}.${key}` : key));
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the back office language files', () => {
  const english = new Map(leaves(en));

  it.each([
    ['nl', nl],
    ['zh-Hans', zhHans],
  ])('%s has exactly the English keys, each translated, with the same placeholders', (_name, messages) => {
    const translated = new Map(leaves(messages));
    expect(
      [...translated.keys()].filter((key) => !english.has(key)),
      'extra keys',
    ).toEqual([]);
    expect(
      [...english.keys()].filter((key) => !translated.has(key)),
      'missing keys',
    ).toEqual([]);
    expect([...english].filter(([key, text]) => placeholders(text).join() !== placeholders(translated.get(key) ?? '').join()).map(([key]) => key)).toEqual([]);
    expect(
      [...translated].filter(([, text]) => text.trim() === '').map(([key]) => key),
      'empty texts',
    ).toEqual([]);
  });
});
