// GET /api/credits.php?country=&code=: the bundles in the payment country's currency, the one discount that applies,
// the methods offered there with their transaction costs, and the last order for the quick repeat.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEnteredDiscountCode, usePaymentCountry } from '../lib/payment-store.ts';

export type CreditsQuery = { country?: string | null; code?: string | null };

export const creditsKeys = {
  all: ['credits'] as const,
  page: (query: CreditsQuery) =>
    [...creditsKeys.all, 'page', { country: query.country ?? null, code: query.code ?? null }] as const,
};

export const getCredits = (query: CreditsQuery = {}) =>
  apiRequest('credits.php', {
    query: { country: query.country ?? undefined, code: query.code ?? undefined },
    response: 'creditsResponseSchema',
  });

export const creditsQueryOptions = (query: CreditsQuery = {}) =>
  queryOptions({ queryKey: creditsKeys.page(query), queryFn: () => getCredits(query), staleTime: 60_000 });

/**
 * The credits page for the member's chosen payment country and entered code (session state). Switching the country keeps
 * the previous prices on screen until the new ones arrive.
 */
export function useCredits() {
  const country = usePaymentCountry();
  const code = useEnteredDiscountCode();
  return useQuery({ ...creditsQueryOptions({ country, code }), placeholderData: keepPreviousData });
}
