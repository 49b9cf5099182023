// The messages of a conversation, oldest first, with day separators in the interface language, own and partner
// bubbles, photos and gifts, read marks, the messages still being sent (or failed, with retry), and older pages
// loaded when scrolled to the top.
import { Fragment, useState, type ReactNode } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@app/contracts';
import { calendarDay } from '../../../lib/i18n.ts';
import type { PendingMessage } from '../lib/chat-store.ts';
import { groupClassOf, messageRowsOf } from '../lib/message-rows.ts';
import { useMessageScroll } from '../hooks/use-message-scroll.ts';
import { DaySeparator, PendingMessageRow, StoredMessageRow } from './message-rows.tsx';

type MessageListProps = {
  partnerName: string;
  messages: readonly ChatMessage[];
  pending: readonly PendingMessage[];
  /** Own messages up to this sequence are read by the partner. */
  partnerReadSeq: number;
  hasMore: boolean;
  hasHiddenHistory: boolean;
  isLoadingOlder?: boolean;
  onLoadOlder?: () => void;
  onRetry?: (clientId: string) => void;
  onDiscard?: (clientId: string) => void;
  /** Shown at the end of the list (the typing dots). */
  footer?: ReactNode;
  /** Shown when there is nothing yet (the icebreaker offer). */
  empty?: ReactNode;
  /** Reporting a message of the partner (issue 14): a flag beside each of their text and photo messages. */
  onReport?: (message: ChatMessage) => void;
};

/** The full photo of a message, over the conversation. */
function PhotoModal({ url, onHide }: { url: string | null; onHide: () => void }) {
  const { t } = useTranslation('chat');
  return (
    <Modal show={url !== null} onHide={onHide} centered size="lg" aria-label={t('message.photo')}>
      <Modal.Header closeButton closeLabel={t('common.close')} />
      <Modal.Body className="text-center p-2">
        {url && <img src={url} alt={t('message.photo')} className="img-fluid rounded" />}
      </Modal.Body>
    </Modal>
  );
}

/** What comes before the messages: the button that loads older ones, or the notice that older ones are hidden. */
function ListHead({ hasMore, hasHiddenHistory, isLoadingOlder, onLoadOlder }: MessageListProps) {
  const { t } = useTranslation('chat');
  return (
    <>
      {hasMore && onLoadOlder && (
        <div className="text-center my-2">
          <Button variant="link" size="sm" onClick={onLoadOlder} disabled={isLoadingOlder}>
            {isLoadingOlder && <Spinner size="sm" className="me-2" aria-hidden="true" />}
            {t('message.loadOlder')}
          </Button>
        </div>
      )}
      {hasHiddenHistory && !hasMore && (
        <p className="chat-history-notice text-center text-body-secondary small my-3" data-testid="hidden-history">
          {t('message.hiddenHistory')}
        </p>
      )}
    </>
  );
}

export function MessageList(props: MessageListProps) {
  const { partnerName, messages, pending, partnerReadSeq, hasMore, isLoadingOlder, onLoadOlder } = props;
  const { onRetry, onDiscard, footer, empty, onReport } = props;
  const { t } = useTranslation('chat');
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  const rows = messageRowsOf(messages, pending);
  const { scrollRef, topRef, onScroll } = useMessageScroll({
    firstSeq: messages[0]?.seq,
    lastRowKey: rows.at(-1)?.key,
    lastIsOwnPending: rows.at(-1)?.type === 'pending',
    hasMore,
    isLoadingOlder,
    onLoadOlder,
  });

  return (
    <div className="chat-messages" ref={scrollRef} onScroll={onScroll}>
      <div ref={topRef} />
      <ListHead {...props} />
      <div
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t('message.logLabel', { name: partnerName })}
        className="chat-log"
      >
        {rows.length === 0 && empty}
        {rows.map((row, index) => (
          <Fragment key={row.key}>
            {(index === 0 || calendarDay(rows[index - 1]!.at) !== calendarDay(row.at)) && <DaySeparator at={row.at} />}
            {row.type === 'message' ? (
              <StoredMessageRow
                message={row.message}
                partnerName={partnerName}
                partnerReadSeq={partnerReadSeq}
                groupClass={groupClassOf(rows, index)}
                onOpenPhoto={setPhotoUrl}
                onReport={onReport}
              />
            ) : (
              <PendingMessageRow
                item={row.pending}
                groupClass={groupClassOf(rows, index)}
                onRetry={onRetry}
                onDiscard={onDiscard}
              />
            )}
          </Fragment>
        ))}
      </div>
      {footer}
      <PhotoModal url={photoUrl} onHide={() => setPhotoUrl(null)} />
    </div>
  );
}
