// POST /api/delete-account.php { reason, remarks }: account pending deletion, sessions end, reactivation link mailed.
import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const deleteAccount = (body: DeleteAccountRequest) =>
  apiRequest('delete-account.php', { method: 'POST', body, response: 'deleteAccountResponseSchema' });

/** The caller ends the local session once it has left the members-only page (see DeleteAccountSection). */
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
