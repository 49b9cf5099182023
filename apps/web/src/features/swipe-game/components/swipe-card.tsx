// One candidate's card in the swipe game: drag it sideways to decide, or it leaves after a decision.
import { useEffect, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { MemberPhoto } from '../../../components/member-photo.tsx';
import { FictionalIcon } from '../../../components/fictional-icon.tsx';
import { usePlaceLine } from '../../../components/use-location-text.ts';
import { PromptQuote } from '../../../components/prompt-quote.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { SWIPE_THRESHOLD_PX } from '../lib/countdown.ts';
import { useSwipeDrag } from '../hooks/use-swipe-drag.ts';
import type { SwipeAction } from '../hooks/use-swipe-game.ts';

/** How long a decided card takes to leave (swipe-game.css's transition), after which it is removed. */
const LEAVE_MS = 450;

/** The name, place, prompt and profile link under the photo. */
function SwipeCardBody({ profile }: { profile: ProfileCard }) {
  const { t } = useTranslation('members');
  const placeLine = usePlaceLine();
  const place = placeLine(profile);
  return (
    <div className="card-body">
      <h2 className="h4 mb-0">
        {profile.name}
        {profile.age !== null && <span className="fw-normal">, {profile.age}</span>}
        {profile.is_verified && <VerifiedBadge className="ms-2" />}
        {profile.is_fictional && <FictionalIcon className="ms-2" />}
      </h2>
      {place && <p className="text-body-secondary mb-1">{place}</p>}
      {profile.prompt && (
        <div className="swipe-card-prompt my-2">
          <PromptQuote prompt={profile.prompt} variant="page" />
        </div>
      )}
      <Link to={paths.membersId.getHref(profile.id)} className="small">
        {t('likes.viewProfile')}
      </Link>
    </div>
  );
}

export function SwipeCard({
  profile,
  onDecide,
  isDisabled,
  leaving,
  onLeft,
}: {
  profile: ProfileCard;
  onDecide: (action: SwipeAction) => void;
  isDisabled: boolean;
  /** The decision sent for this card: it leaves to that side while the answer comes (swipe-game.css). */
  leaving: SwipeAction | null;
  /** Once the answer came and the next card is below it: called when it has gone. */
  onLeft?: () => void;
}) {
  const { t } = useTranslation('members');
  const { deltaX, isDragging, onPointerDown, onPointerMove, endDrag } = useSwipeDrag({ isDisabled, onDecide });
  useEffect(() => {
    if (!onLeft) return;
    const timer = setTimeout(onLeft, LEAVE_MS);
    return () => clearTimeout(timer);
  }, [onLeft]);

  // The stamp fades in as the drag nears the point where letting go decides.
  const intent = deltaX > 0 ? 'like' : deltaX < 0 ? 'skip' : null;
  const intentStrength = Math.min(1, Math.abs(deltaX) / SWIPE_THRESHOLD_PX);
  return (
    <div
      className={`swipe-card card border-0 shadow ${profile.prompt ? 'has-prompt' : ''} ${isDragging ? 'is-dragging' : ''} ${leaving ? `is-leaving-${leaving}` : ''}`}
      // The drag as custom properties, so a leaving card's class can take the transform over.
      style={{ '--swipe-x': `${deltaX}px`, '--swipe-rotate': `${deltaX / 20}deg` } as CSSProperties}
      // A card on its way out is no longer part of the page.
      aria-hidden={leaving ? true : undefined}
      inert={leaving !== null}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      data-testid="swipe-card"
    >
      <div className="swipe-photo">
        <MemberPhoto
          image={profile.main_image}
          alt={t('profile.photoOf', { name: profile.name })}
          variant="full"
          isLazy={false}
        />
      </div>
      {intent && intentStrength > 0.2 && (
        <span className={`swipe-stamp swipe-stamp-${intent}`} style={{ opacity: intentStrength }} aria-hidden="true">
          {intent === 'like' ? t('swipe.like') : t('swipe.skip')}
        </span>
      )}
      <SwipeCardBody profile={profile} />
    </div>
  );
}
