// Support tickets: the complaint form (/complaints) and the contact form (/pages/service), and their answers.
// Every zod message below is an error code: a key of the `errors` i18n namespace shared by the web forms and the server
// (the texts name the limits below).
import { z } from 'zod';
import { emailSchema } from './accounts.ts';
import { MAX_INT4 } from './input.ts';

export const TICKET_KINDS = ['complaint', 'contact'] as const;
export type TicketKind = (typeof TICKET_KINDS)[number];
export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

export const TICKET_SUBJECT_MIN_LENGTH = 3;
export const TICKET_SUBJECT_MAX_LENGTH = 150;
export const TICKET_BODY_MIN_LENGTH = 20;
export const TICKET_BODY_MAX_LENGTH = 5000;
export const TICKET_NAME_MAX_LENGTH = 100;

export const TICKET_ERROR_CODES = [
  'ticket_subject_required',
  'ticket_subject_too_short',
  'ticket_subject_too_long',
  'ticket_body_required',
  'ticket_body_too_short',
  'ticket_body_too_long',
  'ticket_order_not_found',
] as const;

export const ticketSubjectSchema = z
  .string({ error: 'ticket_subject_required' })
  .trim()
  .min(1, { error: 'ticket_subject_required', abort: true })
  .min(TICKET_SUBJECT_MIN_LENGTH, 'ticket_subject_too_short')
  .max(TICKET_SUBJECT_MAX_LENGTH, 'ticket_subject_too_long');

export const ticketBodySchema = z
  .string({ error: 'ticket_body_required' })
  .trim()
  .min(1, { error: 'ticket_body_required', abort: true })
  .min(TICKET_BODY_MIN_LENGTH, 'ticket_body_too_short')
  .max(TICKET_BODY_MAX_LENGTH, 'ticket_body_too_long');

/** A visitor's reply address; a member's tickets are answered at the account's address, so members leave it out. */
const visitorEmailSchema = z.union([z.literal('').transform(() => undefined), emailSchema]).optional();

/** POST /api/complaints.php. `order` is one of the member's own orders (GET /api/complaints.php lists them). */
export const complaintRequestSchema = z.object({
  subject: ticketSubjectSchema,
  description: ticketBodySchema,
  order: z
    .number({ error: 'ticket_order_not_found' })
    .int('ticket_order_not_found')
    .positive('ticket_order_not_found')
    .max(MAX_INT4, 'ticket_order_not_found')
    .nullable()
    .optional(),
  email: visitorEmailSchema,
});
export type ComplaintRequest = z.infer<typeof complaintRequestSchema>;

/** POST /api/contact.php (the customer-service form). */
export const contactRequestSchema = z.object({
  name: z.string().trim().max(TICKET_NAME_MAX_LENGTH, 'invalid_value').optional(),
  email: visitorEmailSchema,
  subject: ticketSubjectSchema,
  description: ticketBodySchema,
});
export type ContactRequest = z.infer<typeof contactRequestSchema>;

export const ticketSchema = z.object({
  id: z.number().int(),
  kind: z.enum(TICKET_KINDS),
  subject: z.string(),
  status: z.enum(TICKET_STATUSES),
  /** Where the confirmation went and the answer will go. */
  email: z.string(),
  order: z.number().int().nullable(),
  created_at: z.string(),
});
export type Ticket = z.infer<typeof ticketSchema>;
export const ticketResponseSchema = z.object({ ticket: ticketSchema });
export type TicketResponse = z.infer<typeof ticketResponseSchema>;

/** GET /api/complaints.php: the member's orders a complaint may be about, newest first. */
export const complaintOrderSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  credits: z.number().int(),
  amount_minor: z.number().int(),
  currency: z.string(),
  status: z.string(),
});
export type ComplaintOrder = z.infer<typeof complaintOrderSchema>;
export const complaintOrdersResponseSchema = z.object({ orders: z.array(complaintOrderSchema) });
export type ComplaintOrdersResponse = z.infer<typeof complaintOrdersResponseSchema>;
