// A conversation's shape while it loads: the top bar with the partner's photo and name, bubbles on both sides and the
// send footer, at the sizes they will have, so the conversation replaces it in place.
import { useTranslation } from 'react-i18next';
import { Skeleton, SkeletonBox, SkeletonCircle, SkeletonLine } from '../../../components/skeleton.tsx';

const BUBBLES: { side: 'mine' | 'theirs'; width: number }[] = [
  { side: 'theirs', width: 55 },
  { side: 'theirs', width: 35 },
  { side: 'mine', width: 60 },
  { side: 'theirs', width: 45 },
  { side: 'mine', width: 30 },
  { side: 'mine', width: 50 },
];

export function ConversationSkeleton() {
  const { t } = useTranslation('chat');
  return (
    <Skeleton label={t('conversation.loading')} className="chat-conversation" testId="conversation-skeleton">
      <span className="chat-top-bar">
        <SkeletonCircle size={40} />
        <SkeletonLine width={30} />
      </span>
      <span className="chat-messages d-flex flex-column justify-content-end gap-2 pb-3">
        {BUBBLES.map((bubble, index) => (
          <span
            key={index}
            className={`d-flex ${bubble.side === 'mine' ? 'justify-content-end' : 'justify-content-start'}`}
          >
            <span className="d-block chat-skeleton-bubble" style={{ width: `${bubble.width}%` }}>
              <SkeletonBox height="2.25rem" rounded="rounded-pill" />
            </span>
          </span>
        ))}
      </span>
      <span className="chat-bottom d-block">
        <SkeletonBox height="2.5rem" rounded="rounded-pill" />
      </span>
    </Skeleton>
  );
}
