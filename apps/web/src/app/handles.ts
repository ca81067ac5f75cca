import type { UiMessages } from '../i18n/en';

// What a route tells the layout about its page (its title); apart from the route
// table so that pages can read it without importing the table.

export type TitleKey = `titles.${keyof UiMessages['titles']}`;

export interface PageHandle {
  titleKey?: TitleKey;
  /** Query parameter whose value, when present, replaces the title (quote pages take `name`). */
  titleParam?: string;
}
