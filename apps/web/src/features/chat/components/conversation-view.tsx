// One conversation on screen: the top bar, the messages (older pages on scroll up), the typing dots, and the send
// footer, or why the member cannot send here. Works for a conversation not started yet (/members/{id}/chat): the first
// send starts it.
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ConversationData } from '../lib/chats-cache.ts';
import { useChatSender } from '../hooks/use-chat-sender.ts';
import { useOlderMessages, useTypingSender } from '../hooks/use-conversation-actions.ts';
import { useOpenConversation } from '../hooks/use-open-conversation.ts';
import { useChatStore, type PendingMessage } from '../lib/chat-store.ts';
import type { ReportSubject } from '../../reports/index.ts';
import { ChatTopBar } from './chat-top-bar.tsx';
import { MessageList } from './message-list.tsx';
import { SendFooter } from './send-footer.tsx';
import { TypingIndicator } from './typing-indicator.tsx';
import { IcebreakerModal } from './icebreaker-modal.tsx';
import { PremiumPhotosModal, SendBlockedNotice, SendErrorAlert } from './chat-notices.tsx';

const NO_PENDING: PendingMessage[] = [];

type ConversationViewProps = {
  data: ConversationData;
  /** Null until the first message starts the conversation. */
  conversationId: number | null;
  onStarted?: (conversationId: number) => void;
  initialGiftPickerOpen?: boolean;
};

/** A conversation with nothing in it yet, and the offer of an icebreaker when the member may write. */
function EmptyConversation({
  partnerName,
  canSend,
  onIcebreaker,
}: {
  partnerName: string;
  canSend: boolean;
  onIcebreaker: () => void;
}) {
  const { t } = useTranslation('chat');
  return (
    <div className="chat-empty text-center text-body-secondary py-5">
      <p className="mb-2">{t('conversation.empty', { name: partnerName })}</p>
      {canSend && (
        <Button variant="outline-primary" size="sm" onClick={onIcebreaker}>
          {t('icebreakers.open')}
        </Button>
      )}
    </div>
  );
}

type ConversationBottomProps = {
  data: ConversationData;
  pending: readonly PendingMessage[];
  text: string;
  onTextChange: (text: string) => void;
  send: ReturnType<typeof useChatSender>['send'];
  onTyping: () => void;
  onPremiumRequired: () => void;
  initialGiftPickerOpen?: boolean;
};

/** Under the messages: the last failed send's error, and the send footer or why the member cannot send here. */
function ConversationBottom(props: ConversationBottomProps) {
  const { data, pending, text, onTextChange, send, onTyping, onPremiumRequired, initialGiftPickerOpen } = props;
  const failure = [...pending].reverse().find((item) => item.status === 'failed')?.error;
  const reason = data.send_blocked_reason;
  return (
    <div className="chat-bottom">
      {failure && (
        <div className="mb-2">
          <SendErrorAlert failure={failure} />
        </div>
      )}
      {reason ? (
        <SendBlockedNotice reason={reason} partner={data.partner} />
      ) : (
        <SendFooter
          text={text}
          onTextChange={onTextChange}
          maxLength={data.max_length}
          prices={data.prices}
          canSendPhotos={data.can_send_photos}
          onSendText={(value) => send({ kind: 'text', text: value })}
          onSendGift={(gift) => send({ kind: 'gift', gift })}
          onSendPhoto={(file) => send({ kind: 'photo', file })}
          onPremiumRequired={onPremiumRequired}
          onTyping={onTyping}
          initialGiftPickerOpen={initialGiftPickerOpen}
          isFirstMessage={!data.has_more && pending.length === 0 && !data.messages.some((message) => message.is_mine)}
        />
      )}
    </div>
  );
}

export function ConversationView({ data, conversationId, onStarted, initialGiftPickerOpen }: ConversationViewProps) {
  const { partner } = data;
  const pending = useChatStore((state) => state.pending[partner.id] ?? NO_PENDING);
  const [text, setText] = useState('');
  const [isIcebreakerOpen, setIcebreakerOpen] = useState(false);
  const [isPremiumOpen, setPremiumOpen] = useState(false);
  const [reportSubject, setReportSubject] = useState<ReportSubject | null>(null);
  const { send, retry, discard } = useChatSender({ partnerId: partner.id, base: data, onStarted });

  useOpenConversation(partner.id, conversationId, data.conversation?.last_seq ?? 0);
  const onTyping = useTypingSender(conversationId);
  const { isLoadingOlder, loadOlder } = useOlderMessages(conversationId);

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
          <EmptyConversation
            partnerName={partner.name}
            canSend={!reason}
            onIcebreaker={() => setIcebreakerOpen(true)}
          />
        }
      />
      <ConversationBottom
        data={data}
        pending={pending}
        text={text}
        onTextChange={setText}
        send={send}
        onTyping={onTyping}
        onPremiumRequired={() => setPremiumOpen(true)}
        initialGiftPickerOpen={initialGiftPickerOpen}
      />
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
