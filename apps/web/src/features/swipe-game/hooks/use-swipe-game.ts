// The swipe game's state: the candidates, the ones already decided, the likes left and the card on its way out.
import { useCallback, useState } from 'react';
import type { ProfileCard } from '@app/contracts';
import { ApiError } from '../../../lib/api-client.ts';
import { showMemberNotice } from '../../../lib/member-notice-store.ts';
import { useOpenMatchModal } from '../../likes/index.ts';
import { useSwipeCandidates } from '../api/get-swipe-candidates.ts';
import { useSwipe } from '../api/swipe.ts';

export type SwipeAction = 'like' | 'skip';

export function useSwipeGame(isConfirmed: boolean) {
  const candidates = useSwipeCandidates();
  const swipe = useSwipe();
  const openMatchModal = useOpenMatchModal();
  const [doneIds, setDoneIds] = useState<Set<number>>(() => new Set());
  const [state, setState] = useState<{ likesLeft: number; resetsAt: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [leaving, setLeaving] = useState<{ profile: ProfileCard; action: SwipeAction } | null>(null);
  const clearLeaving = useCallback(() => setLeaving(null), []);
  const { refetch } = candidates;
  const reload = useCallback(() => {
    setState(null);
    setDoneIds(new Set());
    void refetch();
  }, [refetch]);

  const decide = (profile: ProfileCard, action: SwipeAction) => {
    const data = candidates.data;
    if (!data) return;
    const resetsAt = state?.resetsAt ?? data.resets_at;
    setError(null);
    // The server refuses swipes until the e-mail address is confirmed (activation_required): say so before sending.
    if (!isConfirmed) {
      showMemberNotice({ kind: 'activation', action: 'swipe' });
      return;
    }
    setLeaving({ profile, action });
    swipe.mutate(
      { id: profile.id, action },
      {
        onSuccess: (result) => {
          setState({ likesLeft: result.likes_left, resetsAt: result.resets_at });
          const next = new Set(doneIds).add(profile.id);
          setDoneIds(next);
          if (result.is_new_match) openMatchModal(profile, { isFromSwipeGame: true });
          // The batch is used up: fetch the next candidates.
          if (data.profiles.every((candidate) => next.has(candidate.id))) {
            setDoneIds(new Set());
            void candidates.refetch();
          }
        },
        onError: (caught) => {
          // The card comes back: the decision did not go through.
          setLeaving(null);
          if (caught instanceof ApiError && caught.code === 'swipe_limit_reached') {
            const params = caught.body?.error?.params as { resets_at?: string } | undefined;
            setState({ likesLeft: 0, resetsAt: params?.resets_at ?? resetsAt });
            return;
          }
          if (caught instanceof ApiError && caught.code === 'activation_required') {
            showMemberNotice({ kind: 'activation', action: 'swipe' });
            return;
          }
          setError(caught);
        },
      },
    );
  };

  return { candidates, swipe, doneIds, state, error, leaving, clearLeaving, reload, decide };
}
