// Keys of everything the app keeps in localStorage. One place, so a reset is easy to reason about.
export const StorageKey = {
  token: 'mm.token',
  userInfo: 'mm.userInfo',
  language: 'mm.language',
  launched: 'mm.launched',
  recentSearches: 'mm.recentSearches',
  theme: 'mm.theme',
  rise: 'mm.rise',
} as const;
export type StorageKey = (typeof StorageKey)[keyof typeof StorageKey];

export function readStorage(key: StorageKey): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // private mode or quota: the app keeps working for this visit
  }
}
