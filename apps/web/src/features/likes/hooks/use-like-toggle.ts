// A like button's state: liked or not (following the answer at once), its own error and the pop of a like just made.
import { useState } from 'react';
import { useLikeActions } from './use-like-actions.ts';
import type { LikeModalProfile } from '../lib/like-modal-store.ts';
import { clearJustLiked, markJustLiked, useIsJustLiked } from '../lib/just-liked-store.ts';

export function useLikeToggle({
  profile,
  initialIsLiked,
  canUnlike,
  onChange,
}: {
  profile: LikeModalProfile;
  initialIsLiked: boolean;
  canUnlike: boolean;
  onChange?: (isLiked: boolean) => void;
}) {
  const actions = useLikeActions();
  // Follows the answer at once; the lists refresh behind it.
  const [localIsLiked, setLocalIsLiked] = useState<boolean | null>(null);
  const isLiked = localIsLiked ?? initialIsLiked;
  const [error, setError] = useState<unknown>(null);
  // A like just made (not one shown from before) pops the heart once (likes.css, only without reduced motion).
  const popClass = useIsJustLiked(profile.id) && isLiked ? 'did-like' : '';
  const endPop = () => clearJustLiked(profile.id);

  const toggle = async () => {
    setError(null);
    try {
      if (isLiked) {
        if (!canUnlike) return;
        await actions.unlike(profile);
        clearJustLiked(profile.id);
        setLocalIsLiked(false);
        onChange?.(false);
      } else {
        const result = await actions.like(profile);
        if (result) {
          if (result.is_liked) markJustLiked(profile.id);
          setLocalIsLiked(result.is_liked);
          onChange?.(result.is_liked);
        }
      }
    } catch (caught) {
      setError(caught);
    }
  };

  return { isLiked, error, popClass, endPop, toggle, isPending: actions.isPending };
}
