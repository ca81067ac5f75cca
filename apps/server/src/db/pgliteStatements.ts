import type { parse, PGlite, protocol } from '@electric-sql/pglite';

type PgliteModule = { protocol: typeof protocol; parse: typeof parse };

/**
 * How many statements a PGlite node keeps prepared. The texts the server sends are a few hundred;
 * the ones built per call (a list of ids spelled out) would otherwise grow without end, each holding
 * its plan in PGlite's WebAssembly memory, which never shrinks.
 */
export const PGLITE_STATEMENTS = 256;

let caches = 0;

const concat = (parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

/**
 * Every query text PGlite runs becomes a named statement, prepared once (issue 32, decision 0024):
 * PGlite's own `query` parses and plans each call again, and asks its size of every table and index
 * the plan may touch by a system call each (half the time of a portfolio answer of 200 lines went
 * there). A named statement is planned once it has a plan worth keeping (PostgreSQL's plan cache:
 * five custom plans, then the generic one when it costs no more), and a call is one message to
 * PGlite (bind, describe, execute, sync) instead of six. PostgreSQL itself replans a statement whose
 * tables change. The least recently used statement is closed beyond `capacity`.
 *
 * `run` must be called inside PGlite's query mutex (and, outside a transaction, its transaction
 * mutex), as PGlite's own `query` is.
 */
export function pgliteStatements(lite: PGlite, mod: PgliteModule, capacity = PGLITE_STATEMENTS) {
  const { serialize } = mod.protocol;
  const prepared = new Map<string, { name: string; types: number[] }>();
  const closing: string[] = [];
  // Its own names: two of these on one PGlite (tests) never close each other's statements.
  const prefix = `s${++caches}_`;
  let made = 0;

  async function prepare(text: string) {
    const name = `${prefix}${made++}`;
    const { messages } = await lite.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), {
      syncToFs: false,
    });
    return { name, types: mod.parse.parseDescribeStatementResults(messages) };
  }

  return {
    async run<T>(text: string, params: readonly unknown[] = [], inTransaction: boolean): Promise<T[]> {
      let statement = prepared.get(text);
      if (statement) {
        // The most recently used last: the first is the one to close.
        prepared.delete(text);
      } else {
        statement = await prepare(text);
        if (prepared.size >= capacity) {
          const [oldest, { name }] = prepared.entries().next().value!;
          prepared.delete(oldest);
          closing.push(name);
        }
      }
      prepared.set(text, statement);
      const { types } = statement;
      const values = params.map((p, i) => {
        if (p === null || p === undefined) return null;
        const write = lite.serializers[types[i]!];
        return write ? write(p) : String(p);
      });
      const parts = closing.splice(0).map((name) => serialize.close({ type: 'S', name }));
      parts.push(serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync());
      const { messages } = await lite.execProtocol(concat(parts), { syncToFs: !inTransaction });
      return mod.parse.parseResults(messages, lite.parsers)[0]!.rows as T[];
    },
    /** Statements held prepared now (for the test of the bound). */
    size: () => prepared.size,
  };
}
