// The buttons of a member's profile: like/unlike, message and gift (notices until the chat exists), block/unblock.
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { MemberProfile, User } from '@app/contracts';
import { ChatIcon } from '../../../components/icons.tsx';
import { GiftIcon } from '../../../components/member-icons.tsx';
import { LikeButton } from '../../likes/index.ts';
import { BlockButton } from '../../blocks/index.ts';
import { getChatNotice, showMemberNotice } from '../../../lib/member-notice-store.ts';

export function MemberActions({ member, viewer }: { member: MemberProfile; viewer: User | null }) {
  const { t } = useTranslation('members');
  const relation = member.relation;
  const isBlocked = relation?.is_blocked ?? false;
  const profile = { id: member.id, name: member.name, main_image: member.main_image };

  return (
    <div className="member-actions d-flex flex-wrap gap-2">
      {!isBlocked && (
        <>
          <LikeButton key={String(relation?.is_liked)} profile={profile} isLiked={relation?.is_liked ?? false} isLikedBy={relation?.is_liked_by ?? false} />
          <Button variant="outline-primary" className="d-inline-flex align-items-center gap-2" onClick={() => showMemberNotice(getChatNotice(viewer, 'message'))}>
            <ChatIcon />
            {t('profile.message')}
          </Button>
          <Button variant="outline-primary" className="d-inline-flex align-items-center gap-2" onClick={() => showMemberNotice(getChatNotice(viewer, 'gift'))}>
            <GiftIcon />
            {t('profile.gift')}
          </Button>
        </>
      )}
      {viewer && <BlockButton profile={member} isBlocked={isBlocked} />}
    </div>
  );
}
