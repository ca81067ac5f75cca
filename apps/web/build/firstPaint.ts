import { resolve } from 'node:path';
import type * as Contract from '@tradeapp/contract';
import { build, runnerImport, type IndexHtmlTransformContext, type Plugin, type Rolldown } from 'vite';
import type * as FirstRequests from '../src/app/firstRequests';
import type { BootConfig } from '../src/boot/config';
import type * as Shells from '../src/boot/shells';
import type { UiLanguage } from '../src/i18n/locale';

// What index.html paints and asks before the app's code has arrived (decision 0024, The phone):
// - the entry's style sheets inlined, so the first paint waits for no second request;
// - the boot script (src/boot/boot.ts) inlined at the top of the body, built here with what it
//   needs to know of this build: each first screen's files, the first requests' paths, the
//   shells' strings in every language.
// The first screens' files are read from the bundle: the chunks holding the given modules, with
// their static imports and style sheets, less what the entry already loads.

type Modules = readonly string[];

export interface FirstPaintOptions {
  /** Each first screen's modules as its route loads them (layouts, page, first data), by the end of their path, and the strings its route awaits (app/routes.ts). */
  screens: Record<FirstRequests.FirstScreen, { modules: Modules; strings: BootConfig['screens'][FirstRequests.FirstScreen]['strings'] }>;
  /** What a language loads before the first render, beyond English. */
  languages: Record<UiLanguage, Modules>;
  /** The contract's messages a route awaits in each language. */
  messages: Record<UiLanguage, Modules>;
  /** The feature screens' strings and what else a route that is not light awaits. */
  features: Modules;
}

const LOCALES: Record<UiLanguage, { file: string; name: string }> = {
  en: { file: 'src/i18n/core-en.ts', name: 'enCore' },
  nl: { file: 'src/i18n/nl.ts', name: 'nl' },
  'zh-Hans': { file: 'src/i18n/zh-Hans.ts', name: 'zhHans' },
};

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

function chunksOf(bundle: Rolldown.OutputBundle): Chunk[] {
  return Object.values(bundle).filter((item): item is Chunk => item.type === 'chunk');
}

/** A file with every chunk it imports statically and their style sheets. */
function withImports(bundle: Rolldown.OutputBundle, fileName: string, into: Set<string>): Set<string> {
  const chunk = bundle[fileName] as Chunk | undefined;
  if (!chunk || into.has(fileName)) return into;
  into.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const imported of chunk.imports) withImports(bundle, imported, into);
  return into;
}

function filesOf(bundle: Rolldown.OutputBundle, modules: Modules, entry: Set<string>): string[] {
  const chunks = chunksOf(bundle);
  const files = new Set<string>();
  for (const module of modules) {
    const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module)) ?? chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)));
    if (!chunk) throw new Error(`firstPaint: no chunk holds ${module}`);
    withImports(bundle, chunk.fileName, files);
  }
  return [...files].filter((file) => !entry.has(file));
}

const pick = (messages: object, key: string): string => {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
  if (typeof value !== 'string') throw new Error(`firstPaint: no string ${key}`);
  return value;
};

