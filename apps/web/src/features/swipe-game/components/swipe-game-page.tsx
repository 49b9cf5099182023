// /swipe-game: swipe (drag) or press Like / Skip through candidates; 4 likes a day (SPEC section 9), then it waits for the next day.
import { useCallback, useEffect, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { Alert, Button, Container, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { MemberPhoto } from '../../../components/member-photo.tsx';
import { CloseIcon, HeartFilledIcon } from '../../../components/member-icons.tsx';
import { FictionalIcon } from '../../../components/fictional-icon.tsx';
import { usePlaceLine } from '../../../components/use-location-text.ts';
import { PromptQuote } from '../../../components/prompt-quote.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { translateError, toFormErrors } from '../../../lib/form-errors.ts';
import { showMemberNotice } from '../../../lib/member-notice-store.ts';
import { MembersOnly } from '../../../components/members-only.tsx';
import { useOpenMatchModal } from '../../likes/index.ts';
import { useSwipeCandidates } from '../api/get-swipe-candidates.ts';
import { useSwipe } from '../api/swipe.ts';
import { SWIPE_THRESHOLD_PX, formatCountdown, getSwipeDecision } from '../lib/countdown.ts';
import { useNow } from '../../../hooks/use-now.ts';
import '../swipe-game.css';

type Action = 'like' | 'skip';

/** How long a decided card takes to leave (swipe-game.css's transition), after which it is removed. */
const LEAVE_MS = 450;

function SwipeCard({
  profile,
  onDecide,
  isDisabled,
  leaving,
  onLeft,
}: {
  profile: ProfileCard;
  onDecide: (action: Action) => void;
  isDisabled: boolean;
  /** The decision sent for this card: it leaves to that side while the answer comes (swipe-game.css). */
  leaving: Action | null;
  /** Once the answer came and the next card is below it: called when it has gone. */
  onLeft?: () => void;
}) {
  const { t } = useTranslation('members');
  const placeLine = usePlaceLine();
  const [deltaX, setDeltaX] = useState(0);
  const [isDragging, setIsDragging] = useState(false);
  const start = useRef<{ x: number; pointerId: number } | null>(null);
  useEffect(() => {
    if (!onLeft) return;
    const timer = setTimeout(onLeft, LEAVE_MS);
    return () => clearTimeout(timer);
  }, [onLeft]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (isDisabled || (event.pointerType === 'mouse' && event.button !== 0)) return;
    // The "View profile" link stays a link.
    if (event.target instanceof Element && event.target.closest('a, button')) return;
    start.current = { x: event.clientX, pointerId: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
    setIsDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.pointerId === event.pointerId) setDeltaX(event.clientX - start.current.x);
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (start.current?.pointerId !== event.pointerId) return;
    const decision = getSwipeDecision(event.clientX - start.current.x);
    start.current = null;
    setIsDragging(false);
    setDeltaX(0);
    if (decision) onDecide(decision);
  };

  const place = placeLine(profile);
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
    </div>
  );
}

function OutOfLikes({ resetsAt, onReset }: { resetsAt: string; onReset: () => void }) {
  const { t } = useTranslation('members');
  const resetTime = new Date(resetsAt).getTime();
  const now = useNow();
  const msLeft = resetTime - now;
  const isOver = msLeft <= 0;
  const hasReset = useRef(false);
  useEffect(() => {
    if (!isOver || hasReset.current) return;
    hasReset.current = true;
    onReset();
  }, [isOver, onReset]);
  return (
    <div className="text-center py-4">
      <div role="status">
        <p className="h5">{t('swipe.outOfLikes')}</p>
        <p className="text-body-secondary">{t('swipe.waitUntilTomorrow')}</p>
      </div>
      <p className="mb-1">{t('swipe.nextLikesLabel')}</p>
      <p className="display-6 fw-bold font-monospace" data-testid="swipe-countdown">
        {formatCountdown(msLeft)}
      </p>
      <Link to={paths.members.getHref()} className="btn btn-outline-primary mt-2">
        {t('swipe.toSearch')}
      </Link>
    </div>
  );
}

/** Left and right arrow keys skip and like the card on screen (not while typing, nor under a dialog). */
function SwipeKeys({ onDecide }: { onDecide: (action: Action) => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      if (document.querySelector('.modal.show')) return;
      event.preventDefault();
      onDecide(event.key === 'ArrowRight' ? 'like' : 'skip');
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onDecide]);
  return null;
}

