import { enCore } from './core-en';
import { enFeatures } from './features-en';

// English UI strings: the key set of every locale (nl.ts and zh-Hans.ts must have exactly these).
// The core (core-en.ts) ships with the first screen; the feature screens' strings (features-en.ts)
// load with the first page that needs them (i18n/index.ts, loadPageStrings).

/** Every English string: the core and the feature screens' strings. */
export const en = { ...enCore, ...enFeatures } as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
/** The shape every locale file must have: the English keys, any text. */
export type UiMessages = Widen<typeof en>;
