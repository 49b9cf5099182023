// "Step n of 6" with a progress bar over the signup steps.
import { ProgressBar } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { SIGNUP_SCREEN_COUNT, getScreenPosition, type SignupScreen } from '../lib/signup-steps.ts';

export function SignupProgress({ screen }: { screen: SignupScreen }) {
  const { t } = useTranslation('accounts');
  const position = getScreenPosition(screen);
  const label = t('signup.progress', { current: position, total: SIGNUP_SCREEN_COUNT });
  return (
    <div className="mb-4">
      <p className="small text-body-secondary mb-1" aria-hidden="true">
        {label}
      </p>
      {/* The name goes on the bar itself (role="progressbar"), not on Bootstrap's wrapper div. */}
      <ProgressBar style={{ height: 6 }}>
        <ProgressBar isChild now={(position / SIGNUP_SCREEN_COUNT) * 100} aria-label={label} />
      </ProgressBar>
    </div>
  );
}
