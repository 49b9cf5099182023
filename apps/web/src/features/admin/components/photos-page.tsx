// The photos queue (moderators and admins): new photos, photos with open reports and verification selfies, as cards;
// approve, or reject with a reason chosen per photo. The outcome is announced; the photo leaves the queue.
import { useState } from 'react';
import { Badge, Button, ButtonGroup, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PHOTO_REJECT_REASONS, type AdminPhoto, type PhotoRejectReason } from '@app/contracts';
import { useAdminPhotos } from '../api/admin-photos.ts';
import { useReviewPhoto } from '../api/review-photo.ts';
import { type PhotoQueue } from '../api/photo-queue.ts';
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
  return (
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
          onReject={(reason) =>
            review.mutate(
              { id: photo.id, kind: 'reject', reason },
              { onSuccess: () => setAnnouncement(t('photos.rejected', { name: photo.profile_name })) },
            )
          }
        />
      )}
    />
  );
}

function PhotoCard({
  photo,
  isBusy,
  onApprove,
  onReject,
}: {
  photo: AdminPhoto;
  isBusy: boolean;
  onApprove: () => void;
  onReject: (reason: PhotoRejectReason) => void;
}) {
  const { t } = useTranslation('admin');
  const [reason, setReason] = useState<PhotoRejectReason>('not_a_person');
  const selectId = `reject-reason-${photo.id}`;
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
        <Form.Label htmlFor={selectId} className="mb-1">
          {t('photos.rejectReason')}
        </Form.Label>
        <Form.Select
          id={selectId}
          size="sm"
          value={reason}
          onChange={(event) => setReason(event.target.value as PhotoRejectReason)}
          className="mb-2"
        >
          {PHOTO_REJECT_REASONS.map((value) => (
            <option key={value} value={value}>
              {t(`photoRejectReasons.${value}`)}
            </option>
          ))}
        </Form.Select>
        <Button
          size="sm"
          variant="outline-danger"
          className="w-100"
          disabled={isBusy}
          onClick={() => onReject(reason)}
          aria-label={t('photos.rejectLabel', { name: photo.profile_name, id: photo.id })}
        >
          {t('photos.reject')}
        </Button>
      </Card.Body>
    </Card>
  );
}
