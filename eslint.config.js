import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const ROOT = import.meta.dirname;

/** Sub-folders of a folder (relative to the repo), read when the config loads so new features count at once. */
function folders(dir) {
  try {
    return readdirSync(join(ROOT, dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

/**
 * Layering of a React app (apps/web, apps/operator), as bulletproof-react does it:
 * - a feature (`src/features/<a>/`) reaches another feature `<b>` only through `features/<b>/index.ts`,
 *   its public face; every other file of `<b>` is private to `<b>`;
 * - `src/ui/` and `src/lib/` are shared building blocks: they import no feature and nothing of `src/app/`;
 * - features do not import `src/app/routes.ts`: the route table imports the features (lazily), so a feature
 *   importing it makes a cycle; features take URLs from `src/app/paths.ts` instead.
 * Features are the sub-folders of `src/features/` when ESLint starts; a file of a feature that others need
 * is re-exported from that feature's index.ts (index.tsx does not count).
 */
function appZones(app) {
  const src = `apps/${app}/src`;
  const features = folders(`${src}/features`);
  return [
    ...features.map((feature) => ({
      target: `${src}/features/${feature}`,
      from: `${src}/features`,
      except: [`./${feature}`, ...features.filter((other) => other !== feature).map((other) => `./${other}/index.ts`)],
      message: `A feature imports another feature only through its index.ts (${src}/features/<name>/index.ts).`,
    })),
    {
      target: [`${src}/ui`, `${src}/lib`],
      from: [`${src}/features`, `${src}/app`],
      message: 'src/ui and src/lib are shared building blocks: they import no feature and nothing of src/app.',
    },
    {
      target: `${src}/features`,
      from: `${src}/app/routes.ts`,
      message: 'Features do not import the route table (src/app/routes.ts imports the features).',
    },
  ];
}

/**
 * Doors of the server (issue 35). A module (`apps/server/src/modules/<m>/`) is reached from outside only
 * through its `index.ts`, the door that lists what others may use (its plugin, its portfolio source, the
 * types and rules others need); every other file of it is its own. A module is one Fastify plugin
 * (`plugin.ts`) that registers its routes, its jobs (`jobs.ts`) and its test routes; app.ts composes them.
 * Tests are left out of these zones: a test may open the module it tests.
 * - a module reaches another module only through that module's index.ts;
 * - app.ts, main.ts and the portfolio's list of sources reach modules through their doors too;
 * - no module imports app.ts, main.ts or the list of sources: the composition knows the modules, never
 *   the other way round (what a module needs of the server comes through `app.host`, http/host.ts);
 * - the layers under the modules (`db/`, `lib/`, `ledger/`, `push/`, `market/`, `schedule/`, `mail/`,
 *   `http/`) import no module and nothing of app.ts; and `lib/` does not import `http/`.
 */
function serverZones() {
  const src = 'apps/server/src';
  const modules = folders(`${src}/modules`);
  const doors = modules.map((m) => `./${m}/index.ts`);
  return [
    ...modules.map((m) => ({
      target: `${src}/modules/${m}`,
      from: `${src}/modules`,
      except: [`./${m}`, ...doors.filter((door) => door !== `./${m}/index.ts`)],
      message: `A module reaches another module only through its door, ${src}/modules/<name>/index.ts.`,
    })),
    {
      target: [`${src}/app.ts`, `${src}/main.ts`, `${src}/portfolioSources.ts`],
      from: `${src}/modules`,
      except: doors,
      message: `app.ts reaches a module only through its door, ${src}/modules/<name>/index.ts.`,
    },
    {
      target: `${src}/modules`,
      from: [`${src}/app.ts`, `${src}/main.ts`, `${src}/portfolioSources.ts`],
      message: 'A module does not import the composition (app.ts): what it needs of the server comes through app.host (http/host.ts).',
    },
    {
      target: ['db', 'lib', 'ledger', 'push', 'market', 'schedule', 'mail', 'http'].map((dir) => `${src}/${dir}`),
      from: [`${src}/modules`, `${src}/app.ts`, `${src}/portfolioSources.ts`],
      message: 'The layers under the modules (db, lib, ledger, push, market, schedule, mail, http) import no module and nothing of app.ts.',
    },
    {
      target: `${src}/lib`,
      from: `${src}/http`,
      message: 'src/lib is below src/http: it does not import it.',
    },
  ];
}

const MARKET_ZONE = {
  target: 'apps/server/src/market',
  from: ['apps/server/src/modules', 'apps/server/src/ledger', 'apps/server/src/http'],
  message: 'The market engine stands alone: it imports nothing from src/modules, src/ledger or src/http.',
};

const packages = folders('packages');
const ourCode = ['apps', 'e2e', 'bench', 'docs'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/operator/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Import boundaries. The TypeScript resolver follows the workspace links, so `@tradeapp/contract`
    // resolves to packages/contract/src/index.ts and the zones below see the real file.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      // Cycles through static and dynamic (lazy) imports; `import type` is never a cycle.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: ROOT,
          zones: [
            ...appZones('web'),
            ...appZones('operator'),
            {
              target: 'packages/contract',
              from: [...ourCode, ...packages.filter((p) => p !== 'contract').map((p) => `packages/${p}`)],
              message: 'packages/contract is the bottom layer: it imports nothing of ours (only zod).',
            },
            {
              target: 'packages/client',
              from: [...ourCode, ...packages.filter((p) => p !== 'client' && p !== 'contract').map((p) => `packages/${p}`)],
              message: 'packages/client imports only @tradeapp/contract.',
            },
            {
              target: 'packages/client',
              from: 'packages/contract',
              except: ['./src/index.ts'],
              message: 'packages/client imports @tradeapp/contract by its name, not its files.',
            },
            MARKET_ZONE,
            {
              target: ['apps/web', 'apps/operator'],
              from: 'apps/server',
              message: 'The apps talk to the server over HTTP: they import nothing from apps/server (share code through packages/contract).',
            },
          ],
        },
      ],
    },
  },
  {
    // The server's doors (serverZones above), with the zone of the shared block that concerns the server:
    // a file matched here takes this rule's zones instead of the shared block's.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: [MARKET_ZONE, ...serverZones()] }],
    },
  },
  {
    // Money through postings (issue 35): a module's journals are built in its postings.ts, one typed
    // function per movement (what moves, from which account to which, why), so that every journal of a
    // module can be read in one file. Elsewhere the ledger is read, never written. Tests seed balances freely.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/ledger/**', 'apps/server/src/modules/*/postings.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/ledger/ledger'],
              importNames: ['postJournal', 'postRelease', 'prepareJournal', 'reverseJournal'],
              message: 'A module posts journals only from its postings.ts (modules/<name>/postings.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // A package's own code imports only what its package.json lists: zod for contract, @tradeapp/contract for client.
    files: ['packages/*/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'import-x/no-extraneous-dependencies': ['error', { devDependencies: false, optionalDependencies: false, peerDependencies: false, includeTypes: true }],
    },
  },
  {
    // Tests read loosely-typed JSON answers; asserting on them is the point.
    files: ['**/test/**/*.ts', '**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
