// Tells the server which conversation this tab shows (the socket's `viewing` event), so a message to it is not also
// pushed to the member's devices (docs/notifications.md). The server keeps it per socket: it is sent again after
// every reconnect, null when the tab is hidden or the conversation closes, and the id again when the tab is back.
import { useEffect, useSyncExternalStore } from 'react';
import { sendSocketEvent, useSocketState } from '../../../lib/socket-client.ts';

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const isVisible = () => document.visibilityState === 'visible';

export function useViewingConversation(conversationId: number | null): void {
  const state = useSocketState();
  const visible = useSyncExternalStore(subscribeVisibility, isVisible, () => true);
  useEffect(() => {
    if (state !== 'live') return;
    const viewing = visible ? conversationId : null;
    sendSocketEvent({ type: 'viewing', conversation_id: viewing });
    return () => {
      if (viewing !== null) sendSocketEvent({ type: 'viewing', conversation_id: null });
    };
  }, [state, visible, conversationId]);
}
