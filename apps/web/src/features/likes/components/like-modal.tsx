// The new-like modal and its "It's a match" variant (SPEC section 2): thumbs-up, the title, the member's photo opening their page, the caller's button.
// The match is a moment (docs/members.md): both photos, a message box to say hi right there, and "Keep swiping" when it
// came from the swipe game.
import { useEffect } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { MemberPhoto } from '../../../components/member-photo.tsx';
import { HeartFilledIcon, ThumbsUpIcon } from '../../../components/member-icons.tsx';
import { useUser } from '../../../lib/session/get-user.ts';
import { QuickMessage } from '../../chat/index.ts';
import { useAutoLike } from '../api/get-auto-like.ts';
import { likesKeys } from '../api/get-likes.ts';
import type { LikeModalProfile, LikeModalRequest } from '../lib/like-modal-store.ts';
import '../likes.css';

/** SPEC section 4: likes reload half a second after the modal opened. */
export const LIKES_RELOAD_DELAY_MS = 500;

type LikeModalProps = LikeModalRequest & { onClose: () => void };

function LoadingProfile() {
  const { t } = useTranslation('members');
  return (
    <div className="py-4">
      <Spinner role="status">
        <span className="visually-hidden">{t('common.loading')}</span>
      </Spinner>
    </div>
  );
}

type LikeModalPhotosProps = { profile: LikeModalProfile; isMatch: boolean; href: string; onOpen: () => void };

/** The member's photo opening their page; for a match, the viewer's own main photo beside it with a heart between. */
function LikeModalPhotos({ profile, isMatch, href, onOpen }: LikeModalPhotosProps) {
  const { t } = useTranslation('members');
  const { data: user } = useUser();
  const theirs = (
    <MemberPhoto
      image={profile.main_image}
      alt={t('likes.openProfileOf', { name: profile.name })}
      variant="thumb"
      isLazy={false}
    />
  );
  if (!isMatch || !user) {
    return (
      <Link to={href} onClick={onOpen} className="like-modal-photo d-block mx-auto mb-3">
        {theirs}
      </Link>
    );
  }
  return (
    <div className="like-modal-pair mx-auto mb-3">
      <span className="like-modal-photo is-own">
        <MemberPhoto image={user.profile.main_image} alt={t('likes.yourPhoto')} variant="thumb" isLazy={false} />
      </span>
      <span className="like-modal-pair-heart" aria-hidden="true">
        <HeartFilledIcon size={18} />
      </span>
      <Link to={href} onClick={onOpen} className="like-modal-photo is-theirs">
        {theirs}
      </Link>
    </div>
  );
}

export function LikeModal({
  variant,
  profile: givenProfile,
  buttonLabel,
  getButtonHref,
  isFromSwipeGame = false,
  onClose,
}: LikeModalProps) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const autoLike = useAutoLike(!givenProfile);
  const profile: LikeModalProfile | undefined = givenProfile ?? autoLike.data;
  const isMatch = variant === 'match';
  // Nobody to show: the modal has nothing to say.
  const hasNothingToShow = !givenProfile && autoLike.isError;

  useEffect(() => {
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: likesKeys.all }),
      LIKES_RELOAD_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [queryClient]);

  useEffect(() => {
    if (hasNothingToShow) onClose();
  }, [hasNothingToShow, onClose]);

  const titleId = 'like-modal-title';
  const profileHref = profile ? paths.membersId.getHref(profile.id) : '';
  return (
    <Modal
      show={!hasNothingToShow}
      onHide={onClose}
      centered
      size={isMatch ? undefined : 'sm'}
      aria-labelledby={titleId}
      contentClassName={`like-modal ${isMatch ? 'like-modal-match' : ''}`}
    >
      <Modal.Body className="text-center p-4">
        <button type="button" className="btn-close like-modal-close" aria-label={t('common.close')} onClick={onClose} />
        <div className="like-modal-icon mx-auto mb-2" aria-hidden="true">
          {isMatch ? <HeartFilledIcon size={36} /> : <ThumbsUpIcon size={36} />}
        </div>
        <h2 id={titleId} className="h3 fw-bold mb-3">
          {isMatch ? t('likes.itsAMatch') : t('likes.newLike')}
        </h2>
        {!profile ? (
          <LoadingProfile />
        ) : (
          <>
            <LikeModalPhotos profile={profile} isMatch={isMatch} href={profileHref} onOpen={onClose} />
            <p className="mb-3">
              {isMatch ? t('likes.matchText', { name: profile.name }) : t('likes.newLikeText', { name: profile.name })}
            </p>
            {isMatch && (
              <div className="like-modal-message mb-3">
                <QuickMessage partner={profile} />
              </div>
            )}
            {isMatch && isFromSwipeGame ? (
              <Button variant="primary" size="lg" className="w-100" onClick={onClose}>
                {t('likes.keepSwiping')}
              </Button>
            ) : (
              <Link
                to={getButtonHref ? getButtonHref(profile) : profileHref}
                onClick={onClose}
                className={`btn ${isMatch ? 'btn-outline-primary' : 'btn-primary btn-lg'} w-100`}
              >
                {buttonLabel}
              </Link>
            )}
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}
