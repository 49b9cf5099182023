// POST /api/report.php: report a member, one of their photos or one of their messages (docs/reports.md).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateMemberRelations } from '../../../lib/member-relations-cache.ts';

export const reportMember = (body: ReportRequest) =>
  apiRequest('report.php', { method: 'POST', body, response: 'reportResponseSchema' });

/** A report that also blocked refreshes every list and page that shows block state (the member leaves the lists). */
export function useReportMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportMember,
    onSuccess: async (result) => {
      if (result.blocked) await invalidateMemberRelations(queryClient, 'block');
    },
  });
}
