// After the last step: "we sent a link to …" with a resend button, then on to the site.
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/contracts';
import { ResendActivationButton } from '../../../activation/index.ts';

export function ConfirmEmailStep({ user, onContinue }: { user: User; onContinue: () => void }) {
  const { t } = useTranslation('accounts');
  return (
    <section aria-labelledby="signup-step-title">
      <h2 id="signup-step-title" className="h4 mb-3">
        {t('signup.confirm.title')}
      </h2>
      <p>{t('signup.confirm.sent', { email: user.email })}</p>
      <p className="text-body-secondary small">{t('signup.confirm.spam')}</p>
      <div className="d-flex flex-wrap gap-3 justify-content-between align-items-start mt-4">
        <ResendActivationButton />
        <Button variant="primary" onClick={onContinue}>
          {t('signup.confirm.continue')}
        </Button>
      </div>
    </section>
  );
}
