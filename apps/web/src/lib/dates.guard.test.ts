import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every date a screen shows goes through lib/format.ts, in the reader's language. A slice of an ISO
// text or a locale-less toLocaleString writes the date in the device's or UTC's own way instead.
// An exception must say why here.

const ROOT = join(__dirname, '..');
const ALLOWED: Record<string, string> = {};

const HAND_MADE: Array<[RegExp, string]> = [
  [/toISOString\(\)\s*\.\s*slice\(/, 'an ISO text cut by hand (use isoDayOf for a value, formatUtcDay for a text)'],
  [/\.toLocale(Date|Time)?String\(\s*\)/, 'a date or number in the device’s locale, not the reader’s'],
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('dates on the screens', () => {
  it('are never formatted by hand', () => {
    const found: string[] = [];
    for (const file of sources(ROOT)) {
      const name = relative(ROOT, file);
      if (ALLOWED[name]) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [pattern, why] of HAND_MADE) if (pattern.test(line)) found.push(`${name}:${i + 1}: ${why}`);
        });
    }
    expect(found).toEqual([]);
  });

  it('finds what it looks for', () => {
    const [iso, locale] = HAND_MADE.map(([pattern]) => pattern);
    expect(iso!.test('new Date(ms).toISOString().slice(0, 10)')).toBe(true);
    expect(locale!.test('n.toLocaleString()')).toBe(true);
    expect(locale!.test('d.toLocaleDateString( )')).toBe(true);
    expect(locale!.test("n.toLocaleString('en')")).toBe(false);
    expect(iso!.test('<time dateTime={new Date(ms).toISOString()}>')).toBe(false);
  });
});
