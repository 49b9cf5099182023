// The like button of profiles and cards: Like, Like back (they like you) or Liked (click to unlike); its own errors show beside it.
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { HeartFilledIcon } from '../../../components/member-icons.tsx';
import { HeartIcon } from '../../../components/icons.tsx';
import { translateError, toFormErrors } from '../../../lib/form-errors.ts';
import { useLikeToggle } from '../hooks/use-like-toggle.ts';
import type { LikeModalProfile } from '../lib/like-modal-store.ts';
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
  const { isLiked, error, popClass, endPop, toggle, isPending } = useLikeToggle({
    profile,
    initialIsLiked,
    canUnlike,
    onChange,
  });

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
          disabled={isPending || (isLiked && !canUnlike)}
        >
          {isPending ? (
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
        disabled={isPending || (isLiked && !canUnlike)}
      >
        {isPending ? <Spinner size="sm" aria-hidden="true" /> : isLiked ? <HeartFilledIcon /> : <HeartIcon />}
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
