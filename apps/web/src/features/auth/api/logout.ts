// GET /api/logout.php: ends the session on the server; locally the member data goes and the visitor lands on the root.
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../../lib/api-client.ts';
import { disablePushForLogout } from '../../../lib/push.ts';
import { HOME_AFTER_LOGOUT } from '../../../config/paths.ts';
import { END_SESSION_STATE, setSessionEnding } from '../../../lib/session/session-cache.ts';

export const logout = () => apiRequest('logout.php', { response: 'successResponseSchema' });

export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      setSessionEnding(true);
      // While the session still exists: the account forgets this browser's push subscription (SPEC section 4).
      await disablePushForLogout();
      return logout();
    },
    // Even when the request failed the member asked to leave: the session is forgotten here too, once the
    // root page shows (END_SESSION_STATE), so members-only pages do not send the visitor to login on the way out.
    onSettled: () => navigate(HOME_AFTER_LOGOUT, { state: END_SESSION_STATE }),
  });
}
