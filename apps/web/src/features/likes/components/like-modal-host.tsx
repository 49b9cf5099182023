// Renders whichever like modal is open (from a like that made a match, the like pop-up, or a match moment the member has
// not seen: the other like came while they were away, or live on the socket); mounted once per layout.
import { useCallback, useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { MatchMomentsResponse } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useSocketEvent } from '../../../lib/socket-client.ts';
import { markMatchMomentSeen, matchMomentsKeys, matchMomentsQueryOptions } from '../api/match-moments.ts';
import { closeLikeModal, openLikeModal, useLikeModalState } from '../lib/like-modal-store.ts';
import { useLikePopupTrigger } from '../hooks/use-like-popup.ts';
import { LikeModal } from './like-modal.tsx';

/** The other member's like made a match: the moment shows live (this tab) or on the member's next visit. */
function useMatchMoments(isModalOpen: boolean) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const isMember = user?.status === 'active';
  const { data } = useQuery({ ...matchMomentsQueryOptions(), enabled: isMember });
  useSocketEvent(
    'like',
    useCallback(
      (event: { is_match: boolean }) => {
        if (event.is_match) void queryClient.invalidateQueries({ queryKey: matchMomentsKeys.all });
      },
      [queryClient],
    ),
  );
  const next = data?.moments[0];
  useEffect(() => {
    if (!next || isModalOpen) return;
    // Seen once shown, on every device: the next one waits until this one is closed.
    queryClient.setQueryData<MatchMomentsResponse>(matchMomentsKeys.all, (held) =>
      held ? { moments: held.moments.filter((moment) => moment.profile.id !== next.profile.id) } : held,
    );
    void markMatchMomentSeen(next.profile.id).catch(() => undefined);
    openLikeModal({
      variant: 'match',
      profile: next.profile,
      buttonLabel: t('likes.seeMatches'),
      getButtonHref: () => paths.likesType.getHref('matches'),
    });
  }, [next, isModalOpen, queryClient, t]);
}

export function LikeModalHost() {
  const { t } = useTranslation('members');
  const request = useLikeModalState();
  // The like pop-up: a profile from auto-like.php, its button opens that member's page.
  const showLikePopup = useCallback(
    () => openLikeModal({ variant: 'new-like', buttonLabel: t('likes.viewProfile') }),
    [t],
  );
  useLikePopupTrigger(showLikePopup);
  useMatchMoments(request !== null);
  if (!request) return null;
  const { key, ...props } = request;
  return <LikeModal key={key} {...props} onClose={closeLikeModal} />;
}
