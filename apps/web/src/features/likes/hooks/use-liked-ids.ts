// The ids of the members the member likes (likes.php, already polled by the navigation): cards show their heart filled.
import { useMemo } from 'react';
import { useLikes } from '../api/get-likes.ts';

/** Empty for visitors and until likes.php answered. */
export function useLikedIds(): ReadonlySet<number> {
  const { data } = useLikes();
  return useMemo(() => new Set(data?.profiles.map((profile) => profile.id)), [data]);
}
