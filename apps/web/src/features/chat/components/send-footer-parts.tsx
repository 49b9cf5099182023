// Pieces of the send footer (send-footer.tsx): the photo button, the text field, the price and character counter
// under the field, and the "Are you sure?" asked before a first message with a link, contact or bank details or an
// insult (lib/message-concerns.ts).
import type { KeyboardEvent, RefObject } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { CameraIcon } from '../../../components/member-icons.tsx';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import type { MessageConcern } from '@app/contracts';
import { PHOTO_TYPES, type usePhotoAttach } from '../hooks/use-photo-attach.ts';

export const SendIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path d="M3.4 20.4 21 12 3.4 3.6 3.4 10.1 15 12 3.4 13.9Z" fill="currentColor" />
  </svg>
);

type FooterHintsProps = { hintId: string; counterId: string; price: number; length: number; maxLength: number };

/** What a text costs, and how many characters it has of the site's message_length (or how many too many). */
export function FooterHints({ hintId, counterId, price, length, maxLength }: FooterHintsProps) {
  const { t } = useTranslation('chat');
  const { t: tMembers } = useTranslation('members');
  const isTooLong = length > maxLength;
  return (
    <div className="d-flex justify-content-between gap-2 small text-body-secondary mt-1 px-1">
      <span id={hintId}>{t('footer.price', { credits: tMembers('nav.credits', { count: price }) })}</span>
      <span id={counterId} className={isTooLong ? 'text-danger fw-semibold' : ''} data-testid="chat-counter">
        {isTooLong
          ? t('footer.tooLong', { count: length - maxLength })
          : t('footer.counter', { length, max: maxLength })}
      </span>
    </div>
  );
}

type FirstMessageConfirmProps = { concerns: MessageConcern[]; onSend: () => void; onCancel: () => void };

/** "Are you sure?" naming what a first message contains: "Send anyway" sends it, "Cancel" keeps the text to edit. */
export function FirstMessageConfirm({ concerns, onSend, onCancel }: FirstMessageConfirmProps) {
  const { t } = useTranslation('chat');
  return (
    <ConfirmModal
      isOpen={concerns.length > 0}
      title={t('confirmFirst.title')}
      confirmLabel={t('confirmFirst.send')}
      confirmVariant="primary"
      onConfirm={onSend}
      onCancel={onCancel}
    >
      <p>{t('confirmFirst.intro')}</p>
      <ul>
        {concerns.map((concern) => (
          <li key={concern}>{t(`confirmFirst.concerns.${concern}`)}</li>
        ))}
      </ul>
      <p className="mb-0 small text-body-secondary">{t('confirmFirst.advice')}</p>
    </ConfirmModal>
  );
}

/** The camera button and its hidden file input (usePhotoAttach). */
type AttachPhotoButtonProps = Pick<ReturnType<typeof usePhotoAttach>, 'fileInput' | 'attach' | 'onFile'>;

export function AttachPhotoButton({ fileInput, attach, onFile }: AttachPhotoButtonProps) {
  const { t } = useTranslation('chat');
  return (
    <>
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
    </>
  );
}

type MessageFieldProps = {
  id: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  text: string;
  isTooLong: boolean;
  /** The ids of the counter and the price hint. */
  describedBy: string;
  onChange: (text: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
};

/** The message's textarea with its (visually hidden) label. */
export function MessageField({
  id,
  textareaRef,
  text,
  isTooLong,
  describedBy,
  onChange,
  onKeyDown,
}: MessageFieldProps) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex-grow-1 chat-footer-field">
      <label htmlFor={id} className="visually-hidden">
        {t('footer.label')}
      </label>
      <textarea
        ref={textareaRef}
        id={id}
        className={`form-control chat-textarea ${isTooLong ? 'is-invalid' : ''}`}
        rows={1}
        placeholder={t('footer.placeholder')}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={onKeyDown}
        aria-describedby={describedBy}
        aria-invalid={isTooLong || undefined}
        enterKeyHint="send"
      />
    </div>
  );
}
