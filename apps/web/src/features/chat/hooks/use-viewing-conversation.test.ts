// @vitest-environment jsdom
// The `viewing` socket event: the open conversation while the tab is visible and the socket live, null otherwise.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { SocketClientEvent } from '@app/contracts';
import type { SocketState } from '../../../lib/socket-client.ts';

const socket = vi.hoisted(() => ({ state: 'live' as string, sent: [] as unknown[], listeners: new Set<() => void>() }));
vi.mock('../../../lib/socket-client.ts', async () => {
  const { useSyncExternalStore } = await import('react');
  return {
    sendSocketEvent: (event: SocketClientEvent) => {
      if (socket.state !== 'live') return false;
      socket.sent.push(event);
      return true;
    },
    useSocketState: () =>
      useSyncExternalStore(
        (listener) => {
          socket.listeners.add(listener);
          return () => socket.listeners.delete(listener);
        },
        () => socket.state,
      ),
  };
});
const { useViewingConversation } = await import('./use-viewing-conversation.ts');

function setSocketState(state: SocketState | string) {
  socket.state = state;
  for (const listener of socket.listeners) listener();
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

afterEach(() => {
  cleanup();
  socket.sent = [];
  socket.state = 'live';
  setVisibility('visible');
});

describe('useViewingConversation', () => {
  it('says which conversation is open, null when it closes', () => {
    const { rerender, unmount } = renderHook(({ id }) => useViewingConversation(id), {
      initialProps: { id: 5 as number | null },
    });
    expect(socket.sent).toEqual([{ type: 'viewing', conversation_id: 5 }]);
    rerender({ id: 6 });
    expect(socket.sent.slice(1)).toEqual([
      { type: 'viewing', conversation_id: null },
      { type: 'viewing', conversation_id: 6 },
    ]);
    unmount();
    expect(socket.sent.at(-1)).toEqual({ type: 'viewing', conversation_id: null });
  });

  it('says null while the tab is hidden and the conversation again when it is back', () => {
    renderHook(() => useViewingConversation(5));
    act(() => setVisibility('hidden'));
    expect(socket.sent.at(-1)).toEqual({ type: 'viewing', conversation_id: null });
    act(() => setVisibility('visible'));
    expect(socket.sent.at(-1)).toEqual({ type: 'viewing', conversation_id: 5 });
  });

  it('says it again on a new socket after a reconnect (the server keeps it per socket)', () => {
    renderHook(() => useViewingConversation(5));
    act(() => setSocketState('offline'));
    const before = socket.sent.length;
    act(() => setSocketState('live'));
    expect(socket.sent.slice(before), JSON.stringify(socket.sent)).toHaveLength(1);
    expect(socket.sent.at(-1)).toEqual({ type: 'viewing', conversation_id: 5 });
  });

  it('sends nothing for a conversation not started yet', () => {
    renderHook(() => useViewingConversation(null));
    expect(socket.sent).toEqual([{ type: 'viewing', conversation_id: null }]);
  });
});
