// Regression tests of issue 25: inputs that answered 500 (or Fastify's own error body) on routes added after the first
// round of input fixes. Each answers a 4xx in the API's error shape now.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@app/contracts';
import { buildTestApp, clientHeaders, type TestApp } from '../test-support/test-app.ts';
import { createClient } from '../test-support/accounts.ts';
import { createMember, makeJpeg, makePremium, type TestMember } from '../test-support/members.ts';
import { signedInStaff, type StaffClient } from '../test-support/staff.ts';

/** A 4xx in the API's own error shape, never Fastify's `{ statusCode, error, message }`. */
function expectApiError(response: { statusCode: number; body: string }, status?: number) {
  expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, response.body).toBeLessThan(500);
  if (status) expect(response.statusCode, response.body).toBe(status);
  const parsed = apiErrorSchema.strict().safeParse(JSON.parse(response.body));
  expect(parsed.success, response.body).toBe(true);
  return parsed.data!;
}

describe('issue 25 regressions', () => {
  let app: TestApp;
  let member: TestMember;
  let other: TestMember;
  let admin: StaffClient;
  beforeAll(async () => {
    app = await buildTestApp();
    member = await createMember(app);
    other = await createMember(app);
    admin = await signedInStaff(app, 'admin');
  });
  afterAll(() => app.close());

  describe('unsubscribe.php (no login)', () => {
    it.each(['GET', 'POST'] as const)(
      '%s answers 400 in the error shape without a token, with a long token, with a NUL',
      async (method) => {
        const visitor = createClient(app);
        for (const query of ['', `?token=${'x'.repeat(201)}`, '?token=a%00b', '?token=1&token=2']) {
          const response = await visitor.request({
            method,
            url: `/api/unsubscribe.php${query}`,
            headers: { 'request-type': '' },
          });
          expectApiError(response, 400);
        }
      },
    );
  });

  it('chat.php answers 400 for after=2147483648', async () => {
    for (const after of ['2147483648', '9999999999']) {
      const response = await member.client.request({ url: `/api/chat.php?profile=${other.profileId}&after=${after}` });
      expectApiError(response, 400);
    }
    expect(
      (await member.client.request({ url: `/api/chat.php?profile=${other.profileId}&after=2147483647` })).statusCode,
    ).toBe(200);
  });

  it('complaints.php answers 400 for order 2147483648', async () => {
    const response = await member.client.request({
      method: 'POST',
      url: '/api/complaints.php',
      payload: { subject: 'About my order', description: 'Something went wrong with this order.', order: 2147483648 },
    });
    const body = expectApiError(response, 400);
    expect(body.error.fields?.[0]).toMatchObject({ path: 'order', code: 'ticket_order_not_found' });
  });

  it('message-photo.php answers 400 for a multipart body without a boundary', async () => {
    await makePremium(app, member);
    const jpeg = await makeJpeg();
    for (const contentType of [
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await member.client.request({
        method: 'POST',
        url: '/api/message-photo.php',
        payload: Buffer.concat([
          Buffer.from('--y\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n'),
          jpeg,
        ]),
        headers: { 'content-type': contentType },
      });
      expectApiError(response);
    }
  });

  it('a personal discount code for an account that does not exist answers 400 on the user_id field (found by bad-input.test.ts)', async () => {
    const siteId = (await admin.request({ url: '/api/admin/sites' })).json().sites[0].id;
    const response = await admin.request({
      method: 'POST',
      url: `/api/admin/sites/${siteId}/discount-codes`,
      payload: { code: 'PERSONAL-1', user_id: 2147483647, value_percentage: 10 },
    });
    expect(expectApiError(response, 400).error.fields).toEqual([
      expect.objectContaining({ path: 'user_id', code: 'profile_not_found' }),
    ]);
  });

  describe('lone surrogates in staff text', () => {
    const lone = 'note \ud800 here';
    it('refuses them in a staff note, a credit note and a ticket reply with 400 invalid_text', async () => {
      const ticket = await member.client.request({
        method: 'POST',
        url: '/api/contact.php',
        payload: { subject: 'A question', description: 'Please tell me how this works.' },
      });
      expect(ticket.statusCode, ticket.body).toBe(200);
      const ticketId = ticket.json().ticket.id;
      const requests = [
        {
          method: 'POST',
          url: `/api/admin/members/${other.user.id}/ban`,
          payload: { reason: 'scam_spam', note: lone },
        },
        { method: 'POST', url: `/api/admin/members/${other.user.id}/credits`, payload: { amount: 5, note: lone } },
        { method: 'POST', url: `/api/admin/tickets/${ticketId}/reply`, payload: { body: lone } },
      ] as const;
      for (const request of requests) {
        // JSON.stringify escapes a lone surrogate as \ud800, as a browser sends it.
        const response = await admin.request({
          ...request,
          payload: JSON.stringify(request.payload),
          headers: { ...clientHeaders, 'content-type': 'application/json' },
        });
        expect(expectApiError(response, 400).error.code).toBe('invalid_text');
      }
    });
  });
});
