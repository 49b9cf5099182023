// Whether a member is logged in: the session's user query (false while it loads and for visitors).
import { useUser } from '../lib/session/get-user.ts';

export function useIsLoggedIn(): boolean {
  return Boolean(useUser().data);
}
