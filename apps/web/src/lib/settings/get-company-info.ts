// GET /api/companyinfo.php: company details for the footer and legal pages, loaded once and kept.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Company } from '@app/contracts';
import { apiRequest } from '../api-client.ts';

export type CompanyInfo = { company: Company; support_email: string; support_phone: string };
export const companyInfoKeys = { all: ['companyinfo'] as const };
export const getCompanyInfo = () => apiRequest<CompanyInfo>('companyinfo.php');

export const companyInfoQueryOptions = () =>
  queryOptions({ queryKey: companyInfoKeys.all, queryFn: getCompanyInfo, staleTime: Infinity, gcTime: Infinity });

export const useCompanyInfo = () => useQuery(companyInfoQueryOptions());
