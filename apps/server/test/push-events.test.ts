import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { PushEvent } from '@tradeapp/contract';
import { describe, expect, it } from 'vitest';

// Every event the server publishes on the push socket must be listened to by an app, and every
// event an app listens to must be published: an event nobody consumes is work and a promise for
// nothing (the `order` event went unheard for a whole issue). Read from the sources, by the
// contract's names, so a string typed by hand on either side is caught too.

const ROOT = join(import.meta.dirname, '../../..');
const NAMES = Object.keys(PushEvent) as (keyof typeof PushEvent)[];

function sources(dir: string): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(ts|tsx)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const path = join(entry.parentPath, entry.name);
    out.push({ path: relative(ROOT, path), text: readFileSync(path, 'utf8') });
  }
  return out;
}

const server = sources(join(ROOT, 'apps/server/src'));
const apps = [...sources(join(ROOT, 'apps/web/src')), ...sources(join(ROOT, 'apps/operator/src'))];

/** Names of `PushEvent.X` passed to a publish call of the hub (directly or through a local `publish`). */
function published(): Set<string> {
  const names = new Set<string>();
  for (const { text } of server) {
    for (const m of text.matchAll(/publish\w*\(([^;]*?)\)/gs)) {
      for (const n of m[1]!.matchAll(/PushEvent\.(\w+)/g)) names.add(n[1]!);
    }
  }
  return names;
}

/** Names of `PushEvent.X` the apps refer to (a typed `on(PushEvent.X, ...)` or a comparison). */
function consumed(): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const { path, text } of apps) {
    for (const n of text.matchAll(/PushEvent\.(\w+)/g)) where.set(n[1]!, [...(where.get(n[1]!) ?? []), path]);
  }
  return where;
}

describe('push events', () => {
  it('the server publishes events only by the contract names, never as bare strings', () => {
    const wire = Object.values(PushEvent) as string[];
    const bare = server.filter(({ text }) => [...text.matchAll(/publish\w*\([^;]*?\)/gs)].some((m) => wire.some((w) => m[0].includes(`'${w}'`))));
    expect(bare.map((f) => f.path)).toEqual([]);
  });

  it('every event the server publishes has a consumer in an app, and every consumed event is published', () => {
    const pub = published();
    const con = consumed();
    // Each contract event is published somewhere: the table lists nothing the server does not send.
    expect([...pub].sort()).toEqual([...NAMES].sort());
    const unheard = NAMES.filter((n) => pub.has(n) && !con.has(n));
    expect(unheard).toEqual([]);
    const unsent = [...con.keys()].filter((n) => !pub.has(n));
    expect(unsent).toEqual([]);
  });
});
