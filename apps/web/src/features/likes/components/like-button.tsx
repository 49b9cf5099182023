// The like button of profiles and cards: Like, Like back (they like you) or Liked (click to unlike); its own errors show beside it.
import { useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { HeartFilledIcon } from '../../../components/member-icons.tsx';
import { HeartIcon } from '../../../components/icons.tsx';
import { translateError, toFormErrors } from '../../../lib/form-errors.ts';
import { useLikeActions } from '../hooks/use-like-actions.ts';
import type { LikeModalProfile } from '../lib/like-modal-store.ts';
import { clearJustLiked, markJustLiked, useIsJustLiked } from '../lib/just-liked-store.ts';
import '../likes.css';

type LikeButtonProps = {
  profile: LikeModalProfile;
  isLiked: boolean;
  isLikedBy?: boolean;
  /** Cards offer only liking; the profile page also unliking. */
  canUnlike?: boolean;
  size?: 'sm' | 'lg';
  /** `icon`: the round heart on a card's photo, named after the member ("Like Anna"). */
  variant?: 'button' | 'icon';
  className?: string;
  onChange?: (isLiked: boolean) => void;
};

export function LikeButton({
  profile,
  isLiked: initialIsLiked,
  isLikedBy = false,
  canUnlike = true,
  size,
  variant = 'button',
  className = '',
  onChange,
}: LikeButtonProps) {
  const { t } = useTranslation('members');
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

  const label = isLiked
    ? canUnlike
      ? t('profile.unlike')
      : t('likes.likedState')
    : isLikedBy
      ? t('likes.likeBack')
      : t('profile.like');
  const formError = error ? toFormErrors(error).form : null;
  if (variant === 'icon') {
    const iconLabel = isLiked
      ? t('discovery.likedName', { name: profile.name })
      : isLikedBy
        ? t('discovery.likeBackName', { name: profile.name })
        : t('discovery.likeName', { name: profile.name });
    return (
      <>
        <button
          type="button"
          className={`card-like-button ${isLiked ? 'is-liked' : ''} ${popClass} ${className}`}
          aria-label={iconLabel}
          aria-pressed={isLiked}
          onClick={() => void toggle()}
          onAnimationEnd={endPop}
          disabled={actions.isPending || (isLiked && !canUnlike)}
        >
          {actions.isPending ? (
            <Spinner size="sm" aria-hidden="true" />
          ) : isLiked ? (
            <HeartFilledIcon size={22} />
          ) : (
            <HeartIcon size={22} />
          )}
        </button>
        {formError && (
          <p className="card-like-error small mb-0" role="alert">
            {translateError(t, formError)}
          </p>
        )}
      </>
    );
  }
  return (
    <>
      <Button
        variant={isLiked ? 'outline-primary' : 'primary'}
        size={size}
        className={`d-inline-flex align-items-center justify-content-center gap-2 ${popClass} ${className}`}
        onClick={() => void toggle()}
        onAnimationEnd={endPop}
        disabled={actions.isPending || (isLiked && !canUnlike)}
      >
        {actions.isPending ? <Spinner size="sm" aria-hidden="true" /> : isLiked ? <HeartFilledIcon /> : <HeartIcon />}
        {label}
      </Button>
      {formError && (
        <p className="small text-danger mt-1 mb-0" role="alert">
          {translateError(t, formError)}
        </p>
      )}
    </>
  );
}
