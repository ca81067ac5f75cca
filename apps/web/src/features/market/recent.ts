import { readStorage, StorageKey, writeStorage } from '../../lib/storage';

// Recent searches, newest first, kept on this device.

const MAX_RECENT = 10;

export function readRecent(): string[] {
  try {
    const parsed: unknown = JSON.parse(readStorage(StorageKey.recentSearches) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((v): v is string => typeof v === 'string').slice(0, MAX_RECENT) : [];
  } catch {
    return [];
  }
}

export function rememberSearch(term: string): string[] {
  const text = term.trim();
  if (!text) return readRecent();
  const next = [text, ...readRecent().filter((v) => v.toLowerCase() !== text.toLowerCase())].slice(0, MAX_RECENT);
  writeStorage(StorageKey.recentSearches, JSON.stringify(next));
  return next;
}

export function clearRecent(): void {
  writeStorage(StorageKey.recentSearches, null);
}
