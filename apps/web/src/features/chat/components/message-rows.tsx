// The rows of the message list: a day separator, a stored message (own or the partner's, with its time, read mark
// and report flag), and an own message still being sent, offline or failed (with retry and discard).
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@app/contracts';
import { calendarDay, formatDate } from '../../../lib/i18n.ts';
import { CheckCheckIcon, CheckIcon, FlagIcon } from '../../../components/icons.tsx';
import type { PendingMessage } from '../lib/chat-store.ts';
import { MessageBody } from './message-body.tsx';

export function useDayLabel() {
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

/** The day's separator before the first row of each day, in the interface language. */
export function DaySeparator({ at }: { at: string }) {
  const dayLabel = useDayLabel();
  return (
    <div className="chat-day" role="separator" aria-label={dayLabel(at)}>
      <span className="chat-day-label">{dayLabel(at)}</span>
    </div>
  );
}

/** Whether the partner has read an own message: one tick or two, with the words for screen readers. */
function ReadMark({ isRead }: { isRead: boolean }) {
  const { t } = useTranslation('chat');
  return (
    <span
      className={`chat-read-mark ${isRead ? 'is-read' : ''}`}
      title={isRead ? t('message.read') : t('message.sent')}
      data-testid="read-mark"
    >
      {isRead ? <CheckCheckIcon size={15} strokeWidth={2.4} /> : <CheckIcon size={15} strokeWidth={2.4} />}
      <span className="visually-hidden">{isRead ? t('message.read') : t('message.sent')}</span>
    </span>
  );
}

type StoredMessageRowProps = {
  message: ChatMessage;
  partnerName: string;
  /** Own messages up to this sequence are read by the partner. */
  partnerReadSeq: number;
  groupClass: string;
  onOpenPhoto: (url: string) => void;
  onReport?: (message: ChatMessage) => void;
};

export function StoredMessageRow(props: StoredMessageRowProps) {
  const { message, partnerName, partnerReadSeq, groupClass, onOpenPhoto, onReport } = props;
  const { t } = useTranslation('chat');
  const { t: tReports } = useTranslation('reports');
  const isRead = message.is_mine && message.seq <= partnerReadSeq;
  return (
    <div
      className={`chat-row ${message.is_mine ? 'chat-row-mine' : 'chat-row-theirs'} ${groupClass}`}
      data-testid="chat-message"
      data-seq={message.seq}
    >
      <div
        className={`chat-bubble chat-bubble-${message.kind} ${message.is_mine ? 'chat-bubble-mine' : 'chat-bubble-theirs'}`}
      >
        <span className="visually-hidden">{message.is_mine ? t('message.you') : partnerName}: </span>
        <MessageBody
          message={message}
          onOpenPhoto={onOpenPhoto}
          onReport={onReport && !message.is_mine ? () => onReport(message) : undefined}
        />
        <span className="chat-meta">
          <time dateTime={message.created_at}>{timeOf(message.created_at)}</time>
          {message.is_mine && <ReadMark isRead={isRead} />}
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
  );
}

type PendingMessageRowProps = {
  item: PendingMessage;
  groupClass: string;
  onRetry?: (clientId: string) => void;
  onDiscard?: (clientId: string) => void;
};

export function PendingMessageRow({ item, groupClass, onRetry, onDiscard }: PendingMessageRowProps) {
  const { t } = useTranslation('chat');
  const isFailed = item.status === 'failed';
  const isOffline = item.status === 'offline';
  return (
    <div
      className={`chat-row chat-row-mine ${groupClass}`}
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
            message={{ kind: item.kind, body: item.text ?? null, gift: item.gift ?? null, photo: null, is_mine: true }}
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
          <Button size="sm" variant="link" className="text-body-secondary" onClick={() => onDiscard?.(item.client_id)}>
            {t('message.discard')}
          </Button>
        </div>
      )}
    </div>
  );
}
