// Like and unlike from any screen: visitors get the login notice, a like that makes a match opens "It's a match".
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { showMemberNotice } from '../../../lib/member-notice-store.ts';
import { useLikeMember } from '../api/like-member.ts';
import { useUnlikeMember } from '../api/unlike-member.ts';
import { openLikeModal, type LikeModalProfile } from '../lib/like-modal-store.ts';

/** The match modal after a like that made a match: its button leads to the matches. */
export function useOpenMatchModal() {
  const { t } = useTranslation('members');
  return (profile: LikeModalProfile, options: { isFromSwipeGame?: boolean } = {}) =>
    openLikeModal({
      variant: 'match',
      profile,
      buttonLabel: t('likes.seeMatches'),
      getButtonHref: () => paths.likesType.getHref('matches'),
      isFromSwipeGame: options.isFromSwipeGame,
    });
}

export function useLikeActions() {
  const { data: user } = useUser();
  const likeMutation = useLikeMember();
  const unlikeMutation = useUnlikeMember();
  const openMatchModal = useOpenMatchModal();

  const like = async (profile: LikeModalProfile) => {
    if (!user) {
      showMemberNotice({ kind: 'login', action: 'like' });
      return null;
    }
    // The server refuses it too (activation_required): say so before sending anything.
    if (user.status === 'not_confirmed') {
      showMemberNotice({ kind: 'activation', action: 'like' });
      return null;
    }
    try {
      const result = await likeMutation.mutateAsync(profile.id);
      if (result.is_new_match) openMatchModal(profile);
      return result;
    } catch (error) {
      // The session's status was older than the server's: the same notice instead of an error.
      if (error instanceof ApiError && error.code === 'activation_required') {
        likeMutation.reset();
        showMemberNotice({ kind: 'activation', action: 'like' });
        return null;
      }
      throw error;
    }
  };

  const unlike = async (profile: Pick<LikeModalProfile, 'id'>) => unlikeMutation.mutateAsync(profile.id);

  return {
    like,
    unlike,
    isPending: likeMutation.isPending || unlikeMutation.isPending,
    error: likeMutation.error ?? unlikeMutation.error,
    reset: () => {
      likeMutation.reset();
      unlikeMutation.reset();
    },
  };
}
