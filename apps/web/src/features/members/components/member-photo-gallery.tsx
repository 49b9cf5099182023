// A member's photos: the chosen one large, thumbnails to switch, and the notice for photos this viewer may not see (log in / premium).
import { useState } from 'react';
import { Badge } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { MemberPhoto } from '../../../components/member-photo.tsx';
import { LockIcon } from '../../../components/member-icons.tsx';

export function MemberPhotoGallery({ member }: { member: MemberProfile }) {
  const { t } = useTranslation('members');
  const location = useLocation();
  const [selectedIndex, setSelectedIndex] = useState(0);
  const photos = member.photos;
  const selected = photos[Math.min(selectedIndex, photos.length - 1)];
  const locked = member.hidden_photo_count > 0 ? member.photos_locked : null;

  return (
    <div className="member-gallery">
      <div className="member-gallery-main ratio ratio-1x1 rounded-4 overflow-hidden shadow-sm">
        <MemberPhoto
          image={selected ?? null}
          alt={selected ? t('profile.photoAlt', { name: member.name, number: selectedIndex + 1, total: photos.length }) : t('profile.noPhotoAlt', { name: member.name })}
          variant="full"
          isLazy={false}
        />
      </div>
      {selected?.is_private && (
        <Badge bg="dark" className="mt-2">
          <LockIcon size={12} className="me-1" />
          {t('photos.private')}
        </Badge>
      )}
      {(photos.length > 1 || locked) && (
        <ul className="member-gallery-thumbs list-unstyled d-flex flex-wrap gap-2 mt-2 mb-0" aria-label={t('profile.photosLabel', { name: member.name })}>
          {photos.length > 1 &&
            photos.map((photo, index) => (
              <li key={photo.id}>
                <button
                  type="button"
                  className={`member-gallery-thumb p-0 border-0 rounded-3 overflow-hidden ${index === selectedIndex ? 'is-selected' : ''}`}
                  aria-label={t('profile.showPhoto', { number: index + 1, total: photos.length })}
                  aria-current={index === selectedIndex ? 'true' : undefined}
                  onClick={() => setSelectedIndex(index)}
                >
                  <MemberPhoto image={photo} alt="" />
                </button>
              </li>
            ))}
          {locked && (
            <li>
              <div className="member-gallery-locked rounded-3 d-flex flex-column align-items-center justify-content-center text-center" aria-hidden="true">
                <LockIcon size={18} />
                <span className="small fw-semibold">+{member.hidden_photo_count}</span>
              </div>
            </li>
          )}
        </ul>
      )}
      {locked && (
        <div className="member-gallery-locked-notice small mt-2 d-flex flex-wrap align-items-center gap-2" role="note">
          <span>
            {t('profile.hiddenPhotos', { count: member.hidden_photo_count })}: {t(`errors:${locked}`)}
          </span>
          {locked === 'login_required_photos' ? (
            <Link to={paths.login.getHref(`${location.pathname}${location.search}`)} className="btn btn-sm btn-outline-primary">
              {t('notices.login.logIn')}
            </Link>
          ) : (
            <Link to={paths.premium.getHref()} className="btn btn-sm btn-outline-primary">
              {t('nav.getPremium')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
