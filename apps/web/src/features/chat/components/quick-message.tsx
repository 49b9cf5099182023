// Say hi right there (the match moment, docs/members.md): an opening line to pick or one's own words, sent and paid as
// any first message (message.php, the same client id on a retry), with the "Are you sure?" check of a first message.
import { useId, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { userKeys } from '../../../lib/session/get-user.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { chatKeys } from '../api/get-chats.ts';
import { newClientId, sendMessage } from '../api/send-message.ts';
import { messageConcerns, type MessageConcern } from '../lib/message-concerns.ts';
import { sendFailureOf } from '../lib/offline-resend.ts';
import { SendErrorAlert } from './chat-notices.tsx';

/** The opening lines offered (of the icebreakers, chat.json). */
const OPENERS = ['1', '2', '4'] as const;

export function QuickMessage({ partner }: { partner: { id: number; name: string } }) {
  const { t } = useTranslation('chat');
  const { t: tMembers } = useTranslation('members');
  const queryClient = useQueryClient();
  const settings = useSettings();
  const id = useId();
  const [text, setText] = useState('');
  const [concerns, setConcerns] = useState<MessageConcern[]>([]);
  const [isSending, setIsSending] = useState(false);
  const [failure, setFailure] = useState<ReturnType<typeof sendFailureOf> | null>(null);
  const [conversationId, setConversationId] = useState<number | null>(null);
  // One client id for this message and its retries: stored and charged once.
  const clientId = useRef(newClientId());

  const send = async () => {
    setConcerns([]);
    setFailure(null);
    setIsSending(true);
    try {
      const result = await sendMessage({ to: partner.id, client_id: clientId.current, text: text.trim() });
      queryClient.setQueryData<User | null>(userKeys.all, (user) =>
        user ? { ...user, credits: result.credits } : user,
      );
      void queryClient.invalidateQueries({ queryKey: chatKeys.list() });
      setConversationId(result.conversation.id);
    } catch (error) {
      setFailure(sendFailureOf(error));
    } finally {
      setIsSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim() || isSending) return;
    const found = messageConcerns(text);
    if (found.length > 0 && concerns.length === 0) setConcerns(found);
    else void send();
  };

  if (conversationId !== null) {
    return (
      <div className="quick-message-sent" role="status">
        <p className="mb-2 fw-semibold">{t('quick.sent', { name: partner.name })}</p>
        <Link to={paths.chatsId.getHref(conversationId)} className="btn btn-outline-primary w-100">
          {t('quick.toChat')}
        </Link>
      </div>
    );
  }

  return (
    <form
      className="quick-message text-start"
      onSubmit={onSubmit}
      aria-label={t('quick.label', { name: partner.name })}
    >
      <p className="small text-body-secondary mb-2">{t('quick.openers')}</p>
      <div className="quick-message-openers d-flex flex-wrap gap-2 mb-2">
        {OPENERS.map((key) => (
          <button
            key={key}
            type="button"
            className="btn btn-sm btn-outline-secondary quick-message-opener"
            onClick={() => {
              setText(t(`icebreakers.${key}`));
              setConcerns([]);
            }}
          >
            {t(`icebreakers.${key}`)}
          </button>
        ))}
      </div>
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
          onChange={(event) => {
            setText(event.target.value);
            setConcerns([]);
          }}
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
      {concerns.length > 0 && (
        <Alert variant="warning" className="mt-2 mb-0 small" role="alert">
          <strong className="d-block">{t('confirmFirst.title')}</strong>
          {t('confirmFirst.intro')} {concerns.map((concern) => t(`confirmFirst.concerns.${concern}`)).join(', ')}
        </Alert>
      )}
      {failure && (
        <div className="mt-2">
          <SendErrorAlert failure={failure} />
        </div>
      )}
    </form>
  );
}
