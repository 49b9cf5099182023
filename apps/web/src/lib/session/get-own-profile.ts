// GET /api/profile.php: the member's own profile with every field and photo (private ones too).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';
import { useUser } from './get-user.ts';

export const ownProfileKeys = { all: ['own-profile'] as const };

export const getOwnProfile = () => apiRequest('profile.php', { response: 'ownProfileResponseSchema' });

export const ownProfileQueryOptions = () =>
  queryOptions({
    queryKey: ownProfileKeys.all,
    queryFn: getOwnProfile,
    staleTime: 60_000,
    select: (data) => data.profile,
  });

/** The member's own profile; visitors have none (no request is made). */
export function useOwnProfile() {
  const { data: user } = useUser();
  return useQuery({ ...ownProfileQueryOptions(), enabled: Boolean(user) });
}
