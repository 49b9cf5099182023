// Suggested members as cards with a like button each (liked already: "Liked"; they like you: "Like back").
import { useTranslation } from 'react-i18next';
import type { Suggestion } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { ProfileCard, ProfileCardGrid, ProfileCardGridItem } from '../../../components/profile-card.tsx';
import { LikeButton } from '../../likes/index.ts';

export function SuggestionGrid({ profiles, label, id }: { profiles: Suggestion[]; label: string; id?: string }) {
  const { t } = useTranslation('members');
  return (
    <ProfileCardGrid id={id} label={label}>
      {profiles.map((profile) => (
        <ProfileCardGridItem key={profile.id}>
          <ProfileCard
            headingLevel={2}
            profile={profile}
            to={paths.membersId.getHref(profile.id)}
            badge={
              profile.is_liked_by && !profile.is_liked ? (
                <span className="badge rounded-pill text-bg-secondary">{t('likes.likesYouBadge')}</span>
              ) : undefined
            }
            actions={
              <LikeButton
                key={String(profile.is_liked)}
                profile={profile}
                isLiked={profile.is_liked}
                isLikedBy={profile.is_liked_by}
                canUnlike={false}
                size="sm"
                className="w-100"
              />
            }
          />
        </ProfileCardGridItem>
      ))}
    </ProfileCardGrid>
  );
}
