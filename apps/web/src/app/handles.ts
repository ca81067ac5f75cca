import type { UiMessages } from '../i18n/en';

// What a route tells the layout about its page (title, pending notice); apart from the route
// table so that pages can read it without importing the table.

/** What a page that lands in a later issue shows: market data, a feature, or the user's records. */
export type PendingKind = 'market' | 'feature' | 'records';

export type TitleKey = `titles.${keyof UiMessages['titles']}`;

export interface PageHandle {
  titleKey?: TitleKey;
  pending?: PendingKind;
  /** Query parameter whose value, when present, replaces the title (quote pages take `name`). */
  titleParam?: string;
}
