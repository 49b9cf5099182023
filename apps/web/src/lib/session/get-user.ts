// GET /api/user.php: the logged-in member, or null for a visitor (the API answers 403 then, which is not an error here).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@app/contracts';
import { ApiError, apiRequest } from '../api-client.ts';
import { getUserRefreshInterval } from './user-refresh.ts';
import { writeSessionHint } from './session-hint.ts';
import { isEndingSession } from './session-cache.ts';
import { userKeys } from './user-keys.ts';

export { userKeys };

export async function getUser(): Promise<User | null> {
  try {
    const { user } = await apiRequest('user.php', { response: 'userResponseSchema' });
    writeSessionHint(true);
    return user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      // A refresh racing a logout (the socket's member_changed, a poll) must not turn the member into a visitor while
      // a members-only page is still on screen: it would send that page to login. The logout forgets the member itself.
      if (isEndingSession()) throw error;
      writeSessionHint(false);
      return null;
    }
    throw error;
  }
}

/** Kept until a refresh, a mutation or the session manager's poll replaces it. */
export const userQueryOptions = () => queryOptions({ queryKey: userKeys.all, queryFn: getUser, staleTime: Infinity });

/** The current user: `data` is the member, null for a visitor, undefined while loading or when the API failed. */
export const useUser = () => useQuery(userQueryOptions());

/**
 * The one observer that polls (every observer with an interval would run its own timer): mounted once
 * by the session manager.
 */
export const useUserRefresh = () =>
  useQuery({
    ...userQueryOptions(),
    refetchInterval: (query) => getUserRefreshInterval(query.state.data, query.state.dataUpdateCount),
  });
