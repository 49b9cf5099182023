// GET /api/pricing.php?country=: the bundles at list prices, for anyone (the pricing page shows them to visitors too).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const pricingKeys = {
  all: ['pricing'] as const,
  country: (country: string | null) => [...pricingKeys.all, { country }] as const,
};

export const getPricing = (country: string | null) =>
  apiRequest('pricing.php', { query: { country: country ?? undefined }, response: 'pricingResponseSchema' });

export const pricingQueryOptions = (country: string | null) =>
  queryOptions({ queryKey: pricingKeys.country(country), queryFn: () => getPricing(country), staleTime: 5 * 60_000 });

export function usePricing(country: string | null) {
  return useQuery(pricingQueryOptions(country));
}
