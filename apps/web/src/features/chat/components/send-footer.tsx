// The send footer: attach a photo (premium; previewed with its cost before it is sent), send a gift (picker with names and prices), and the textarea (Enter
// sends, Shift+Enter is a new line) with a character counter against the site's message_length.
import { useId, useRef, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { ChatResponse, GiftKey } from '@app/contracts';
import { GiftIcon } from '../../../components/member-icons.tsx';
import { usePhotoAttach } from '../hooks/use-photo-attach.ts';
import { useTextSubmit } from '../hooks/use-text-submit.ts';
import { AttachPhotoButton, FirstMessageConfirm, FooterHints, MessageField, SendIcon } from './send-footer-parts.tsx';
import { GiftPicker } from './gift-picker.tsx';
import { PhotoPreview, type ChosenPhoto } from './photo-preview.tsx';

/** Characters as the server counts them (code points: an emoji is one). */
export const messageLength = (text: string) => [...text].length;

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

export function SendFooter(props: SendFooterProps) {
  const { text, onTextChange, maxLength, prices, onTyping, initialGiftPickerOpen = false } = props;
  const { t } = useTranslation('chat');
  const id = useId();
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [isGiftPickerOpen, setGiftPickerOpen] = useState(initialGiftPickerOpen);
  // A chosen photo waits for Send in a preview with its cost (nothing is uploaded or paid before).
  const [photo, setPhoto] = useState<ChosenPhoto | null>(null);
  const dropPhoto = () => {
    if (photo) URL.revokeObjectURL(photo.url);
    setPhoto(null);
  };
  const { fileInput, fileError, attach, onFile } = usePhotoAttach({
    ...props,
    onSendPhoto: (file) => {
      if (photo) URL.revokeObjectURL(photo.url);
      setPhoto({ file, url: URL.createObjectURL(file) });
    },
  });
  const length = messageLength(text);
  const isTooLong = length > maxLength;
  const canSend = text.trim().length > 0 && !isTooLong;
  const counterId = `${id}-counter`;
  const hintId = `${id}-hint`;
  const { concerns, clearConcerns, send, onSubmit, onKeyDown } = useTextSubmit({ ...props, canSend });

  return (
    <form className="chat-footer" onSubmit={onSubmit} aria-label={t('footer.formLabel')}>
      {fileError && (
        <p className="text-danger small mb-1" role="alert">
          {fileError}
        </p>
      )}
      {photo && (
        <PhotoPreview
          photo={photo}
          price={prices.photo}
          onSend={() => {
            props.onSendPhoto(photo.file);
            dropPhoto();
          }}
          onCancel={dropPhoto}
        />
      )}
      <div className="d-flex align-items-end gap-2">
        <AttachPhotoButton fileInput={fileInput} attach={attach} onFile={onFile} />
        <Button
          variant="light"
          className="chat-footer-button"
          onClick={() => setGiftPickerOpen(true)}
          aria-label={t('footer.gift')}
          title={t('footer.gift')}
        >
          <GiftIcon size={20} />
        </Button>
        <MessageField
          id={`${id}-text`}
          textareaRef={textarea}
          text={text}
          isTooLong={isTooLong}
          describedBy={`${counterId} ${hintId}`}
          onChange={(value) => {
            onTextChange(value);
            if (value) onTyping?.();
          }}
          onKeyDown={onKeyDown}
        />
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
      <FooterHints hintId={hintId} counterId={counterId} price={prices.text} length={length} maxLength={maxLength} />
      <FirstMessageConfirm
        concerns={concerns}
        onSend={send}
        onCancel={() => {
          clearConcerns();
          textarea.current?.focus();
        }}
      />
      <GiftPicker
        isOpen={isGiftPickerOpen}
        price={prices.gift}
        onClose={() => setGiftPickerOpen(false)}
        onChoose={(gift) => {
          setGiftPickerOpen(false);
          props.onSendGift(gift);
        }}
      />
    </form>
  );
}
