// A message written offline waits as "offline" with its client id and goes by itself, once, when the browser is back.
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ConversationData } from './chats-cache.ts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { useChatSender } from '../hooks/use-chat-sender.ts';
import { useChatStore } from './chat-store.ts';
import { useResendWhenOnline } from './offline-resend.ts';

beforeAll(() => setupI18n());
afterEach(() => {
  useChatStore.setState({ pending: {} });
  vi.unstubAllGlobals();
});

const PARTNER = 7;
const base = {
  partner: { id: PARTNER, name: 'Bea' },
  conversation: { id: 3, last_seq: 0, partner_read_seq: 0 },
  messages: [],
} as unknown as ConversationData;

function Harness({ text }: { text: string }) {
  const { send } = useChatSender({ partnerId: PARTNER, base });
  useResendWhenOnline();
  return (
    <button type="button" onClick={() => send({ kind: 'text', text })}>
      Send
    </button>
  );
}

const pendingOf = () => useChatStore.getState().pending[PARTNER] ?? [];

describe('offline sends', () => {
  it('keeps a message written offline and sends it once, under its client id, when the browser is back', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const { calls } = mockFetch(({ method, url, body }) =>
      method === 'POST' && url.pathname === '/api/message.php'
        ? {
            body: {
              message: {
                id: 99,
                conversation_id: 3,
                seq: 1,
                client_id: (body as { client_id: string }).client_id,
                sender_id: 1,
                is_mine: true,
                kind: 'text',
                body: 'Hi Bea',
                photo: null,
                gift: null,
                created_at: new Date().toISOString(),
              },
              conversation: { id: 3 },
              credits: 90,
            },
          }
        : undefined,
    );
    renderWithProviders(<Harness text="Hi Bea" />, { user: buildUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(pendingOf()).toEqual([expect.objectContaining({ status: 'offline', text: 'Hi Bea' })]);
    expect(calls.filter((call) => call.path === '/api/message.php')).toEqual([]);
    const clientId = pendingOf()[0]!.client_id;

    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(pendingOf()).toEqual([]));
    const sends = calls.filter((call) => call.path === '/api/message.php');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.body).toMatchObject({ to: PARTNER, client_id: clientId, text: 'Hi Bea' });
    // Another "online" sends nothing again.
    act(() => void window.dispatchEvent(new Event('online')));
    expect(calls.filter((call) => call.path === '/api/message.php')).toHaveLength(1);
  });

  it('marks a send that lost the network on the way as offline, not as refused', async () => {
    mockFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWithProviders(<Harness text="Are you there?" />, { user: buildUser() });
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    await waitFor(() => expect(pendingOf()[0]?.status).toBe('offline'));
  });
});
