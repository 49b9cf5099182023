// The socket's state in the chat: live, connecting, or offline (then the list is polled and it reconnects by itself).
import { useTranslation } from 'react-i18next';
import { useSocketState } from '../../../lib/socket-client.ts';

export function ConnectionState({ className = '' }: { className?: string }) {
  const { t } = useTranslation('chat');
  const state = useSocketState();
  const shown = state === 'idle' ? 'connecting' : state;
  return (
    <span
      className={`chat-connection chat-connection-${shown} ${className}`}
      role="status"
      data-state={shown}
      title={t(`connection.${shown}Hint`)}
    >
      <span className="chat-connection-dot" aria-hidden="true" />
      <span className="chat-connection-text">{t(`connection.${shown}`)}</span>
    </span>
  );
}
