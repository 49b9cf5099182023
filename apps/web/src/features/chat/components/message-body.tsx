// One message's content in its bubble: a gift card, a photo thumbnail that opens the full photo (or its blurred copy
// with View and Report: docs/safety.md), or the text.
import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@app/contracts';
import { BlurredPhoto } from './blurred-photo.tsx';
import { GiftImage } from './gift-image.tsx';

type BodyProps = {
  message: Pick<ChatMessage, 'kind' | 'body' | 'gift' | 'photo' | 'is_mine'> & { id?: number };
  isUnsent?: boolean;
  onOpenPhoto?: (url: string) => void;
  /** Reports the message (offered on a blurred photo beside View). */
  onReport?: () => void;
};

export function MessageBody({ message, isUnsent = false, onOpenPhoto, onReport }: BodyProps) {
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
  if (message.kind === 'photo' && message.photo?.blurred && message.id !== undefined)
    return <BlurredPhoto messageId={message.id} photo={message.photo} onOpenPhoto={onOpenPhoto} onReport={onReport} />;
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
