import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// No product is forgotten (issue 32): every server module that moves an investor's money on the
// ledger answers for it in the portfolio. A module "posts" when one of its files calls the ledger's
// `postJournal`, `postRelease` or `prepareJournal`, or calls the posting functions of another
// module's `postings.ts`, which post for it (the auction holds its orders' money through trading's
// postings, on rows trading's own source never reads), whether imported through that module's door
// (`index.ts`) or, in a test's text, from the file itself. Each such module must have a `portfolio.ts`
// exporting a `create...PortfolioSource` whose source names the module, and that factory must be
// called in the list of src/portfolioSources.ts. Everything is read from the source text's syntax
// tree, so a comment or a commented-out line counts for nothing.

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const MODULES = join(SRC, 'modules');
const SOURCES_FILE = join(SRC, 'portfolioSources.ts');
const LEDGER_CALLS = new Set(['postJournal', 'postRelease', 'prepareJournal']);
const OTHER_MODULE = /^\.\.\/([^/]+)(\/postings)?$/;

const parse = (path: string, text = readFileSync(path, 'utf8')) => ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);

function walk(node: ts.Node, visit: (n: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return tsFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The name a call is made by: `postJournal(...)` and `ledger.postJournal(...)` alike. */
function calleeName(call: ts.CallExpression): string | null {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return null;
}

/** The names a module's door (its index.ts) exports from its postings.ts. */
function doorPostings(module: string): Set<string> {
  const path = join(MODULES, module, 'index.ts');
  const names = new Set<string>();
  if (!existsSync(path)) return names;
  for (const s of parse(path).statements) {
    if (!ts.isExportDeclaration(s) || s.isTypeOnly || !s.moduleSpecifier || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    if (s.moduleSpecifier.text !== './postings' || !s.exportClause || !ts.isNamedExports(s.exportClause)) continue;
    for (const el of s.exportClause.elements) if (!el.isTypeOnly) names.add(el.name.text);
  }
  return names;
}

/** Why a module posts to the ledger (`file: call`), empty when it does not. */
function postingCalls(module: string): string[] {
  const found: string[] = [];
  for (const path of tsFiles(join(MODULES, module))) {
    const file = parse(path);
    // The functions this file imports from another module's postings.ts, each with that module.
    const borrowed = new Map<string, string>();
    for (const s of file.statements) {
      if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
      const [, other, direct] = OTHER_MODULE.exec(s.moduleSpecifier.text) ?? [];
      const names = s.importClause?.namedBindings;
      if (!other || other === module || !names || !ts.isNamedImports(names)) continue;
      const posts = direct ? undefined : doorPostings(other);
      for (const el of names.elements) {
        const exported = (el.propertyName ?? el.name).text;
        if (!el.isTypeOnly && (!posts || posts.has(exported))) borrowed.set(el.name.text, other);
      }
    }
    const rel = path.slice(MODULES.length + 1);
    walk(file, (n) => {
      if (!ts.isCallExpression(n)) return;
      const name = calleeName(n);
      if (name === null) return;
      if (LEDGER_CALLS.has(name)) found.push(`${rel}: ${name}`);
      else if (ts.isIdentifier(n.expression) && borrowed.has(name)) found.push(`${rel}: ${name} (${borrowed.get(name)}/postings)`);
    });
  }
  return found;
}

const modules = readdirSync(MODULES).filter((m) => statSync(join(MODULES, m)).isDirectory());
const posting = modules.filter((m) => postingCalls(m).length > 0);

/** What a module's portfolio.ts offers: its exported source factories and the module names its sources give. */
function sourceFile(module: string) {
  const path = join(MODULES, module, 'portfolio.ts');
  if (!existsSync(path)) return null;
  const file = parse(path);
  const factories: string[] = [];
  const names: string[] = [];
  for (const s of file.statements) {
    const exported = ts.canHaveModifiers(s) && ts.getModifiers(s)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (exported && ts.isFunctionDeclaration(s) && s.name && /^create\w*PortfolioSource$/.test(s.name.text)) factories.push(s.name.text);
  }
  walk(file, (n) => {
    if (ts.isPropertyAssignment(n) && ts.isIdentifier(n.name) && n.name.text === 'module' && ts.isStringLiteral(n.initializer)) names.push(n.initializer.text);
  });
  return { factories, names };
}

/**
 * The modules whose factories `portfolioSources` calls in the list it returns, as `module -> factories`,
 * read from the text given (the file's own by default).
 */
function listed(text = readFileSync(SOURCES_FILE, 'utf8')): Map<string, string[]> {
  const file = parse(SOURCES_FILE, text);
  const from = new Map<string, string>();
  for (const s of file.statements) {
    if (!ts.isImportDeclaration(s) || !ts.isStringLiteral(s.moduleSpecifier)) continue;
    const m = /^\.\/modules\/([^/]+)(\/portfolio)?$/.exec(s.moduleSpecifier.text)?.[1];
    const names = s.importClause?.namedBindings;
    if (m && names && ts.isNamedImports(names)) for (const el of names.elements) from.set(el.name.text, m);
  }
  const out = new Map<string, string[]>();
  const fn = file.statements.find((s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === 'portfolioSources');
  walk(fn ?? file, (n) => {
    if (!ts.isReturnStatement(n) || !n.expression || !ts.isArrayLiteralExpression(n.expression)) return;
    for (const el of n.expression.elements) {
      if (!ts.isCallExpression(el) || !ts.isIdentifier(el.expression)) continue;
      const m = from.get(el.expression.text);
      if (m) out.set(m, [...(out.get(m) ?? []), el.expression.text]);
    }
  });
  return out;
}

/** Every posting module that no listed source answers for, with why. */
function forgotten(list: Map<string, string[]>): string[] {
  const problems: string[] = [];
  for (const m of posting) {
    const s = sourceFile(m);
    if (!s) problems.push(`${m}: posts to the ledger (${postingCalls(m).join(', ')}) and has no portfolio.ts`);
    else if (s.factories.length === 0) problems.push(`${m}: portfolio.ts exports no create...PortfolioSource`);
    else if (!s.names.includes(m)) problems.push(`${m}: its portfolio source names the module ${JSON.stringify(s.names)}, not '${m}'`);
    else if (!(list.get(m) ?? []).some((f) => s.factories.includes(f))) problems.push(`${m}: ${s.factories.join(', ')} is not in portfolioSources.ts`);
  }
  return problems;
}

describe('portfolio sources', () => {
  it('finds the modules that post to the ledger, directly or through another module’s postings', () => {
    // Not a list to keep up to date, a check that the search sees what it must: a search that found
    // nothing would pass the test below vacuously.
    expect(posting).toEqual(expect.arrayContaining(['trading', 'deals', 'wallet', 'withdrawals', 'deposits', 'auction']));
    expect(postingCalls('auction')).toEqual(expect.arrayContaining([expect.stringMatching(/: postHeldOrder \(trading\/postings\)$/)]));
    // Reading a module's rows or its hold journal is no posting.
    expect(posting).not.toContain('portfolio');
    expect(posting).not.toContain('market');
  });

  it('has a listed portfolio source for every module that posts to the ledger', async () => {
    expect(forgotten(listed())).toEqual([]);
    // Each factory is what it says: a function exported by the module's portfolio.ts.
    for (const m of posting) {
      const exported = (await import(join(MODULES, m, 'portfolio.ts'))) as Record<string, unknown>;
      for (const f of sourceFile(m)!.factories) expect(typeof exported[f], `${m}/portfolio.ts ${f}`).toBe('function');
    }
  });

  it('lists every source once', () => {
    const list = listed();
    expect([...list].filter(([, f]) => f.length > 1)).toEqual([]);
  });

  it('fails when a module is removed from the list, or its factory only commented out', () => {
    const text = readFileSync(SOURCES_FILE, 'utf8');
    const withoutWithdrawals = text.replace(/^\s*createWithdrawalsPortfolioSource\(deps\),\n/m, '');
    expect(withoutWithdrawals).not.toBe(text);
    expect(forgotten(listed(withoutWithdrawals))).toEqual(['withdrawals: createWithdrawalsPortfolioSource is not in portfolioSources.ts']);
    const commented = text.replace(/^(\s*)(createAuctionPortfolioSource\(deps\),)$/m, '$1// $2');
    expect(commented).not.toBe(text);
    expect(forgotten(listed(commented))).toEqual(['auction: createAuctionPortfolioSource is not in portfolioSources.ts']);
  });
});
