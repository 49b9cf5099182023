// The rows of a conversation's message list: the stored messages, then the member's own sends not stored yet, and how
// consecutive rows of one side on one day group (the bubble's tail and the wider gap mark a group's ends).
import type { ChatMessage } from '@app/contracts';
import { calendarDay } from '../../../lib/i18n.ts';
import type { PendingMessage } from './chat-store.ts';

export type MessageRow =
  | { type: 'message'; message: ChatMessage; key: string; at: string }
  | { type: 'pending'; pending: PendingMessage; key: string; at: string };

/** Stored messages first, then the pending ones; one already stored (the server's copy arrived) is not pending any more. */
export function messageRowsOf(messages: readonly ChatMessage[], pending: readonly PendingMessage[]): MessageRow[] {
  const storedClientIds = new Set(messages.filter((message) => message.client_id).map((message) => message.client_id));
  return [
    ...messages.map((message): MessageRow => ({
      type: 'message',
      message,
      key: `m${message.id}`,
      at: message.created_at,
    })),
    ...pending
      .filter((item) => !storedClientIds.has(item.client_id))
      .map((item): MessageRow => ({ type: 'pending', pending: item, key: `p${item.client_id}`, at: item.created_at })),
  ];
}

const sideOf = (row: MessageRow) => (row.type === 'pending' || row.message.is_mine ? 'mine' : 'theirs');

/** The group classes of `rows[index]`: whether it starts and whether it ends a group of one side on one day. */
export function groupClassOf(rows: readonly MessageRow[], index: number): string {
  const row = rows[index]!;
  const isSame = (other: MessageRow | undefined) =>
    other !== undefined && sideOf(other) === sideOf(row) && calendarDay(other.at) === calendarDay(row.at);
  return `${isSame(rows[index - 1]) ? '' : 'is-group-start'} ${isSame(rows[index + 1]) ? '' : 'is-group-end'}`;
}
