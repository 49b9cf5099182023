// GET /api/logout.php: ends the session on the server; locally the member data goes and the visitor lands on the root.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SuccessResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { HOME_AFTER_LOGOUT } from '../../../config/paths.ts';
import { clearSession } from '../../accounts/lib/session-cache.ts';

export const logout = () => apiRequest<SuccessResponse>('logout.php');

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    // Even when the request failed the member asked to leave: forget the session here too.
    onSettled: () => {
      clearSession(queryClient);
      void navigate(HOME_AFTER_LOGOUT);
    },
  });
}
