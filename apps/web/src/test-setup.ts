import { loadPageStrings } from './i18n';

// Unit tests render pages without the router, which loads a page's strings with its code
// (app/router.tsx): every test file starts with them loaded.
await loadPageStrings();
