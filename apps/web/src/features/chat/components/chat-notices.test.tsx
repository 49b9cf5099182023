// A banned or suspended partner (docs/bans.md): the conversation says they are no longer available instead of offering
// the composer, and the list says so instead of the last message.
import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { buildChats, buildEntry } from '../lib/chat-fixtures.ts';
import { ChatList } from './chat-list.tsx';
import { SendBlockedNotice } from './chat-notices.tsx';

beforeAll(() => setupI18n());

describe('a partner who is no longer available', () => {
  it('shows the translated note in the conversation', async () => {
    renderWithProviders(<SendBlockedNotice reason="member_unavailable" partner={{ id: 81, name: 'Bob' }} />, {
      user: buildUser(),
    });
    expect((await screen.findByTestId('send-blocked')).textContent).toBe(
      'Bob is no longer available. You can still read your conversation, but not write to them.',
    );
  });

  it('says so in the list instead of the last message', async () => {
    const list = buildChats({
      chats: [
        buildEntry({ id: 1 }),
        buildEntry({ id: 2, profile: { id: 82, name: 'Bob', main_image: null, is_available: false } }),
      ],
    });
    renderWithProviders(<ChatList list={list} activeId={null} />, { user: buildUser() });
    const items = await screen.findAllByTestId('chat-list-item');
    expect(items[0]!.textContent).toContain('Hello');
    expect(items[1]!.textContent).toContain('No longer available');
    expect(items[1]!.textContent).not.toContain('Hello');
  });
});
