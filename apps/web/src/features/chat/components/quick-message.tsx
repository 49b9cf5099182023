// Say hi right there (the match moment, docs/members.md): an opening line to pick or one's own words, sent and paid as
// any first message (message.php, the same client id on a retry), with the "Are you sure?" check of a first message.
import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useQuickSend } from '../hooks/use-quick-send.ts';
import { messageConcerns, type MessageConcern } from '@app/contracts';
import { SendErrorAlert } from './chat-notices.tsx';

/** The opening lines offered (of the icebreakers, chat.json). */
const OPENERS = ['1', '2', '4'] as const;

/** Sent: a link to the conversation the message started. */
function QuickMessageSent({ partnerName, conversationId }: { partnerName: string; conversationId: number }) {
  const { t } = useTranslation('chat');
  return (
    <div className="quick-message-sent" role="status">
      <p className="mb-2 fw-semibold">{t('quick.sent', { name: partnerName })}</p>
      <Link to={paths.chatsId.getHref(conversationId)} className="btn btn-outline-primary w-100">
        {t('quick.toChat')}
      </Link>
    </div>
  );
}

/** The opening lines to pick from. */
function OpenerButtons({ onPick }: { onPick: (line: string) => void }) {
  const { t } = useTranslation('chat');
  return (
    <div className="quick-message-openers d-flex flex-wrap gap-2 mb-2">
      {OPENERS.map((key) => (
        <button
          key={key}
          type="button"
          className="btn btn-sm btn-outline-secondary quick-message-opener"
          onClick={() => onPick(t(`icebreakers.${key}`))}
        >
          {t(`icebreakers.${key}`)}
        </button>
      ))}
    </div>
  );
}

/** "Are you sure?" naming what the first message contains; the send button then says "Send anyway". */
function ConcernsAlert({ concerns }: { concerns: MessageConcern[] }) {
  const { t } = useTranslation('chat');
  return (
    <Alert variant="warning" className="mt-2 mb-0 small" role="alert">
      <strong className="d-block">{t('confirmFirst.title')}</strong>
      {t('confirmFirst.intro')} {concerns.map((concern) => t(`confirmFirst.concerns.${concern}`)).join(', ')}
    </Alert>
  );
}

export function QuickMessage({ partner }: { partner: { id: number; name: string } }) {
  const { t } = useTranslation('chat');
  const { t: tMembers } = useTranslation('members');
  const settings = useSettings();
  const id = useId();
  const [text, setText] = useState('');
  const [concerns, setConcerns] = useState<MessageConcern[]>([]);
  const { isSending, failure, conversationId, send } = useQuickSend(partner.id);
  const edit = (value: string) => {
    setText(value);
    setConcerns([]);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || isSending) return;
    const found = messageConcerns(text);
    if (found.length > 0 && concerns.length === 0) setConcerns(found);
    else {
      setConcerns([]);
      void send(text);
    }
  };

  if (conversationId !== null) return <QuickMessageSent partnerName={partner.name} conversationId={conversationId} />;

  return (
    <form
      className="quick-message text-start"
      onSubmit={onSubmit}
      aria-label={t('quick.label', { name: partner.name })}
    >
      <p className="small text-body-secondary mb-2">{t('quick.openers')}</p>
      <OpenerButtons onPick={edit} />
      <label htmlFor={`${id}-text`} className="visually-hidden">
        {t('quick.field', { name: partner.name })}
      </label>
      <div className="d-flex align-items-end gap-2">
        <textarea
          id={`${id}-text`}
          className="form-control quick-message-text"
          rows={2}
          maxLength={settings.message_length}
          placeholder={t('footer.placeholder')}
          value={text}
          onChange={(event) => edit(event.target.value)}
          aria-describedby={`${id}-price`}
        />
        <Button type="submit" disabled={!text.trim() || isSending} className="flex-shrink-0">
          {isSending && <Spinner size="sm" className="me-1" aria-hidden="true" />}
          {concerns.length > 0 ? t('confirmFirst.send') : t('footer.send')}
        </Button>
      </div>
      <p id={`${id}-price`} className="small text-body-secondary mt-1 mb-0">
        {t('footer.price', { credits: tMembers('nav.credits', { count: settings.message_credits }) })}
      </p>
      {concerns.length > 0 && <ConcernsAlert concerns={concerns} />}
      {failure && (
        <div className="mt-2">
          <SendErrorAlert failure={failure} />
        </div>
      )}
    </form>
  );
}
