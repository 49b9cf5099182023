// The verification step (docs/verification.md): the site shows a pose, the member sends a selfie copying it (the
// front camera on a phone), staff compare it with the profile photos. The selfie is never shown to members and is
// deleted after the decision; the member sees where it stands, and may withdraw it or try again with a new pose.
import { useId, useState } from 'react';
import { Alert, Button, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { PHOTO_ACCEPT, type OwnProfile, type Verification } from '@app/contracts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PoseIcon } from '../../../components/pose-icons.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { toFormErrors, type FormError } from '../../../lib/form-errors.ts';
import { useSendSelfie, useStartVerification, useVerification, useWithdrawVerification } from '../api/verification.ts';

export function VerificationStep({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation('members');
  const verification = useVerification();
  const start = useStartVerification();
  const withdraw = useWithdrawVerification();
  const busy = start.isPending || withdraw.isPending;
  const actionError = start.error ?? withdraw.error;
  if (verification.isPending) return <LoadingSpinner />;
  if (verification.isError) return <FormErrorAlert error={toFormErrors(verification.error).form} />;
  const state: Verification = verification.data.verification;
  return (
    <div className="profile-verification" aria-live="polite">
      <FormErrorAlert error={actionError ? toFormErrors(actionError).form : null} />
      {state.state === 'approved' && (
        <div className="d-flex flex-wrap align-items-center gap-2">
          <VerifiedBadge withText />
          <span>{t('verification.approved')}</span>
        </div>
      )}
      {(state.state === 'none' || state.state === 'rejected') && (
        <>
          {state.state === 'rejected' && state.reject_reason && (
            <Alert variant="warning">
              <strong className="d-block">{t('verification.rejected')}</strong>
              {t(`verification.rejectReasons.${state.reject_reason}`)}
            </Alert>
          )}
          <ol className="profile-verification-how ps-3">
            <li>{t('verification.how.pose')}</li>
            <li>{t('verification.how.review')}</li>
            <li>{t('verification.how.private')}</li>
          </ol>
          {profile.main_image ? (
            <Button variant="primary" disabled={busy} onClick={() => start.mutate(undefined)}>
              {state.state === 'rejected' ? t('verification.retry') : t('verification.start')}
            </Button>
          ) : (
            <p className="text-body-secondary mb-0">{t('verification.photoFirst')}</p>
          )}
        </>
      )}
      {state.state === 'started' && state.pose && (
        <SelfieForm pose={state.pose} onCancel={() => withdraw.mutate(undefined)} isCancelling={withdraw.isPending} />
      )}
      {state.state === 'pending' && (
        <>
          <p className="mb-2">{t('verification.pending')}</p>
          <Button variant="outline-secondary" disabled={busy} onClick={() => withdraw.mutate(undefined)}>
            {t('verification.withdraw')}
          </Button>
        </>
      )}
    </div>
  );
}

function SelfieForm({
  pose,
  onCancel,
  isCancelling,
}: {
  pose: NonNullable<Verification['pose']>;
  onCancel: () => void;
  isCancelling: boolean;
}) {
  const { t } = useTranslation('members');
  const send = useSendSelfie();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<FormError | null>(null);
  return (
    <Form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) {
          setError({ code: 'verification_photo_required' });
          return;
        }
        setError(null);
        send.mutate(file, { onError: (failure) => setError(toFormErrors(failure).form) });
      }}
    >
      <div className="profile-pose d-flex align-items-center gap-3 mb-3">
        <span className="profile-pose-picture">
          <PoseIcon pose={pose} />
        </span>
        <div>
          <p className="small text-body-secondary mb-1">{t('verification.copyPose')}</p>
          <p className="h5 mb-0">{t(`verification.poses.${pose}`)}</p>
        </div>
      </div>
      <FormErrorAlert error={error} />
      <Form.Group controlId={inputId} className="mb-3">
        <Form.Label>{t('verification.selfieLabel')}</Form.Label>
        <Form.Control
          type="file"
          accept={PHOTO_ACCEPT.join(',')}
          // The front camera on a phone; a file chooser elsewhere.
          capture="user"
          onChange={(event) => {
            setFile((event.target as HTMLInputElement).files?.[0] ?? null);
            setError(null);
          }}
        />
        <Form.Text>{t('verification.selfieHint')}</Form.Text>
      </Form.Group>
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton isPending={send.isPending}>{t('verification.send')}</SubmitButton>
        <Button variant="outline-secondary" disabled={isCancelling || send.isPending} onClick={onCancel}>
          {t('verification.cancel')}
        </Button>
      </div>
    </Form>
  );
}
