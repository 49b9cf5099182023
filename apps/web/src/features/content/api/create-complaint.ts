// POST /api/complaints.php: stores a complaint and mails its confirmation.
import { useMutation } from '@tanstack/react-query';
import type { ComplaintRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const createComplaint = (body: ComplaintRequest) =>
  apiRequest('complaints.php', { method: 'POST', body, response: 'ticketResponseSchema' });

export const useCreateComplaint = () => useMutation({ mutationFn: createComplaint });
