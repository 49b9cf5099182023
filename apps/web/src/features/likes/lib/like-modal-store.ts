// Which like modal is open (SPEC sections 2 and 4): "New like!" or "It's a match", with a profile or one fetched from auto-like.php.
import { create } from 'zustand';
import type { Image } from '@app/contracts';

export type LikeModalProfile = { id: number; name: string; main_image: Image | null };

export type LikeModalRequest = {
  variant: 'new-like' | 'match';
  /** Without a profile the modal fetches one itself (GET /api/auto-like.php). */
  profile?: LikeModalProfile;
  /** The label of the modal's button, chosen by whoever opens it. */
  buttonLabel: string;
  /** Where the button goes; default the member's page. */
  getButtonHref?: (profile: LikeModalProfile) => string;
  /** A match made in the swipe game: "Keep swiping" closes the moment and the deck goes on. */
  isFromSwipeGame?: boolean;
};

export type LikeModalState = (LikeModalRequest & { key: number }) | null;

const useLikeModalStore = create<{ modal: LikeModalState }>()(() => ({ modal: null }));
let nextKey = 1;

export function openLikeModal(request: LikeModalRequest): void {
  useLikeModalStore.setState({ modal: { ...request, key: nextKey++ } });
}

export function closeLikeModal(): void {
  if (getLikeModalState()) useLikeModalStore.setState({ modal: null });
}

export const getLikeModalState = (): LikeModalState => useLikeModalStore.getState().modal;

export function useLikeModalState(): LikeModalState {
  return useLikeModalStore((state) => state.modal);
}