async function bootConfig(root: string, options: FirstPaintOptions, bundle: Rolldown.OutputBundle): Promise<BootConfig> {
  const entryChunk = chunksOf(bundle).find((c) => c.isEntry);
  if (!entryChunk) throw new Error('firstPaint: no entry chunk');
  const entry = withImports(bundle, entryChunk.fileName, new Set());
  const map = <K extends string, V, W>(record: Record<K, V>, f: (value: V, key: K) => W) =>
    Object.fromEntries(Object.entries(record).map(([key, value]) => [key, f(value as V, key as K)])) as Record<K, W>;

  // TypeScript sources, loaded through Vite's module runner as the config is.
  const load = async <T>(file: string) => (await runnerImport<T>(resolve(root, file))).module;
  const [contract, firstRequests, shells] = await Promise.all([
    runnerImport<typeof Contract>('@tradeapp/contract').then((r) => r.module),
    load<typeof FirstRequests>('src/app/firstRequests.ts'),
    load<typeof Shells>('src/boot/shells.ts'),
  ]);
  const strings = await Promise.all(
    Object.entries(LOCALES).map(async ([language, { file, name }]) => {
      const messages = (await load<Record<string, object>>(file))[name]!;
      return [language, Object.fromEntries(shells.SHELL_KEYS.map((key) => [key, pick(messages, key)]))] as const;
    }),
  );
  // The quote shell's back arrow: antd-mobile's own icon as ui/Page.tsx renders it, written out once here.
  const [{ createElement }, { renderToStaticMarkup }, { LeftOutline }] = await Promise.all([
    import('react'),
    import('react-dom/server'),
    import('antd-mobile-icons'),
  ]);
  return {
    backIcon: renderToStaticMarkup(createElement(LeftOutline, { 'aria-hidden': 'true' })),
    screens: map(options.screens, ({ modules, strings }) => ({ files: filesOf(bundle, modules, entry), strings })),
    languages: map(options.languages, (modules) => filesOf(bundle, modules, entry)),
    messages: map(options.messages, (modules) => filesOf(bundle, modules, entry)),
    features: filesOf(bundle, options.features, entry),
    routes: Object.fromEntries(
      firstRequests.FIRST_REQUEST_ROUTES.map((id) => {
        const route = contract.routes[id];
        return [id, { method: route.method, path: `${contract.API_BASE}${route.path}` }];
      }),
    ) as BootConfig['routes'],
    strings: Object.fromEntries(strings) as BootConfig['strings'],
  };
}

/** src/boot/boot.ts as one inline script, with the build's facts as `virtual:boot`. */
async function bootScript(root: string, config: BootConfig): Promise<string> {
  const id = 'virtual:boot';
  const output = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [
      {
        name: 'tradeapp-boot-config',
        resolveId: (source) => (source === id ? `\0${id}` : undefined),
        load: (source) => (source === `\0${id}` ? `export default ${JSON.stringify(config)};` : undefined),
      },
    ],
    build: {
      write: false,
      copyPublicDir: false,
      emptyOutDir: false,
      target: 'es2022',
      minify: true,
      lib: { entry: resolve(root, 'src/boot/boot.ts'), formats: ['iife'], name: 'mmBoot' },
    },
  });
  const chunk = (Array.isArray(output) ? output[0]! : (output as Rolldown.RolldownOutput)).output[0];
  if (/<\/script/i.test(chunk.code)) throw new Error('firstPaint: the boot script would end its <script> early');
  return chunk.code.trim();
}

/**
 * The entry's style sheets as <style>. Each keeps a disabled <link> (not fetched): Vite's loader of a
 * lazy chunk adds a chunk's style sheets unless a stylesheet link to them is in the page, and a sheet
 * added again after the app's own would override its variables.
 */
function inlineStyles(html: string, bundle: Rolldown.OutputBundle): string {
  return html.replace(/<link rel="stylesheet"[^>]*? href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== 'asset') return tag;
    const css = String(asset.source);
    if (/<\/style/i.test(css)) return tag;
    return `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
  });
}

/** The chunks the entry imports beyond the bundler's runtime and `shared` (vite.config.ts): each is a request more before anything runs. */
function entryImports(bundle: Rolldown.OutputBundle): string[] {
  const entry = chunksOf(bundle).find((c) => c.isEntry);
  return (entry?.imports ?? []).filter((file) => !/^assets\/(rolldown-runtime|shared)-/.test(file));
}

export function firstPaint(options: FirstPaintOptions): Plugin {
  let root = process.cwd();
  let warn: (message: string) => void = console.warn;
  return {
    name: 'tradeapp-first-paint',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      warn = (message) => config.logger.warn(message);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html: string, ctx: IndexHtmlTransformContext) {
        if (!ctx.bundle) return html;
        const more = entryImports(ctx.bundle);
        if (more.length > 0)
          warn(`firstPaint: the entry shares more chunks with the pages (add their modules to the 'shared' group of vite.config.ts): ${more.join(' ')}`);
        const script = await bootScript(root, await bootConfig(root, options, ctx.bundle));
        return inlineStyles(html, ctx.bundle).replace('<div id="root">', `<script>${script}</script><div id="root">`);
      },
    },
  };
}
