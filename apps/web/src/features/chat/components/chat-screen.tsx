// The chat screen of the chat layout: the conversation list beside the message area (the list hides below 992 px while
// a conversation is open; /chats on a phone shows the list), a failed deletion's alert, and the connection state. One h1
// at every width: the list's title on /chats, the conversation's (visually hidden) while one is open.
import type { ReactNode } from 'react';
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { SkeletonList } from '../../../components/skeleton.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useChats } from '../api/get-chats.ts';
import { useChatBadge } from '../hooks/use-chat-badge.ts';
import { dismissChatAlert, useChatStore } from '../lib/chat-store.ts';
import { ChatList } from './chat-list.tsx';
import { ConnectionState } from './connection-state.tsx';
import '../chat.css';

const BackIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      d="M15 5 8 12l7 7"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

function ListHeading({ level: Heading, children }: { level: 'h1' | 'h2'; children: ReactNode }) {
  return <Heading className="h5 mb-0 flex-grow-1">{children}</Heading>;
}

type ChatScreenProps = {
  /** The open conversation (null on /chats and for a conversation not started yet). */
  activeId: number | null;
  /** Whether the message area shows a conversation (then phones see only it). */
  hasConversation: boolean;
  title: string;
  /**
   * The page's one top-level heading while a conversation is open ("Chat with Ann"; "Conversation" until the partner is
   * known): visually hidden, since the top bar shows the partner. The list's heading is then a second-level one, and
   * the list is hidden on phones, so every width has exactly one h1.
   */
  heading?: string;
  children?: ReactNode;
};

export function ChatScreen({ activeId, hasConversation, title, heading, children }: ChatScreenProps) {
  const { t } = useTranslation('chat');
  const unread = useChatBadge();
  const list = useChats();
  const alert = useChatStore((state) => state.alert);

  return (
    <div className="chat-screen" data-testid="chat-screen">
      <PageTitle title={title} />
      <aside className={`chat-sidebar ${hasConversation ? 'd-none d-lg-flex' : 'd-flex'}`}>
        <div className="chat-sidebar-header">
          <Link
            to={paths.members.getHref()}
            className="btn btn-light chat-back"
            aria-label={t('list.backToSite')}
            title={t('list.backToSite')}
          >
            <BackIcon />
          </Link>
          <ListHeading level={hasConversation ? 'h2' : 'h1'}>
            {t('list.title')}
            {unread > 0 && <span className="visually-hidden"> ({t('list.unread', { count: unread })})</span>}
          </ListHeading>
          <ConnectionState />
        </div>
        {alert && (
          <Alert
            variant={alert.variant}
            dismissible
            onClose={dismissChatAlert}
            className="m-2"
            role="alert"
            closeLabel={t('common.close')}
          >
            {alert.message ?? t('errors:error_generic')}
          </Alert>
        )}
        <div className="chat-sidebar-body">
          {list.isPending ? (
            <SkeletonList rows={7} avatar={52} label={t('list.loading')} className="px-3 py-1" />
          ) : list.error ? (
            <Alert variant="danger" className="m-2" role="alert">
              {list.error.message || t('errors:error_generic')}
            </Alert>
          ) : (
            <ChatList list={list.data} activeId={activeId} />
          )}
        </div>
      </aside>
      <section
        className={`chat-main ${hasConversation ? 'd-flex' : 'd-none d-lg-flex'}`}
        aria-label={t('conversation.label')}
      >
        {hasConversation && <h1 className="visually-hidden">{heading ?? t('conversation.label')}</h1>}
        {children || (
          <div className="chat-placeholder text-center text-body-secondary m-auto p-4">
            <p className="mb-0">{t('conversation.choose')}</p>
          </div>
        )}
      </section>
    </div>
  );
}
