import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentVersionQueryOptions } from './api';

// The app's name in the back office: the title of the published app version, which is the
// server's APP_TITLE until an operator publishes another (the investors' app reads the same call).
// Publishing a version invalidates the query, so a new title shows at once.

/** The app's title, or null while it loads (or when the server cannot be reached). */
export function useAppTitle(): string | null {
  const config = useQuery({ ...currentVersionQueryOptions(), staleTime: 5 * 60_000 });
  const title = config.data?.title ?? null;
  useEffect(() => {
    document.title = title ? `${title} · Back office` : 'Back office';
  }, [title]);
  return title;
}

/** "Meridian Markets" → "MM": the first letters of the first two words. */
export function initialsOf(title: string): string {
  return title
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/** The square mark with the app's initials; empty until the title is known. */
export function BrandMark({ title }: { title: string | null }) {
  return (
    <span className="brand-mark" aria-hidden="true">
      {title ? initialsOf(title) : ''}
    </span>
  );
}
