// The app's TanStack Query client: the API client already retries, so queries do not retry again.
import { QueryClient } from '@tanstack/react-query';

/** The browser's client and the server's first-view render (entry-server.tsx) share these. */
export const QUERY_DEFAULTS = {
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
} as const;

export const queryClient = new QueryClient(QUERY_DEFAULTS);
