import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Every date the back office shows goes through ui/format.ts, in its one style. A slice of an ISO
// text or a locale-less toLocaleString writes the date in the device's or UTC's own way instead.
// An exception must say why here.

const ROOT = join(__dirname, '..');
const ALLOWED: Record<string, string> = {
  // Helper A's (deals) files, left to their owner: time.ts and calendar.ts step ISO days and months
  // as values; parts.tsx's count() should name a locale ('en', as the other pages do).
  'features/deals/time.ts': 'ISO days as values (addDays)',
  'features/deals/calendar.ts': 'ISO months as values',
  'features/deals/parts.tsx': 'to be fixed by the deals owner: count() without a locale',
};

const HAND_MADE: Array<[RegExp, string]> = [
  [/toISOString\(\)\s*\.\s*slice\(/, 'an ISO text cut by hand (ui/format.ts: isoDayOf for a value, formatUtcDay for a text)'],
  [/\.toLocale(Date|Time)?String\(\s*\)/, 'a date or number in the browser’s locale, not the back office’s'],
];

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('dates in the back office', () => {
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
