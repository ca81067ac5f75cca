import type { FirstRequestRoute, FirstScreen } from '../app/firstRequests';
import type { UiLanguage } from '../i18n/locale';
import type { ShellStrings } from './shells';

/** What the boot script knows of the build (build/firstPaint.ts writes it as `virtual:boot`). */
export interface BootConfig {
  /**
   * Each first screen's files beyond the entry's (its layouts, page, their chunks and style sheets), and
   * the strings its route awaits: none beyond the first screen's, the contract's messages, or those and
   * the feature screens' strings (app/routes.ts, `light` and `messages`).
   */
  screens: Record<FirstScreen, { files: string[]; strings: 'first' | 'messages' | 'all' }>;
  /** What a language other than English loads before the first render (its strings, antd-mobile's texts). */
  languages: Record<UiLanguage, string[]>;
  /** The contract's messages in a language (with English, every language's fallback). */
  messages: Record<UiLanguage, string[]>;
  /** The feature screens' strings (English; the other languages' come whole) and antd-mobile's dialogs. */
  features: string[];
  /** Method and path (with the API's base) of each first request's route. */
  routes: Record<FirstRequestRoute, { method: 'GET' | 'POST'; path: string }>;
  strings: Record<UiLanguage, ShellStrings>;
  /** The navigation bar's back arrow (antd-mobile's LeftOutline) as markup, for the quote page's shell. */
  backIcon: string;
}
