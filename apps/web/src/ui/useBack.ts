import { createContext, use } from 'react';
import { useNavigate } from '../lib/router';

/** Where a page opened directly (no history to go back to) goes back to; the app provides its home route. */
export const BackFallback = createContext('/');

/** Back to the previous entry, or to the fallback when the page was opened directly. */
export function useBack(): () => void {
  const navigate = useNavigate();
  const fallback = use(BackFallback);
  return () => {
    const state = window.history.state as { idx?: number } | null;
    if (state?.idx && state.idx > 0) void navigate(-1);
    else void navigate(fallback, { replace: true });
  };
}
