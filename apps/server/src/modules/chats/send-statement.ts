// The send statement (`chat_send`, migration 0028): one round trip, its own transaction (docs/chat-scaling.md): locks,
// checks, debit, message, inboxes and the `chat.sent` outbox event; and the message row it answers, read from JSON.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { MessageKind, MessageRow } from '../../db/schema/index.ts';
import type { SendBlockedReason } from '@app/contracts';
import type { ChatSentEvent } from '../../plugins/outbox/index.ts';

/** What the send statement (`chat_send`, migration 0028) takes. */
export type SendStatementInput = {
  senderProfileId: number;
  senderUserId: number;
  siteId: number;
  isPremium: boolean;
  partnerProfileId: number;
  clientId: string;
  kind: MessageKind;
  body: string | null;
  giftKey: string | null;
  photo: { fileKey: string; thumbKey: string; width: number; height: number } | null;
  price: number;
  /** The ledger entry's reason of a paid send. */
  ledgerReason: string;
  freeConversationLimit: number;
  at: Date;
  /** The id of the `chat.sent` outbox event the statement writes, and how long this instance holds it. */
  eventId: string;
  leaseMs: number;
};

/** What the send statement answers: the message sent, a stored one (replay), or why not (a SendBlockedReason). */
export type SendStatementResult =
  | ({ status: 'sent'; eventId: string } & ChatSentEvent)
  | {
      status: 'replay';
      message: Record<string, unknown>;
      partnerProfileId: number | null;
      balance: number;
      balanceVersion: number;
    }
  | { status: SendBlockedReason; partnerName: string | null };

/** A message row as the database's JSON has it (to_jsonb in chat_send), in the shape Drizzle reads it. */
export function messageRowFromJson(json: Record<string, unknown>): MessageRow {
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    id: Number(json.id),
    conversationId: Number(json.conversation_id),
    seq: Number(json.seq),
    senderProfileId: number(json.sender_profile_id),
    clientId: (json.client_id as string | null) ?? null,
    kind: json.kind as MessageKind,
    body: (json.body as string | null) ?? null,
    giftKey: (json.gift_key as string | null) ?? null,
    photoKey: (json.photo_key as string | null) ?? null,
    photoThumbKey: (json.photo_thumb_key as string | null) ?? null,
    photoWidth: number(json.photo_width),
    photoHeight: number(json.photo_height),
    cost: Number(json.cost),
    createdAt: new Date(json.created_at as string),
  };
}

/** The send statement, prepared once: one round trip, its own transaction (docs/chat-scaling.md). */
function prepareSend(db: Database) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .select({
      result: sql<SendStatementResult>`chat_send(${p('senderProfileId')}::int, ${p('senderUserId')}::int, ${p('siteId')}::int, ${p('isPremium')}::boolean, ${p('partnerProfileId')}::int, ${p('clientId')}::text, ${p('kind')}::text, ${p('body')}::text, ${p('giftKey')}::text, ${p('photoKey')}::text, ${p('photoThumbKey')}::text, ${p('photoWidth')}::int, ${p('photoHeight')}::int, ${p('price')}::int, ${p('ledgerReason')}::text, ${p('freeLimit')}::int, ${p('at')}::timestamptz, ${p('eventId')}::uuid, ${p('leaseMs')}::int)`,
    })
    .from(sql`(select 1) as one`)
    .prepare('chat_send');
}

export function createSendStatement(db: Database) {
  const sendStatement = prepareSend(db);
  return {
    /**
     * Sends a message in one statement (chat_send): see SendStatementInput. Not enough credits rejects with the
     * credits module's error (isNotEnoughCreditsError) and leaves nothing behind.
     */
    async send(input: SendStatementInput): Promise<SendStatementResult> {
      const [row] = await sendStatement.execute({
        senderProfileId: input.senderProfileId,
        senderUserId: input.senderUserId,
        siteId: input.siteId,
        isPremium: input.isPremium,
        partnerProfileId: input.partnerProfileId,
        clientId: input.clientId,
        kind: input.kind,
        body: input.body,
        giftKey: input.giftKey,
        photoKey: input.photo?.fileKey ?? null,
        photoThumbKey: input.photo?.thumbKey ?? null,
        photoWidth: input.photo?.width ?? null,
        photoHeight: input.photo?.height ?? null,
        price: input.price,
        ledgerReason: input.ledgerReason,
        freeLimit: input.freeConversationLimit,
        at: input.at.toISOString(),
        eventId: input.eventId,
        leaseMs: input.leaseMs,
      });
      if (!row) throw new Error('chat_send answered no row');
      return row.result;
    },
  };
}
