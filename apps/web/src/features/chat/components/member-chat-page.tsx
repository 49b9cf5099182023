// /members/{id}/chat: the conversation with this member. An existing one opens at /chats/{id}; otherwise an empty
// conversation with them, whose first message starts it.
import { useEffect } from 'react';
import { Alert } from 'react-bootstrap';
import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { ConversationSkeleton } from './conversation-skeleton.tsx';
import { MembersOnly } from '../../../components/members-only.tsx';
import { chatKeys } from '../api/get-chats.ts';
import { useChatByProfile } from '../api/get-chat.ts';
import { mergeNewestPage, type ConversationData } from '../lib/chats-cache.ts';
import { ChatScreen } from './chat-screen.tsx';
import { ConversationView } from './conversation-view.tsx';

function MemberChat({ profileId }: { profileId: number }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data, error, isPending } = useChatByProfile(profileId);
  const existingId = data?.conversation?.id ?? null;
  const giftQuery = searchParams.get('gift') === '1' ? '?gift=1' : '';

  useEffect(() => {
    if (!data?.conversation) return;
    queryClient.setQueryData<ConversationData>(chatKeys.conversation(data.conversation.id), (held) =>
      mergeNewestPage(held, data),
    );
  }, [data, queryClient]);

  if (existingId !== null) return <Navigate to={`${paths.chatsId.getHref(existingId)}${giftQuery}`} replace />;

  let main;
  if (isPending) main = <ConversationSkeleton />;
  else if (error || !data) {
    main = (
      <div className="m-auto p-4 text-center">
        <Alert variant="warning" role="alert">
          {error?.message || t('errors:error_generic')}
        </Alert>
        <Link to={paths.chats.getHref()} className="btn btn-outline-primary btn-sm">
          {t('conversation.backToList')}
        </Link>
      </div>
    );
  } else {
    main = (
      <ConversationView
        data={data}
        conversationId={null}
        initialGiftPickerOpen={giftQuery !== ''}
        onStarted={(id) => void navigate(paths.chatsId.getHref(id), { replace: true })}
      />
    );
  }
  return (
    <ChatScreen
      activeId={null}
      hasConversation
      title={data ? t('conversation.title', { name: data.partner.name }) : t('list.title')}
      heading={data ? t('conversation.title', { name: data.partner.name }) : undefined}
    >
      {main}
    </ChatScreen>
  );
}

export function MemberChatPage() {
  const { id } = useParams();
  const profileId = id && /^[1-9]\d{0,9}$/.test(id) ? Number(id) : null;
  return (
    <MembersOnly>
      {() =>
        profileId === null ? (
          <Navigate to={paths.chats.getHref()} replace />
        ) : (
          <MemberChat key={profileId} profileId={profileId} />
        )
      }
    </MembersOnly>
  );
}
