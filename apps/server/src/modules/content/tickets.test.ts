import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaintOrdersResponseSchema, ticketResponseSchema } from '@app/contracts';
import { orders, sites, tickets, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createClient, mailsTo, signUp, uniqueEmail } from '../../test-support/accounts.ts';
import { TICKETS_SENDER_LIMIT } from './tickets.routes.ts';

const SUBJECT = 'Credits missing after payment';
const DESCRIPTION = 'I paid for 100 credits yesterday evening, but my balance still shows the old number.';

describe('support tickets (complaints.php, contact.php)', () => {
  let app: TestApp;
  let siteId: number;

  beforeAll(async () => {
    app = await buildTestApp();
    const [site] = await app.db.select({ id: sites.id }).from(sites).where(eq(sites.isDefault, true));
    siteId = site!.id;
  });
  afterAll(() => app.close());

  async function insertOrder(userId: number) {
    const [row] = await app.db
      .insert(orders)
      .values({
        siteId,
        userId,
        credits: 100,
        currency: 'EUR',
        baseAmountMinor: 1795,
        amountMinor: 1795,
        method: 'ideal',
        country: 'NL',
        status: 'paid',
        provider: 'sandbox',
        paidAt: new Date(),
      })
      .returning({ id: orders.id });
    return row!.id;
  }

  async function confirmAddress(userId: number) {
    await app.db.update(users).set({ status: 'active', activatedAt: new Date() }).where(eq(users.id, userId));
    await app.memberEvents.changed(userId);
  }

  const fieldCodes = (body: { error: { fields?: { path: string; code: string }[] } }) =>
    Object.fromEntries((body.error.fields ?? []).map((field) => [field.path, field.code]));

  describe('bad input', () => {
    it('refuses an empty complaint with a translated error per field', async () => {
      const { client } = await signUp(app);
      const response = await client.request({
        method: 'POST',
        url: '/api/complaints.php',
        payload: { subject: ' ', description: '' },
        cookies: { lang: 'de' },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.error.code).toBe('validation_failed');
      expect(fieldCodes(body)).toEqual({ subject: 'ticket_subject_required', description: 'ticket_body_required' });
      // The member's account language (en) decides, or the request's; both are real texts, never the code.
      for (const field of body.error.fields) expect(field.message).not.toMatch(/^ticket_/);
    });

    it('refuses a too short description and a too long subject, in the request language', async () => {
      const response = await createClient(app).request({
        method: 'POST',
        url: '/api/contact.php',
        payload: { email: uniqueEmail('visitor'), subject: 'x'.repeat(151), description: 'Too short' },
        cookies: { lang: 'nl' },
      });
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(fieldCodes(body)).toEqual({ subject: 'ticket_subject_too_long', description: 'ticket_body_too_short' });
      expect(body.error.fields.find((field: { path: string }) => field.path === 'description').message).toBe(
        'Beschrijf het in minstens 20 tekens',
      );
    });

    it('asks a visitor for a valid e-mail address', async () => {
      const client = createClient(app);
      const missing = await client.request({
        method: 'POST',
        url: '/api/contact.php',
        payload: { subject: SUBJECT, description: DESCRIPTION },
      });
      expect(missing.statusCode).toBe(400);
      expect(fieldCodes(missing.json())).toEqual({ email: 'invalid_email' });
      const invalid = await client.request({
        method: 'POST',
        url: '/api/complaints.php',
        payload: { email: 'not-an-address', subject: SUBJECT, description: DESCRIPTION },
      });
      expect(invalid.statusCode).toBe(400);
      expect(fieldCodes(invalid.json())).toEqual({ email: 'invalid_email' });
    });

    it("accepts only the member's own orders, and none from a visitor", async () => {
      const owner = await signUp(app);
      const orderId = await insertOrder(owner.user.id);
      const other = await signUp(app);
      const response = await other.client.request({
        method: 'POST',
        url: '/api/complaints.php',
        payload: { subject: SUBJECT, description: DESCRIPTION, order: orderId },
      });
      expect(response.statusCode).toBe(400);
      expect(fieldCodes(response.json())).toEqual({ order: 'ticket_order_not_found' });
      const visitor = await createClient(app).request({
        method: 'POST',
        url: '/api/complaints.php',
        payload: { email: uniqueEmail('visitor'), subject: SUBJECT, description: DESCRIPTION, order: orderId },
      });
      expect(fieldCodes(visitor.json())).toEqual({ order: 'ticket_order_not_found' });
      expect(await app.db.select().from(tickets).where(eq(tickets.orderId, orderId))).toEqual([]);
    });

    it('refuses a request without the client header (CSRF)', async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/contact.php',
        payload: { email: uniqueEmail(), subject: SUBJECT, description: DESCRIPTION },
      });
      expect(response.statusCode).toBe(403);
    });
  });

  describe('good input', () => {
    it("stores a member's complaint about one of their orders and mails a confirmation in the member's language", async () => {
      const { client, email, user } = await signUp(app);
      // A confirmed address: only such a confirmation quotes what the writer typed (the subject).
      await confirmAddress(user.id);
      await client.request({ method: 'PUT', url: '/api/user.php', payload: { language: 'de' } });
      const orderId = await insertOrder(user.id);

      const listed = complaintOrdersResponseSchema.parse((await client.request({ url: '/api/complaints.php' })).json());
      expect(listed.orders).toEqual([
        expect.objectContaining({ id: orderId, credits: 100, amount_minor: 1795, currency: 'EUR', status: 'paid' }),
      ]);

      const response = await client.request({
        method: 'POST',
        url: '/api/complaints.php',
        payload: { subject: ` ${SUBJECT} `, description: DESCRIPTION, order: orderId },
      });
      expect(response.statusCode).toBe(200);
      const { ticket } = ticketResponseSchema.parse(response.json());
      expect(ticket).toMatchObject({ kind: 'complaint', subject: SUBJECT, status: 'open', email, order: orderId });

      const [row] = await app.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(row).toMatchObject({
        siteId,
        kind: 'complaint',
        userId: user.id,
        email,
        language: 'de',
        subject: SUBJECT,
        body: DESCRIPTION,
        orderId,
        status: 'open',
      });

      const [mail] = await mailsTo(app, email);
      expect(mail).toMatchObject({ template: 'complaintReceived', subject: `Deine Beschwerde bei Amoria: ${SUBJECT}` });
      expect(mail!.text).toContain(`#${ticket.id}`);
      expect(mail!.text).toContain('14 Tagen');
    });

    it("stores a visitor's contact request and mails the visitor in the language of the request", async () => {
      const email = uniqueEmail('visitor');
      const response = await createClient(app).request({
        method: 'POST',
        url: '/api/contact.php',
        payload: {
          name: 'Anna',
          email: email.toUpperCase(),
          subject: 'How do I change my username?',
          description: DESCRIPTION,
        },
        cookies: { lang: 'fr' },
      });
      expect(response.statusCode).toBe(200);
      const { ticket } = ticketResponseSchema.parse(response.json());
      expect(ticket).toMatchObject({ kind: 'contact', email, order: null });
      const [row] = await app.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(row).toMatchObject({ userId: null, email, language: 'fr' });
      const [mail] = await mailsTo(app, email);
      // Nobody verified the address: the confirmation names nothing the visitor typed (docs/content.md).
      expect(mail).toMatchObject({
        template: 'contactReceivedVisitor',
        subject: `Nous avons reçu votre message (référence #${ticket.id})`,
      });
      expect(mail!.text).toMatch(/^Bonjour,/);
      expect(mail!.text).not.toContain('Anna');
      expect(mail!.text).not.toContain('How do I change my username?');
      expect(mail!.text).toContain('formulaire de contact');
    });

    it('never mails an unverified address what the writer typed: no name, subject, text or link, in text or HTML', async () => {
      const victim = uniqueEmail('stranger');
      const name = 'Anna from https://win.example';
      const subject = 'You won! Claim at https://win.example/claim';
      const description = 'Go to https://win.example/claim?id=1 and www.win.example to claim your prize today.';
      const response = await createClient(app).request({
        method: 'POST',
        url: '/api/contact.php',
        payload: { name, email: victim, subject, description },
      });
      expect(response.statusCode).toBe(200);
      const complaint = await createClient(app).request({
        method: 'POST',
        url: '/api/complaints.php',
        payload: { email: victim, subject, description },
      });
      expect(complaint.statusCode).toBe(200);
      // An unconfirmed member's account address is not verified either.
      const unconfirmed = await signUp(app);
      expect(
        (
          await unconfirmed.client.request({
            method: 'POST',
            url: '/api/contact.php',
            payload: { subject, description },
          })
        ).statusCode,
      ).toBe(200);

      const mails = [
        ...(await mailsTo(app, victim)),
        ...(await mailsTo(app, unconfirmed.email)).filter((mail) => mail.template.endsWith('Visitor')),
      ];
      expect(mails.map((mail) => mail.template).sort()).toEqual([
        'complaintReceivedVisitor',
        'contactReceivedVisitor',
        'contactReceivedVisitor',
      ]);
      for (const mail of mails) {
        for (const part of [mail.subject, mail.text, mail.html]) {
          expect(part).not.toMatch(/win\.example|Anna|You won|claim/i);
        }
        expect(mail.html).not.toMatch(/<a /);
      }
      // The staff still get every word, as text (the console shows it as plain text, never as links).
      const [row] = await app.db.select().from(tickets).where(eq(tickets.id, response.json().ticket.id));
      expect(row).toMatchObject({ subject, body: description });
    });

    it("quotes the subject to a member's confirmed address only", async () => {
      const { client, email, user } = await signUp(app);
      await confirmAddress(user.id);
      const response = await client.request({
        method: 'POST',
        url: '/api/contact.php',
        payload: { subject: 'Where is my invoice?', description: DESCRIPTION },
      });
      expect(response.statusCode).toBe(200);
      const [mail] = await mailsTo(app, email);
      expect(mail).toMatchObject({
        template: 'contactReceived',
        subject: 'We received your message: Where is my invoice?',
      });
    });

    it('answers a member at the account address, whatever e-mail the body names', async () => {
      const { client, email } = await signUp(app);
      const response = await client.request({
        method: 'POST',
        url: '/api/contact.php',
        payload: { email: uniqueEmail('elsewhere'), subject: SUBJECT, description: DESCRIPTION },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().ticket.email).toBe(email);
    });
  });

  it(`takes at most ${TICKETS_SENDER_LIMIT.max} tickets an hour from one writer`, async () => {
    const email = uniqueEmail('busy');
    const send = () =>
      createClient(app).request({
        method: 'POST',
        url: '/api/contact.php',
        payload: { email, subject: SUBJECT, description: DESCRIPTION },
      });
    for (let index = 0; index < TICKETS_SENDER_LIMIT.max; index += 1) expect((await send()).statusCode).toBe(200);
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('rate_limited');
    expect(await mailsTo(app, email)).toHaveLength(TICKETS_SENDER_LIMIT.max);
  });

  it('lists orders only for a member', async () => {
    expect((await createClient(app).request({ url: '/api/complaints.php' })).statusCode).toBe(403);
  });
});
