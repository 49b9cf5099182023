// POST /api/message.php (a text or a gift) and POST /api/message-photo.php (multipart, premium): the stored message,
// the conversation (started by a first send) and the balance after it. The same client_id sent again is stored once.
import type { GiftKey } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export type SendBody = { to: number; client_id: string } & ({ text: string } | { gift: GiftKey });

export const sendMessage = (body: SendBody) =>
  apiRequest('message.php', { method: 'POST', body, response: 'sendMessageResponseSchema' });

export function sendPhotoMessage(input: { to: number; client_id: string; file: File }) {
  const form = new FormData();
  form.append('to', String(input.to));
  form.append('client_id', input.client_id);
  form.append('photo', input.file);
  return apiRequest('message-photo.php', { method: 'POST', body: form, response: 'sendMessageResponseSchema' });
}

/** A new client id per send (kept across its retries). */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}
