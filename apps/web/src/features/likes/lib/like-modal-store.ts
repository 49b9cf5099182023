// Which like modal is open (SPEC sections 2 and 4): "New like!" or "It's a match", with a profile or one fetched from auto-like.php.
import { useSyncExternalStore } from 'react';
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
};

export type LikeModalState = (LikeModalRequest & { key: number }) | null;

let state: LikeModalState = null;
let nextKey = 1;
const listeners = new Set<() => void>();

function setState(next: LikeModalState) {
  state = next;
  listeners.forEach((listener) => listener());
}

export function openLikeModal(request: LikeModalRequest): void {
  setState({ ...request, key: nextKey++ });
}

export function closeLikeModal(): void {
  if (state) setState(null);
}

export const getLikeModalState = (): LikeModalState => state;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLikeModalState(): LikeModalState {
  return useSyncExternalStore(subscribe, getLikeModalState, getLikeModalState);
}
