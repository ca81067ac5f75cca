import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A refused call (4xx) will not succeed by repeating it; transport trouble might.
      retry: (count, error) => count < 2 && error instanceof ApiError && error.code === 0 && !error.aborted,
    },
    mutations: { retry: false },
  },
});
