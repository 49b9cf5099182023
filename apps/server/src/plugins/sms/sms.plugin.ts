// `app.sms`: text messages through Twilio when TWILIO_* is set, else into the development outbox (GET /api/dev/sms).
import fp from 'fastify-plugin';
import twilio from 'twilio';
import { desc } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { smsOutbox } from '../../db/schema/index.ts';

export type SmsMessage = { to: string; body: string; siteId: number | null };
export type SmsSender = {
  send(message: SmsMessage): Promise<void>;
  /** The development outbox, newest first (empty when a provider sends). */
  listOutbox(limit: number): Promise<(typeof smsOutbox.$inferSelect)[]>;
};
export type TwilioSettings = { accountSid: string; authToken: string; from: string };

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsSender;
  }
}

export function createSmsSender(deps: { db: Database; twilio?: TwilioSettings }): SmsSender {
  const client = deps.twilio ? twilio(deps.twilio.accountSid, deps.twilio.authToken) : null;
  return {
    async send(message) {
      if (client && deps.twilio) {
        await client.messages.create({ to: message.to, from: deps.twilio.from, body: message.body });
        return;
      }
      await deps.db.insert(smsOutbox).values({ to: message.to, body: message.body, siteId: message.siteId });
    },
    listOutbox(limit) {
      return deps.db.select().from(smsOutbox).orderBy(desc(smsOutbox.id)).limit(limit);
    },
  };
}

export const smsPlugin = fp<{ twilio?: TwilioSettings }>(
  async (app, options) => {
    app.decorate('sms', createSmsSender({ db: app.db, twilio: options.twilio }));
  },
  { name: 'sms', dependencies: ['db'] },
);
