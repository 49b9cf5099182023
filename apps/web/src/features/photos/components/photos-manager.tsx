// The member's photos on /profile: upload by drag and drop or picker with progress and errors, choose the main photo, mark private, delete.
import { useState } from 'react';
import { Alert, Badge, Button, Form, ProgressBar } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OwnProfile, Photo } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { MemberPhoto } from '../../../components/member-photo.tsx';
import { LockIcon, StarIcon } from '../../../components/member-icons.tsx';
import { PhotoDropzone } from '../../../components/photo-dropzone.tsx';
import { translateError, toFormErrors, type FormError } from '../../../lib/form-errors.ts';
import { usePhotos } from '../api/get-photos.ts';
import { useUpdatePhoto } from '../api/update-photo.ts';
import { useDeletePhoto } from '../api/delete-photo.ts';
import { getPhotoLimitError, usePhotoUploads, type Upload } from '../hooks/use-photo-uploads.ts';
import '../photos.css';

function PhotoTile({
  photo,
  number,
  isBusy,
  onMakeMain,
  onTogglePrivate,
  onDelete,
}: {
  photo: Photo;
  number: number;
  isBusy: boolean;
  onMakeMain: () => void;
  onTogglePrivate: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('members');
  const label = t('photos.photoNumber', { number });
  // Held for staff review (docs/safety.md): private until a moderator approves it.
  const isHeld = photo.status === 'review';
  return (
    <li className="photo-tile card border-0 shadow-sm overflow-hidden">
      <div className="ratio ratio-1x1 position-relative">
        <MemberPhoto image={photo} alt={label} />
      </div>
      <div className="photo-tile-badges">
        {photo.is_main && (
          <Badge bg="primary" className="d-inline-flex align-items-center gap-1">
            <StarIcon size={12} />
            {t('photos.main')}
          </Badge>
        )}
        {photo.is_private && (
          <Badge bg="dark" className="d-inline-flex align-items-center gap-1">
            <LockIcon size={12} />
            {t('photos.private')}
          </Badge>
        )}
        {isHeld && (
          <Badge bg="warning" text="dark">
            {t('photos.underReview')}
          </Badge>
        )}
      </div>
      {isHeld && <p className="small text-body-secondary px-2 pt-2 mb-0">{t('photos.underReviewHint')}</p>}
      <div className="d-flex flex-column gap-1 p-2" role="group" aria-label={label}>
        {!photo.is_main && !photo.is_private && (
          <Button size="sm" variant="outline-primary" onClick={onMakeMain} disabled={isBusy}>
            {t('photos.makeMain')}
          </Button>
        )}
        {!photo.is_main && !isHeld && (
          <Button size="sm" variant="outline-secondary" onClick={onTogglePrivate} disabled={isBusy}>
            {photo.is_private ? t('photos.makePublic') : t('photos.makePrivate')}
          </Button>
        )}
        <Button size="sm" variant="outline-danger" onClick={onDelete} disabled={isBusy}>
          {t('photos.delete')}
        </Button>
      </div>
    </li>
  );
}

function MainPhotoPreview({
  mainImage,
  count,
  limit,
}: {
  mainImage: OwnProfile['main_image'];
  count: number;
  limit: number;
}) {
  const { t } = useTranslation('members');
  return (
    <div className="photos-main-preview d-flex align-items-center gap-3 mb-3">
      <div className="photos-main-preview-image rounded-circle overflow-hidden flex-shrink-0">
        <MemberPhoto image={mainImage} alt={mainImage ? t('photos.mainAlt') : t('photos.noPhoto')} />
      </div>
      <div>
        <p className="fw-semibold mb-1">{mainImage ? t('photos.main') : t('photos.noPhoto')}</p>
        <p className="small text-body-secondary mb-0" data-testid="photo-count">
          {t('photos.limit', { count, max: limit })}
        </p>
      </div>
    </div>
  );
}

/** At the limit: premium members hear the maximum, free members are offered premium. */
function PhotoLimitAlert({ isPremium, limit }: { isPremium: boolean; limit: number }) {
  const { t } = useTranslation('members');
  return (
    <Alert
      variant={isPremium ? 'info' : 'warning'}
      className="d-flex flex-wrap align-items-center justify-content-between gap-2"
    >
      <span>{translateError(t, getPhotoLimitError(isPremium, limit))}</span>
      {!isPremium && (
        <Link to={paths.premium.getHref()} className="btn btn-sm btn-primary">
          {t('nav.getPremium')}
        </Link>
      )}
    </Alert>
  );
}

/** Each file of this visit's uploads with its status, progress and error. */
function UploadList({ uploads }: { uploads: Upload[] }) {
  const { t } = useTranslation('members');
  if (uploads.length === 0) return null;
  return (
    <ul
      className="list-unstyled mt-3 mb-0 d-flex flex-column gap-2"
      aria-label={t('photos.uploadsLabel')}
      aria-live="polite"
    >
      {uploads.map((entry) => (
        <li key={entry.key} className="small">
          <div className="d-flex justify-content-between gap-2">
            <span className="text-truncate">{entry.name}</span>
            <span className={entry.status === 'failed' ? 'text-danger' : 'text-body-secondary'}>
              {t(`photos.status.${entry.status}`)}
            </span>
          </div>
          {entry.status === 'uploading' && (
            <ProgressBar
              now={entry.progress}
              label={`${entry.progress}%`}
              visuallyHidden
              className="mt-1"
              style={{ height: 6 }}
              aria-label={t('photos.progress', { name: entry.name })}
            />
          )}
          {entry.error && (
            <p className="text-danger mb-0" role="alert">
              {translateError(t, entry.error)}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

type PhotoUploadsProps = { photoCount: number; limit: number; isPremium: boolean; onStart: () => void };

/** The drop zone (or the limit's alert) and this visit's uploads. */
function PhotoUploads({ photoCount, limit, isPremium, onStart }: PhotoUploadsProps) {
  const { t } = useTranslation('members');
  const [isPrivate, setIsPrivate] = useState(false);
  const uploads = usePhotoUploads({ photoCount, limit, isPremium, isPrivate });
  return (
    <>
      {photoCount >= limit ? (
        <PhotoLimitAlert isPremium={isPremium} limit={limit} />
      ) : (
        <>
          <PhotoDropzone
            onFilesSelected={(files) => {
              onStart();
              void uploads.uploadFiles(files);
            }}
            isMultiple
            isDisabled={uploads.isUploading}
          >
            <p className="mb-3 text-body-secondary">{t('photos.dropzone')}</p>
          </PhotoDropzone>
          <Form.Check
            type="checkbox"
            id="photo-upload-private"
            className="mt-2"
            label={t('photos.uploadPrivate')}
            checked={isPrivate}
            onChange={(event) => setIsPrivate(event.target.checked)}
          />
          <Form.Text className="d-block">{t('photos.privateHelp')}</Form.Text>
        </>
      )}
      <UploadList uploads={uploads.uploads} />
    </>
  );
}

type PhotosManagerProps = {
  profile: OwnProfile;
  isPremium: boolean;
  /** Inside a section that already says "Photos": no heading of its own. */
  isTitleHidden?: boolean;
};

export function PhotosManager({ profile, isPremium, isTitleHidden = false }: PhotosManagerProps) {
  const { t } = useTranslation('members');
  const photosQuery = usePhotos();
  const photos = photosQuery.data?.photos ?? profile.photos;
  const mainImage = photosQuery.data ? photosQuery.data.main_image : profile.main_image;
  const limit = profile.photo_limit;
  const update = useUpdatePhoto();
  const remove = useDeletePhoto();
  const [actionError, setActionError] = useState<FormError | null>(null);
  const [photoToDelete, setPhotoToDelete] = useState<Photo | null>(null);

  const runAction = (promise: Promise<unknown>) => {
    setActionError(null);
    promise.catch((error: unknown) => setActionError(toFormErrors(error).form ?? { code: 'error_generic' }));
  };

  const isBusy = update.isPending || remove.isPending;
  return (
    <div className="photos-manager">
      {!isTitleHidden && (
        <h2 id="photos-title" className="h4 mb-3">
          {t('photos.title')}
        </h2>
      )}
      <MainPhotoPreview mainImage={mainImage} count={photos.length} limit={limit} />

      {actionError && (
        <Alert variant="danger" dismissible onClose={() => setActionError(null)}>
          {translateError(t, actionError)}
        </Alert>
      )}

      {photos.length > 0 && (
        <ul className="photo-tiles list-unstyled mb-3" aria-label={t('photos.listLabel')}>
          {photos.map((photo, index) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              number={index + 1}
              isBusy={isBusy}
              onMakeMain={() => runAction(update.mutateAsync({ id: photo.id, is_main: true }))}
              onTogglePrivate={() => runAction(update.mutateAsync({ id: photo.id, is_private: !photo.is_private }))}
              onDelete={() => setPhotoToDelete(photo)}
            />
          ))}
        </ul>
      )}

      <PhotoUploads
        photoCount={photos.length}
        limit={limit}
        isPremium={isPremium}
        onStart={() => setActionError(null)}
      />

      <ConfirmModal
        isOpen={photoToDelete !== null}
        title={t('photos.deleteTitle')}
        confirmLabel={t('photos.delete')}
        isBusy={remove.isPending}
        onCancel={() => setPhotoToDelete(null)}
        onConfirm={() => {
          if (!photoToDelete) return;
          const id = photoToDelete.id;
          setPhotoToDelete(null);
          runAction(remove.mutateAsync(id));
        }}
      >
        <p className="mb-0">{t('photos.deleteConfirm')}</p>
      </ConfirmModal>
    </div>
  );
}
