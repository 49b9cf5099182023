// The partner is typing: three animated dots, gone TYPING_VISIBLE_MS after the last typing event.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TYPING_VISIBLE_MS } from '@app/contracts';
import { useChatStore } from '../lib/chat-store.ts';

export function useIsTyping(conversationId: number | null, visibleMs: number = TYPING_VISIBLE_MS): boolean {
  const at = useChatStore((state) => (conversationId === null ? undefined : state.typingAt[conversationId]));
  // The typing event whose time is up (the dots hide until the next one arrives).
  const [expired, setExpired] = useState<number | undefined>(undefined);
  useEffect(() => {
    if (at === undefined) return;
    const timer = setTimeout(() => setExpired(at), Math.max(0, at + visibleMs - Date.now()));
    return () => clearTimeout(timer);
  }, [at, visibleMs]);
  return at !== undefined && expired !== at;
}

export function TypingIndicator({
  conversationId,
  partnerName,
}: {
  conversationId: number | null;
  partnerName: string;
}) {
  const { t } = useTranslation('chat');
  const isTyping = useIsTyping(conversationId);
  return (
    <div className="chat-typing-slot" aria-live="polite">
      {isTyping && (
        <div className="chat-typing" data-testid="typing-indicator">
          <span className="chat-typing-dots" aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
          <span className="visually-hidden">{t('typing', { name: partnerName })}</span>
        </div>
      )}
    </div>
  );
}
