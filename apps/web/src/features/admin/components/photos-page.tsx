// The photos queue (moderators and admins): new photos, photos with open reports and verification selfies, as cards;
// approve, or reject with a reason chosen per photo. The outcome is announced; the photo leaves the queue.
import { useState } from 'react';
import { Alert, Badge, Button, ButtonGroup, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PHOTO_REJECT_REASONS, type AdminPhoto, type PhotoRejectReason } from '@app/contracts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useAdminPhotos, useReviewPhoto, type PhotoQueue } from '../api/photos.ts';
import { toAdminFormError } from '../lib/admin-errors.ts';
import { MoreButton } from './more-button.tsx';
import { VerificationsQueue } from './verifications-queue.tsx';

export function PhotosPage() {
  const { t } = useTranslation('admin');
  const [queue, setQueue] = useState<PhotoQueue | 'verification'>('new');
  const photos = useAdminPhotos(queue === 'verification' ? 'new' : queue);
  const review = useReviewPhoto();
  const [announcement, setAnnouncement] = useState('');
  const rows = photos.data?.pages.flatMap((page) => page.photos) ?? [];

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
      {queue === 'verification' ? (
        <VerificationsQueue />
      ) : (
        <PhotosQueue
          photos={photos}
          review={review}
          announcement={announcement}
          setAnnouncement={setAnnouncement}
          rows={rows}
        />
      )}
    </>
  );
}

function PhotosQueue({
  photos,
  review,
  announcement,
  setAnnouncement,
  rows,
}: {
  photos: ReturnType<typeof useAdminPhotos>;
  review: ReturnType<typeof useReviewPhoto>;
  announcement: string;
  setAnnouncement: (text: string) => void;
  rows: AdminPhoto[];
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      <div aria-live="polite">
        {announcement && (
          <Alert variant="success" className="small">
            {announcement}
          </Alert>
        )}
        <FormErrorAlert error={review.error ? toAdminFormError(review.error) : null} />
      </div>
      {photos.isPending ? (
        <LoadingSpinner />
      ) : rows.length === 0 ? (
        <p className="text-body-secondary">{t('photos.empty')}</p>
      ) : (
        <Row xs={1} sm={2} lg={4} className="g-3">
          {rows.map((photo) => (
            <Col key={photo.id}>
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
            </Col>
          ))}
        </Row>
      )}
      <MoreButton query={photos} className="mt-3" />
    </>
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
          )}
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
