// The messages of a conversation, oldest first, with day separators in the interface language, own and partner
// bubbles, photos and gifts, read marks, the messages still being sent (or failed, with retry), and older pages
// loaded when scrolled to the top.
import { Fragment, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@app/contracts';
import { calendarDay, formatDate } from '../../../lib/i18n.ts';
import type { PendingMessage } from '../lib/chat-store.ts';
import { CheckCheckIcon, CheckIcon, FlagIcon } from '../../../components/icons.tsx';
import { GiftImage } from './gift-image.tsx';

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

function useDayLabel() {
  const { t } = useTranslation('chat');
  return (iso: string, now: Date = new Date()) => {
    const key = calendarDay(iso);
    if (key === calendarDay(now)) return t('days.today');
    const yesterday = new Date(now);
    yesterday.setDate(now.getDate() - 1);
    if (key === calendarDay(yesterday)) return t('days.yesterday');
    const date = new Date(iso);
    const sameYear = key.slice(0, 4) === calendarDay(now).slice(0, 4);
    return formatDate(date, sameYear ? { weekday: 'long', day: 'numeric', month: 'long' } : { dateStyle: 'full' });
  };
}

const timeOf = (iso: string) => formatDate(iso, { hour: '2-digit', minute: '2-digit' });

type Row =
  | { type: 'message'; message: ChatMessage; key: string; at: string }
  | { type: 'pending'; pending: PendingMessage; key: string; at: string };

type BodyProps = {
  message: Pick<ChatMessage, 'kind' | 'body' | 'gift' | 'photo' | 'is_mine'>;
  isUnsent?: boolean;
  onOpenPhoto?: (url: string) => void;
};

function MessageBody({ message, isUnsent = false, onOpenPhoto }: BodyProps) {
  const { t } = useTranslation('chat');
  if (message.kind === 'gift' && message.gift) {
    const name = t(`gifts.${message.gift}`);
    const caption = isUnsent
      ? t('list.previewGift', { gift: name })
      : message.is_mine
        ? t('message.giftSent', { gift: name })
        : t('message.giftReceived', { gift: name });
    return (
      <span className="chat-gift-card">
        <span className="chat-gift-art">
          <GiftImage gift={message.gift} size={104} />
        </span>
        <span className="chat-gift-caption">{caption}</span>
      </span>
    );
  }
  if (message.kind === 'photo' && message.photo) {
    const { photo } = message;
    return (
      <button
        type="button"
        className="chat-photo-button"
        onClick={() => onOpenPhoto?.(photo.url)}
        aria-label={t('message.openPhoto')}
      >
        <img
          src={photo.thumb_url}
          alt={t('message.photo')}
          className="chat-photo-thumb"
          loading="lazy"
          decoding="async"
        />
      </button>
    );
  }
  return <span className="chat-text">{message.body}</span>;
}

export function MessageList(props: MessageListProps) {
  const {
    partnerName,
    messages,
    pending,
    partnerReadSeq,
    hasMore,
    hasHiddenHistory,
    isLoadingOlder,
    onLoadOlder,
    onRetry,
    onDiscard,
    footer,
    empty,
    onReport,
  } = props;
  const { t } = useTranslation('chat');
  const { t: tReports } = useTranslation('reports');
  const dayLabel = useDayLabel();
  const scrollRef = useRef<HTMLDivElement>(null);
  const topRef = useRef<HTMLDivElement>(null);
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  const isNearBottom = useRef(true);
  const firstSeq = messages[0]?.seq;
  const anchor = useRef<{ firstSeq: number | undefined; height: number; top: number } | null>(null);

  // Messages already stored (the server's copy arrived) are not shown pending any more.
  const storedClientIds = new Set(messages.filter((message) => message.client_id).map((message) => message.client_id));
  const rows: Row[] = [
    ...messages.map((message): Row => ({ type: 'message', message, key: `m${message.id}`, at: message.created_at })),
    ...pending
      .filter((item) => !storedClientIds.has(item.client_id))
      .map((item): Row => ({ type: 'pending', pending: item, key: `p${item.client_id}`, at: item.created_at })),
  ];

  // Older messages put in front keep the visible ones where they were; new ones at the end scroll into view when the
  // member was at the bottom already (or sent them).
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const previous = anchor.current;
    if (previous && previous.firstSeq !== firstSeq && previous.firstSeq !== undefined) {
      element.scrollTop = element.scrollHeight - previous.height + previous.top;
    } else if (isNearBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
    anchor.current = { firstSeq, height: element.scrollHeight, top: element.scrollTop };
  });

  const lastRowKey = rows.at(-1)?.key;
  const lastIsOwnPending = rows.at(-1)?.type === 'pending';
  useEffect(() => {
    const element = scrollRef.current;
    if (element && lastIsOwnPending) element.scrollTop = element.scrollHeight;
  }, [lastRowKey, lastIsOwnPending]);

  useEffect(() => {
    const target = topRef.current;
    const root = scrollRef.current;
    if (!target || !root || !hasMore || !onLoadOlder || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isLoadingOlder) onLoadOlder();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasMore, onLoadOlder, isLoadingOlder]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    isNearBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
    anchor.current = { firstSeq, height: element.scrollHeight, top: element.scrollTop };
  };

  // Consecutive messages of one side on one day form a group: the bubble's tail and the wider gap mark its ends.
  const sideOf = (row: Row) => (row.type === 'pending' || row.message.is_mine ? 'mine' : 'theirs');
  const groupClass = (index: number) => {
    const row = rows[index]!;
    const isSame = (other: Row | undefined) =>
      other !== undefined && sideOf(other) === sideOf(row) && calendarDay(other.at) === calendarDay(row.at);
    return `${isSame(rows[index - 1]) ? '' : 'is-group-start'} ${isSame(rows[index + 1]) ? '' : 'is-group-end'}`;
  };

  let previousDay: string | null = null;
  return (
    <div className="chat-messages" ref={scrollRef} onScroll={onScroll}>
      <div ref={topRef} />
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
      <div
        role="log"
        aria-live="polite"
        aria-relevant="additions"
        aria-label={t('message.logLabel', { name: partnerName })}
        className="chat-log"
      >
        {rows.length === 0 && empty}
        {rows.map((row, index) => {
          const day = calendarDay(row.at);
          const separator =
            day !== previousDay ? (
              <div className="chat-day" role="separator" aria-label={dayLabel(row.at)}>
                <span className="chat-day-label">{dayLabel(row.at)}</span>
              </div>
            ) : null;
          previousDay = day;
          if (row.type === 'message') {
            const { message } = row;
            const isRead = message.is_mine && message.seq <= partnerReadSeq;
            return (
              <Fragment key={row.key}>
                {separator}
                <div
                  className={`chat-row ${message.is_mine ? 'chat-row-mine' : 'chat-row-theirs'} ${groupClass(index)}`}
                  data-testid="chat-message"
                  data-seq={message.seq}
                >
                  <div
                    className={`chat-bubble chat-bubble-${message.kind} ${message.is_mine ? 'chat-bubble-mine' : 'chat-bubble-theirs'}`}
                  >
                    <span className="visually-hidden">{message.is_mine ? t('message.you') : partnerName}: </span>
                    <MessageBody message={message} onOpenPhoto={setPhotoUrl} />
                    <span className="chat-meta">
                      <time dateTime={message.created_at}>{timeOf(message.created_at)}</time>
                      {message.is_mine && (
                        <span
                          className={`chat-read-mark ${isRead ? 'is-read' : ''}`}
                          title={isRead ? t('message.read') : t('message.sent')}
                          data-testid="read-mark"
                        >
                          {isRead ? (
                            <CheckCheckIcon size={15} strokeWidth={2.4} />
                          ) : (
                            <CheckIcon size={15} strokeWidth={2.4} />
                          )}
                          <span className="visually-hidden">{isRead ? t('message.read') : t('message.sent')}</span>
                        </span>
                      )}
                    </span>
                  </div>
                  {onReport && !message.is_mine && message.kind !== 'gift' && (
                    <button
                      type="button"
                      className="chat-report-button"
                      onClick={() => onReport(message)}
                      aria-label={tReports('action.reportMessage')}
                      title={tReports('action.reportMessage')}
                    >
                      <FlagIcon size={14} aria-hidden="true" />
                    </button>
                  )}
                </div>
              </Fragment>
            );
          }
          const { pending: item } = row;
          const isFailed = item.status === 'failed';
          const isOffline = item.status === 'offline';
          return (
            <Fragment key={row.key}>
              {separator}
              <div
                className={`chat-row chat-row-mine ${groupClass(index)}`}
                data-testid="chat-message-pending"
                data-status={item.status}
              >
                <div
                  className={`chat-bubble chat-bubble-mine chat-bubble-${item.kind} ${isFailed || isOffline ? 'is-failed' : 'is-pending'}`}
                >
                  {item.kind === 'photo' && item.preview_url ? (
                    <img src={item.preview_url} alt={t('message.photo')} className="chat-photo-thumb" />
                  ) : (
                    <MessageBody
                      message={{
                        kind: item.kind,
                        body: item.text ?? null,
                        gift: item.gift ?? null,
                        photo: null,
                        is_mine: true,
                      }}
                      isUnsent
                    />
                  )}
                  <span className="chat-meta">
                    {isFailed ? (
                      <span className="text-danger-emphasis fw-semibold">{t('message.failed')}</span>
                    ) : isOffline ? (
                      <span className="fw-semibold">{t('message.offline')}</span>
                    ) : (
                      <span>
                        <Spinner size="sm" className="me-1 chat-pending-spinner" aria-hidden="true" />
                        {t('message.sending')}
                      </span>
                    )}
                  </span>
                </div>
                {(isFailed || isOffline) && (
                  <div className="chat-failed-actions">
                    <Button size="sm" variant="outline-primary" onClick={() => onRetry?.(item.client_id)}>
                      {t('message.retry')}
                    </Button>
                    <Button
                      size="sm"
                      variant="link"
                      className="text-body-secondary"
                      onClick={() => onDiscard?.(item.client_id)}
                    >
                      {t('message.discard')}
                    </Button>
                  </div>
                )}
              </div>
            </Fragment>
          );
        })}
      </div>
      {footer}
      <Modal
        show={photoUrl !== null}
        onHide={() => setPhotoUrl(null)}
        centered
        size="lg"
        aria-label={t('message.photo')}
      >
        <Modal.Header closeButton closeLabel={t('common.close')} />
        <Modal.Body className="text-center p-2">
          {photoUrl && <img src={photoUrl} alt={t('message.photo')} className="img-fluid rounded" />}
        </Modal.Body>
      </Modal>
    </div>
  );
}
