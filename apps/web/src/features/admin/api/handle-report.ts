// POST /api/admin/reports/:id/dismiss or /action: useHandleReport (the console's reports).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminReportActionRequestSchema } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminReportKeys } from './admin-report-keys.ts';

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
