// The signup steps 0-4 and the confirm-e-mail step, picked from the server's signup_step; shared by the page and the modal.
import { useCallback, useEffect } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useUploadPhoto } from '../../photos/index.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { clearSignupDrafts } from '../lib/signup-drafts.ts';
import { getSignupAvailability, resolveSignupScreen } from '../lib/signup-steps.ts';
import { readTracking } from '../../../lib/tracking.ts';
import { PartnerRedirect } from '../../landers/index.ts';
import { InviteOnlyNotice } from './invite-only-notice.tsx';
import { SignupProgress } from './signup-progress.tsx';
import { AboutMeStep } from './steps/about-me-step.tsx';
import { AccountStep } from './steps/account-step.tsx';
import { ConfirmEmailStep } from './steps/confirm-email-step.tsx';
import { DetailsStep } from './steps/details-step.tsx';
import { PhotoStep } from './steps/photo-step.tsx';
import { PushStep } from './steps/push-step.tsx';

type SignupFlowProps = {
  /** The member whose page the signup started on: step 0 then asks for a first message to them. */
  targetProfileId?: number;
  /** Leaves the flow once signed up (the confirm step's Continue, or nothing left to do). */
  onFinish: () => void;
};

export function SignupFlow({ targetProfileId, onFinish }: SignupFlowProps) {
  const { t } = useTranslation('accounts');
  const settings = useSettings();
  const { data: user, isPending } = useUser();
  const screen = resolveSignupScreen(user);
  const isFinished = screen === 'confirm' || screen === 'complete';
  const upload = useUploadPhoto();
  const { mutateAsync: uploadAsync } = upload;
  // The first photo becomes the main image (POST /api/photo.php); step 1 is then saved.
  const uploadPhoto = useCallback(
    async (file: File) => {
      await uploadAsync({ file });
    },
    [uploadAsync],
  );

  useEffect(() => {
    if (isFinished) clearSignupDrafts();
  }, [isFinished]);

  if (isPending) return <LoadingSpinner />;
  if (screen === 0 && getSignupAvailability(settings.signups, readTracking()) === 'invite_only') {
    // SPEC section 9: a site that takes no signups but names a partner counts down and forwards there.
    return settings.signups === 'other' && settings.partner_url ? (
      <PartnerRedirect partnerUrl={settings.partner_url} />
    ) : (
      <InviteOnlyNotice />
    );
  }

  return (
    <div className="signup-flow">
      <SignupProgress screen={screen} />
      {screen === 0 && <AccountStep targetProfileId={targetProfileId} />}
      {screen === 1 && <PhotoStep uploadPhoto={uploadPhoto} />}
      {screen === 2 && <AboutMeStep />}
      {screen === 3 && <DetailsStep />}
      {screen === 4 && <PushStep />}
      {screen === 'confirm' && user && <ConfirmEmailStep user={user} onContinue={onFinish} />}
      {screen === 'complete' && (
        <section aria-labelledby="signup-step-title">
          <h2 id="signup-step-title" className="h4 mb-3">
            {t('signup.complete.title')}
          </h2>
          <Button variant="primary" onClick={onFinish}>
            {t('signup.confirm.continue')}
          </Button>
        </section>
      )}
    </div>
  );
}
