import { useSearchParams } from 'react-router';

/**
 * The URL's search params, and a change to some of them that keeps the others (an empty value
 * removes its param). A change to `selectKey` alone, a row picked in a list, replaces the history
 * entry so that Back leaves the list rather than stepping through its rows; any other change adds one.
 */
export function useSearchUpdate(selectKey?: string) {
  const [searchParams, setSearchParams] = useSearchParams();

  function update(changes: Record<string, string | null | undefined>) {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    const keys = Object.keys(changes);
    setSearchParams(next, { replace: selectKey !== undefined && keys.length === 1 && keys[0] === selectKey });
  }

  return [searchParams, update] as const;
}

/** A page number from the URL: the first page when it names none or no number. */
export function pageParam(searchParams: URLSearchParams, key = 'page'): number {
  return Math.max(1, Number(searchParams.get(key)) || 1);
}
