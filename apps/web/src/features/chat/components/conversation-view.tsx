// One conversation on screen: the top bar, the messages (older pages on scroll up), the typing dots, and the send
// footer, or why the member cannot send here. Works for a conversation not started yet (/members/{id}/chat): the first
// send starts it.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatsList, ConversationData } from '../lib/chats-cache.ts';
import { chatKeys } from '../api/get-chats.ts';
import { loadOlderMessages } from '../api/get-chat.ts';
import { sendSocketEvent } from '../../../lib/socket-client.ts';
import { readOpenConversation } from '../hooks/use-chat-realtime.ts';
import { useChatSender } from '../hooks/use-chat-sender.ts';
import { rememberChatOpened, setOpenConversation, useChatStore, type PendingMessage } from '../lib/chat-store.ts';
import type { ReportSubject } from '../../reports/index.ts';
import { ChatTopBar } from './chat-top-bar.tsx';
import { MessageList } from './message-list.tsx';
import { SendFooter } from './send-footer.tsx';
import { TypingIndicator } from './typing-indicator.tsx';
import { useViewingConversation } from '../hooks/use-viewing-conversation.ts';
import { IcebreakerModal } from './icebreaker-modal.tsx';
import { PremiumPhotosModal, SendBlockedNotice, SendErrorAlert } from './chat-notices.tsx';

/** Typing events go out at most this often while the member types. */
export const TYPING_THROTTLE_MS = 2000;
const NO_PENDING: PendingMessage[] = [];

type ConversationViewProps = {
  data: ConversationData;
  /** Null until the first message starts the conversation. */
  conversationId: number | null;
  onStarted?: (conversationId: number) => void;
  initialGiftPickerOpen?: boolean;
};

export function ConversationView({ data, conversationId, onStarted, initialGiftPickerOpen }: ConversationViewProps) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const { partner } = data;
  const pending = useChatStore((state) => state.pending[partner.id] ?? NO_PENDING);
  const [text, setText] = useState('');
  const [isIcebreakerOpen, setIcebreakerOpen] = useState(false);
  const [isPremiumOpen, setPremiumOpen] = useState(false);
  const [isLoadingOlder, setLoadingOlder] = useState(false);
  const [reportSubject, setReportSubject] = useState<ReportSubject | null>(null);
  const lastTypingSent = useRef(0);
  const { send, retry, discard } = useChatSender({ partnerId: partner.id, base: data, onStarted });

  useEffect(() => {
    rememberChatOpened(partner.id);
  }, [partner.id]);

  useEffect(() => {
    setOpenConversation(conversationId);
    return () => setOpenConversation(null);
  }, [conversationId]);
  useViewingConversation(conversationId);

  // Coming back to the tab reads what arrived meanwhile.
  const lastSeq = data.conversation?.last_seq ?? 0;
  useEffect(() => {
    if (conversationId === null) return;
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      const list = queryClient.getQueryData<ChatsList>(chatKeys.list());
      const entry = list?.chats.find((item) => item.conversation.id === conversationId);
      if (entry && entry.num_unread_messages > 0)
        void readOpenConversation(queryClient, conversationId, Math.max(lastSeq, entry.last_seq));
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [conversationId, lastSeq, queryClient]);

  const onTyping = useCallback(() => {
    if (conversationId === null) return;
    const now = Date.now();
    if (now - lastTypingSent.current < TYPING_THROTTLE_MS) return;
    if (sendSocketEvent({ type: 'typing', conversation_id: conversationId })) lastTypingSent.current = now;
  }, [conversationId]);

  const loadOlder = useCallback(() => {
    if (conversationId === null || isLoadingOlder) return;
    setLoadingOlder(true);
    loadOlderMessages(queryClient, conversationId)
      .catch(() => undefined)
      .finally(() => setLoadingOlder(false));
  }, [conversationId, isLoadingOlder, queryClient]);

  const failure = [...pending].reverse().find((item) => item.status === 'failed')?.error;
  const reason = data.send_blocked_reason;
  const isEmpty = data.messages.length === 0 && pending.length === 0;

  return (
    <div className="chat-conversation" data-testid="chat-conversation">
      <ChatTopBar
        partner={partner}
        conversationId={conversationId}
        reportSubject={reportSubject}
        onReport={setReportSubject}
      />
      <MessageList
        partnerName={partner.name}
        messages={data.messages}
        pending={pending}
        partnerReadSeq={data.conversation?.partner_read_seq ?? 0}
        hasMore={data.has_more}
        hasHiddenHistory={data.has_hidden_history}
        isLoadingOlder={isLoadingOlder}
        onLoadOlder={loadOlder}
        onRetry={retry}
        onDiscard={discard}
        onReport={(message) => setReportSubject({ profile: partner, target: 'message', messageId: message.id })}
        footer={<TypingIndicator conversationId={conversationId} partnerName={partner.name} />}
        empty={
          <div className="chat-empty text-center text-body-secondary py-5">
            <p className="mb-2">{t('conversation.empty', { name: partner.name })}</p>
            {!reason && (
              <Button variant="outline-primary" size="sm" onClick={() => setIcebreakerOpen(true)}>
                {t('icebreakers.open')}
              </Button>
            )}
          </div>
        }
      />
      <div className="chat-bottom">
        {failure && (
          <div className="mb-2">
            <SendErrorAlert failure={failure} />
          </div>
        )}
        {reason ? (
          <SendBlockedNotice reason={reason} partner={partner} />
        ) : (
          <SendFooter
            text={text}
            onTextChange={setText}
            maxLength={data.max_length}
            prices={data.prices}
            canSendPhotos={data.can_send_photos}
            onSendText={(value) => send({ kind: 'text', text: value })}
            onSendGift={(gift) => send({ kind: 'gift', gift })}
            onSendPhoto={(file) => send({ kind: 'photo', file })}
            onPremiumRequired={() => setPremiumOpen(true)}
            onTyping={onTyping}
            initialGiftPickerOpen={initialGiftPickerOpen}
            isFirstMessage={!data.has_more && pending.length === 0 && !data.messages.some((message) => message.is_mine)}
          />
        )}
      </div>
      {isEmpty && !reason && (
        <IcebreakerModal
          isOpen={isIcebreakerOpen}
          partnerName={partner.name}
          onClose={() => setIcebreakerOpen(false)}
          onChoose={(line) => {
            setText(line);
            setIcebreakerOpen(false);
          }}
        />
      )}
      <PremiumPhotosModal isOpen={isPremiumOpen} onClose={() => setPremiumOpen(false)} />
    </div>
  );
}