function SwipeGame({ isConfirmed }: { isConfirmed: boolean }) {
  const { t } = useTranslation('members');
  const candidates = useSwipeCandidates();
  const swipe = useSwipe();
  const openMatchModal = useOpenMatchModal();
  const [doneIds, setDoneIds] = useState<Set<number>>(() => new Set());
  const [state, setState] = useState<{ likesLeft: number; resetsAt: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [leaving, setLeaving] = useState<{ profile: ProfileCard; action: Action } | null>(null);
  const clearLeaving = useCallback(() => setLeaving(null), []);
  const { refetch } = candidates;
  const reload = useCallback(() => {
    setState(null);
    setDoneIds(new Set());
    void refetch();
  }, [refetch]);

  if (candidates.isPending) return <LoadingSpinner />;
  if (candidates.isError)
    return (
      <Alert variant="danger">
        {translateError(t, toFormErrors(candidates.error).form ?? { code: 'error_generic' })}
      </Alert>
    );

  const likesLeft = state?.likesLeft ?? candidates.data.likes_left;
  const resetsAt = state?.resetsAt ?? candidates.data.resets_at;
  const queue = candidates.data.profiles.filter((profile) => !doneIds.has(profile.id));
  const current = queue[0];

  const decide = (profile: ProfileCard, action: Action) => {
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
          if (candidates.data.profiles.every((candidate) => next.has(candidate.id))) {
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

  const formError = error ? toFormErrors(error).form : null;
  return (
    <div className="swipe-game mx-auto">
      <p className="text-center fw-semibold mb-3" aria-live="polite">
        {t('swipe.likesLeft', { count: likesLeft })}
      </p>
      {formError && <Alert variant="danger">{translateError(t, formError)}</Alert>}
      {likesLeft <= 0 ? (
        <OutOfLikes resetsAt={resetsAt} onReset={reload} />
      ) : candidates.isFetching && !current ? (
        <LoadingSpinner />
      ) : !current ? (
        <div className="text-center py-5">
          <p className="text-body-secondary">{t('swipe.noCandidates')}</p>
          <Link to={paths.members.getHref()} className="btn btn-outline-primary">
            {t('swipe.toSearch')}
          </Link>
        </div>
      ) : (
        <>
          {!swipe.isPending && <SwipeKeys onDecide={(action) => decide(current, action)} />}
          <div className="swipe-stack">
            <SwipeCard
              key={current.id}
              profile={current}
              onDecide={(action) => decide(current, action)}
              isDisabled={swipe.isPending}
              leaving={leaving?.profile.id === current.id ? leaving.action : null}
            />
            {/* The card just decided, still leaving, over the next one (the same element: its transition goes on). */}
            {leaving && leaving.profile.id !== current.id && (
              <SwipeCard
                key={leaving.profile.id}
                profile={leaving.profile}
                onDecide={() => undefined}
                isDisabled
                leaving={leaving.action}
                onLeft={clearLeaving}
              />
            )}
          </div>
          <div className="swipe-actions d-flex justify-content-center gap-4">
            <Button
              variant="light"
              className="swipe-button swipe-button-skip shadow-sm"
              onClick={() => decide(current, 'skip')}
              disabled={swipe.isPending}
              aria-label={t('swipe.skipName', { name: current.name })}
            >
              <CloseIcon size={28} />
            </Button>
            <Button
              variant="primary"
              className="swipe-button swipe-button-like shadow"
              onClick={() => decide(current, 'like')}
              disabled={swipe.isPending}
              aria-label={t('swipe.likeName', { name: current.name })}
            >
              {swipe.isPending ? <Spinner size="sm" aria-hidden="true" /> : <HeartFilledIcon size={28} />}
            </Button>
          </div>
          <p className="text-center small text-body-secondary mt-3 mb-0">{t('swipe.hint')}</p>
          <p className="text-center small text-body-secondary mt-1 mb-0 d-none d-lg-block">{t('swipe.keysHint')}</p>
        </>
      )}
    </div>
  );
}

export function SwipeGamePage() {
  const { t } = useTranslation('members');
  return (
    <Container className="swipe-game-page py-4">
      <PageTitle title={t('swipe.title')} />
      <h1 className="h2 mb-3 text-center">{t('swipe.title')}</h1>
      <MembersOnly>{(user) => <SwipeGame isConfirmed={user.status !== 'not_confirmed'} />}</MembersOnly>
    </Container>
  );
}
