// The conversation list: partner photo, name, last message preview and unread count, newest activity first; more pages
// on demand; a friendly empty state with a way to find someone.
import { useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatEntry } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { CountBadge } from '../../../components/count-badge.tsx';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';
import { MemberPhoto } from '../../../components/member-photo.tsx';
import { calendarDay, formatDate } from '../../../lib/i18n.ts';
import { loadMoreChats } from '../api/get-chats.ts';
import type { ChatsList } from '../lib/chats-cache.ts';

export function usePreview() {
  const { t } = useTranslation('chat');
  return (entry: ChatEntry): string => {
    const last = entry.last_message;
    if (!last) return t('list.noMessages');
    const text =
      last.kind === 'gift' && last.gift
        ? t('list.previewGift', { gift: t(`gifts.${last.gift}`) })
        : last.kind === 'photo'
          ? t('list.previewPhoto')
          : (last.preview ?? '');
    return last.is_mine ? t('list.previewMine', { text }) : text;
  };
}

function activityLabel(iso: string): string {
  const isToday = calendarDay(iso) === calendarDay(new Date());
  return isToday
    ? formatDate(iso, { hour: '2-digit', minute: '2-digit' })
    : formatDate(iso, { day: 'numeric', month: 'short' });
}

export function ChatList({ list, activeId }: { list: ChatsList; activeId: number | null }) {
  const { t } = useTranslation('chat');
  const preview = usePreview();
  const queryClient = useQueryClient();
  const [isLoadingMore, setLoadingMore] = useState(false);
  const listId = useId();

  if (list.chats.length === 0) {
    return (
      <div className="chat-list-empty text-center p-4" data-testid="chats-empty">
        <p className="fw-semibold mb-1">{t('list.emptyTitle')}</p>
        <p className="text-body-secondary small">{t('list.emptyText')}</p>
        <Link to={paths.members.getHref()} className="btn btn-primary btn-sm">
          {t('list.emptyAction')}
        </Link>
      </div>
    );
  }

  const loadMore = () => {
    setLoadingMore(true);
    loadMoreChats(queryClient)
      .catch(() => undefined)
      .finally(() => setLoadingMore(false));
  };

  return (
    <nav aria-label={t('list.label')} className="chat-list">
      <ul id={listId} className="list-unstyled mb-0">
        {list.chats.map((entry) => {
          const unread = entry.num_unread_messages;
          // A banned or suspended partner: the list says so instead of the last message (docs/bans.md).
          const text = entry.profile.is_available ? preview(entry) : t('list.unavailable');
          return (
            <li key={entry.conversation.id}>
              <NavLink
                to={paths.chatsId.getHref(entry.conversation.id)}
                className={`chat-list-item ${unread > 0 ? 'has-unread' : ''}`}
                aria-current={entry.conversation.id === activeId ? 'page' : undefined}
                data-testid="chat-list-item"
              >
                <span className="chat-list-avatar">
                  <MemberPhoto image={entry.profile.main_image} alt="" shape="round" size={52} />
                </span>
                <span className="chat-list-text">
                  <span className="d-flex justify-content-between align-items-baseline gap-2">
                    <span className="chat-list-name">{entry.profile.name}</span>
                    <time className="chat-list-time small text-body-secondary" dateTime={entry.last_activity_at}>
                      {activityLabel(entry.last_activity_at)}
                    </time>
                  </span>
                  <span className="d-flex justify-content-between align-items-center gap-2">
                    <span className="chat-list-preview small">{text}</span>
                    <CountBadge count={unread} label={t('list.unread', { count: unread })} />
                  </span>
                </span>
              </NavLink>
            </li>
          );
        })}
      </ul>
      {list.next_cursor && (
        <div className="text-center p-2">
          <LoadMoreButton
            variant="link"
            size="sm"
            isLoading={isLoadingMore}
            onLoad={loadMore}
            list={{ id: listId, itemCount: list.chats.length }}
          >
            {t('list.loadMore')}
          </LoadMoreButton>
        </div>
      )}
    </nav>
  );
}
