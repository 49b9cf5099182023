// Sending the footer's text: the form's submit or Enter (Shift+Enter is a new line, an IME composition is left alone);
// a first message with a concern (lib/message-concerns.ts) waits for "Send anyway" instead.
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { messageConcerns, type MessageConcern } from '@app/contracts';

export function useTextSubmit(options: {
  text: string;
  canSend: boolean;
  /** The member has sent nothing here yet (then a concern asks first). */
  isFirstMessage?: boolean;
  onSendText: (text: string) => void;
  onTextChange: (text: string) => void;
}) {
  const { text, canSend, isFirstMessage = false, onSendText, onTextChange } = options;
  const [concerns, setConcerns] = useState<MessageConcern[]>([]);

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

  return { concerns, clearConcerns: () => setConcerns([]), send, onSubmit, onKeyDown };
}
