// GET /api/companyinfo.php: company details for the footer and legal pages, loaded once and kept.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const companyInfoKeys = { all: ['companyinfo'] as const };
export const getCompanyInfo = () => apiRequest('companyinfo.php', { response: 'companyInfoResponseSchema' });

export const companyInfoQueryOptions = () =>
  queryOptions({ queryKey: companyInfoKeys.all, queryFn: getCompanyInfo, staleTime: Infinity, gcTime: Infinity });

export const useCompanyInfo = () => useQuery(companyInfoQueryOptions());
