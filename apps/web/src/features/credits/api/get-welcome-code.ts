// GET /api/discountcode.php?welcome=true: the welcome code, which is the 4-hour time bonus while it runs (SPEC 4),
// else the site's welcome code, else null. SPEC 8: a failure here is ignored silently.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscountCode } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { discountCodeKeys } from './get-discount-code.ts';

export const welcomeCodeKeys = { all: [...discountCodeKeys.all, 'welcome'] as const };

export async function getWelcomeCode(): Promise<DiscountCode | null> {
  try {
    return (
      await apiRequest('discountcode.php', {
        query: { welcome: 'true' },
        response: 'discountCodeResponseSchema',
        retries: 1,
      })
    ).discountcode;
  } catch {
    return null;
  }
}

export const welcomeCodeQueryOptions = () =>
  queryOptions({ queryKey: welcomeCodeKeys.all, queryFn: getWelcomeCode, staleTime: 5 * 60_000 });

/** Asked only while `isEnabled` (a logged-in unpaid member inside the 4 hours). */
export const useWelcomeCode = (isEnabled: boolean) => useQuery({ ...welcomeCodeQueryOptions(), enabled: isEnabled });
