// The reports queue of the console: GET /api/admin/reports (keyset pages), one report with its content and the
// history between the two members, dismiss and action (optionally ban or reject the photo).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReportStatus } from '@app/contracts';
import type { z } from 'zod';
import type { adminReportActionRequestSchema } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export const adminReportKeys = {
  all: [...adminKeys.all, 'reports'] as const,
  list: (status: ReportStatus) => [...adminReportKeys.all, 'list', status] as const,
  detail: (id: number) => [...adminReportKeys.all, 'detail', id] as const,
};

export function useAdminReports(status: ReportStatus) {
  return useInfiniteQuery({
    queryKey: adminReportKeys.list(status),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/reports', {
        query: { status, cursor: pageParam },
        response: 'adminReportsResponseSchema',
      }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

export function useAdminReport(id: number) {
  return useQuery({
    queryKey: adminReportKeys.detail(id),
    queryFn: () => apiRequest(`/api/admin/reports/${id}`, { response: 'adminReportResponseSchema' }),
  });
}

export type ReportActionInput = z.input<typeof adminReportActionRequestSchema>;

export function useHandleReport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { kind: 'dismiss'; resolution: string } | ({ kind: 'action' } & ReportActionInput)) => {
      const { kind, ...body } = input;
      return apiRequest(`/api/admin/reports/${id}/${kind}`, {
        method: 'POST',
        body,
        response: 'adminReportActionResponseSchema',
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminReportKeys.all }),
  });
}
