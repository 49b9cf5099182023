// The send footer: attach a photo (premium), send a gift (picker with names and prices), and the textarea (Enter
// sends, Shift+Enter is a new line) with a character counter against the site's message_length.
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ChatResponse, GiftKey } from '@app/contracts';
import { CameraIcon, GiftIcon } from '../../../components/member-icons.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { messageConcerns, type MessageConcern } from '../lib/message-concerns.ts';
import { GiftPicker } from './gift-picker.tsx';

/** Characters as the server counts them (code points: an emoji is one). */
export const messageLength = (text: string) => [...text].length;

const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

type SendFooterProps = {
  text: string;
  onTextChange: (text: string) => void;
  maxLength: number;
  prices: ChatResponse['prices'];
  canSendPhotos: boolean;
  onSendText: (text: string) => void;
  onSendGift: (gift: GiftKey) => void;
  onSendPhoto: (file: File) => void;
  /** A free member tried a premium feature (photo attachments). */
  onPremiumRequired: () => void;
  /** Called on each edit; the caller throttles the typing events. */
  onTyping?: () => void;
  /** Opens the gift picker at once (/members/{id}/chat?gift=1 from a profile's gift button). */
  initialGiftPickerOpen?: boolean;
  /**
   * The member has sent nothing here yet: a text with a link, contact or bank details or an insult asks "Are you
   * sure?" before it is sent and paid (lib/message-concerns.ts).
   */
  isFirstMessage?: boolean;
};

const SendIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d="M3.4 20.4 21 12 3.4 3.6 3.4 10.1 15 12 3.4 13.9Z" fill="currentColor" />
  </svg>
);

export function SendFooter(props: SendFooterProps) {
  const {
    text,
    onTextChange,
    maxLength,
    prices,
    canSendPhotos,
    onSendText,
    onSendGift,
    onSendPhoto,
    onPremiumRequired,
    onTyping,
    initialGiftPickerOpen = false,
    isFirstMessage = false,
  } = props;
  const { t } = useTranslation('chat');
  const { t: tMembers } = useTranslation('members');
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [concerns, setConcerns] = useState<MessageConcern[]>([]);
  const [isGiftPickerOpen, setGiftPickerOpen] = useState(initialGiftPickerOpen);
  const [fileError, setFileError] = useState<string | null>(null);
  const length = messageLength(text);
  const isTooLong = length > maxLength;
  const canSend = text.trim().length > 0 && !isTooLong;
  const counterId = `${id}-counter`;
  const hintId = `${id}-hint`;

  const send = () => {
    setConcerns([]);
    onSendText(text);
    onTextChange('');
  };

  const submit = () => {
    if (!canSend) return;
    const found = isFirstMessage ? messageConcerns(text) : [];
    if (found.length > 0) setConcerns(found);
    else send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const attach = () => {
    setFileError(null);
    if (!canSendPhotos) {
      onPremiumRequired();
      return;
    }
    fileInput.current?.click();
  };

  const onFile = (file: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (!file) return;
    if (!PHOTO_TYPES.includes(file.type)) {
      setFileError(t('footer.notAnImage'));
      return;
    }
    onSendPhoto(file);
  };

  return (
    <form className="chat-footer" onSubmit={onSubmit} aria-label={t('footer.formLabel')}>
      {fileError && (
        <p className="text-danger small mb-1" role="alert">
          {fileError}
        </p>
      )}
      <div className="d-flex align-items-end gap-2">
        <Button
          variant="light"
          className="chat-footer-button"
          onClick={attach}
          aria-label={t('footer.attach')}
          title={t('footer.attach')}
        >
          <CameraIcon size={20} />
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept={PHOTO_TYPES.join(',')}
          className="d-none"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="chat-photo-input"
          onChange={(event) => onFile(event.target.files?.[0])}
        />
        <Button
          variant="light"
          className="chat-footer-button"
          onClick={() => setGiftPickerOpen(true)}
          aria-label={t('footer.gift')}
          title={t('footer.gift')}
        >
          <GiftIcon size={20} />
        </Button>
        <div className="flex-grow-1 chat-footer-field">
          <label htmlFor={`${id}-text`} className="visually-hidden">
            {t('footer.label')}
          </label>
          <textarea
            ref={textarea}
            id={`${id}-text`}
            className={`form-control chat-textarea ${isTooLong ? 'is-invalid' : ''}`}
            rows={1}
            placeholder={t('footer.placeholder')}
            value={text}
            onChange={(event) => {
              onTextChange(event.target.value);
              if (event.target.value) onTyping?.();
            }}
            onKeyDown={onKeyDown}
            aria-describedby={`${counterId} ${hintId}`}
            aria-invalid={isTooLong || undefined}
            enterKeyHint="send"
          />
        </div>
        <Button
          type="submit"
          variant="primary"
          className="chat-footer-button"
          disabled={!canSend}
          aria-label={t('footer.send')}
          title={t('footer.send')}
        >
          <SendIcon />
        </Button>
      </div>
      <div className="d-flex justify-content-between gap-2 small text-body-secondary mt-1 px-1">
        <span id={hintId}>{t('footer.price', { credits: tMembers('nav.credits', { count: prices.text }) })}</span>
        <span id={counterId} className={isTooLong ? 'text-danger fw-semibold' : ''} data-testid="chat-counter">
          {isTooLong
            ? t('footer.tooLong', { count: length - maxLength })
            : t('footer.counter', { length, max: maxLength })}
        </span>
      </div>
      <ConfirmModal
        isOpen={concerns.length > 0}
        title={t('confirmFirst.title')}
        confirmLabel={t('confirmFirst.send')}
        confirmVariant="primary"
        onConfirm={send}
        onCancel={() => {
          setConcerns([]);
          textarea.current?.focus();
        }}
      >
        <p>{t('confirmFirst.intro')}</p>
        <ul>
          {concerns.map((concern) => (
            <li key={concern}>{t(`confirmFirst.concerns.${concern}`)}</li>
          ))}
        </ul>
        <p className="mb-0 small text-body-secondary">{t('confirmFirst.advice')}</p>
      </ConfirmModal>
      <GiftPicker
        isOpen={isGiftPickerOpen}
        price={prices.gift}
        onClose={() => setGiftPickerOpen(false)}
        onChoose={(gift) => {
          setGiftPickerOpen(false);
          onSendGift(gift);
        }}
      />
    </form>
  );
}
