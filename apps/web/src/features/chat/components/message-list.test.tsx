// The message list: day separators in the interface language, own and partner bubbles, gifts drawn inline, read marks,
// and sends still pending or failed (with retry under the same client id); a stored copy replaces its pending one.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { buildMessage } from '../lib/chat-fixtures.ts';
import type { PendingMessage } from '../lib/chat-store.ts';
import { MessageList } from './message-list.tsx';

beforeAll(() => setupI18n());

const daysAgo = (days: number, hour = 12) => {
  const date = new Date();
  date.setDate(date.getDate() - days);
  date.setHours(hour, 0, 0, 0);
  return date.toISOString();
};

function pending(overrides: Partial<PendingMessage>): PendingMessage {
  return {
    client_id: 'client-1',
    partner_id: 81,
    kind: 'text',
    text: 'On its way',
    created_at: daysAgo(0, 13),
    status: 'sending',
    ...overrides,
  };
}

describe('MessageList', () => {
  it('separates days (today, yesterday, then dates) and marks own messages read up to the partner read mark', () => {
    const messages = [
      buildMessage({ seq: 1, created_at: daysAgo(9), body: 'Long ago' }),
      buildMessage({ seq: 2, created_at: daysAgo(1), body: 'Yesterday hi', is_mine: true }),
      buildMessage({ seq: 3, created_at: daysAgo(0, 9), body: 'Morning', is_mine: true }),
      buildMessage({ seq: 4, created_at: daysAgo(0, 10), body: 'Morning too' }),
    ];
    renderWithProviders(
      <MessageList
        partnerName="Bea"
        messages={messages}
        pending={[]}
        partnerReadSeq={2}
        hasMore={false}
        hasHiddenHistory
      />,
      {
        user: buildUser(),
      },
    );
    const log = screen.getByRole('log', { name: 'Messages with Bea' });
    const separators = within(log).getAllByRole('separator');
    expect(separators).toHaveLength(3);
    expect(separators[1]).toHaveProperty('textContent', 'Yesterday');
    expect(separators[2]).toHaveProperty('textContent', 'Today');
    const bubbles = within(log).getAllByTestId('chat-message');
    expect(bubbles[1]!.textContent).toContain('Read');
    expect(bubbles[2]!.textContent).toContain('Sent');
    expect(bubbles[2]!.className).toContain('chat-row-mine');
    expect(bubbles[3]!.className).toContain('chat-row-theirs');
    expect(screen.getByTestId('hidden-history').textContent).toBe('Older messages are hidden for your privacy.');
  });

  it("offers to report each of the partner's text and photo messages, never an own one or a gift", () => {
    const onReport = vi.fn();
    const messages = [
      buildMessage({ seq: 1, body: 'Send me money' }),
      buildMessage({ seq: 2, body: 'No', is_mine: true }),
      buildMessage({ seq: 3, kind: 'gift', body: null, gift: 'rose' }),
      buildMessage({ seq: 4, body: 'Please' }),
    ];
    renderWithProviders(
      <MessageList
        partnerName="Bea"
        messages={messages}
        pending={[]}
        partnerReadSeq={0}
        hasMore={false}
        hasHiddenHistory={false}
        onReport={onReport}
      />,
      {
        user: buildUser(),
      },
    );
    const flags = screen.getAllByRole('button', { name: 'Report this message' });
    expect(flags).toHaveLength(2);
    fireEvent.click(flags[1]!);
    expect(onReport).toHaveBeenCalledWith(expect.objectContaining({ seq: 4, body: 'Please' }));
  });

  it('shows a gift as its drawing and translated name', () => {
    const messages = [
      buildMessage({ seq: 1, kind: 'gift', body: null, gift: 'rose' }),
      buildMessage({ seq: 2, kind: 'gift', body: null, gift: 'teddy', is_mine: true }),
    ];
    renderWithProviders(
      <MessageList
        partnerName="Bea"
        messages={messages}
        pending={[]}
        partnerReadSeq={0}
        hasMore={false}
        hasHiddenHistory={false}
      />,
      {
        user: buildUser(),
      },
    );
    const [received, sent] = screen.getAllByTestId('chat-message');
    expect(received!.textContent).toContain('A gift for you: Rose');
    expect(received!.querySelector('svg.gift-image')).not.toBeNull();
    expect(sent!.textContent).toContain('You sent a gift: Teddy bear');
  });

  it('shows pending and failed sends, retries a failed one under its client id, and hides one whose stored copy arrived', () => {
    const onRetry = vi.fn();
    const onDiscard = vi.fn();
    const messages = [buildMessage({ seq: 1, is_mine: true, client_id: 'client-stored', body: 'Stored' })];
    const items = [
      pending({ client_id: 'client-stored', text: 'Stored' }),
      pending({ client_id: 'client-2', text: 'Still sending' }),
      pending({
        client_id: 'client-3',
        text: 'Too expensive',
        status: 'failed',
        error: { code: 'not_enough_credits', message: 'You do not have enough credits for this.' },
      }),
    ];
    renderWithProviders(
      <MessageList
        partnerName="Bea"
        messages={messages}
        pending={items}
        partnerReadSeq={0}
        hasMore={false}
        hasHiddenHistory={false}
        onRetry={onRetry}
        onDiscard={onDiscard}
      />,
      { user: buildUser() },
    );
    expect(screen.getAllByTestId('chat-message')).toHaveLength(1);
    const shown = screen.getAllByTestId('chat-message-pending');
    expect(shown).toHaveLength(2);
    expect(shown[0]!.textContent).toContain('Still sending');
    expect(shown[0]!.textContent).toContain('Sending…');
    expect(shown[1]!.textContent).toContain('Not sent');
    fireEvent.click(within(shown[1]!).getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledWith('client-3');
    fireEvent.click(within(shown[1]!).getByRole('button', { name: 'Remove' }));
    expect(onDiscard).toHaveBeenCalledWith('client-3');
  });

  it('groups consecutive messages of one side, and draws gifts large on a card and read marks as ticks', () => {
    const messages = [
      buildMessage({ seq: 1, created_at: daysAgo(0, 9), body: 'Hi' }),
      buildMessage({ seq: 2, created_at: daysAgo(0, 9), body: 'How are you?' }),
      buildMessage({ seq: 3, created_at: daysAgo(0, 10), body: 'Fine!', is_mine: true }),
      buildMessage({ seq: 4, created_at: daysAgo(0, 10), kind: 'gift', body: null, gift: 'rose', is_mine: true }),
    ];
    renderWithProviders(
      <MessageList
        partnerName="Bea"
        messages={messages}
        pending={[]}
        partnerReadSeq={3}
        hasMore={false}
        hasHiddenHistory={false}
      />,
      {
        user: buildUser(),
      },
    );
    const rows = screen.getAllByTestId('chat-message');
    expect(
      rows.map((row) => [row.classList.contains('is-group-start'), row.classList.contains('is-group-end')]),
    ).toEqual([
      [true, false],
      [false, true],
      [true, false],
      [false, true],
    ]);
    const gift = rows[3]!.querySelector('.chat-gift-card svg.gift-image');
    expect(gift?.getAttribute('width')).toBe('104');
    const [read, sent] = within(screen.getByRole('log')).getAllByTestId('read-mark');
    expect(read!.querySelector('svg')).not.toBeNull();
    expect(read!.textContent).toBe('Read');
    expect(sent!.textContent).toBe('Sent');
  });

  it('offers older messages while there are more', () => {
    const onLoadOlder = vi.fn();
    renderWithProviders(
      <MessageList
        partnerName="Bea"
        messages={[buildMessage({ seq: 31 })]}
        pending={[]}
        partnerReadSeq={0}
        hasMore
        hasHiddenHistory={false}
        onLoadOlder={onLoadOlder}
      />,
      { user: buildUser() },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show older messages' }));
    expect(onLoadOlder).toHaveBeenCalled();
    expect(screen.queryByTestId('hidden-history')).toBeNull();
  });
});
