// The photos queue (moderators and admins): new photos, photos with open reports and verification selfies, as cards;
// approve, or reject (the photo is deleted) after a confirmation naming the member and the photo, with a reason chosen
// in it. The outcome is announced; the photo leaves the queue.
import { useState } from 'react';
import { Badge, Button, ButtonGroup, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PHOTO_REJECT_REASONS, type AdminPhoto, type PhotoRejectReason } from '@app/contracts';
import { useAdminPhotos } from '../api/admin-photos.ts';
import { useReviewPhoto } from '../api/review-photo.ts';
import { type PhotoQueue } from '../api/photo-queue.ts';
import { ReasonConfirm } from './reason-confirm.tsx';
import { ReviewQueue } from './review-queue.tsx';
import { VerificationsQueue } from './verifications-queue.tsx';
import { ScreeningBadge } from './screening-badge.tsx';

export function PhotosPage() {
  const { t } = useTranslation('admin');
  const [queue, setQueue] = useState<PhotoQueue | 'verification'>('new');
  return (
    <>
      <h1 className="h4 mb-3">{t('photos.title')}</h1>
      <ButtonGroup aria-label={t('photos.queue')} className="mb-3">
        {(['new', 'reported', 'verification'] as const).map((value) => (
          <Button
            key={value}
            variant={queue === value ? 'primary' : 'outline-primary'}
            aria-pressed={queue === value}
            onClick={() => setQueue(value)}
          >
            {t(`photos.queues.${value}`)}
          </Button>
        ))}
      </ButtonGroup>
      {queue === 'verification' ? <VerificationsQueue /> : <PhotosQueue queue={queue} />}
    </>
  );
}

function PhotosQueue({ queue }: { queue: PhotoQueue }) {
  const { t } = useTranslation('admin');
  const photos = useAdminPhotos(queue);
  const review = useReviewPhoto();
  const [announcement, setAnnouncement] = useState('');
  const [rejecting, setRejecting] = useState<AdminPhoto | null>(null);
  const reject = (photo: AdminPhoto, reason: PhotoRejectReason) => {
    setRejecting(null);
    review.mutate(
      { id: photo.id, kind: 'reject', reason },
      { onSuccess: () => setAnnouncement(t('photos.rejected', { name: photo.profile_name })) },
    );
  };
  return (
    <>
      <ReviewQueue
        query={photos}
        rows={photos.data?.pages.flatMap((page) => page.photos) ?? []}
        announcement={announcement}
        error={review.error}
        emptyText={t('photos.empty')}
        columns={{ xs: 1, sm: 2, lg: 4 }}
        renderCard={(photo) => (
          <PhotoCard
            photo={photo}
            isBusy={review.isPending}
            onApprove={() =>
              review.mutate(
                { id: photo.id, kind: 'approve' },
                { onSuccess: () => setAnnouncement(t('photos.approved', { name: photo.profile_name })) },
              )
            }
            onReject={() => setRejecting(photo)}
          />
        )}
      />
      <ReasonConfirm
        isOpen={rejecting !== null}
        title={t('confirm.photo.title', { name: rejecting?.profile_name ?? '' })}
        confirmLabel={t('confirm.photo.confirm')}
        reasons={PHOTO_REJECT_REASONS.map((value) => ({ value, label: t(`photoRejectReasons.${value}`) }))}
        isBusy={review.isPending}
        onConfirm={(reason) => rejecting && reject(rejecting, reason)}
        onCancel={() => setRejecting(null)}
      >
        {rejecting && (
          <div className="d-flex gap-3 align-items-start">
            <img
              src={rejecting.thumb_url}
              alt={t('photos.alt', { name: rejecting.profile_name })}
              width={96}
              height={96}
              className="rounded object-fit-cover flex-shrink-0"
            />
            <p className="mb-0">{t('confirm.photo.body', { name: rejecting.profile_name })}</p>
          </div>
        )}
      </ReasonConfirm>
    </>
  );
}

/** A photo with approve, and reject (which asks for the reason in a confirmation: the photo is deleted). */
function PhotoCard({
  photo,
  isBusy,
  onApprove,
  onReject,
}: {
  photo: AdminPhoto;
  isBusy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Card className="h-100 shadow-sm">
      <Card.Img
        variant="top"
        src={photo.thumb_url}
        alt={t('photos.alt', { name: photo.profile_name })}
        style={{ aspectRatio: '1', objectFit: 'cover' }}
      />
      <Card.Body className="small">
        <p className="mb-2">
          <strong>{photo.profile_name}</strong>{' '}
          {photo.is_private && <Badge bg="secondary">{t('photos.private')}</Badge>}{' '}
          {photo.open_reports > 0 && (
            <Badge bg="danger">{t('photos.openReports', { count: photo.open_reports })}</Badge>
          )}{' '}
          <ScreeningBadge screening={photo.screening} />
        </p>
        <Button
          size="sm"
          variant="success"
          className="w-100 mb-2"
          disabled={isBusy}
          onClick={onApprove}
          aria-label={t('photos.approveLabel', { name: photo.profile_name, id: photo.id })}
        >
          {t('photos.approve')}
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          className="w-100"
          disabled={isBusy}
          onClick={onReject}
          aria-label={t('photos.rejectLabel', { name: photo.profile_name, id: photo.id })}
        >
          {t('photos.reject')}
        </Button>
      </Card.Body>
    </Card>
  );
}
