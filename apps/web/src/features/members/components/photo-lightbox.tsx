// A member's photos full screen: arrow keys and buttons (and swipes) move between them, Escape closes; the modal keeps
// focus inside while open and gives it back to the photo that opened it.
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '@app/contracts';
import { MemberPhoto } from '../../../components/member-photo.tsx';
import { CloseIcon } from '../../../components/member-icons.tsx';
import { useSwipe } from '../hooks/use-swipe.ts';
import { useLightboxKeys } from '../hooks/use-lightbox-keys.ts';
import { NextIcon, PreviousIcon } from './gallery-icons.ts';

type PhotoLightboxProps = {
  member: Pick<MemberProfile, 'name' | 'photos'>;
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** Offers "Report this photo" (a logged-in member on someone else's page). */
  onReport?: (photoId: number) => void;
};

export function PhotoLightbox({ member, index, onIndexChange, onClose, onReport }: PhotoLightboxProps) {
  const { t } = useTranslation('members');
  const { t: tReports } = useTranslation('reports');
  const total = member.photos.length;
  const photo = member.photos[index];
  const step = (direction: 'next' | 'previous') =>
    total > 1 && onIndexChange((index + (direction === 'next' ? 1 : -1) + total) % total);
  const swipe = useSwipe(step);
  const titleId = 'photo-lightbox-title';

  const body = useLightboxKeys(step);

  return (
    <Modal show onHide={onClose} fullscreen aria-labelledby={titleId} contentClassName="photo-lightbox">
      <div ref={body} className="photo-lightbox-bar">
        <h2 id={titleId} className="h6 mb-0 text-truncate">
          {t('gallery.lightboxTitle', { name: member.name })}
        </h2>
        <span className="photo-lightbox-counter" aria-live="polite">
          {t('gallery.counterText', { number: index + 1, total })}
        </span>
        <button type="button" className="photo-lightbox-button" aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon size={22} />
        </button>
      </div>
      <div className="photo-lightbox-stage" {...swipe.handlers}>
        {photo && (
          <MemberPhoto
            key={photo.id}
            image={photo}
            alt={t('profile.photoAlt', { name: member.name, number: index + 1, total })}
            variant="full"
            isLazy={false}
            className="photo-lightbox-image"
          />
        )}
        {total > 1 && (
          <>
            <button
              type="button"
              className="photo-lightbox-button photo-lightbox-arrow is-previous"
              aria-label={t('gallery.previous')}
              onClick={() => step('previous')}
            >
              <PreviousIcon size={28} />
            </button>
            <button
              type="button"
              className="photo-lightbox-button photo-lightbox-arrow is-next"
              aria-label={t('gallery.next')}
              onClick={() => step('next')}
            >
              <NextIcon size={28} />
            </button>
          </>
        )}
        {onReport && photo && (
          <button
            type="button"
            className="photo-lightbox-report btn btn-sm btn-dark border-light text-nowrap position-absolute bottom-0 start-50 translate-middle-x mb-3"
            onClick={() => onReport(photo.id)}
          >
            {tReports('action.reportPhoto')}
          </button>
        )}
      </div>
    </Modal>
  );
}
