// POST /api/contact.php: stores a message to customer service and mails its confirmation.
import { useMutation } from '@tanstack/react-query';
import type { ContactRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const createContact = (body: ContactRequest) =>
  apiRequest('contact.php', { method: 'POST', body, response: 'ticketResponseSchema' });

export const useCreateContact = () => useMutation({ mutationFn: createContact });
