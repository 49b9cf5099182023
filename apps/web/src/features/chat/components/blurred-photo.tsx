// A chat photo that arrived blurred (docs/safety.md): the server's blurred copy with why, View (the original, asked
// for now) and Report. The receiver chooses; nothing of the original is loaded before View.
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@app/contracts';
import { viewChatPhoto } from '../api/view-chat-photo.ts';

type Photo = NonNullable<ChatMessage['photo']>;

export function BlurredPhoto(props: {
  messageId: number;
  photo: Photo;
  onOpenPhoto?: (url: string) => void;
  onReport?: () => void;
}) {
  const { messageId, photo, onOpenPhoto, onReport } = props;
  const { t } = useTranslation('chat');
  const [original, setOriginal] = useState<{ url: string; thumb_url: string } | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');

  if (original)
    return (
      <button
        type="button"
        className="chat-photo-button"
        onClick={() => onOpenPhoto?.(original.url)}
        aria-label={t('message.openPhoto')}
      >
        <img src={original.thumb_url} alt={t('message.photo')} className="chat-photo-thumb" decoding="async" />
      </button>
    );

  const view = async () => {
    setState('loading');
    try {
      setOriginal(await viewChatPhoto(messageId));
    } catch {
      setState('failed');
    }
  };
  const labelId = `blurred-photo-${messageId}`;
  return (
    <figure className="chat-photo-blurred" aria-labelledby={labelId}>
      <img src={photo.thumb_url} alt="" className="chat-photo-thumb" decoding="async" />
      <figcaption className="chat-photo-blurred-caption">
        <span id={labelId}>
          {photo.blur_reason === 'explicit' ? t('message.blurredExplicit') : t('message.blurredChecking')}
        </span>
        <span className="d-flex gap-2 justify-content-center">
          <Button size="sm" variant="light" onClick={view} disabled={state === 'loading'}>
            {state === 'loading' && <Spinner size="sm" className="me-1" aria-hidden="true" />}
            {t('message.viewPhoto')}
          </Button>
          {onReport && (
            <Button size="sm" variant="outline-light" onClick={onReport}>
              {t('message.reportPhoto')}
            </Button>
          )}
        </span>
        {state === 'failed' && (
          <span role="alert" className="small">
            {t('message.viewPhotoFailed')}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
