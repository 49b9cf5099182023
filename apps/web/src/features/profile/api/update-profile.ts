// PUT /api/profile.php: saves the changed profile fields (null clears one) and answers the whole profile.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { userKeys } from '../../../lib/session/get-user.ts';
import { ownProfileKeys } from '../../../lib/session/get-own-profile.ts';

export const updateProfile = (body: UpdateProfileRequest) =>
  apiRequest('profile.php', { method: 'PUT', body, response: 'ownProfileResponseSchema' });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (data) => {
      queryClient.setQueryData(ownProfileKeys.all, data);
      // The name and country also live in the user payload (top navigation).
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
