// GET /api/discountcode.php?code=: checks a code the member typed; "Code not found", "Code already used" and the
// expired code come back as translated API errors.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const discountCodeKeys = {
  all: ['discount-code'] as const,
  code: (code: string) => [...discountCodeKeys.all, 'code', code.toUpperCase()] as const,
};

export const getDiscountCode = (code: string) =>
  apiRequest('discountcode.php', { query: { code }, response: 'discountCodeResponseSchema', retries: 0 });

/** Checked once per apply: a code's state (used, expired) may change, so nothing is cached. */
export const discountCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: discountCodeKeys.code(code),
    queryFn: () => getDiscountCode(code),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** The apply button: resolves with the code object, or fails with the server's translated refusal. */
export function useCheckDiscountCode() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (code: string) => queryClient.fetchQuery(discountCodeQueryOptions(code)) });
}
