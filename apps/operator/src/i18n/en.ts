import { coreEn } from './core/en';
import type { Widen } from './locale';

// English strings of the back office: the key set every language must have (nl.ts and zh-Hans.ts are
// typed by it, and i18n.test.ts checks the keys and placeholders). A feature's strings are in
// `i18n/<feature>/{en,nl,zh-Hans}.ts`, added here and in the two others.

export const en = { ...coreEn } as const;

/** The shape every language file has: the English keys, any text. */
export type OperatorMessages = Widen<typeof en>;
