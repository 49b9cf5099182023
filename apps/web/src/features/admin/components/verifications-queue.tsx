// The verification selfies in the photos queue: each selfie beside the pose the member was asked to copy and their
// profile photos; approve (the member gets the badge) or reject after a confirmation (the member is told the reason,
// chosen in it). The outcome is announced.
import { useState } from 'react';
import { Badge, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { VERIFICATION_REJECT_REASONS, type AdminVerification, type VerificationRejectReason } from '@app/contracts';
import { PoseIcon } from '../../../components/pose-icons.tsx';
import { useAdminVerifications } from '../api/admin-verifications.ts';
import { useDecideVerification } from '../api/decide-verification.ts';
import { ReasonConfirm } from './reason-confirm.tsx';
import { ReviewQueue } from './review-queue.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { ScreeningBadge } from './screening-badge.tsx';

export function VerificationsQueue() {
  const { t } = useTranslation('admin');
  const { t: tMembers } = useTranslation('members');
  const verifications = useAdminVerifications();
  const decide = useDecideVerification();
  const [announcement, setAnnouncement] = useState('');
  const [rejecting, setRejecting] = useState<AdminVerification | null>(null);
  const reject = (entry: AdminVerification, reason: VerificationRejectReason) => {
    setRejecting(null);
    decide.mutate(
      { id: entry.id, decision: { decision: 'reject', reason } },
      { onSuccess: () => setAnnouncement(t('verifications.rejected', { name: entry.profile_name })) },
    );
  };
  return (
    <>
      <ReviewQueue
        query={verifications}
        rows={verifications.data?.pages.flatMap((page) => page.verifications) ?? []}
        announcement={announcement}
        error={decide.error}
        emptyText={t('verifications.empty')}
        columns={{ xs: 1, lg: 2 }}
        renderCard={(entry) => (
          <VerificationCard
            entry={entry}
            isBusy={decide.isPending}
            onApprove={() =>
              decide.mutate(
                { id: entry.id, decision: { decision: 'approve' } },
                { onSuccess: () => setAnnouncement(t('verifications.approved', { name: entry.profile_name })) },
              )
            }
            onReject={() => setRejecting(entry)}
          />
        )}
      />
      <ReasonConfirm
        isOpen={rejecting !== null}
        title={t('confirm.selfie.title', { name: rejecting?.profile_name ?? '' })}
        confirmLabel={t('confirm.selfie.confirm')}
        reasons={VERIFICATION_REJECT_REASONS.map((value) => ({
          value,
          label: tMembers(`verification.rejectReasons.${value}`),
        }))}
        isBusy={decide.isPending}
        onConfirm={(reason) => rejecting && reject(rejecting, reason)}
        onCancel={() => setRejecting(null)}
      >
        <p className="mb-0">{t('confirm.selfie.body', { name: rejecting?.profile_name ?? '' })}</p>
      </ReasonConfirm>
    </>
  );
}

function VerificationCard({
  entry,
  isBusy,
  onApprove,
  onReject,
}: {
  entry: AdminVerification;
  isBusy: boolean;
  onApprove: () => void;
  onReject: () => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <Card className="h-100 shadow-sm" as="article" aria-label={entry.profile_name}>
      <Card.Body className="small">
        <p className="mb-2">
          <strong>{entry.profile_name}</strong>{' '}
          <span className="text-body-secondary">
            {t('verifications.submitted', {
              date: formatDate(entry.submitted_at, { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </span>
        </p>
        <VerificationEvidence entry={entry} />
        <Button
          size="sm"
          variant="success"
          className="w-100 mb-2"
          disabled={isBusy}
          onClick={onApprove}
          aria-label={t('verifications.approveLabel', { name: entry.profile_name })}
        >
          {t('verifications.approve')}
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          className="w-100"
          disabled={isBusy}
          onClick={onReject}
          aria-label={t('verifications.rejectLabel', { name: entry.profile_name })}
        >
          {t('verifications.reject')}
        </Button>
      </Card.Body>
    </Card>
  );
}

/** How the selfie's face compares with the profile photos' (docs/safety.md): a hint for the eye, never a decision. */
function FaceComparison({ face }: { face: AdminVerification['face'] }) {
  const { t } = useTranslation('admin');
  if (!face) return null;
  const similarity = face.similarity === null ? '' : `${Math.round(face.similarity * 100)} %`;
  const [text, tone] =
    face.check === 'compared'
      ? face.resembles
        ? [t('verifications.face.resembles', { similarity }), 'success']
        : [t('verifications.face.unlike', { similarity }), 'warning']
      : [t(`verifications.face.${face.check}`), 'secondary'];
  return (
    <p className="small mb-2">
      <Badge bg={tone} text={tone === 'warning' ? 'dark' : undefined}>
        {text}
      </Badge>
    </p>
  );
}

/** The selfie beside the pose asked for and the member's profile photos. */
function VerificationEvidence({ entry }: { entry: AdminVerification }) {
  const { t } = useTranslation('admin');
  const { t: tMembers } = useTranslation('members');
  return (
    <div className="d-flex gap-3 align-items-start mb-3">
      <img
        src={entry.selfie_url}
        alt={t('verifications.selfieAlt', { name: entry.profile_name })}
        className="rounded"
        style={{ width: '45%', aspectRatio: '3 / 4', objectFit: 'cover' }}
      />
      <div className="flex-grow-1">
        <p className="mb-1 fw-semibold">{t('verifications.pose')}</p>
        <div className="d-flex align-items-center gap-2 mb-2">
          <PoseIcon pose={entry.pose} size={40} />
          <span>{tMembers(`verification.poses.${entry.pose}`)}</span>
        </div>
        <p className="small mb-2">
          <ScreeningBadge screening={entry.screening} />
        </p>
        <FaceComparison face={entry.face} />
        <p className="mb-1 fw-semibold">{t('verifications.photos')}</p>
        {entry.photo_urls.length ? (
          <div className="d-flex flex-wrap gap-1">
            {entry.photo_urls.map((url, index) => (
              <img
                key={url}
                src={url}
                alt={t('verifications.photoAlt', { name: entry.profile_name, number: index + 1 })}
                width={64}
                height={64}
                className="rounded"
                style={{ objectFit: 'cover' }}
              />
            ))}
          </div>
        ) : (
          <p className="text-body-secondary mb-0">{t('verifications.noPhotos')}</p>
        )}
      </div>
    </div>
  );
}
