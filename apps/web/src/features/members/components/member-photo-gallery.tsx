// A member's photos: the chosen one large (swipe on touch, arrows), thumbnails to switch, a full-screen lightbox, and
// the notice for photos this viewer may not see (log in / premium).
import { useState, type CSSProperties } from 'react';
import { Badge } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { MemberPhoto } from '../../../components/member-photo.tsx';
import { LockIcon } from '../../../components/member-icons.tsx';
import { useSwipe } from '../hooks/use-swipe.ts';
import { ExpandIcon, NextIcon, PreviousIcon } from './gallery-icons.ts';
import { PhotoLightbox } from './photo-lightbox.tsx';
import { ReportModal, type ReportSubject } from '../../reports/index.ts';

type Locked = MemberProfile['photos_locked'];

/** Previous and next over the large photo, and where in the photos it is. */
function GalleryArrows({
  index,
  total,
  onStep,
}: {
  index: number;
  total: number;
  onStep: (direction: 'next' | 'previous') => void;
}) {
  const { t } = useTranslation('members');
  return (
    <>
      <button
        type="button"
        className="member-gallery-arrow is-previous"
        aria-label={t('gallery.previous')}
        onClick={() => onStep('previous')}
      >
        <PreviousIcon size={22} />
      </button>
      <button
        type="button"
        className="member-gallery-arrow is-next"
        aria-label={t('gallery.next')}
        onClick={() => onStep('next')}
      >
        <NextIcon size={22} />
      </button>
      <span className="member-gallery-counter" aria-hidden="true">
        {t('gallery.counter', { number: index + 1, total })}
      </span>
    </>
  );
}

/** Thumbnails to switch photos, and a locked tile counting the photos this viewer may not see. */
function GalleryThumbs({
  member,
  index,
  locked,
  onSelect,
}: {
  member: MemberProfile;
  index: number;
  locked: Locked | null;
  onSelect: (index: number) => void;
}) {
  const { t } = useTranslation('members');
  const total = member.photos.length;
  if (total <= 1 && !locked) return null;
  return (
    <ul
      className="member-gallery-thumbs list-unstyled d-flex gap-2 mt-2 mb-0"
      aria-label={t('profile.photosLabel', { name: member.name })}
    >
      {total > 1 &&
        member.photos.map((photo, photoIndex) => (
          <li key={photo.id}>
            <button
              type="button"
              className={`member-gallery-thumb p-0 border-0 rounded-3 overflow-hidden ${photoIndex === index ? 'is-selected' : ''}`}
              aria-label={t('profile.showPhoto', { number: photoIndex + 1, total })}
              aria-current={photoIndex === index ? 'true' : undefined}
              onClick={() => onSelect(photoIndex)}
            >
              <MemberPhoto image={photo} alt="" />
            </button>
          </li>
        ))}
      {locked && (
        <li>
          <div
            className="member-gallery-locked rounded-3 d-flex flex-column align-items-center justify-content-center text-center"
            aria-hidden="true"
          >
            <LockIcon size={18} />
            <span className="small fw-semibold">+{member.hidden_photo_count}</span>
          </div>
        </li>
      )}
    </ul>
  );
}

/** Why some photos are hidden, and the way to see them: logging in, or premium. */
function LockedPhotosNotice({ count, locked }: { count: number; locked: NonNullable<Locked> }) {
  const { t } = useTranslation('members');
  const location = useLocation();
  return (
    <div className="member-gallery-locked-notice small mt-2 d-flex flex-wrap align-items-center gap-2" role="note">
      <span>
        {t('profile.hiddenPhotos', { count })}: {t(`errors:${locked}`)}
      </span>
      {locked === 'login_required_photos' ? (
        <Link
          to={paths.login.getHref(`${location.pathname}${location.search}`)}
          className="btn btn-sm btn-outline-primary"
        >
          {t('notices.login.logIn')}
        </Link>
      ) : (
        <Link to={paths.premium.getHref()} className="btn btn-sm btn-outline-primary">
          {t('nav.getPremium')}
        </Link>
      )}
    </div>
  );
}

/** `canReport`: a logged-in member on someone else's page (the lightbox offers "Report this photo"). */
export function MemberPhotoGallery({ member, canReport = false }: { member: MemberProfile; canReport?: boolean }) {
  const { t } = useTranslation('members');
  const [selectedIndex, setSelectedIndex] = useState(0);
  const [isLightboxOpen, setIsLightboxOpen] = useState(false);
  const [reportSubject, setReportSubject] = useState<ReportSubject | null>(null);
  const photos = member.photos;
  const total = photos.length;
  const index = Math.min(selectedIndex, Math.max(total - 1, 0));
  const selected = photos[index];
  const locked = member.hidden_photo_count > 0 ? member.photos_locked : null;
  const step = (direction: 'next' | 'previous') =>
    setSelectedIndex((current) => (current + (direction === 'next' ? 1 : -1) + total) % total);
  const swipe = useSwipe((direction) => total > 1 && step(direction));
  const photoAlt = selected
    ? t('profile.photoAlt', { name: member.name, number: index + 1, total })
    : t('profile.noPhotoAlt', { name: member.name });

  // The photo as it was taken: the stage takes its proportions (portrait, square or landscape, within 9:16 and 16:9)
  // and shows it whole, nothing cropped; known from the data, so nothing shifts when it loads.
  const ratio =
    selected && selected.width > 0 && selected.height > 0
      ? Math.min(16 / 9, Math.max(9 / 16, selected.width / selected.height))
      : undefined;

  return (
    <div className="member-gallery">
      <div
        className={`member-gallery-stage${ratio ? ' is-uncropped' : ''}`}
        style={ratio ? ({ '--member-photo-ratio': String(ratio) } as CSSProperties) : undefined}
        {...(total > 1 ? swipe.handlers : {})}
      >
        {selected ? (
          <button
            type="button"
            className="member-gallery-open"
            aria-label={t('gallery.open', { number: index + 1, total })}
            onClick={() => {
              if (swipe.wasSwipe.current) return;
              setIsLightboxOpen(true);
            }}
          >
            <MemberPhoto image={selected} alt={photoAlt} variant="full" isLazy={false} isPriority />
            <span className="member-gallery-expand" aria-hidden="true">
              <ExpandIcon size={18} />
            </span>
          </button>
        ) : (
          <MemberPhoto image={null} alt={photoAlt} variant="full" />
        )}
        {total > 1 && <GalleryArrows index={index} total={total} onStep={step} />}
        {selected?.is_private && (
          <Badge bg="dark" className="member-gallery-private">
            <LockIcon size={12} className="me-1" />
            {t('photos.private')}
          </Badge>
        )}
      </div>
      <GalleryThumbs member={member} index={index} locked={locked} onSelect={setSelectedIndex} />
      {locked && <LockedPhotosNotice count={member.hidden_photo_count} locked={locked} />}
      {isLightboxOpen && selected && (
        <PhotoLightbox
          member={member}
          index={index}
          onIndexChange={setSelectedIndex}
          onClose={() => setIsLightboxOpen(false)}
          onReport={
            canReport
              ? (photoId) => {
                  // The lightbox closes first: one dialog at a time keeps focus in the report dialog.
                  setIsLightboxOpen(false);
                  setReportSubject({ profile: { id: member.id, name: member.name }, target: 'photo', photoId });
                }
              : undefined
          }
        />
      )}
      {canReport && <ReportModal subject={reportSubject} onClose={() => setReportSubject(null)} />}
    </div>
  );
}
