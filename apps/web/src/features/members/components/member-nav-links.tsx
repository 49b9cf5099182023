// The members' part of the top navigation: search, messages with the unread badge, likes with the new-likes badge, credits
// or Get Premium; also keeps messages and likes fresh (socket events, polling while offline) and the title count.
import { useCallback, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Badge } from 'react-bootstrap';
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { CountBadge } from '../../../components/count-badge.tsx';
import { ChatIcon, HeartIcon, SearchIcon } from '../../../components/icons.tsx';
import { CoinsIcon, StarIcon } from '../../../components/member-icons.tsx';
import { useSocketEvent } from '../../../lib/socket-client.ts';
import { invalidateMemberRelations } from '../../../lib/member-relations-cache.ts';
import { countNewLikes, likesKeys, useLikesRefresh } from '../../likes/index.ts';
import { useChatBadge } from '../../chat/index.ts';
import { getCreditBadge } from '../lib/nav-badges.ts';
import '../../../components/members-ui.css';

type NavItemProps = {
  to: string;
  icon: ReactNode;
  label: string;
  badge?: ReactNode;
  end?: boolean;
  className?: string;
};

function NavItem({ to, icon, label, badge, end, className = '' }: NavItemProps) {
  return (
    <NavLink to={to} end={end} className={`member-nav-link ${className}`}>
      {icon}
      <span className="member-nav-text">{label}</span>
      {badge && ' '}
      {badge}
    </NavLink>
  );
}

export function MemberNavLinks({ user }: { user: User }) {
  const { t } = useTranslation('members');
  const { t: tChat } = useTranslation('chat');
  const queryClient = useQueryClient();
  const { data: likes } = useLikesRefresh();
  const newLikes = countNewLikes(likes);
  const unreadMessages = useChatBadge();
  // A like or a match arrives on the socket: the likes badge refreshes at once instead of at the next poll.
  useSocketEvent(
    'like',
    useCallback(() => void queryClient.invalidateQueries({ queryKey: likesKeys.all }), [queryClient]),
  );
  // The other member unmatched: every list and page that shows likes refreshes (their profile no longer says match).
  useSocketEvent(
    'unmatch',
    useCallback(() => void invalidateMemberRelations(queryClient, 'like'), [queryClient]),
  );
  const creditBadge = getCreditBadge(user);

  return (
    <div className="member-nav d-flex align-items-center gap-1">
      <NavItem to={paths.members.getHref()} end icon={<SearchIcon size={20} />} label={t('nav.search')} />
      <NavItem
        to={paths.chats.getHref()}
        icon={<ChatIcon size={20} />}
        label={tChat('nav.messages')}
        badge={<CountBadge count={unreadMessages} label={tChat('nav.unread', { count: unreadMessages })} />}
      />
      <NavItem
        to={paths.likes.getHref()}
        icon={<HeartIcon size={20} />}
        label={t('nav.likes')}
        badge={<CountBadge count={newLikes} label={t('nav.newLikes', { count: newLikes })} />}
      />
      {user.paid_user ? (
        <NavItem
          to={paths.credits.getHref()}
          icon={<CoinsIcon size={20} />}
          label={t('nav.creditsLink')}
          badge={
            creditBadge && (
              <Badge
                pill
                bg={creditBadge.variant}
                text={creditBadge.variant === 'warning' ? 'dark' : undefined}
                className="count-badge"
                data-testid="credit-badge"
              >
                <span aria-hidden="true">{creditBadge.text}</span>
                <span className="visually-hidden">{t('nav.creditsLeft', { count: user.credits })}</span>
              </Badge>
            )
          }
        />
      ) : (
        <NavItem
          to={paths.premium.getHref()}
          icon={<StarIcon size={20} />}
          label={t('nav.getPremium')}
          className="member-nav-premium"
        />
      )}
    </div>
  );
}
