// /swipe-game: swipe (drag) or press Like / Skip through candidates; 4 likes a day (SPEC section 9), then it waits for the next day.
import { useEffect, useRef } from 'react';
import { Alert, Button, Container, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfileCard } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { CloseIcon, HeartFilledIcon } from '../../../components/member-icons.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { translateError, toFormErrors } from '../../../lib/form-errors.ts';
import { MembersOnly } from '../../../components/members-only.tsx';
import { formatCountdown } from '../lib/countdown.ts';
import { useNow } from '../../../hooks/use-now.ts';
import { useSwipeGame, type SwipeAction } from '../hooks/use-swipe-game.ts';
import { SwipeCard } from './swipe-card.tsx';
import '../swipe-game.css';

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
function SwipeKeys({ onDecide }: { onDecide: (action: SwipeAction) => void }) {
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

type Leaving = { profile: ProfileCard; action: SwipeAction } | null;

/** The card on screen (with the one leaving over it), the Skip and Like buttons and the hints. */
function SwipeRound({
  current,
  leaving,
  isPending,
  onDecide,
  onLeft,
}: {
  current: ProfileCard;
  leaving: Leaving;
  isPending: boolean;
  onDecide: (profile: ProfileCard, action: SwipeAction) => void;
  onLeft: () => void;
}) {
  const { t } = useTranslation('members');
  return (
    <>
      {!isPending && <SwipeKeys onDecide={(action) => onDecide(current, action)} />}
      <div className="swipe-stack">
        <SwipeCard
          key={current.id}
          profile={current}
          onDecide={(action) => onDecide(current, action)}
          isDisabled={isPending}
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
            onLeft={onLeft}
          />
        )}
      </div>
      <div className="swipe-actions d-flex justify-content-center gap-4">
        <Button
          variant="light"
          className="swipe-button swipe-button-skip shadow-sm"
          onClick={() => onDecide(current, 'skip')}
          disabled={isPending}
          aria-label={t('swipe.skipName', { name: current.name })}
        >
          <CloseIcon size={28} />
        </Button>
        <Button
          variant="primary"
          className="swipe-button swipe-button-like shadow"
          onClick={() => onDecide(current, 'like')}
          disabled={isPending}
          aria-label={t('swipe.likeName', { name: current.name })}
        >
          {isPending ? <Spinner size="sm" aria-hidden="true" /> : <HeartFilledIcon size={28} />}
        </Button>
      </div>
      <p className="text-center small text-body-secondary mt-3 mb-0">{t('swipe.hint')}</p>
      <p className="text-center small text-body-secondary mt-1 mb-0 d-none d-lg-block">{t('swipe.keysHint')}</p>
    </>
  );
}

function NoCandidates() {
  const { t } = useTranslation('members');
  return (
    <div className="text-center py-5">
      <p className="text-body-secondary">{t('swipe.noCandidates')}</p>
      <Link to={paths.members.getHref()} className="btn btn-outline-primary">
        {t('swipe.toSearch')}
      </Link>
    </div>
  );
}

function SwipeGame({ isConfirmed }: { isConfirmed: boolean }) {
  const { t } = useTranslation('members');
  const { candidates, swipe, doneIds, state, error, leaving, clearLeaving, reload, decide } = useSwipeGame(isConfirmed);

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
        <NoCandidates />
      ) : (
        <SwipeRound
          current={current}
          leaving={leaving}
          isPending={swipe.isPending}
          onDecide={decide}
          onLeft={clearLeaving}
        />
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
