// /chats and /chats/{id}: the conversation list, and the conversation whose id is in the path.
import { Alert } from 'react-bootstrap';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { ConversationSkeleton } from './conversation-skeleton.tsx';
import { MembersOnly } from '../../../components/members-only.tsx';
import { useChat } from '../api/get-chat.ts';
import { ChatScreen } from './chat-screen.tsx';
import { ConversationView } from './conversation-view.tsx';

const parseId = (value: string | undefined) => (value && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : null);

type ChatQuery = ReturnType<typeof useChat>;

/** The open conversation: its skeleton while it loads, its failure, or the conversation. */
function ConversationBody({ conversationId, query }: { conversationId: number; query: ChatQuery }) {
  const { t } = useTranslation('chat');
  const [searchParams] = useSearchParams();
  const { data, error, isPending } = query;
  if (isPending) return <ConversationSkeleton />;
  if (error || !data) {
    return (
      <div className="m-auto p-4 text-center">
        <Alert variant="warning" role="alert">
          {error?.message || t('errors:error_generic')}
        </Alert>
        <Link to={paths.chats.getHref()} className="btn btn-outline-primary btn-sm">
          {t('conversation.backToList')}
        </Link>
      </div>
    );
  }
  return (
    <ConversationView
      key={conversationId}
      data={data}
      conversationId={conversationId}
      initialGiftPickerOpen={searchParams.get('gift') === '1'}
    />
  );
}

/** /chats/{id}: the page's heading names the partner once the conversation is in. */
function ConversationScreen({ conversationId }: { conversationId: number }) {
  const { t } = useTranslation('chat');
  const query = useChat(conversationId);
  const partner = query.data?.partner.name;
  return (
    <ChatScreen
      activeId={conversationId}
      hasConversation
      title={t('list.title')}
      heading={partner ? t('conversation.title', { name: partner }) : undefined}
    >
      <ConversationBody conversationId={conversationId} query={query} />
    </ChatScreen>
  );
}

function ChatsScreen() {
  const { t } = useTranslation('chat');
  const { id } = useParams();
  const conversationId = parseId(id);
  if (conversationId !== null) return <ConversationScreen conversationId={conversationId} />;
  const hasId = id !== undefined;
  return (
    <ChatScreen activeId={null} hasConversation={hasId} title={t('list.title')}>
      {hasId && (
        <Alert variant="warning" className="m-auto" role="alert">
          {t('errors:conversation_not_found')}
        </Alert>
      )}
    </ChatScreen>
  );
}

export function ChatsPage() {
  return <MembersOnly>{() => <ChatsScreen />}</MembersOnly>;
}
