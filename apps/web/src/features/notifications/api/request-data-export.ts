// POST /api/data-export.php: "Download my data" (GDPR): the zip is prepared by a job and its link mailed (docs/data-export.md).
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const requestDataExport = () =>
  apiRequest('data-export.php', { method: 'POST', response: 'dataExportResponseSchema' });

export function useRequestDataExport() {
  return useMutation({ mutationFn: requestDataExport });
}
