// The buttons of a member's profile: like/unlike, message and gift (to /members/{id}/chat; visitors must log in, and a
// fictional profile says before anything is charged that it cannot be messaged). Block and unblock sit apart (member page).
import type { CSSProperties } from 'react';
import { Button } from 'react-bootstrap';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useTranslation } from 'react-i18next';
import type { MemberProfile, User } from '@app/contracts';
import { ChatIcon } from '../../../components/icons.tsx';
import { GiftIcon } from '../../../components/member-icons.tsx';
import { LikeButton } from '../../likes/index.ts';
import { getChatNotice, showMemberNotice } from '../../../lib/member-notice-store.ts';
import { useBottomNavHeight } from '../hooks/use-bottom-nav-height.ts';

export function MemberActions({
  member,
  viewer,
  className = '',
}: {
  member: MemberProfile;
  viewer: User | null;
  className?: string;
}) {
  const { t } = useTranslation('members');
  const relation = member.relation;
  const isBlocked = relation?.is_blocked ?? false;
  const profile = { id: member.id, name: member.name, main_image: member.main_image };
  const chatNotice = (action: 'message' | 'gift') => getChatNotice(viewer, member, action);
  const navHeight = useBottomNavHeight();

  return (
    <div
      className={`member-actions d-flex gap-2 ${className}`}
      role="group"
      aria-label={t('memberPage.actionsLabel', { name: member.name })}
      style={navHeight ? ({ '--member-nav-height': `${navHeight}px` } as CSSProperties) : undefined}
    >
      {!isBlocked && (
        <>
          <div className="member-action-like">
            <LikeButton
              key={String(relation?.is_liked)}
              profile={profile}
              isLiked={relation?.is_liked ?? false}
              isLikedBy={relation?.is_liked_by ?? false}
              className="w-100"
            />
          </div>
          {chatNotice('message') ? (
            <Button
              variant="outline-primary"
              className="member-action d-inline-flex align-items-center justify-content-center gap-2"
              onClick={() => showMemberNotice(chatNotice('message')!)}
            >
              <ChatIcon size={18} />
              <span className="member-action-label">{t('profile.message')}</span>
            </Button>
          ) : (
            <Link
              to={paths.membersIdChat.getHref(member.id)}
              className="member-action btn btn-outline-primary d-inline-flex align-items-center justify-content-center gap-2"
            >
              <ChatIcon size={18} />
              <span className="member-action-label">{t('profile.message')}</span>
            </Link>
          )}
          {chatNotice('gift') ? (
            <Button
              variant="outline-primary"
              className="member-action d-inline-flex align-items-center justify-content-center gap-2"
              onClick={() => showMemberNotice(chatNotice('gift')!)}
            >
              <GiftIcon size={18} />
              <span className="member-action-label">{t('profile.gift')}</span>
            </Button>
          ) : (
            <Link
              to={`${paths.membersIdChat.getHref(member.id)}?gift=1`}
              className="member-action btn btn-outline-primary d-inline-flex align-items-center justify-content-center gap-2"
            >
              <GiftIcon size={18} />
              <span className="member-action-label">{t('profile.gift')}</span>
            </Link>
          )}
        </>
      )}
    </div>
  );
}
