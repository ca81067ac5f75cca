import type { Plugin } from 'vite';

// The app shell the service worker keeps (vite.config.ts): the hashed files a first screen needs, so the
// app opens offline, and not the hundreds of chunks of the other pages, which a phone would otherwise
// download whole on its first visit. Read from the bundle itself: the entry and what it loads without a
// page (layouts, strings, antd-mobile's rendering and locales, the contract's messages), the first
// routes' pages (guide, home, sign-in, a quote, which links open), each with the chunks and style
// sheets they import.

/** The pages of the first screens, among the entry's lazy imports; every other page is left out. */
const FIRST_PAGES = ['/src/features/home/', '/src/features/auth/LoginPage.tsx', '/src/features/market/QuotePage.tsx'];
/** Where the pages live: the entry's lazy imports from here are pages, left out unless they are first. */
const PAGES = '/src/features/';

interface ShellChunk {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

export function appShell(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  const plugin: Plugin = {
    name: 'tradeapp-app-shell',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ShellChunk>();
      for (const item of Object.values(bundle)) if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ShellChunk);
      const add = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || files.has(fileName)) return;
        files.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const imported of chunk.imports) add(imported);
      };
      const kept = (lazy: string) => {
        const id = chunks.get(lazy)?.facadeModuleId ?? '';
        return !id.includes(PAGES) || FIRST_PAGES.some((first) => id.includes(first));
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) add(chunk.fileName);
      // Then what those load lazily (the router's layouts and first pages, the strings), to the end.
      for (let before = 0; before !== files.size;) {
        before = files.size;
        for (const fileName of [...files]) for (const lazy of chunks.get(fileName)?.dynamicImports ?? []) if (kept(lazy)) add(lazy);
      }
    },
  };
  return { plugin, files };
}
